// CHECK: 6:7: error: duplicate argument name 'x' in 'arguments'
include "OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
class T_Op<string m, list<Trait> traits = []> : Op<T_Dialect, m, traits>;
def A_Op : T_Op<"a"> {
  let arguments = (ins I32:$x, I64:$x);
}
