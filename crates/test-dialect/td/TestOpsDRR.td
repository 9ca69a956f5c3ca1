//===- TestOpsDRR.td - test ops and rules of the DRR area -*- tablegen -*-===//
//
// Test-dialect ops used by the upstream DRR test (mlir-tblgen/pattern.mlir)
// and the declarative rewrite rules `-test-greedy-patterns` applies
// (`drr::populate_with_generated`). Specification: upstream
// `mlir/test/lib/Dialect/Test/TestOps.td`; snippets are Rust, helpers live
// in `src/drr.rs`. Upstream leaves some arguments unnamed; ODS here needs
// names, which only the generated accessors see (an operand may not be
// named `b`, the generated builders' parameter, so upstream's `$b` is `$b_`).
//
//===----------------------------------------------------------------------===//

include "TestDialect.td"
include "TestOpsCore.td"
include "mlir/IR/PatternBase.td"

//===----------------------------------------------------------------------===//
// Locations
//===----------------------------------------------------------------------===//

def TestLocationSrcOp : TEST_Op<"loc_src"> {
  let arguments = (ins I32:$input);
  let results = (outs I32:$output);
}

def TestLocationDstOp : TEST_Op<"loc_dst", [SameOperandsAndResultType]> {
  let arguments = (ins I32:$input);
  let results = (outs I32:$output);
}

def TestLocationSrcNoResOp : TEST_Op<"loc_src_no_res"> {
  let arguments = (ins I32:$input);
  let results = (outs);
}

def TestLocationDstNoResOp : TEST_Op<"loc_dst_no_res"> {
  let arguments = (ins I32:$input);
  let results = (outs);
}

//===----------------------------------------------------------------------===//
// Basic patterns
//===----------------------------------------------------------------------===//

def OpA : TEST_Op<"op_a"> {
  let arguments = (ins I32:$operand, I32Attr:$attr);
  let results = (outs I32);
}

def OpB : TEST_Op<"op_b"> {
  let arguments = (ins I32:$operand, I32Attr:$attr);
  let results = (outs I32);
}

// A named rule (its debug name is the record name).
def TestNamedPatternRule : Pat<(OpA $input, $attr), (OpB $input, $attr)>;

// The generated op gets the fused location of both matched ops.
def : Pat<(OpA (OpA $input, $attr), $bttr), (OpB $input, $bttr)>;

def OpC : TEST_Op<"op_c">, Arguments<(ins I32:$operand)>, Results<(outs I32)>;
def : Pat<(OpC $input), (OpB $input, ConstantAttr<I32Attr, "17">:$attr)>;

// Added benefit.
def OpD : TEST_Op<"op_d">, Arguments<(ins I32:$operand)>, Results<(outs I32)>;
def OpE : TEST_Op<"op_e">, Arguments<(ins I32:$operand)>, Results<(outs I32)>;
def OpF : TEST_Op<"op_f">, Arguments<(ins I32:$operand)>, Results<(outs I32)>;
def OpG : TEST_Op<"op_g">, Arguments<(ins I32:$operand)>, Results<(outs I32)>;
def : Pat<(OpD $input), (OpE $input)>;
def : Pat<(OpD $input), (OpF $input), [], [], (addBenefit 10)>;
// Patterns with more source ops are tried first.
def : Pat<(OpG $input), (OpB $input, ConstantAttr<I32Attr, "20">:$attr)>;
def : Pat<(OpG (OpG $input)), (OpB $input, ConstantAttr<I32Attr, "34">:$attr)>;

// Zero-result and zero-operand ops.
def OpH : TEST_Op<"op_h">, Arguments<(ins I32:$operand)>, Results<(outs)>;
def OpI : TEST_Op<"op_i">, Arguments<(ins I32:$operand)>, Results<(outs)>;
def : Pat<(OpH $input), (OpI $input)>;

def OpJ : TEST_Op<"op_j">, Arguments<(ins)>, Results<(outs I32)>;
def OpK : TEST_Op<"op_k">, Arguments<(ins)>, Results<(outs I32)>;
def : Pat<(OpJ), (OpK)>;

// Native calls run once per rewrite.
def OpM : TEST_Op<"op_m"> {
  let arguments = (ins I32:$operand, OptionalAttr<I32Attr>:$optional_attr);
  let results = (outs I32);
}

def OpN : TEST_Op<"op_n"> {
  let arguments = (ins I32:$lhs, I32:$rhs);
  let results = (outs I32);
}

def OpO : TEST_Op<"op_o"> {
  let arguments = (ins I32:$operand);
  let results = (outs I32);
}

def OpP : TEST_Op<"op_p"> {
  let arguments = (ins I32:$in0, I32:$in1, I32:$in2, I32:$in3, I32:$in4, I32:$in5);
  let results = (outs I32);
}

def OpQ : TEST_Op<"op_q"> {
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs AnyType);
}

// A symbol bound twice means the two values are equal.
def TestEqualArgsPattern : Pat<(OpN $a, $a), (OpO $a)>;
def TestNestedOpEqualArgsPattern :
  Pat<(OpN $b, (OpP $a, $b, $c, $d, $e, $f)), (replaceWithValue $b)>;
def TestNestedSameOpAndSameArgEqualityPattern :
  Pat<(OpN (OpN $_, $x), $x), (replaceWithValue $x)>;
def TestMultipleEqualArgsPattern :
  Pat<(OpP $a, $b, $a, $a, $b, $c), (OpN $c, $b)>;

// Equalities are checked before the additional constraints.
def AssertBinOpEqualArgsAndReturnTrue : Constraint<
  CPred<"assert_bin_op_equal_args_and_return_true($_ir, $0)">>;
def TestEqualArgsCheckBeforeUserConstraintsPattern :
  Pat<(OpQ:$op $x, $x),
      (replaceWithValue $x),
      [(AssertBinOpEqualArgsAndReturnTrue $op)]>;

def OpMAttributeIsNull : Constraint<CPred<"($_self).is_none()">, "Attribute is null">;
def OpMVal : NativeCodeCall<"op_m_test($_ctx, $0)">;
def : Pat<(OpM $attr, $optAttr), (OpM $attr, (OpMVal $attr)),
    [(OpMAttributeIsNull:$optAttr)]>;

