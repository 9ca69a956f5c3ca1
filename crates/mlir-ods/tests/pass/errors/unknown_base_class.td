// CHECK: 3:5: error: pass 'P' has the base class '::mlir::Pass'; derive from Pass<...> or InterfacePass<...>
include "mlir/Pass/PassBase.td"
def P : PassBase<"p", "::mlir::Pass">;
