// CHECK: 4:7: error: option 's' of pass 'P' has the default 'abc', which is not a C++ string literal
include "mlir/Pass/PassBase.td"
def P : Pass<"p"> {
  let options = [
    Option<"s", "s", "std::string", "abc", "A string">
  ];
}
