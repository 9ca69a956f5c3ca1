//===- CastInterfaces.td - upstream include path ------------------*- tablegen -*-===//
//
// Upstream's `CastOpInterface` (rmlir's Traits.td).
//
//===----------------------------------------------------------------------===//

include "../../OpBase.td"
