//! `mlir-dialects`: upstream dialects re-built on `mlir-ir` — `func` (with its
//! custom assembly forms) now; `arith`, `cf` and `scf` arrive with ODS.

pub mod func;

use mlir_ir::Context;

/// Loads every dialect of this crate into `ctx`.
pub fn register_all(ctx: &mut Context) {
    ctx.load_dialect(func::FuncDialect);
}
