// CHECK: 6:7: error: custom builders need a Rust body (`OpBuilder<(ins ...), [{ ... }]>`)
include "OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
class T_Op<string m, list<Trait> traits = []> : Op<T_Dialect, m, traits>;
def A_Op : T_Op<"a"> {
  let builders = [OpBuilder<(ins "::mlir_ir::Value":$v)>];
}
