//! Test ops of the DRR area and the rewrite patterns generated from the DRR rules of the test dialect (`populate_with_generated`, used by `-test-greedy-patterns` and `-test-legalize-patterns`).

use mlir_ir::OpInfo;
use mlir_transforms::pass::PassRegistry;

/// The generated op definitions of `td/TestOpsDRR.td`. Generated code keeps the
/// shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, unused_imports, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/drr_ops.rs"));
}

/// The ops of this area, with their hand-written hooks attached.
pub fn operations() -> Vec<OpInfo> {
    ops::operations()
}

/// Registers the test passes of this area.
pub fn register_passes(_registry: &mut PassRegistry) {}

/// Adds the patterns generated from the test dialect's DRR rules (upstream's
/// `populateWithGenerated`).
pub fn populate_with_generated(_patterns: &mut mlir_rewrite::RewritePatternSet) {}
