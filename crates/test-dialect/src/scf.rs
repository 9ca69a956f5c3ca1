//! Test ops of the scf area (`td/TestOpsSCF.td`): the ops upstream's scf
//! tests use, which need no hand-written hooks.

/// The generated op definitions of `td/TestOpsSCF.td`. Generated code keeps
/// the shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, unused_imports, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/scf_ops.rs"));
}

/// The ops of this area.
pub fn operations() -> Vec<mlir_ir::OpInfo> {
    ops::operations()
}
