//! `mlir-dialects`: upstream dialects re-built on `mlir-ir` — `func` (with its
//! custom assembly forms) now; `arith`, `cf` and `scf` arrive with ODS.

// Custom parse hooks return `Result<_, ()>` like MLIR's `ParseResult`: the
// diagnostic has already been reported when they fail.
#![allow(clippy::result_unit_err)]

pub mod func;

use mlir_ir::Context;

/// Loads every dialect of this crate into `ctx`.
pub fn register_all(ctx: &mut Context) {
    ctx.load_dialect(func::FuncDialect);
}