// `$_` ignores an argument.
def TestIgnoreArgMatchSrcOp : TEST_Op<"ignore_arg_match_src"> {
  let arguments = (ins
    AnyType:$a, AnyType:$b_, AnyType:$c,
    AnyAttr:$d, AnyAttr:$e, AnyAttr:$f);
}
def TestIgnoreArgMatchDstOp : TEST_Op<"ignore_arg_match_dst"> {
  let arguments = (ins AnyType:$b_, AnyAttr:$f);
}
def : Pat<(TestIgnoreArgMatchSrcOp $_, $b, I32, I64Attr:$_, $_, $f),
          (TestIgnoreArgMatchDstOp $b, $f)>;

def OpInterleavedOperandAttribute1 : TEST_Op<"interleaved_operand_attr1"> {
  let arguments = (ins
    I32:$input1,
    I64Attr:$attr1,
    I32:$input2,
    I64Attr:$attr2
  );
}

def OpInterleavedOperandAttribute2 : TEST_Op<"interleaved_operand_attr2"> {
  let arguments = (ins
    I32:$input1,
    I64Attr:$attr1,
    I32:$input2,
    I64Attr:$attr2
  );
}

def ManyArgsOp : TEST_Op<"many_arguments"> {
  let arguments = (ins
    I32:$input1, I32:$input2, I32:$input3, I32:$input4, I32:$input5,
    I32:$input6, I32:$input7, I32:$input8, I32:$input9,
    I64Attr:$attr1, I64Attr:$attr2, I64Attr:$attr3, I64Attr:$attr4,
    I64Attr:$attr5, I64Attr:$attr6, I64Attr:$attr7, I64Attr:$attr8,
    I64Attr:$attr9
  );
}

def : Pat<(ManyArgsOp
            $input1, $input2, $input3, $input4, $input5,
            $input6, $input7, $input8, $input9,
            ConstantAttr<I64Attr, "42">,
            $attr2, $attr3, $attr4, $attr5, $attr6,
            $attr7, $attr8, $attr9),
          (ManyArgsOp
            $input1, $input2, $input3, $input4, $input5,
            $input6, $input7, $input8, $input9,
            ConstantAttr<I64Attr, "24">,
            $attr2, $attr3, $attr4, $attr5, $attr6,
            $attr7, $attr8, $attr9)>;

def : Pat<(OpInterleavedOperandAttribute1 $input1, $attr1, $input2, $attr2),
          (OpInterleavedOperandAttribute2 $input1, $attr1, $input2, $attr2)>;

//===----------------------------------------------------------------------===//
// NativeCodeCall
//===----------------------------------------------------------------------===//

def OpNativeCodeCall1 : TEST_Op<"native_code_call1"> {
  let arguments = (ins
    I32:$input1, I32:$input2,
    BoolAttr:$choice,
    I64Attr:$attr1, I64Attr:$attr2
  );
  let results = (outs I32);
}
def OpNativeCodeCall2 : TEST_Op<"native_code_call2"> {
  let arguments = (ins I32:$input, I64ArrayAttr:$attr);
  let results = (outs I32);
}
def CreateOperand: NativeCodeCall<"choose_operand($_ctx, $0, $1, $2)">;
def CreateArrayAttr: NativeCodeCall<"$_ctx.array_attr(&[$0, $1])">;
def : Pat<(OpNativeCodeCall1 $input1, $input2,
                             ConstBoolAttrTrue:$choice, $attr1, $attr2),
          (OpNativeCodeCall2 (CreateOperand $input1, $input2, $choice),
                             (CreateArrayAttr $attr1, $attr2))>;
def UseOpResult: NativeCodeCall<"$0">;
def : Pat<(OpNativeCodeCall1 $input1, $input2,
                             ConstBoolAttrFalse, $attr1, $attr2),
          (UseOpResult $input2)>;

def OpNativeCodeCall3 : TEST_Op<"native_code_call3"> {
  let arguments = (ins I32:$input);
  let results = (outs I32);
}
// A native call that does not replace the root still runs.
def : Pattern<(OpNativeCodeCall3 $input),
              [(NativeCodeCallVoid<"create_op_i($_builder, $_loc, $0)"> $input),
               (OpK)]>;

def OpNativeCodeCall4 : TEST_Op<"native_code_call4"> {
  let arguments = (ins AnyType:$input1);
  let results = (outs I32:$output1, I32:$output2);
}
def OpNativeCodeCall5 : TEST_Op<"native_code_call5"> {
  let arguments = (ins I32:$input1, I32:$input2);
  let results = (outs I32:$output1, I32:$output2);
}

// In a source pattern the native call's `$_self` is the op defining the
// operand; it yields `Option<Value>`, bound to `$ret`.
def GetFirstI32Result : NativeCodeCall<"get_first_i32_result($_ir, $_self)">;
def BindNativeCodeCallResult : NativeCodeCall<"bind_native_code_call_result($0)">;
def : Pat<(OpNativeCodeCall4 (GetFirstI32Result $ret)),
          (OpNativeCodeCall5 (BindNativeCodeCallResult:$native $ret), $native)>;

def OpNativeCodeCall6 : TEST_Op<"native_code_call6"> {
  let arguments = (ins I32:$input1, I32:$input2);
  let results = (outs I32:$output1, I32:$output2);
}
def OpNativeCodeCall7 : TEST_Op<"native_code_call7"> {
  let arguments = (ins I32:$input);
  let results = (outs I32);
}
def BindMultipleNativeCodeCallResult : NativeCodeCall<"bind_multiple_native_code_call_result($0, $1)", 2>;
def : Pattern<(OpNativeCodeCall6 $arg1, $arg2),
              [(OpNativeCodeCall7 (BindMultipleNativeCodeCallResult:$native__0 $arg1, $arg2)),
               (OpNativeCodeCall7 $native__1)]>;

