//! `mlir-dialects`: upstream dialects re-built on `mlir-ir` from their ODS
//! definitions (`td/`): `func`, `arith`, `cf` and `scf`, with their
//! hand-written hooks, and the parts of `affine`, `math`, `memref`,
//! `tensor`, `ub` and `vector` that the upstream folding tests use, and a
//! minimal `llvm` (`llvm.func`, `llvm.return`).

// Custom parse hooks return `Result<_, ()>` like MLIR's `ParseResult`: the
// diagnostic has already been reported when they fail.
#![allow(clippy::result_unit_err)]

pub mod affine;
pub mod arith;
pub mod cf;
pub mod complex;
pub mod func;
pub mod gpu;
pub mod inliner;
pub mod linalg;
pub mod llvm;
pub mod math;
pub mod memref;
pub mod scf;
pub mod speculation;
pub mod tensor;
pub mod ub;
pub mod vector;
pub mod view_like;

use mlir_ir::Context;

/// Loads every dialect of this crate into `ctx`.
pub fn register_all(ctx: &mut Context) {
    ctx.load_dialect(arith::ArithDialect);
    ctx.load_dialect(cf::ControlFlowDialect);
    ctx.load_dialect(func::FuncDialect);
    ctx.load_dialect(scf::ScfDialect);
    ctx.load_dialect(affine::AffineDialect);
    ctx.load_dialect(math::MathDialect);
    ctx.load_dialect(memref::MemRefDialect);
    ctx.load_dialect(tensor::TensorDialect);
    ctx.load_dialect(ub::UbDialect);
    ctx.load_dialect(llvm::LlvmDialect);
    ctx.load_dialect(vector::VectorDialect);
    ctx.load_dialect(linalg::LinalgDialect);
    ctx.load_dialect(gpu::GpuDialect);
    ctx.load_dialect(complex::ComplexDialect);
}
