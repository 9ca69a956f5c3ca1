//===- TestOpsTraits.td - trait, region and effect test ops -*- tablegen -*-===//
//
// Test-dialect ops of the upstream tests of op traits (`IR/traits.mlir`) and
// of common sub-expression elimination (`Transforms/cse.mlir`): one op per
// verifier trait, parents and children for `HasParent`/`ParentOneOf`, a
// symbol scope, segment-sized operands and results, the `oilist` formats,
// ops with read and write memory effects, and a single-block region op with
// its yield. Behaviour follows upstream `mlir/test/lib/Dialect/Test/TestOps.td`
// and `TestOpsSyntax.td`; the text is rmlir's own.
//
// rmlir's ODS generator requires every operand, result and region to be
// named; where upstream leaves one unnamed a name is given here (names are
// not visible in the IR). Memory effects are attached by `src/traits.rs`.
//
//===----------------------------------------------------------------------===//

include "TestDialect.td"

// ----- type relation traits -----

def SameOperandElementTypeOp : TEST_Op<"same_operand_element_type",
    [SameOperandsElementType]> {
  let arguments = (ins AnyType:$x, AnyType:$y);
  let results = (outs AnyType:$res);
}

def SameOperandAndResultElementTypeOp
    : TEST_Op<"same_operand_and_result_element_type",
              [SameOperandsAndResultElementType]> {
  let arguments = (ins Variadic<AnyType>:$args);
  let results = (outs Variadic<AnyType>:$res);
}

def SameOperandShapeOp : TEST_Op<"same_operand_shape", [SameOperandsShape]> {
  let arguments = (ins Variadic<AnyShaped>:$args);
}

def SameOperandAndResultShapeOp : TEST_Op<"same_operand_and_result_shape",
    [SameOperandsAndResultShape]> {
  let arguments = (ins Variadic<AnyShaped>:$args);
  let results = (outs Variadic<AnyShaped>:$res);
}

def SameOperandAndResultTypeOp : TEST_Op<"same_operand_and_result_type",
    [SameOperandsAndResultType]> {
  let arguments = (ins Variadic<AnyType>:$args);
  let results = (outs Variadic<AnyType>:$res);
}

def ElementwiseMappableOp : TEST_Op<"elementwise_mappable",
    [ElementwiseMappable]> {
  let arguments = (ins Variadic<AnyType>:$args);
  let results = (outs Variadic<AnyType>:$res);
}

// ----- structural traits -----

def ParentOp : TEST_Op<"parent"> {
  let regions = (region AnyRegion:$body);
}
def ChildOp : TEST_Op<"child", [HasParent<"ParentOp">]>;

def ParentOp1 : TEST_Op<"parent1"> {
  let regions = (region AnyRegion:$body);
}
def ChildWithParentOneOf : TEST_Op<"child_with_parent_one_of",
    [ParentOneOf<["ParentOp", "ParentOp1"]>]>;

// A symbol table whose block ends in `test.finish` (defined with the
// conversion ops, hence the full name).
def SymbolScopeOp : TEST_Op<"symbol_scope",
    [SymbolTable, SingleBlockImplicitTerminator<"test.finish">]> {
  let summary = "operation which defines a new symbol table";
  let regions = (region SizedRegion<1>:$region);
}

// ----- segment sizes -----

def AttrSizedOperandOp : TEST_Op<"attr_sized_operands",
    [AttrSizedOperandSegments]> {
  let arguments = (ins
    Variadic<I32>:$a,
    Variadic<I32>:$b,
    I32:$c,
    Variadic<I32>:$d
  );
}

def AttrSizedResultOp : TEST_Op<"attr_sized_results",
    [AttrSizedResultSegments]> {
  let results = (outs
    Variadic<I32>:$a,
    Variadic<I32>:$b,
    I32:$c,
    Variadic<I32>:$d
  );
}

// ----- `oilist` formats -----

def OIListTrivial : TEST_Op<"oilist_with_keywords_only"> {
  let arguments = (ins UnitAttr:$keyword, UnitAttr:$otherKeyword,
                       UnitAttr:$diffNameUnitAttrKeyword);
  let assemblyFormat = [{
    oilist( `keyword` $keyword
          | `otherKeyword` $otherKeyword
          | `thirdKeyword` $diffNameUnitAttrKeyword) attr-dict
  }];
}