// AllAttrOf.
def OpAllAttrConstraint1 : TEST_Op<"all_attr_constraint_of1"> {
  let arguments = (ins I64ArrayAttr:$attr);
  let results = (outs I32);
}
def OpAllAttrConstraint2 : TEST_Op<"all_attr_constraint_of2"> {
  let arguments = (ins I64ArrayAttr:$attr);
  let results = (outs I32);
}
def Constraint0 : AttrConstraint<
    CPred<"array_element_is($_ctx, $_self, 0, 0)">, "[0] == 0">;
def Constraint1 : AttrConstraint<
    CPred<"array_element_is($_ctx, $_self, 1, 1)">, "[1] == 1">;
def : Pat<(OpAllAttrConstraint1
            AllAttrOf<[Constraint0, Constraint1]>:$attr),
          (OpAllAttrConstraint2 $attr)>;

//===----------------------------------------------------------------------===//
// Locations
//===----------------------------------------------------------------------===//

def : Pat<(TestLocationSrcOp:$res1
           (TestLocationSrcOp:$res2
            (TestLocationSrcOp:$res3 $input))),
          (TestLocationDstOp
            (TestLocationDstOp
              (TestLocationDstOp $input, (location $res1)),
              (location "named")),
            (location "fused", $res2, $res3))>;

def : Pat<(TestLocationSrcNoResOp:$loc
            (TestLocationSrcOp (TestLocationSrcOp $input))),
          (TestLocationDstNoResOp $input, (location $loc))>;

//===----------------------------------------------------------------------===//
// Symbol binding
//===----------------------------------------------------------------------===//

def OpSymbolBindingA : TEST_Op<"symbol_binding_a", []> {
  let arguments = (ins I32:$operand, I64Attr:$attr);
  let results = (outs I32);
}
def OpSymbolBindingB : TEST_Op<"symbol_binding_b", []> {
  let arguments = (ins I32:$operand);
  let results = (outs I32);
}
def OpSymbolBindingC : TEST_Op<"symbol_binding_c", []> {
  let arguments = (ins I32:$operand);
  let results = (outs I32);
}
def OpSymbolBindingD : TEST_Op<"symbol_binding_d", []> {
  let arguments = (ins I32:$input1, I32:$input2, I64Attr:$attr);
  let results = (outs I32);
}
def HasOneUse: Constraint<CPred<"$_ir.has_one_use($0)">, "has one use">;
def : Pattern<
    (OpSymbolBindingA:$res_a $operand, $attr), [
        (OpSymbolBindingC:$res_c (OpSymbolBindingB:$res_b $operand)),
        (OpSymbolBindingD $res_b, $res_c, $attr)],
    [(HasOneUse $res_a__0)]>;

def OpSymbolBindingNoResult : TEST_Op<"symbol_binding_no_result", []> {
  let arguments = (ins I32:$operand);
}
def : Pat<(OpSymbolBindingNoResult:$op $operand),
          (NativeCodeCallVoid<"handle_no_result_op($_builder, $0)"> $op)>;

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

def OpAttrMatch1 : TEST_Op<"match_op_attribute1"> {
  let arguments = (ins
    I32Attr:$required_attr,
    OptionalAttr<I32Attr>:$optional_attr,
    DefaultValuedAttr<I32Attr, "42">:$default_valued_attr,
    I32Attr:$more_attr
  );
  let results = (outs I32);
}
def OpAttrMatch2 : TEST_Op<"match_op_attribute2"> {
  let arguments = OpAttrMatch1.arguments;
  let results = (outs I32);
}
def MoreConstraint : AttrConstraint<
    CPred<"$_ctx.int_attr_value($_self) == Some(4)">, "more constraint">;
def : Pat<(OpAttrMatch1 $required, $optional, $default_valued,
                        MoreConstraint:$more),
          (OpAttrMatch2 $required, $optional, $default_valued, $more)>;

// Integer enum attributes.
def I32Case5 : I32EnumAttrCase<"case5", 5>;
def I32Case10 : I32EnumAttrCase<"case10", 10>;
def SomeI32Enum : I32EnumAttr<"SomeI32Enum", "", [I32Case5, I32Case10]>;
def I32EnumAttrOp : TEST_Op<"i32_enum_attr"> {
  let arguments = (ins SomeI32Enum:$attr);
  let results = (outs I32:$val);
}
def I64Case5 : I64EnumAttrCase<"case5", 5>;
def I64Case10 : I64EnumAttrCase<"case10", 10>;
def SomeI64Enum : I64EnumAttr<"SomeI64Enum", "", [I64Case5, I64Case10]>;
def I64EnumAttrOp : TEST_Op<"i64_enum_attr"> {
  let arguments = (ins SomeI64Enum:$attr);
  let results = (outs I32:$val);
}
def : Pat<(I32EnumAttrOp I32Case5), (I32EnumAttrOp I32Case10)>;
def : Pat<(I64EnumAttrOp I64Case5), (I64EnumAttrOp I64Case10)>;

//===----------------------------------------------------------------------===//
// Multi-result ops
//===----------------------------------------------------------------------===//

def MultiResultOpKind1: I64EnumAttrCase<"kind1", 1>;
def MultiResultOpKind2: I64EnumAttrCase<"kind2", 2>;
def MultiResultOpKind3: I64EnumAttrCase<"kind3", 3>;
def MultiResultOpKind4: I64EnumAttrCase<"kind4", 4>;
def MultiResultOpKind5: I64EnumAttrCase<"kind5", 5>;
def MultiResultOpKind6: I64EnumAttrCase<"kind6", 6>;
def MultiResultOpEnum: I64EnumAttr<
    "MultiResultOpEnum", "Multi-result op kinds", [
      MultiResultOpKind1, MultiResultOpKind2, MultiResultOpKind3,
      MultiResultOpKind4, MultiResultOpKind5, MultiResultOpKind6
    ]>;

