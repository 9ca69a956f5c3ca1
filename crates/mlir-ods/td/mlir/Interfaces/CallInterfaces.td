//===- CallInterfaces.td - upstream include path ------------------*- tablegen -*-===//
//
// Upstream's `CallOpInterface` and `CallableOpInterface` (rmlir's Traits.td).
//
//===----------------------------------------------------------------------===//

include "../../OpBase.td"
