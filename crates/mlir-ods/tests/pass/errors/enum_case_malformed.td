// CHECK: 4:7: error: option 'm' of pass 'P': a clEnumValN(...) is not (enumerator, "name", "description")
include "mlir/Pass/PassBase.td"
def P : Pass<"p"> {
  let options = [
    Option<"m", "m", "M", "", "A mode", [{::llvm::cl::values(clEnumValN(M::a, a, "A"))}]>
  ];
}
