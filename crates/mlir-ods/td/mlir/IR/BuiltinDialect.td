//===- BuiltinDialect.td - upstream include path ------------------*- tablegen -*-===//
//
// Upstream's builtin dialect record; rmlir's builtin ops are defined by
// mlir-ir itself.
//
//===----------------------------------------------------------------------===//

include "../../OpBase.td"
