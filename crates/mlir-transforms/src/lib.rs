//! `mlir-transforms`: the greedy and walk pattern drivers, OperationFolder,
//! region simplification, side-effect queries for dead code elimination,
//! the canonicalizer core, CSE and the pass manager.
//!
//! The pass infrastructure is in [`pass`] (passes, options, registry, pass
//! managers, parallel execution, reports) and [`pipeline`] (textual
//! pipelines); [`passes`] holds the pass declarations generated from
//! `td/Passes.td` and `td/TestPasses.td`; [`cse`] is the CSE pass; [`test_passes`] mirrors mlir-opt's
//! test passes for the pass-manager lit tests. The drivers are [`greedy`]
//! and [`walk`], folding is [`folder`], and [`canonicalize`] is the
//! canonicalizer core.

// Like MLIR's `LogicalResult`, failures carry no value: the reason, if any,
// was reported as a diagnostic.
#![allow(clippy::result_unit_err)]

// The pass declarations generated from `td/Passes.td` name this crate as
// `::mlir_transforms`, as they do in downstream crates.
extern crate self as mlir_transforms;

pub mod canonicalize;
pub mod control_flow_sink;
pub mod cse;
pub mod folder;
pub mod greedy;
pub mod inliner;
pub mod licm;
pub mod op_stats;
pub mod pass;
pub mod passes;
pub mod pipeline;
pub mod region_simplify;
pub mod remove_dead_values;
pub mod rewrite_trace;
pub mod sccp;
pub mod side_effects;
pub mod standard_passes;
pub mod strip_debuginfo;
pub mod symbol_dce;
pub mod symbol_privatize;
pub mod test_passes;
pub mod topological_sort;
pub mod view_op_graph;
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
