//! Registration of the standard passes (MLIR's `mlir/Transforms/Passes.td`):
//! `canonicalize`, `cse`, `symbol-dce`, `strip-debuginfo`, ... One function
//! so that the registry gains them with a single line.

use crate::pass::PassRegistry;

/// Registers every standard pass of this crate: those declared in
/// `td/Passes.td` (generated registration).
pub fn register(registry: &mut PassRegistry) {
    crate::passes::register_transforms_passes(registry);
}
