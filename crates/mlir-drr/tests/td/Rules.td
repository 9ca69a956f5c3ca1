// Representative DRR rules whose generated Rust is snapshot-tested.

include "OpBase.td"
include "PatternBase.td"

def T_Dialect : Dialect { let name = "t"; }
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;

def AOp : T_Op<"a"> {
  let arguments = (ins I32:$input, I32Attr:$attr);
  let results = (outs I32:$out);
}
def BOp : T_Op<"b", [SameOperandsAndResultType]> {
  let arguments = (ins I32:$input, I32Attr:$attr);
  let results = (outs I32:$out);
}
def NOp : T_Op<"n"> {
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs AnyType:$out);
}
def VOp : T_Op<"v"> {
  let arguments = (ins Variadic<I32>:$inputs, I32:$last);
  let results = (outs I32:$out);
}
def XOp : T_Op<"x"> {
  let arguments = (ins AnyInteger:$input);
  let results = (outs AnyInteger:$out);
}

// Operands and attributes bound positionally, one op replaced by another.
def Simple : Pat<(AOp $input, $attr), (BOp $input, $attr)>;

// A nested source op (def-use chain), a constant and added benefit.
def Nested : Pat<(AOp (AOp $x, $_), ConstantAttr<I32Attr, "1">),
                 (BOp $x, ConstantAttr<I32Attr, "2">), [], [], (addBenefit 3)>;

// A symbol bound twice and an additional constraint.
def Equal : Pat<(NOp $a, $a), (replaceWithValue $a),
                [(Constraint<CPred<"$_ir.value_type($0) == $_ir.value_type($1)">> $a, $a)]>;

// A variadic group matched element by element, native calls, locations and
// explicit result types.
def Variadic : Pat<(VOp (variadic $p, $q), $r),
                   (XOp (XOp $p, (returnType "$_ctx.int_type(64)"),
                             (location "inner")),
                        (location $r, "outer"))>;

def WOp : T_Op<"w"> {
  let arguments = (ins I32:$input, OptionalAttr<I32Attr>:$opt);
  let results = (outs Variadic<I32>:$outs);
}

// A result op no typed builder fits (variadic results replacing the
// root's): it is built with the aggregate builder `build_generic`.
def Aggregate : Pat<(AOp $input, $attr), (WOp $input, $attr)>;

// Match failures with reasons (as upstream's generated matchers give them):
// an operand with a type constraint, a native matcher on the op defining an
// operand, `either` with a nested op, and a type constraint on a symbol.
def FirstResultOf : NativeCodeCall<"$_ir.first_result($_self)">;
def Reasons : Pat<(NOp (either (AOp $x, $_), I32:$y)),
                  (BOp $x, ConstantAttr<I32Attr, "7">),
                  [(I32 $y)]>;
def NativeReasons : Pat<(XOp (FirstResultOf AnyInteger:$v)), (XOp $v)>;
