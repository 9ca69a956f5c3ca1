//===- FunctionInterfaces.td - upstream include path ------------------*- tablegen -*-===//
//
// Upstream's `FunctionOpInterface` (rmlir's Traits.td; function ops write
// their custom form with `mlir_dialects::func::parse_function_op`-style
// helpers in Rust).
//
//===----------------------------------------------------------------------===//

include "../../OpBase.td"
include "CallInterfaces.td"
