//===- EnumAttr.td - upstream include path ------------------*- tablegen -*-===//
//
// `include "mlir/IR/EnumAttr.td"` as upstream: enum attributes.
//
//===----------------------------------------------------------------------===//

include "../../EnumAttr.td"