def OIListSimple : TEST_Op<"oilist_with_simple_args",
    [AttrSizedOperandSegments]> {
  let arguments = (ins Optional<AnyType>:$arg0,
                       Optional<AnyType>:$arg1,
                       Optional<AnyType>:$arg2);
  let assemblyFormat = [{
    oilist( `keyword` $arg0 `:` type($arg0)
          | `otherKeyword` $arg1 `:` type($arg1)
          | `thirdKeyword` $arg2 `:` type($arg2) ) attr-dict
  }];
}

def OIListVariadic : TEST_Op<"oilist_variadic_with_parens",
    [AttrSizedOperandSegments]> {
  let arguments = (ins Variadic<AnyType>:$arg0,
                       Variadic<AnyType>:$arg1,
                       Variadic<AnyType>:$arg2);
  let assemblyFormat = [{
    oilist( `keyword` `(` $arg0 `:` type($arg0) `)`
          | `otherKeyword` `(` $arg1 `:` type($arg1) `)`
          | `thirdKeyword` `(` $arg2 `:` type($arg2) `)`) attr-dict
  }];
}

// `reduction` takes an optional operand in parentheses, parsed and printed
// by `custom<CustomOptionalOperand>` (`src/traits.rs`).
def OIListCustom : TEST_Op<"oilist_custom", [AttrSizedOperandSegments]> {
  let arguments = (ins Variadic<AnyType>:$arg0,
                       Optional<I32>:$optOperand,
                       UnitAttr:$nowait);
  let assemblyFormat = [{
    oilist( `private` `(` $arg0 `:` type($arg0) `)`
          | `reduction` custom<CustomOptionalOperand>($optOperand)
          | `nowait` $nowait
    ) attr-dict
  }];
}

def OIListAllowedLiteral : TEST_Op<"oilist_allowed_literal"> {
  let assemblyFormat = [{
    oilist( `foo` | `bar` ) `buzz` attr-dict
  }];
}

// ----- memory effects (CSE) -----

// Reads the default resource (`src/traits.rs`).
def TestOpWithMemRead : TEST_Op<"op_with_memread"> {
  let results = (outs AnyInteger:$res);
}

// Writes the default resource (`src/traits.rs`).
def TestOpWithMemWrite : TEST_Op<"op_with_memwrite">;

// The effects are listed in the `effects` array attribute: dictionaries with
// an `effect` string (`read`, `write`, `allocate`, `free`), an optional
// `on_result` unit and the resource as a unit entry (`test_resource`,
// `test_nonaddressable_resource`; the default resource otherwise).
def SideEffectOp : TEST_Op<"side_effect_op"> {
  let results = (outs AnyType:$result);
}

// ----- single-block regions (CSE) -----

def RegionYieldOp : TEST_Op<"region_yield", [Pure, ReturnLike, Terminator]> {
  let arguments = (ins AnyType:$result);
  let assemblyFormat = "$result `:` type($result) attr-dict";
}

def TestCSEOfSingleBlockOp : TEST_Op<"cse_of_single_block_op",
    [SingleBlockImplicitTerminator<"RegionYieldOp">, Pure]> {
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs Variadic<AnyType>:$outputs);
  let regions = (region SizedRegion<1>:$region);
  let assemblyFormat = [{
    attr-dict `inputs` `(` $inputs `)`
    $region `:` type($inputs) `->` type($outputs)
  }];
}

// ----- type and attribute traits -----

// The result type must have upstream's `TestTypeTrait` (only
// `!test.test_type_with_trait` has it); checked in `src/traits.rs`.
def ResultTypeWithTraitOp : TEST_Op<"result_type_with_trait"> {
  let results = (outs AnyType:$result);
}

// `attr` must have upstream's `TestAttrTrait` (only
// `#test.attr_with_trait` has it); checked in `src/traits.rs`.
def AttrWithTraitOp : TEST_Op<"attr_with_trait"> {
  let arguments = (ins AnyAttr:$attr);
}
