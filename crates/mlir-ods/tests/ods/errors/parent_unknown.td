// CHECK: 5:5: error: 'NoSuchOp' in a trait of 't.a' names no known op (expected an op name such as 'scf.yield' or the type of an op defined or included here)
include "OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
class T_Op<string m, list<Trait> traits = []> : Op<T_Dialect, m, traits>;
def A_Op : T_Op<"a", [HasParent<"NoSuchOp">]>;
