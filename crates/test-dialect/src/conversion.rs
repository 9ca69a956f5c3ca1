//! Test ops, patterns and passes of the dialect-conversion area (`-test-legalize-patterns` and friends).

use mlir_ir::OpInfo;
use mlir_transforms::pass::PassRegistry;

/// The generated op definitions of `td/TestOpsConversion.td`. Generated code keeps the
/// shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, unused_imports, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/conversion_ops.rs"));
}

/// The ops of this area, with their hand-written hooks attached.
pub fn operations() -> Vec<OpInfo> {
    ops::operations()
}

/// Registers the test passes of this area.
pub fn register_passes(_registry: &mut PassRegistry) {}
