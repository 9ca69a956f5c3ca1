//===- Properties.td - upstream include path ------------------*- tablegen -*-===//
//
// Upstream's native properties (rmlir: Properties.td).
//
//===----------------------------------------------------------------------===//

include "../../OpBase.td"
