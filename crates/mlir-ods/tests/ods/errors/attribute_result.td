// CHECK: 6:7: error: result 'r' has unknown constraint kind 'I32Attr' (expected a type constraint)
include "OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
class T_Op<string m, list<Trait> traits = []> : Op<T_Dialect, m, traits>;
def A_Op : T_Op<"a"> {
  let results = (outs I32Attr:$r);
}
