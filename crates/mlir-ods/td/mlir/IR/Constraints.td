//===- Constraints.td - upstream include path ------------------*- tablegen -*-===//
//
// Upstream's predicates and constraints (rmlir: Constraints.td).
//
//===----------------------------------------------------------------------===//

include "../../OpBase.td"
