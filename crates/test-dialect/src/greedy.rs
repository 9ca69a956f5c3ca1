//! Test ops, patterns and passes of the greedy and walk drivers (`-test-greedy-patterns`, `-test-strict-pattern-driver`, `-test-walk-pattern-rewrite-driver`, `-test-pattern-selective-replacement`).
//!
//! Upstream defines these in `TestPatterns.cpp` (patterns and passes) and
//! `TestOpDefs.cpp` (the folder of `test.op_in_place_fold`). Here:
//!
//! * [`ops`]: the ODS ops of `td/TestOpsGreedy.td`, with the folder attached
//!   in [`operations`];
//! * [`patterns`]: the hand-written patterns, most of them rooted on op
//!   names the test dialect does not define (`test.erase_op`, ...);
//! * [`notifications`]: the listener printing every IR change
//!   (`DumpNotifications`), which the strict and walk driver tests check;
//! * [`passes`]: the four test passes, plus rmlir's `-test-broken-patterns`
//!   for the expensive pattern checks;
//! * rmlir-only ops whose canonicalization patterns never converge
//!   (`test.rmlir_flip`: two patterns undo each other; `test.rmlir_grow`: a
//!   pattern grows the IR in every iteration), for the driver's
//!   non-convergence report.

pub mod notifications;
pub mod passes;
pub mod patterns;

use mlir_ir::fold::{FoldCtx, InPlaceEdit, OpFoldResult};
use mlir_ir::{AttrKind, OpInfo};
use mlir_transforms::pass::PassRegistry;

/// The generated op definitions of `td/TestOpsGreedy.td`. Generated code keeps the
/// shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, unused_imports, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/greedy_ops.rs"));
}

/// The ops of this area, with their hand-written hooks attached.
pub fn operations() -> Vec<OpInfo> {
    ops::operations()
}

// The hooks `td/TestOpsGreedy.td` declares.
mlir_ir::fold_hooks! {
    ops::TestOpInPlaceFold => fold_in_place,
    ops::TestPanickingHooksOp => panicking_fold,
}

mlir_rewrite::canonicalization_hooks! {
    ops::TestRmlirFlipOp => |set: &mut mlir_rewrite::RewritePatternSet, _| {
        set.add(patterns::FLIP_ON).add(patterns::FLIP_OFF);
    },
    ops::TestRmlirGrowOp => |set: &mut mlir_rewrite::RewritePatternSet, _| {
        set.add(patterns::GROW_FOREVER);
    },
}

impl ops::TestPanickingHooksOp {
    /// `hasVerifier`.
    fn verify(self, ir: &mlir_ir::Ir) -> Result<(), mlir_ir::Diagnostic> {
        panicking_verify(ir, self.0)
    }
}

/// `test.op_in_place_fold` folds in place: when its operand is a constant
/// and `attr` is not set yet, it records the constant's integer value in
/// `attr` and keeps its own result (upstream's `TestOpInPlaceFold::fold`).
fn fold_in_place(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let value = cx.operand_constant(0)?;
    if cx.ir.attr(cx.op, "attr").is_some() {
        return None;
    }
    // Upstream stores `dyn_cast_or_null<IntegerAttr>`: a constant of another
    // kind leaves `attr` unset.
    let int = matches!(cx.ir.ctx().attr(value), AttrKind::Integer { .. }).then_some(value);
    cx.update_in_place(InPlaceEdit::SetAttr("attr".into(), int));
    Some(OpFoldResult::Value(cx.result(0)))
}

/// `test.panicking_hooks`'s verifier: panics when `verifier_panics` is set.
fn panicking_verify(ir: &mlir_ir::Ir, op: mlir_ir::OpRef) -> Result<(), mlir_ir::Diagnostic> {
    if ir.attr(op, "verifier_panics").is_some() {
        panic!("a bug in the verifier");
    }
    Ok(())
}

/// `test.panicking_hooks`'s folder: panics when `folder_panics` is set.
fn panicking_fold(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    if cx.ir.attr(cx.op, "folder_panics").is_some() {
        panic!("a bug in the folder");
    }
    None
}

/// Registers the test passes of this area.
pub fn register_passes(registry: &mut PassRegistry) {
    crate::pass_decls::register_test_greedy_pattern_driver_pass(registry);
    crate::pass_decls::register_test_strict_pattern_driver_pass(registry);
    crate::pass_decls::register_test_walk_pattern_driver_pass(registry);
    crate::pass_decls::register_test_selective_replacement_pattern_driver_pass(registry);
    crate::pass_decls::register_test_broken_pattern_driver_pass(registry);
}