def ThreeResultOp : TEST_Op<"three_result"> {
  let arguments = (ins MultiResultOpEnum:$kind);
  let results = (outs I32:$result1, F32:$result2, F32:$result3);
}
def AnotherThreeResultOp
    : TEST_Op<"another_three_result",
              [DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let arguments = (ins MultiResultOpEnum:$kind);
  let results = (outs I32:$result1, F32:$result2, F32:$result3);
}
def TwoResultOp : TEST_Op<"two_result"> {
  let arguments = (ins MultiResultOpEnum:$kind);
  let results = (outs I32:$result1, F32:$result2);
}
def AnotherTwoResultOp : TEST_Op<"another_two_result"> {
  let arguments = (ins MultiResultOpEnum:$kind);
  let results = (outs F32:$result1, F32:$result2);
}
def OneResultOp1 : TEST_Op<"one_result1"> {
  let arguments = (ins MultiResultOpEnum:$kind);
  let results = (outs F32:$result1);
}
def OneResultOp2 : TEST_Op<"one_result2"> {
  let arguments = (ins MultiResultOpEnum:$kind);
  let results = (outs I32:$result1);
}
def OneResultOp3 : TEST_Op<"one_result3"> {
  let arguments = (ins F32:$operand);
  let results = (outs I32:$result1);
}

def : Pat<(ThreeResultOp MultiResultOpKind1:$kind),
          (AnotherThreeResultOp $kind)>;
def : Pattern<(ThreeResultOp MultiResultOpKind2:$kind),
              [(TwoResultOp $kind),
               (OneResultOp1 $kind)]>;
def : Pattern<(ThreeResultOp MultiResultOpKind3:$kind),
              [(OneResultOp2 $kind),
               (AnotherTwoResultOp $kind)]>;
def : Pattern<(ThreeResultOp MultiResultOpKind4:$kind),
              [(TwoResultOp:$res1__0 $kind),
               (OneResultOp1 $kind),
               (TwoResultOp:$res2__1 $kind)]>;
def : Pattern<(TwoResultOp:$res MultiResultOpKind5:$kind),
              [(OneResultOp2 $kind),
               (OneResultOp1 $kind)],
              [(HasNoUseOf:$res__1)]>;
def : Pattern<
    (ThreeResultOp MultiResultOpKind6:$kind), [
        (TwoResultOp:$interm $kind),
        (OneResultOp3 $interm__1),
        (AnotherTwoResultOp $kind)
    ]>;

//===----------------------------------------------------------------------===//
// Variadic ops
//===----------------------------------------------------------------------===//

// Upstream's segment traits; variadic groups share the dynamic operands
// (results) equally without them too, so they carry no runtime flag here.
#ifndef TEST_DRR_SAME_VARIADIC_SIZE
#define TEST_DRR_SAME_VARIADIC_SIZE
def SameVariadicOperandSize : NativeOpTrait<"SameVariadicOperandSize">;
def SameVariadicResultSize : NativeOpTrait<"SameVariadicResultSize">;
#endif

def OneVResOneVOperandOp1 : TEST_Op<"one_variadic_out_one_variadic_in1"> {
  let arguments = (ins Variadic<I32>:$operands);
  let results = (outs Variadic<I32>);
}
def OneVResOneVOperandOp2 : TEST_Op<"one_variadic_out_one_variadic_in2"> {
  let arguments = (ins Variadic<I32>:$operands);
  let results = (outs Variadic<I32>);
}
def : Pat<(OneVResOneVOperandOp1 $inputs), (OneVResOneVOperandOp2 $inputs)>;

def MixedVOperandOp1 : TEST_Op<"mixed_variadic_in1",
                               [SameVariadicOperandSize]> {
  let arguments = (ins
    Variadic<I32>:$input1,
    F32:$input2,
    Variadic<I32>:$input3
  );
}
def MixedVOperandOp2 : TEST_Op<"mixed_variadic_in2",
                               [SameVariadicOperandSize]> {
  let arguments = (ins
    Variadic<I32>:$input1,
    F32:$input2,
    Variadic<I32>:$input3
  );
}
def : Pat<(MixedVOperandOp1 $input1, $input2, $input3),
          (MixedVOperandOp2 $input1, $input2, $input3)>;

def MixedVResultOp1 : TEST_Op<"mixed_variadic_out1", [SameVariadicResultSize]> {
  let results = (outs
    Variadic<I32>:$output1,
    F32:$output2,
    Variadic<I32>:$output3
  );
}
def MixedVResultOp2 : TEST_Op<"mixed_variadic_out2", [SameVariadicResultSize]> {
  let results = (outs
    Variadic<I32>:$output1,
    F32:$output2,
    Variadic<I32>:$output3
  );
}
def : Pat<(MixedVResultOp1), (MixedVResultOp2)>;

def MixedVOperandOp4 : TEST_Op<"mixed_variadic_in4"> {
  let arguments = (ins
    Variadic<I32>:$input1,
    I32:$input2,
    I32Attr:$attr1
  );
}
def MixedVOperandOp5 : TEST_Op<"mixed_variadic_in5"> {
  let arguments = (ins
    I32:$input1,
    I32:$input2,
    I32:$input3,
    I32Attr:$attr1,
    StrAttr:$pattern_name
  );
}
def MixedVOperandOp3 : TEST_Op<"mixed_variadic_in3",
                               [SameVariadicOperandSize]> {
  let arguments = (ins
    I32:$input1,
    Variadic<I32>:$input2,
    Variadic<I32>:$input3,
    I32Attr:$count
  );
  let results = (outs I32);
}
def MixedVOperandInOutI32Op : TEST_Op<"mixed_variadic_in_out_i32"> {
  let arguments = (ins I32:$input);
  let results = (outs I32:$output);
}

def : Pat<
  (MixedVOperandOp4 (variadic $input1a, $input1b), $input2,
                    ConstantAttr<I32Attr, "0">:$attr1),
  (MixedVOperandOp5 $input1a, $input1b, $input2, $attr1,
                    ConstantStrAttr<StrAttr, "MatchVariadic">)>;
def : Pat<
  (MixedVOperandOp5 $input1a, $input1b, $input2, $attr1,
                    ConstantStrAttr<StrAttr, "MatchInverseVariadic">),
  (MixedVOperandOp3 $input2, (variadic $input1b), (variadic $input1a),
                    ConstantAttr<I32Attr, "1">:$attr1)>;
