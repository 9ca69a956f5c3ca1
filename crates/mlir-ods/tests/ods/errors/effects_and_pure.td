// CHECK: 5:5: error: op declares memory effects and 'NoMemoryEffect'/'Pure'
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
def T_Dialect : Dialect { let name = "t"; }
def A_Op : Op<T_Dialect, "a", [Pure, MemoryEffects<[MemWrite]>]>;
