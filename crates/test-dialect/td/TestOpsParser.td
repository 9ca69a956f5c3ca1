//===- TestOpsParser.td - test ops of the text format tests -*- tablegen -*-===//
//
// Test-dialect ops that the upstream text-format tests (`IR/parser.mlir`)
// use: custom forms exercising the OpAsmParser/OpAsmPrinter API (region
// arguments without delimiters, shadowed region arguments, keywords,
// base64 strings, result names), the default dialect of a region, and the
// dialect's own parse/print hooks. Specification: upstream
// `mlir/test/lib/Dialect/Test/TestOps.td` and `TestOpsSyntax.td`; the
// behaviour of the hand-written hooks is upstream's `TestOpDefs.cpp` /
// `TestDialect.cpp`, reimplemented in `src/parser.rs`.
//
//===----------------------------------------------------------------------===//

include "TestDialect.td"

// An op whose regions are SSA CFG regions (the default kind, declared by
// upstream through RegionKindInterface).
def SSACFGRegionOp : TEST_Op<"ssacfg_region"> {
  let summary = "operation with an SSACFG region";
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs Variadic<AnyType>:$outputs);
  let regions = (region VariadicRegion<AnyRegion>:$regions);
}

// `test.isolated_region %v { ... }`: the region's single argument is
// written with the operand's name (name shadowing across the isolation).
def IsolatedRegionOp : TEST_Op<"isolated_region", [IsolatedFromAbove]> {
  let summary = "isolated region operation";
  let arguments = (ins Index:$input);
  let regions = (region SizedRegion<1>:$region);
  let hasCustomAssemblyFormat = 1;
}

// `test.polyfor %i, %j { ... }`: region arguments of index type listed
// without delimiters; `arg_names` suggests their printed names.
def PolyForOp : TEST_Op<"polyfor"> {
  let summary = "polyfor operation";
  let regions = (region SizedRegion<1>:$region);
  let hasCustomAssemblyFormat = 1;
}

// `test.parse_integer_literal : N`: N results of index type.
def ParseIntegerLiteralOp : TEST_Op<"parse_integer_literal"> {
  let results = (outs Variadic<Index>:$results);
  let hasCustomAssemblyFormat = 1;
}

// `test.parse_wrapped_keyword foo.keyword`.
def ParseWrappedKeywordOp : TEST_Op<"parse_wrapped_keyword"> {
  let arguments = (ins StrAttr:$keyword);
  let hasCustomAssemblyFormat = 1;
}

// `test.parse_b64 "aGVsbG8="`: the decoded bytes in `b64`.
def ParseB64BytesOp : TEST_Op<"parse_b64"> {
  let arguments = (ins StrAttr:$b64);
  let hasCustomAssemblyFormat = 1;
}

// Results named after `names` (and `names` inferred from the SSA names
// written in the input).
def StringAttrPrettyNameOp : TEST_Op<"string_attr_pretty_name"> {
  let arguments = (ins StrArrayAttr:$names);
  let results = (outs Variadic<I32>:$r);
  let hasCustomAssemblyFormat = 1;
}

// Ops in its region may omit the `test.` prefix.
def DefaultDialectOp : TEST_Op<"default_dialect"> {
  let regions = (region AnyRegion:$body);
  let assemblyFormat = "regions attr-dict-with-keyword";
}

// The default dialect prefix is kept when printing: `test.op.with_dot_in_name`
// could not be parsed back as `op.with_dot_in_name`.
def OpWithDotInNameOp : TEST_Op<"op.with_dot_in_name"> {
  let assemblyFormat = "attr-dict";
}

// No custom form of its own: the dialect's parse/print hooks provide one.
def CustomFormatFallbackOp : TEST_Op<"dialect_custom_format_fallback">;

// An optional result of type f80 (the type must not be read as an integer).
def FormatOptionalResultDOp : TEST_Op<"format_optional_result_d_op"> {
  let results = (outs Optional<F80>:$optional);
  let assemblyFormat = "(`:` type($optional)^)? attr-dict";
}

// Names its first result and its middle result group.
def AsmInterfaceOp : TEST_Op<"asm_interface_op"> {
  let results = (outs AnyType:$first, Variadic<AnyType>:$middle_results,
                      AnyType:$last);
}
