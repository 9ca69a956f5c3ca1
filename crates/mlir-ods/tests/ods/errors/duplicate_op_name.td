// CHECK: 6:5: error: duplicate op name 't.a' (previously defined by 'A_Op' at duplicate_op_name.td:5:5)
include "OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
class T_Op<string m, list<Trait> traits = []> : Op<T_Dialect, m, traits>;
def A_Op : T_Op<"a">;
def B_Op : T_Op<"a">;
