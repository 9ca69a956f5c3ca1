// CHECK: 4:7: error: option 'flag' of pass 'P' has the default 'yes', which is not 'true' or 'false'
include "mlir/Pass/PassBase.td"
def P : Pass<"p"> {
  let options = [
    Option<"flag", "flag", "bool", "yes", "A flag">
  ];
}
