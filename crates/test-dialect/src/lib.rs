//! `test-dialect`: MLIR's `test` dialect (TestOps.td ops, patterns and test
//! passes) used by the upstream conformance tests. Filled in by the ODS, DRR,
//! driver and conversion issues as they need it.
