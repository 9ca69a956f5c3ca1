// CHECK: 4:7: error: option 'n' of pass 'P' has the default '-1', which is not a decimal integer in the range of 'unsigned'
include "mlir/Pass/PassBase.td"
def P : Pass<"p"> {
  let options = [
    Option<"n", "n", "unsigned", "-1", "A count">
  ];
}
