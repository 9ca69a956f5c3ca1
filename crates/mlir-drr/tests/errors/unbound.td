// CHECK: unbound.td:9:26: error: symbol '$y' is not bound
include "OpBase.td"
include "PatternBase.td"
def T_Dialect : Dialect { let name = "t"; }
def AOp : Op<T_Dialect, "a"> {
  let arguments = (ins I32:$input);
  let results = (outs I32:$out);
}
def : Pat<(AOp $x), (AOp $y)>;
