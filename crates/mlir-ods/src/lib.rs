//! `mlir-ods`: the TableGen front end (parser and record evaluator) and the
//! ODS generator that turns op definitions in `.td` files into typed Rust op
//! wrappers, builders, verifiers and assembly formats. Filled in by the ODS issue.
