//! Test ops and passes of the ODS area of the upstream suite (`mlir-tblgen/types.mlir`, `return-types.mlir` with `-test-return-type`, `op-derived-attribute.mlir` with `-test-derived-attr`).

use mlir_ir::OpInfo;
use mlir_transforms::pass::PassRegistry;

/// The generated op definitions of `td/TestOpsODS.td`. Generated code keeps the
/// shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, unused_imports, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/ods_ops.rs"));
}

/// The ops of this area, with their hand-written hooks attached.
pub fn operations() -> Vec<OpInfo> {
    ops::operations()
}

/// Registers the test passes of this area.
pub fn register_passes(_registry: &mut PassRegistry) {}
