//===- Traits.td - upstream include path ------------------*- tablegen -*-===//
//
// Upstream's traits (rmlir: Traits.td).
//
//===----------------------------------------------------------------------===//

include "../../OpBase.td"
