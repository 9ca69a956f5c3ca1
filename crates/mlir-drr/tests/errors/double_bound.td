// CHECK: double_bound.td:9:32: error: symbol '$a' is bound twice
include "OpBase.td"
include "PatternBase.td"
def T_Dialect : Dialect { let name = "t"; }
def AOp : Op<T_Dialect, "a"> {
  let arguments = (ins I32:$input);
  let results = (outs I32:$out);
}
def : Pat<(AOp:$a $x), (AOp:$a (AOp:$a $x))>;
