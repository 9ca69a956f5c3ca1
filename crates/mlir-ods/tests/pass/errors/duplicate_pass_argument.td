// CHECK: 4:5: error: pass 'B' has the argument 'p' of pass 'A'
include "mlir/Pass/PassBase.td"
def A : Pass<"p">;
def B : Pass<"p">;
