// CHECK: 7:7: error: invalid assembly format: 'attr-dict' directive not found
include "OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
class T_Op<string m, list<Trait> traits = []> : Op<T_Dialect, m, traits>;
def A_Op : T_Op<"a"> {
  let arguments = (ins I32:$a);
  let assemblyFormat = "$a `:` type($a)";
}
