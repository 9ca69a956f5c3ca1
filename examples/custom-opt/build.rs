//! Generates the `mem` dialect of `td/Mem.td` and the `names` dialect of
//! `td/UpstreamNames.td` (upstream ODS names as upstream uses them) into
//! `$OUT_DIR`.

fn main() {
    mlir_ods::build::generate_op_defs("td/Mem.td", "mem_ops.rs");
    mlir_ods::build::generate_op_defs("td/UpstreamNames.td", "names_ops.rs");
}
