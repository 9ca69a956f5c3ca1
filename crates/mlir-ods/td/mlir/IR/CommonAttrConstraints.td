//===- CommonAttrConstraints.td - upstream include path ------------------*- tablegen -*-===//
//
// Upstream's attribute constraints (rmlir: Attrs.td).
//
//===----------------------------------------------------------------------===//

include "../../OpBase.td"