def : Pat<
  (MixedVOperandOp4 (variadic (MixedVOperandInOutI32Op $input1a),
                              (MixedVOperandInOutI32Op $input1b)),
                    $input2, ConstantAttr<I32Attr, "1">:$attr1),
  (MixedVOperandOp5 $input1a, $input1b, $input2, $attr1,
                    ConstantStrAttr<StrAttr, "MatchVariadicSubDag">)>;
def : Pat<
  (MixedVOperandOp4 (variadic $input1, $input1), $input2,
                    ConstantAttr<I32Attr, "2">:$attr1),
  (MixedVOperandOp5 $input1, $input1, $input2, $attr1,
                    ConstantStrAttr<StrAttr, "MatchVariadicSameSymbol">)>;

def MixedVOperandOp6 : TEST_Op<"mixed_variadic_in6",
                               [SameVariadicOperandSize]> {
  let arguments = (ins
    Variadic<I32>:$input1,
    Variadic<I32>:$input2,
    I32Attr:$attr1
  );
}
def : Pat<
  (MixedVOperandOp6 (variadic:$input1 $input1a, $input1b),
                    (variadic:$input2 $input2a, $input2b),
                    ConstantAttr<I32Attr, "1">:$attr1),
  (MixedVOperandOp6 $input2, $input1, ConstantAttr<I32Attr, "-1">)>;
def : Pat<
  (MixedVOperandOp6 (variadic $input1a, $input1b),
                    (variadic $input2a, $input2b),
                    ConstantAttr<I32Attr, "2">:$attr1),
  (MixedVOperandOp5 $input2a, $input2b, $input1b, $attr1,
                    ConstantStrAttr<StrAttr, "MatchMultiVariadicSubSymbol">)>;

def MixedVOperandOp7 : TEST_Op<"mixed_variadic_optional_in7",
                               [AttrSizedOperandSegments]> {
  let arguments = (ins
    Variadic<I32>:$input1,
    Optional<I32>:$input2,
    I32Attr:$attr1
  );
}
def : Pat<
  (MixedVOperandOp7 $input1, $input2, ConstantAttr<I32Attr, "2">:$attr1),
  (MixedVOperandOp6 $input1, (variadic $input2), $attr1),
  [(Constraint<CPred<"$0.is_some()">> $input2)]>;

//===----------------------------------------------------------------------===//
// either
//===----------------------------------------------------------------------===//

// A 32-bit integer attribute of any signedness.
def AnyI32Attr : Attr<CPred<"::mlir_ir::ods::preds::is_any_int_attr($_ctx, $_self) && "
                            "$_ctx.attr_type($_self).and_then(|t| $_ctx.int_or_index_width(t)) == Some(32)">,
                      "32-bit integer attribute">;

def TestEitherOpA : TEST_Op<"either_op_a"> {
  let arguments = (ins AnyInteger:$arg0, AnyInteger:$arg1, AnyInteger:$arg2);
  let results = (outs I32:$output);
}
def TestEitherOpB : TEST_Op<"either_op_b"> {
  let arguments = (ins AnyInteger:$arg0, AnyInteger:$arg1);
  let results = (outs I32:$output);
}
def TestEitherOpC : TEST_Op<"either_op_c"> {
  let arguments = (ins AnyI32Attr:$attr, AnyInteger:$arg0, AnyInteger:$arg1);
  let results = (outs I32:$output);
}
def : Pat<(TestEitherOpA (either I32:$arg1, I16:$arg2), $x),
          (TestEitherOpB $arg2, $x)>;
def : Pat<(TestEitherOpC ConstantAttr<I32Attr, "0">, (either $arg1, I32:$arg2)),
          (TestEitherOpB $arg1, $arg2)>;

//===----------------------------------------------------------------------===//
// Type builders and trailing directives
//===----------------------------------------------------------------------===//

def SourceOp : TEST_Op<"source_op"> {
  let arguments = (ins AnyInteger:$arg, AnyI32Attr:$tag);
  let results = (outs AnyInteger);
}
def OpX : TEST_Op<"op_x"> {
  let arguments = (ins AnyInteger:$input);
  let results = (outs AnyInteger);
}
def : Pat<(SourceOp $val, ConstantAttr<I32Attr, "11">:$attr),
          (OpX (OpX $val, (returnType "$_ctx.int_type(32)")))>;
def SameTypeAs : NativeCodeCall<"$_ir.value_type($0)">;
def : Pat<(SourceOp $val, ConstantAttr<I32Attr, "22">:$attr),
          (OpX (OpX $val, (returnType (SameTypeAs $val))))>;
def MakeI64Type : NativeCodeCall<"$_ctx.int_type(64)">;
def MakeI32Type : NativeCodeCall<"$_ctx.int_type(32)">;
def OneToTwo : TEST_Op<"one_to_two"> {
  let arguments = (ins AnyInteger:$input);
  let results = (outs AnyInteger, AnyInteger);
}
def TwoToOne : TEST_Op<"two_to_one"> {
  let arguments = (ins AnyInteger:$lhs, AnyInteger:$rhs);
  let results = (outs AnyInteger);
}
def : Pat<(SourceOp $val, ConstantAttr<I32Attr, "33">:$attr),
          (TwoToOne (OpX (OneToTwo:$res__0 $val, (returnType (MakeI64Type), (MakeI32Type))), (returnType (MakeI32Type))),
                    (OpX $res__1, (returnType (MakeI64Type))))>;
def : Pat<(SourceOp $val, ConstantAttr<I32Attr, "44">:$attr),
          (OpX (OpX $val, (returnType $val)))>;
def : Pat<(SourceOp $val, ConstantAttr<I32Attr, "55">:$attr),
          (TwoToOne (OneToTwo:$res__0 $val, (returnType $val, "$_ctx.int_type(64)")), $res__1)>;
def : Pat<(SourceOp $val, ConstantAttr<I32Attr, "66">:$attr),
          (TwoToOne (OpX $val, (returnType $val), (location "loc1")),
                    (OpX $val, (location "loc2"), (returnType $val)))>;

