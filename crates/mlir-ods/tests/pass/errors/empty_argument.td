// CHECK: 3:5: error: pass 'P' needs a command-line argument without spaces, not ''
include "mlir/Pass/PassBase.td"
def P : Pass<"">;
