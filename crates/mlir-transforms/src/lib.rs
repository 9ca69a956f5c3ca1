//! `mlir-transforms`: the greedy and walk pattern drivers, OperationFolder,
//! the canonicalizer and CSE passes and the pass manager.
//!
//! The pass infrastructure is in [`pass`] (passes, options, registry, pass
//! managers, parallel execution, reports) and [`pipeline`] (textual
//! pipelines); [`cse`] is the CSE pass; [`test_passes`] mirrors mlir-opt's
//! test passes for the pass-manager lit tests.

// Like MLIR's `LogicalResult`, a failed pass step has already reported
// its problem as a diagnostic, so the error value carries nothing.
#![allow(clippy::result_unit_err)]

pub mod cse;
pub mod pass;
pub mod pipeline;
pub mod test_passes;