//===----------------------------------------------------------------------===//
// Unit attributes
//===----------------------------------------------------------------------===//

def OpAttrMatch3 : TEST_Op<"match_op_attribute3"> {
  let arguments = (ins UnitAttr:$attr);
  let results = (outs I32);
}
def OpAttrMatch4 : TEST_Op<"match_op_attribute4"> {
  let arguments = (ins UnitAttr:$attr1, UnitAttr:$attr2);
  let results = (outs I32);
}
def : Pat<(OpAttrMatch3 $attr), (OpAttrMatch4 ConstUnitAttr, $attr)>;

//===----------------------------------------------------------------------===//
// Constant matching
//===----------------------------------------------------------------------===//

def OpR : TEST_Op<"op_r">, Arguments<(ins AnyInteger:$lhs, AnyInteger:$rhs)>, Results<(outs AnyInteger)>;
def OpS : TEST_Op<"op_s">, Arguments<(ins AnyInteger:$operand, AnyAttr:$value)>, Results<(outs AnyInteger)>;

// `m_Constant`: the value of a constant-like op.
def ConstantLikeMatcher : NativeCodeCall<"match_constant($_ir, $_self)">;
def : Pat<(OpR $input1, (ConstantLikeMatcher I32Attr:$input2)),
          (OpS:$unused $input1, $input2)>;

//===----------------------------------------------------------------------===//
// Variadic results built by a custom builder
//===----------------------------------------------------------------------===//

def OneI32ResultOp : TEST_Op<"one_i32_out"> {
  let results = (outs I32);
}

def MixedVResultOp3 : TEST_Op<"mixed_variadic_out3",
                               [SameVariadicResultSize]> {
  let arguments = (ins I32Attr:$count);
  let results = (outs
    I32:$output1,
    Variadic<I32>:$output2,
    Variadic<I32>:$output3
  );
  // Used in a nested result pattern, where result types cannot be deduced:
  // `count` results in each variadic group.
  let builders = [
    OpBuilder<(ins "::mlir_ir::Attribute":$count),
    [{
      let i32 = b.ctx().int_type(32);
      let n = b.ctx().int_attr_value(count).unwrap_or(0).max(0) as usize;
      let name = b.ctx().op_name("test.mixed_variadic_out3");
      let mut state = ::mlir_ir::OperationState::new(name, loc);
      state.result_types.push(i32);
      for _ in 0..2 * n {
        state.result_types.push(i32);
      }
      state.properties = Some(b.ctx().dictionary_attr(&[(b.ctx().ident("count"), count)]));
      Self(b.create(state))
    }]>
  ];
}

def : Pat<(OneI32ResultOp),
          (MixedVOperandOp3
              (MixedVResultOp3:$results__0 ConstantAttr<I32Attr, "2">),
              (replaceWithValue $results__1),
              (replaceWithValue $results__2),
              ConstantAttr<I32Attr, "2">)>;

//===----------------------------------------------------------------------===//
// Beyond MLIR's DRR (rmlir extensions; see docs/DRR.md). These ops are
// rmlir's own (`test.drr_*`), tested by `tests/drr_beyond.rs`.
//===----------------------------------------------------------------------===//

def DrrTwoResults : TEST_Op<"drr_two_results"> {
  let results = (outs I32:$first, F32:$second);
}
def DrrUseF32 : TEST_Op<"drr_use_f32"> {
  let arguments = (ins F32:$input);
  let results = (outs F32);
}
def DrrUsedSecond : TEST_Op<"drr_used_second"> {
  let arguments = (ins F32:$input);
  let results = (outs F32);
}
// A multi-result op inside a source pattern: `$t__1` requires the operand
// to be the op's second result.
def : Pat<(DrrUseF32 (DrrTwoResults:$t__1)), (DrrUsedSecond $t__1)>;

def DrrSum : TEST_Op<"drr_sum"> {
  let arguments = (ins Variadic<I32>:$inputs);
  let results = (outs I32);
}
def DrrNeg : TEST_Op<"drr_neg"> {
  let arguments = (ins I32:$input);
  let results = (outs I32);
}
def DrrNegSum : TEST_Op<"drr_neg_sum"> {
  let arguments = (ins Variadic<I32>:$inputs);
  let results = (outs I32);
}
// A variadic op nested in a source pattern, its whole group reused.
def : Pat<(DrrNeg (DrrSum $xs)), (DrrNegSum $xs)>;

def DrrSplit : TEST_Op<"drr_split", [AttrSizedOperandSegments]> {
  let arguments = (ins Variadic<I32>:$head, I32:$mid, Variadic<I32>:$tail);
}
def DrrFlat : TEST_Op<"drr_flat"> {
  let arguments = (ins Variadic<I32>:$all);
}
// Packing: two variadic groups and a single value become one group.
def : Pat<(DrrSplit $h, $m, $t), (DrrFlat (variadic $t, $m, $h))>;

def DrrUnflat : TEST_Op<"drr_unflat"> {
  let arguments = (ins Variadic<I32>:$all);
}
// Unpacking: a group of exactly three values is split into groups.
def : Pat<(DrrUnflat (variadic $a, $b, $c)),
          (DrrSplit (variadic $a, $b), $c, (variadic))>;

def DrrConst : TEST_Op<"drr_const"> {
  let arguments = (ins I32:$input, I64Attr:$value);
}
def DrrHalves : TEST_Op<"drr_halves"> {
  let arguments = (ins I32:$input, I32Attr:$lo, I32Attr:$hi);
  let results = (outs AnyType);
}
// A native call returning a value, two attributes and a type.
def SplitConstant : NativeCodeCall<"split_constant($_ctx, $0, $1)", 4>;
def : Pat<(DrrConst $x, $v),
          (DrrHalves (SplitConstant:$s__0 $x, $v), $s__1, $s__2,
                     (returnType $s__3))>;

//===----------------------------------------------------------------------===//
// Elements attributes
//===----------------------------------------------------------------------===//

