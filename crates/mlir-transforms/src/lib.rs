//! `mlir-transforms`: the greedy and walk pattern drivers, OperationFolder,
//! the canonicalizer and CSE passes and the pass manager. Filled in by the
//! drivers issue.
