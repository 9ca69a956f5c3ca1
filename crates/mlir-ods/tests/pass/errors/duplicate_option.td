// CHECK: 4:7: error: pass 'P' declares option 'x' twice
include "mlir/Pass/PassBase.td"
def P : Pass<"p"> {
  let options = [
    Option<"x", "x", "bool", "", "One">,
    Option<"y", "x", "bool", "", "Two">
  ];
}
