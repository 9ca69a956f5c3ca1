//! Pass instrumentation (MLIR's `PassInstrumentation`): observers the pass
//! manager calls around every pass it runs, behind `--mlir-print-ir-*`
//! ([`super::ir_printing`]) and the crash reproducer ([`super::crash`]).
//!
//! As in MLIR, adaptors (the nested pipelines) are not reported, only real
//! passes. Hooks take `&self` and may be called from several worker threads
//! at once (each on its own private arena), so an instrumentation keeps its
//! state behind locks; `op` is the op the pass runs on, in whatever arena
//! holds it at that moment.

use mlir_ir::{Ir, OpRef};

use super::Pass;

/// An observer of pass execution.
pub trait PassInstrumentation: Send + Sync {
    /// Before `pass` runs on `op`.
    fn run_before_pass(&self, _pass: &dyn Pass, _ir: &Ir, _op: OpRef) {}
    /// After `pass` ran on `op` successfully (and the verifier accepted the result).
    fn run_after_pass(&self, _pass: &dyn Pass, _ir: &Ir, _op: OpRef) {}
    /// After `pass` failed on `op`, or produced IR the verifier rejected.
    /// Not called when the pass panicked: its IR may be half rewritten.
    fn run_after_pass_failed(&self, _pass: &dyn Pass, _ir: &Ir, _op: OpRef) {}
}
