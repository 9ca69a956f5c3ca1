//! `mlir-drr`: compiles declarative rewrite rules (`Pat`/`Pattern` records
//! of a `.td` file, read by `mlir-ods`'s TableGen front end) into Rust
//! `RewritePattern`s, MLIR's `mlir-tblgen -gen-rewriters`.
//!
//! - [`gen`]: records → Rust source, one pattern type per rule plus a
//!   `populate_with_generated` function; malformed rules are reported as
//!   located diagnostics.
//! - [`build`]: the helper dialect crates call from `build.rs`.
//!
//! The generated code depends on `mlir-ir` and `mlir-rewrite` only; native
//! code snippets (`NativeCodeCall`, `CPred`) are Rust expressions resolved
//! in the module that `include!`s the output. See `docs/DRR.md`.

pub mod build;
pub mod gen;

pub use gen::gen_rewriters;
