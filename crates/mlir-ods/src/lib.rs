//! `mlir-ods`: the TableGen front end (parser and record evaluator) and the
//! ODS generator that turns op definitions in `.td` files into typed Rust op
//! wrappers, builders, verifiers and assembly formats.
//!
//! - [`tablegen`]: the TableGen front end.
//! - [`ods`]: records → op model, with located errors for bad definitions.
//! - [`gen`]: op model → Rust source and Markdown docs; [`gen::pass`]:
//!   `Pass` records (`mlir/Pass/PassBase.td`) → pass declarations.
//! - [`build`]: the helper dialect crates call from `build.rs`.
//!
//! This crate runs from other crates' build scripts, so it depends on
//! nothing but `std`.

pub mod build;
pub mod gen;
pub mod ods;
pub mod tablegen;
