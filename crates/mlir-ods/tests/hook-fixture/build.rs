//! Generates the fixture's ops from `td/Fix.td`.

fn main() {
    mlir_ods::build::generate_op_defs("td/Fix.td", "fix_ops.rs");
}
