// CHECK: 7:7: error: invalid assembly format: expected variable to refer to an argument, region, result, or successor, but got 'b'
include "OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
class T_Op<string m, list<Trait> traits = []> : Op<T_Dialect, m, traits>;
def A_Op : T_Op<"a"> {
  let arguments = (ins I32:$a);
  let assemblyFormat = "$b attr-dict";
}
