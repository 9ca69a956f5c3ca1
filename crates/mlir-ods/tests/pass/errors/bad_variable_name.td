// CHECK: 4:7: error: option 'x' of pass 'P' needs an identifier as its variable name, not 'my-x'
include "mlir/Pass/PassBase.td"
def P : Pass<"p"> {
  let options = [Option<"my-x", "x", "bool", "", "X">];
}
