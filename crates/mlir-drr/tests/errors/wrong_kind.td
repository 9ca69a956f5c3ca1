// CHECK: wrong_kind.td:9:16: error: 'I32Attr' is not a type constraint but is applied to an operand
include "OpBase.td"
include "PatternBase.td"
def T_Dialect : Dialect { let name = "t"; }
def AOp : Op<T_Dialect, "a"> {
  let arguments = (ins I32:$input);
  let results = (outs I32:$out);
}
def : Pat<(AOp I32Attr:$x), (AOp $x)>;