// `RankedF32ElementsAttr`/`RankedF64ElementsAttr` come from the base library
// (upstream's CommonAttrConstraints.td).
def FloatElementsAttrOp : TEST_Op<"float_elements_attr"> {
  let arguments = (ins
      RankedF32ElementsAttr<[2]>:$scalar_f32_attr,
      RankedF64ElementsAttr<[4, 8]>:$tensor_f64_attr
  );
}
def UpdateFloatElementsAttr : Pat<
  (FloatElementsAttrOp
    ConstantAttr<RankedF32ElementsAttr<[2]>, "[3.0, 4.0]">:$f32attr,
    $f64attr),
  (FloatElementsAttrOp
    ConstantAttr<RankedF32ElementsAttr<[2]>, "[5.0, 6.0]">:$f32attr,
    $f64attr)>;

def I32ElementsAttrOp : TEST_Op<"i32ElementsAttr"> {
  let arguments = (ins I32ElementsAttr:$attr);
}
def IsNotScalar : Constraint<CPred<"crate::drr::rank_of($_ctx, $0) != Some(0)">>;
def UpdateAttr : Pat<(I32ElementsAttrOp $attr),
                     (I32ElementsAttrOp ConstantAttr<I32ElementsAttr, "0">),
                     [(IsNotScalar $attr)]>;

//===----------------------------------------------------------------------===//
// Constant string attributes and variadic segments
//===----------------------------------------------------------------------===//

// Upstream declares `DefaultValuedAttr<StrAttr, "">`; an empty default
// means no default in MLIR, so the attribute is required (mlir-opt rejects
// `test.no_str_value` without it), which is what `StrAttr` says here.
def TestDefaultStrAttrNoValueOp : TEST_Op<"no_str_value"> {
  let arguments = (ins StrAttr:$value);
  let assemblyFormat = "attr-dict";
}
// Upstream's `DefaultValuedStrAttr<StrAttr, "">`: the default is the empty
// string, so `test.has_str_value {}` is valid.
def TestDefaultStrAttrHasValueOp : TEST_Op<"has_str_value"> {
  let arguments = (ins DefaultValuedAttr<StrAttr, "\"\"">:$value);
  let assemblyFormat = "attr-dict";
}
def : Pat<(TestDefaultStrAttrNoValueOp $value),
          (TestDefaultStrAttrHasValueOp ConstantStrAttr<StrAttr, "foo">)>;

def VariadicRewriteSrcOp : TEST_Op<"variadic_rewrite_src_op", [AttrSizedOperandSegments]> {
  let arguments = (ins
    Variadic<AnyType>:$arg,
    AnyType:$brg,
    Variadic<AnyType>:$crg
  );
}
def VariadicRewriteDstOp : TEST_Op<"variadic_rewrite_dst_op", [AttrSizedOperandSegments]> {
  let arguments = (ins
    AnyType:$brg,
    Variadic<AnyType>:$crg,
    Variadic<AnyType>:$arg
  );
}
def : Pat<(VariadicRewriteSrcOp $arg, $brg, $crg),
          (VariadicRewriteDstOp $brg, $crg, $arg)>;

//===----------------------------------------------------------------------===//
// either with sub-dags
//===----------------------------------------------------------------------===//

def : Pat<(TestEitherOpA (either (TestEitherOpB I32:$arg1, $_), I16:$arg2), $x),
          (TestEitherOpB $arg2, $x)>;
def : Pat<(TestEitherOpA (either (TestEitherOpB I32:$arg1, $_),
                                 (TestEitherOpB I16:$arg2, $_)),
                          $x),
          (TestEitherOpB $arg2, $x)>;

def TestEitherHelperOpA : TEST_Op<"either_helper_op_a"> {
  let arguments = (ins I32:$arg0);
  let results = (outs I32:$output);
}
def TestEitherHelperOpB : TEST_Op<"either_helper_op_b"> {
  let arguments = (ins I32:$arg0);
  let results = (outs I32:$output);
}
def : Pat<(TestEitherOpB (either (TestEitherHelperOpA I32:$either_helper_0),
                                 (TestEitherHelperOpB I32:$either_helper_1))),
          (TestEitherOpB $either_helper_0, $either_helper_1)>;

//===----------------------------------------------------------------------===//
// Patterns on ops with native properties
//===----------------------------------------------------------------------===//

def TestPropPatternOp1 : TEST_Op<"prop_pattern_op_1"> {
  let arguments = (ins StringProp:$tag, I64Prop:$val, BoolProp:$cond);
  let results = (outs I32:$results);
  let assemblyFormat = "$tag $val $cond attr-dict";
}
def TestPropPatternOp2 : TEST_Op<"prop_pattern_op_2"> {
  let arguments = (ins I32:$input, StringProp:$tag);
  let assemblyFormat = "$input $tag attr-dict";
}
def NonNegativeI64Prop : ConfinedProp<I64Prop,
  CPred<"$_self >= 0">, "non-negative int64_t">;
def : Pat<
  (TestPropPatternOp1 $tag, NonNegativeI64Prop:$val, ConstantProp<BoolProp, "false">),
  (TestPropPatternOp1 $tag, (NativeCodeCall<"$0 + 1"> $val), ConstantProp<BoolProp, "true">)>;
def : Pat<
  (TestPropPatternOp2 (TestPropPatternOp1 $tag1, $val, ConstantProp<BoolProp, "true">),
    PropConstraint<CPred<"!$_self.is_empty()">, "non-empty string">:$tag2),
  (TestPropPatternOp2
    (TestPropPatternOp1 $tag1,
      (NativeCodeCall<"-($0)"> $val),
      ConstantProp<BoolProp, "false">),
    (NativeCodeCall<"format!(\"{}.{}\", $0, $1)"> $tag1, $tag2))
>;

// Regions and block arguments (extensions 1 and 2).
def DrrRegionSrc : TEST_Op<"drr_region_src"> {
  let arguments = (ins I32:$input);
  let results = (outs I32);
  let regions = (region AnyRegion:$body);
}
def DrrRegionDst : TEST_Op<"drr_region_dst"> {
  let arguments = (ins I32:$input);
  let results = (outs I32);
  let regions = (region AnyRegion:$body);
}
// The matched region moves into the generated op.
def : Pat<(DrrRegionSrc $x, (regions $body)), (DrrRegionDst $x, (regions $body))>;

