//===- SymbolInterfaces.td - upstream include path ------------------*- tablegen -*-===//
//
// Upstream's symbol interfaces: `Symbol`, `SymbolTable`,
// `SymbolUserOpInterface` (declared in rmlir's Traits.td).
//
//===----------------------------------------------------------------------===//

include "../../OpBase.td"
