// CHECK: 5:51: error: Element type mismatch for list: element type 'I' not convertible to 'MemoryEffect
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
def T_Dialect : Dialect { let name = "t"; }
def A_Op : Op<T_Dialect, "a", [MemoryEffects<[I32]>]> {
  let arguments = (ins I32:$x);
}