def DrrWrap : TEST_Op<"drr_wrap"> {
  let arguments = (ins I32:$input);
  let results = (outs I32);
  let regions = (region AnyRegion:$body);
}
// A block argument bound in the source pattern and checked by a native
// constraint: a region whose block only yields its argument is the identity.
def YieldsOnly : Constraint<CPred<"crate::drr::block_yields_only($_ir, $0)">>;
def : Pat<(DrrWrap $x, (regions (block $arg))), (replaceWithValue $x),
          [(YieldsOnly $arg)]>;

def DrrMakeRegion : TEST_Op<"drr_make_region"> {
  let arguments = (ins I32:$input);
  let results = (outs I32);
}
def DrrNoTerminator : TEST_Op<"drr_no_terminator", [NoTerminator]> {
  let arguments = (ins I32:$input);
  let results = (outs I32);
  let regions = (region AnyRegion:$body);
}
// Generating an op with a fresh (empty-block) region.
def : Pat<(DrrMakeRegion $x), (DrrNoTerminator $x, (regions (block)))>;

def DrrLoopSrc : TEST_Op<"drr_loop_src"> {
  let arguments = (ins I32:$input);
  let results = (outs I32);
}
def DrrLoop : TEST_Op<"drr_loop"> {
  let arguments = (ins I32:$init);
  let results = (outs I32);
  let regions = (region AnyRegion:$body);
}
def DrrLoopYield : TEST_Op<"drr_loop_yield", [Terminator]> {
  let arguments = (ins Variadic<AnyType>:$vals);
}
def DrrLoopStep : TEST_Op<"drr_loop_step", [SameOperandsAndResultType]> {
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs AnyType:$out);
}
// Generating a block with arguments (typed like `$x`, and by a Rust type
// expression) and ops inside it that use them.
def : Pat<(DrrLoopSrc $x),
          (DrrLoop $x,
            (regions (block (returnType $x):$iv, "$_ctx.index_type()":$i,
                       (DrrLoopYield (variadic (DrrLoopStep $iv, $iv), $i)))))>;

//===----------------------------------------------------------------------===//
// Legalization rules (applied by -test-legalize-patterns)
//===----------------------------------------------------------------------===//

def Test_LegalizerEnum_Success : ConstantStrAttr<StrAttr, "Success">;
def Test_LegalizerEnum_Failure : ConstantStrAttr<StrAttr, "Failure">;

def ILLegalOpA : TEST_Op<"illegal_op_a">, Results<(outs I32)>;
def ILLegalOpB : TEST_Op<"illegal_op_b">, Results<(outs I32)>;
def ILLegalOpC : TEST_Op<"illegal_op_c">, Results<(outs I32)>;
def ILLegalOpD : TEST_Op<"illegal_op_d">, Results<(outs I32)>;
def ILLegalOpE : TEST_Op<"illegal_op_e">, Results<(outs I32)>;
def ILLegalOpF : TEST_Op<"illegal_op_f">, Results<(outs I32)>;
def ILLegalOpG : TEST_Op<"illegal_op_g">, Results<(outs I32)>;
def LegalOpA : TEST_Op<"legal_op_a">,
  Arguments<(ins StrAttr:$status)>, Results<(outs I32)>;
def LegalOpB : TEST_Op<"legal_op_b">, Results<(outs I32)>;
def LegalOpC : TEST_Op<"legal_op_c">,
  Arguments<(ins I32:$input)>, Results<(outs I32)>;
def LegalOpD : TEST_Op<"legal_op_d">, Arguments<(ins AnyType:$input)>;

// Smaller pattern depths are preferred: more direct mappings.
def : Pat<(ILLegalOpA), (LegalOpA Test_LegalizerEnum_Success)>;
def : Pat<(ILLegalOpA), (ILLegalOpB)>;
def : Pat<(ILLegalOpB), (LegalOpA Test_LegalizerEnum_Failure)>;

// With equal depths, the higher benefit wins.
def : Pat<(ILLegalOpC), (ILLegalOpD)>;
def : Pat<(ILLegalOpD), (LegalOpA Test_LegalizerEnum_Failure)>;
def : Pat<(ILLegalOpC), (ILLegalOpE), [], [], (addBenefit 10)>;
def : Pat<(ILLegalOpE), (LegalOpA Test_LegalizerEnum_Success)>;

// An op that is legal once folded in place (its folder sets `folded`); this
// rule rewrites it to a constant when patterns run before folding.
def TestOpInPlaceSelfFold : TEST_Op<"op_in_place_self_fold"> {
  let arguments = (ins UnitAttr:$folded);
  let results = (outs I32);
  let hasFolder = 1;
}
def : Pat<(TestOpInPlaceSelfFold:$op $_),
          (TestOpConstant ConstantAttr<I32Attr, "97">)>;

// Patterns see the most up-to-date value when it is replaced.
def TestRewriteOp : TEST_Op<"rewrite">,
  Arguments<(ins AnyType:$input)>, Results<(outs AnyType)>;
def : Pat<(TestRewriteOp $input), (replaceWithValue $input)>;

//===----------------------------------------------------------------------===//
// Reducer
//===----------------------------------------------------------------------===//

def OpCrashLong : TEST_Op<"op_crash_long"> {
  let arguments = (ins I32:$a, I32:$b_, I32:$c);
  let results = (outs I32);
}
def OpCrashShort : TEST_Op<"op_crash_short"> {
  let results = (outs I32);
}
def : Pat<(OpCrashLong $_, $_, $_), (OpCrashShort)>;

// An op with inferred result types built in a nested result pattern: its
// `infer_return_types` (in `src/drr.rs`) is called with the operand types.
def DrrInferFromOperand : TEST_Op<"drr_infer_from_operand",
                                  [DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType);
}
def DrrInferSrc : TEST_Op<"drr_infer_src"> {
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType);
}
def : Pat<(DrrInferSrc $x), (OpX (DrrInferFromOperand $x), (returnType $x))>;
