//===- OpAsmInterface.td - upstream include path ------------------*- tablegen -*-===//
//
// Upstream's OpAsmOpInterface (rmlir: declared in Traits.td; the
// interface is implemented in Rust with `mlir_ir::asm::OpAsmInterface`).
//
//===----------------------------------------------------------------------===//

include "../../OpBase.td"
