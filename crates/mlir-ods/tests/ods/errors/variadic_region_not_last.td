// CHECK: 6:7: error: only the last region can be variadic
include "OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
class T_Op<string m, list<Trait> traits = []> : Op<T_Dialect, m, traits>;
def A_Op : T_Op<"a"> {
  let regions = (region VariadicRegion<AnyRegion>:$a, AnyRegion:$b);
}
