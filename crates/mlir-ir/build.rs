//! Generates the builtin ops that are defined through ODS (`td/BuiltinOps.td`)
//! into `$OUT_DIR`. `mlir-ods` has no dependencies, so `mlir-ir` can use its
//! generator at build time like any dialect crate; the generated code names
//! this crate `::mlir_ir` (see `extern crate self` in `lib.rs`).

fn main() {
    mlir_ods::build::generate_op_defs("td/BuiltinOps.td", "builtin_ops.rs");
}
