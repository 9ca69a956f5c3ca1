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
include "PatternBase.td"

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

// In a source pattern the native call's `$_self` is the operand; it yields
// `Option<Value>`, bound to `$ret`.
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
