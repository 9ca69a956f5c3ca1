//===- TestOpsConversion.td - test ops of one suite area ----------*- tablegen -*-===//
//
// Test-dialect ops used by the upstream tests of the dialect conversion (test-legalize*, test-legalizer*, test-merge-blocks).
// Specification: upstream `mlir/test/lib/Dialect/Test/TestOps.td`.
//
//===----------------------------------------------------------------------===//

include "TestDialect.td"

//===----------------------------------------------------------------------===//
// Ops of the legalization tests (-test-legalize-patterns and friends).
//===----------------------------------------------------------------------===//

// Upstream leaves some operands, results and regions unnamed; the ODS
// generator needs names, which do not show in the generic form.

// Terminators and the pass-through ops of the type-conversion patterns.
def TestReturnOp : TEST_Op<"return", [Pure, ReturnLike, Terminator]> {
  let arguments = (ins Variadic<AnyType>:$operands);
}
def TestInvalidOp : TEST_Op<"invalid", [Terminator]>,
  Arguments<(ins Variadic<AnyType>:$inputs)>;
def TestValidOp : TEST_Op<"valid", [Terminator]>,
  Arguments<(ins Variadic<AnyType>:$inputs)>;

// Ops whose legality depends on their types.
def TestTypeProducerOp : TEST_Op<"type_producer">,
  Results<(outs AnyType:$output)>;
def TestTypeConsumerOp : TEST_Op<"type_consumer">,
  Arguments<(ins AnyType:$input)>;
// A second producer, used by the materialization tests of
// test-legalizer.mlir; registered (so not a possible terminator) as upstream.
def TestAnotherTypeProducerOp : TEST_Op<"another_type_producer">,
  Results<(outs AnyType:$output)>;

// Ops whose region signatures the legalizer tests convert (registered, so
// not possible terminators, as upstream).
def TestSignatureConversionUndoOp : TEST_Op<"signature_conversion_undo"> {
  let regions = (region AnyRegion:$body);
}
def TestSignatureConversionNoConverterOp
    : TEST_Op<"signature_conversion_no_converter"> {
  let regions = (region AnyRegion:$body);
}

// `test.op_in_place_self_fold` (legal once folded in place) is in
// `TestOpsDRR.td`: a DRR rule rewrites it.

// Ops of -test-remapped-value.
def TestRemappedValueRegionOp : TEST_Op<"remapped_value_region", [SingleBlock]> {
  let results = (outs Variadic<AnyType>:$outputs);
  let regions = (region SizedRegion<1>:$body);
}

// Ops of -test-merge-blocks.
def TerminatorOp : TEST_Op<"finish", [Terminator]>;
// Rewritten by `TestNestedOpCreationUndoRewrite` into an illegal op whose
// region ends in an illegal terminator.
def IllegalOpTerminator : TEST_Op<"illegal_op_terminator", [Terminator]>;
// Upstream declares no region: only its builder adds one, and the pattern
// creating it is always undone, so a parsed one must have none.
def IllegalOpWithRegion : TEST_Op<"illegal_op_with_region">;
def IllegalOpWithRegionAnchor : TEST_Op<"illegal_op_with_region_anchor">;
// A plain op (no operands, results or regions), so not a terminator: the
// conversion rollback tests use it as an op no pattern legalizes.
def TestRegionBuilderOp : TEST_Op<"region_builder">;
def TestMergeBlocksOp : TEST_Op<"merge_blocks"> {
  let summary = "merge_blocks operation";
  let regions = (region AnyRegion:$body);
  let results = (outs Variadic<AnyType>:$result);
}
def SingleBlockImplicitTerminatorOp : TEST_Op<"SingleBlockImplicitTerminator",
    [SingleBlockImplicitTerminator<"TerminatorOp">]> {
  let regions = (region SizedRegion<1>:$region);
}

// An op rewritten in place until its depth is 0 (bounded recursion).
def TestRecursiveRewriteOp : TEST_Op<"recursive_rewrite"> {
  let arguments = (ins I64Attr:$depth);
  let assemblyFormat = "$depth attr-dict";
}

// An op whose body signature TestConvertBlockArgs converts.
def ConvertBlockArgsOp : TEST_Op<"convert_block_args", [SingleBlock]> {
  let arguments = (ins Optional<AnyType>:$val, UnitAttr:$is_legal,
                       UnitAttr:$duplicate, UnitAttr:$replace_with_operand);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $val (`is_legal` $is_legal^)? (`duplicate` $duplicate^)?
    (`replace_with_operand` $replace_with_operand^)? $body attr-dict `:`
    functional-type(operands, results)
  }];
}

// An op whose pattern modifies it in place and is rolled back. Upstream
// stores its arguments as properties (`I64Prop`, `StringProp`, `BoolProp`,
// `IntArrayProp`); rmlir's ODS has no properties yet, so they are inherent
// attributes, which the op stores in its properties dictionary: the custom
// and generic forms are the same.
def TestOpWithProperties : TEST_Op<"with_properties"> {
  let assemblyFormat = [{
    `a` `=` $a `,`
    `b` `=` $b `,`
    `c` `=` $c `,`
    `flag` `=` $flag `,`
    `array` `=` $array `,`
    `array32` `=` $array32 attr-dict}];
  let arguments = (ins
    I64Attr:$a,
    StrAttr:$b,
    StrAttr:$c,
    BoolAttr:$flag,
    DenseI64ArrayAttr:$array,
    DenseI32ArrayAttr:$array32
  );
}

// `TestRemoveOpWithInnerOps`'s sibling in the legalizer tests: a conversion
// pattern erases it and marks its operand's producer for deletion. It is a
// registered op upstream (one operand, no results, not a terminator), so a
// block ending in it has no terminator; found by scripts/accepts_check.py.
def TestBlackHoleOp : TEST_Op<"blackhole"> {
  let arguments = (ins AnyType:$input);
}
