// CHECK: 5:5: error: type constraint trait refers to unknown argument or result 'nope'
include "OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
class T_Op<string m, list<Trait> traits = []> : Op<T_Dialect, m, traits>;
def A_Op : T_Op<"a", [AllTypesMatch<["a", "nope"]>]> {
  let arguments = (ins I32:$a);
}
