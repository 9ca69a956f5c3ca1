//! Generates the Toy dialect's ops (`td/Ops.td`) and its declarative
//! rewrite rules (`td/ToyCombine.td`) and its pass declarations
//! (`td/Passes.td`) into `$OUT_DIR`, as a downstream
//! crate does: the `td` directory is on the include path, so the rules
//! include `Ops.td` by name.

fn main() {
    mlir_ods::build::generate_op_defs_with("td/Ops.td", "toy_ops.rs", &["td"]);
    mlir_drr::build::generate_rewriters_with_includes(
        "td/ToyCombine.td",
        "toy_combine.rs",
        Some("super::ops"),
        &["td"],
    );
    mlir_ods::build::generate_pass_decls("td/Passes.td", "toy_passes.rs", "Toy", &["td"]);
}
