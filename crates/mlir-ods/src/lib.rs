//! `mlir-ods`: the TableGen front end (parser and record evaluator) and the
//! ODS generator that turns op definitions in `.td` files into typed Rust op
//! wrappers, builders, verifiers and assembly formats.
//!
//! This crate runs from other crates' build scripts, so it depends on
//! nothing but `std`.

pub mod tablegen;
