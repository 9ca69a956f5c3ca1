//===- PatternBase.td - upstream include path ------------------*- tablegen -*-===//
//
// `include "mlir/IR/PatternBase.td"` as upstream: declarative rewrite rules.
//
//===----------------------------------------------------------------------===//

include "../../PatternBase.td"
