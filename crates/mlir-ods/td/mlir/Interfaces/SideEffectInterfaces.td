//===- SideEffectInterfaces.td - upstream include path ------------------*- tablegen -*-===//
//
// Upstream's side-effect interfaces: `MemoryEffects<[...]>`, the
// `MemRead`/`MemWrite`/`MemAlloc`/`MemFree` decorators, `NoMemoryEffect`,
// `RecursiveMemoryEffects`, `Pure` and speculation (rmlir's Traits.td).
//
//===----------------------------------------------------------------------===//

include "../../OpBase.td"
