// CHECK: 6:7: error: builder name 'build_v_value' is already used by an earlier builder (builders with the same parameter names and types); name it with OpBuilder's third argument
include "OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
class T_Op<string m, list<Trait> traits = []> : Op<T_Dialect, m, traits>;
def A_Op : T_Op<"a"> {
  let builders = [OpBuilder<(ins "::mlir_ir::Value":$v), [{ todo!() }]>,
                  OpBuilder<(ins "::mlir_ir::Value":$v), [{ todo!() }]>,
                  OpBuilder<(ins "::mlir_ir::Value":$v), [{ todo!() }]>];
}
