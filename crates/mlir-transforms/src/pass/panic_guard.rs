//! A panic inside a pass — in the pass itself, or in a pattern, folder or
//! hook it runs — becomes an error diagnostic and a failed pass instead of
//! a process abort (the pass manager's side of [`mlir_rewrite::abort`]).
//!
//! The report is located where the failure is known: a [`PatternPanic`]
//! carries the location of the op the pattern was applied to and names the
//! pattern, a [`HookPanic`] (from a folder) its ready-made error at the
//! folded op; any other panic is reported at the op the pass ran on. The
//! report is built from locations only, never by printing IR: after a
//! panic the IR may be half rewritten, and the failed pass stops the
//! pipeline before anything prints it.

use std::panic::{catch_unwind, AssertUnwindSafe};

use mlir_ir::diagnostics::HookPanic;
use mlir_ir::{Diagnostic, Ir, OpRef};
use mlir_rewrite::{panic_message, PatternPanic};

/// Runs `run` (the body of pass `pass_name` on `op`); a panic in it is
/// reported as an error and turned into failure (`true`). Otherwise returns
/// what `run` returns (`true` for failure).
pub(crate) fn run_guarded(
    ir: &mut Ir,
    op: OpRef,
    pass_name: &str,
    run: impl FnOnce(&mut Ir) -> bool,
) -> bool {
    // The op's location is read before the pass runs: afterwards the op
    // may be gone.
    let op_loc = ir.op_loc(op);
    let ctx = ir.ctx_arc().clone();
    match catch_unwind(AssertUnwindSafe(|| run(&mut *ir))) {
        Ok(failed) => failed,
        Err(payload) => {
            let located = if let Some(p) = payload.downcast_ref::<PatternPanic>() {
                Some(Diagnostic::error(p.loc, p.to_string()))
            } else {
                payload.downcast_ref::<HookPanic>().map(|h| h.0.clone())
            };
            let d = match located {
                Some(mut d) => {
                    d.attach_note(op_loc, format!("while running pass '{pass_name}' here"));
                    d
                }
                None => Diagnostic::error(
                    op_loc,
                    format!("pass '{pass_name}' panicked: {}", panic_message(&*payload)),
                ),
            };
            ctx.emit(d);
            true
        }
    }
}
