//! `mlir-dialects`: upstream dialects re-built on `mlir-ir` from their ODS
//! definitions (`td/`): `func`, `arith` and `cf` (with their hand-written
//! hooks); `scf` is defined in `td/` but not wired in yet.

// Custom parse hooks return `Result<_, ()>` like MLIR's `ParseResult`: the
// diagnostic has already been reported when they fail.
#![allow(clippy::result_unit_err)]

pub mod arith;
pub mod cf;
pub mod func;

use mlir_ir::Context;

/// Loads every dialect of this crate into `ctx`.
pub fn register_all(ctx: &mut Context) {
    ctx.load_dialect(arith::ArithDialect);
    ctx.load_dialect(cf::ControlFlowDialect);
    ctx.load_dialect(func::FuncDialect);
}
