// CHECK: too_few.td:13:11: error: the result patterns give 1 values but 't.two' has 2 results to replace
include "OpBase.td"
include "PatternBase.td"
def T_Dialect : Dialect { let name = "t"; }
def AOp : Op<T_Dialect, "a"> {
  let arguments = (ins I32:$input);
  let results = (outs I32:$out);
}
def TwoOp : Op<T_Dialect, "two"> {
  let arguments = (ins I32:$input);
  let results = (outs I32:$a, I32:$b);
}
def : Pat<(TwoOp $x), (AOp $x)>;
