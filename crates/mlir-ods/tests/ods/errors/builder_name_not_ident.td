// CHECK: 6:7: error: builder name 'build-it' is not a Rust identifier
include "OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
class T_Op<string m, list<Trait> traits = []> : Op<T_Dialect, m, traits>;
def A_Op : T_Op<"a"> {
  let builders = [OpBuilder<(ins "i64":$v), [{ todo!() }], "build-it">];
}
