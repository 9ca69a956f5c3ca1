//===- OpBase.td - upstream include path ------------------*- tablegen -*-===//
//
// `include "mlir/IR/OpBase.td"` as upstream: ops, dialects, types,
// attributes, properties, traits and enums of rmlir's base library.
//
//===----------------------------------------------------------------------===//

include "../../OpBase.td"
