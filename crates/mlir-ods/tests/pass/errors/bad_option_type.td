// CHECK: 4:7: error: option 'ratio' of pass 'P' has the type 'double', which the pass generator does not support (bool, int, unsigned, int64_t, uint64_t, std::string, or an enum whose cases are listed with clEnumValN)
include "mlir/Pass/PassBase.td"
def P : Pass<"p"> {
  let options = [
    Option<"ratio", "ratio", "double", "0.5", "A ratio">
  ];
}
