//! Test ops, patterns and passes of the greedy and walk drivers (`-test-greedy-patterns`, `-test-strict-pattern-driver`, `-test-walk-pattern-rewrite-driver`, `-test-pattern-selective-replacement`).

use mlir_ir::OpInfo;
use mlir_transforms::pass::PassRegistry;

/// The generated op definitions of `td/TestOpsGreedy.td`. Generated code keeps the
/// shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, unused_imports, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/greedy_ops.rs"));
}

/// The ops of this area, with their hand-written hooks attached.
pub fn operations() -> Vec<OpInfo> {
    ops::operations()
}

/// Registers the test passes of this area.
pub fn register_passes(_registry: &mut PassRegistry) {}
