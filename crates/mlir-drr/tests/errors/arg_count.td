// CHECK: arg_count.td:9:11: error: op 't.a' has 1 arguments but the pattern gives 2
include "OpBase.td"
include "PatternBase.td"
def T_Dialect : Dialect { let name = "t"; }
def AOp : Op<T_Dialect, "a"> {
  let arguments = (ins I32:$input);
  let results = (outs I32:$out);
}
def : Pat<(AOp $x, $z), (AOp $x)>;
