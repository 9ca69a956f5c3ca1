// CHECK: 5:27: error: Element type mismatch for list: element type 'I' not convertible to 'Trait
include "OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
class T_Op<string m, list<Trait> traits = []> : Op<T_Dialect, m, traits>;
def A_Op : T_Op<"a", [I32]>;
