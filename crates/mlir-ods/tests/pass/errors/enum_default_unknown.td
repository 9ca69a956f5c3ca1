// CHECK: 4:7: error: option 'm' of pass 'P' has the default 'M::c', which is not one of the enum's clEnumValN cases
include "mlir/Pass/PassBase.td"
def P : Pass<"p"> {
  let options = [
    Option<"m", "m", "M", "M::c", "A mode",
           [{::llvm::cl::values(clEnumValN(M::a, "a", "A"), clEnumValN(M::b, "b", "B"))}]>
  ];
}
