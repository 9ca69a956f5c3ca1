// CHECK: 6:7: error: argument 'r' has unknown constraint kind 'AnyRegion' (expected a type or attribute constraint)
include "OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
class T_Op<string m, list<Trait> traits = []> : Op<T_Dialect, m, traits>;
def A_Op : T_Op<"a"> {
  let arguments = (ins AnyRegion:$r);
}
