//! `mlir-transforms`: the greedy and walk pattern drivers, OperationFolder,
//! region simplification, side-effect queries for dead code elimination,
//! the canonicalizer core, CSE and the pass manager.

// Like MLIR's `LogicalResult`, failures carry no value: the reason, if any,
// was reported as a diagnostic.
#![allow(clippy::result_unit_err)]
#![warn(missing_docs)]

pub mod canonicalize;
pub mod folder;
pub mod greedy;
pub mod region_simplify;
pub mod side_effects;
pub mod walk;

#[cfg(test)]
mod tests;

pub use canonicalize::{canonicalize, CanonicalizationPatterns, CanonicalizerOptions};
pub use folder::OperationFolder;
pub use greedy::{
    apply_op_patterns_greedily, apply_patterns_greedily, apply_patterns_greedily_in_region,
    GreedyRewriteConfig, GreedyRewriteResult, GreedyRewriteStrictness, NotConverged,
};
pub use region_simplify::{
    erase_unreachable_blocks, run_region_dce, simplify_regions, RegionSimplificationLevel,
};
pub use side_effects::{
    is_memory_effect_free, is_op_trivially_dead, is_pure, would_op_be_trivially_dead,
};
pub use walk::walk_and_apply_patterns;
