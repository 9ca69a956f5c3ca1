//! `mlir-dialects`: upstream dialects re-built on `mlir-ir` from their ODS
//! definitions (`td/`): `func`, `arith`, `cf`, `scf` and `math`, with their
//! hand-written hooks.

// Custom parse hooks return `Result<_, ()>` like MLIR's `ParseResult`: the
// diagnostic has already been reported when they fail.
#![allow(clippy::result_unit_err)]

pub mod arith;
pub mod cf;
pub mod func;
pub mod math;
pub mod scf;

use mlir_ir::Context;

/// Loads every dialect of this crate into `ctx`.
pub fn register_all(ctx: &mut Context) {
    ctx.load_dialect(arith::ArithDialect);
    ctx.load_dialect(cf::ControlFlowDialect);
    ctx.load_dialect(func::FuncDialect);
    ctx.load_dialect(math::MathDialect);
    ctx.load_dialect(scf::ScfDialect);
}
