// CHECK: 6:7: error: attribute 'count' cannot have memory effect decorators (only operands and results can)
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
def T_Dialect : Dialect { let name = "t"; }
def A_Op : Op<T_Dialect, "a"> {
  let arguments = (ins Arg<I32Attr, "", [MemRead]>:$count);
}
