//===- DialectBase.td - upstream include path ------------------*- tablegen -*-===//
//
// Upstream's dialect records (rmlir: DialectBase.td).
//
//===----------------------------------------------------------------------===//

include "../../OpBase.td"
