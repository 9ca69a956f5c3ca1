//! Generates the `mem` dialect of `td/Mem.td` into `$OUT_DIR`.

fn main() {
    mlir_ods::build::generate_op_defs("td/Mem.td", "mem_ops.rs");
}
