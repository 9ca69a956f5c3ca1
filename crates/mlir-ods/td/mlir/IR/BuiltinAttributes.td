//===- BuiltinAttributes.td - upstream include path ------------------*- tablegen -*-===//
//
// Upstream's builtin attribute definitions. ODS users include it for the
// builtin attribute constraints, which rmlir's base library defines with the
// other attribute constraints (Attrs.td).
//
//===----------------------------------------------------------------------===//

include "../../OpBase.td"
