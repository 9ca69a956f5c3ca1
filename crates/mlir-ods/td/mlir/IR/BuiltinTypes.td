//===- BuiltinTypes.td - upstream include path ------------------*- tablegen -*-===//
//
// Upstream's builtin type definitions. ODS users include it for the builtin
// type constraints, which rmlir's base library defines (Types.td).
//
//===----------------------------------------------------------------------===//

include "../../OpBase.td"
