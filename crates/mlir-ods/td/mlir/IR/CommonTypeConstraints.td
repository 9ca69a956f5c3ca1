//===- CommonTypeConstraints.td - upstream include path ------------------*- tablegen -*-===//
//
// Upstream's type constraints (rmlir: Types.td).
//
//===----------------------------------------------------------------------===//

include "../../OpBase.td"
