// CHECK: 7:7: error: builder name 'build' is already used by the default builder
include "OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
class T_Op<string m, list<Trait> traits = []> : Op<T_Dialect, m, traits>;
def A_Op : T_Op<"a"> {
  let arguments = (ins I32:$x);
  let builders = [OpBuilder<(ins "i64":$v), [{ todo!() }], "build">];
}
