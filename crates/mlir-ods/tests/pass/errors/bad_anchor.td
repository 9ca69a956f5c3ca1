// CHECK: 3:5: error: pass 'P' is anchored on 'FuncOp', which is neither an op name ('dialect.op') nor one of upstream's ModuleOp, func::FuncOp
include "mlir/Pass/PassBase.td"
def P : Pass<"p", "FuncOp">;
