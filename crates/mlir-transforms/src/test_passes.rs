//! Test passes mirroring mlir-opt's (`test-pass-failure`,
//! `test-options-pass`, `test-single-fold`), so that lit tests of the pass infrastructure can
//! be run against both tools with the same CHECK lines. They are registered
//! by [`register_test_passes`]; tools opt in.

use mlir_ir::diagnostics::Diagnostic;
use mlir_ir::ir::WalkOrder;
use mlir_ir::PreviousPosition;
use mlir_ir::{BuilderListener, Ir, OpRef};
use mlir_rewrite::RewriterListener;

use crate::folder::OperationFolder;

use crate::pass::registry::PassRegistry;
use crate::pass::{IntKind, OptionKind, Pass, PassContext, PassOption, PassOptions};

/// Always fails; with `gen-diagnostics` it first reports `illegal operation`
/// at the op (upstream's `TestFailurePass`).
#[derive(Clone)]
pub struct TestFailurePass {
    options: PassOptions,
}

impl Default for TestFailurePass {
    fn default() -> Self {
        TestFailurePass {
            options: PassOptions::new().with(PassOption::bool(
                "gen-diagnostics",
                "Generate a diagnostic message",
                false,
            )),
        }
    }
}

impl Pass for TestFailurePass {
    fn name(&self) -> &str {
        "(anonymous namespace)::TestFailurePass"
    }
    fn argument(&self) -> &str {
        "test-pass-failure"
    }
    fn description(&self) -> &str {
        "Test a pass in the pass manager that always fails"
    }
    fn options(&self) -> Option<&PassOptions> {
        Some(&self.options)
    }
    fn options_mut(&mut self) -> Option<&mut PassOptions> {
        Some(&mut self.options)
    }
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        _cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        if self.options.get_bool("gen-diagnostics") {
            ir.ctx()
                .emit(Diagnostic::error(ir.op_loc(op), "illegal operation"));
        }
        Err(())
    }
}

/// Parses options of every kind and does nothing (upstream's
/// `TestOptionsPass`, restricted to `func.func`).
#[derive(Clone)]
pub struct TestOptionsPass {
    options: PassOptions,
}

impl Default for TestOptionsPass {
    fn default() -> Self {
        TestOptionsPass {
            options: PassOptions::new()
                .with(PassOption::list(
                    "list",
                    "Example list option",
                    OptionKind::Int(IntKind::Int),
                ))
                .with(PassOption::list(
                    "string-list",
                    "Example string list option",
                    OptionKind::String,
                ))
                .with(PassOption::string("string", "Example string option", ""))
                .with(PassOption::enumeration(
                    "enum",
                    "Example enum option",
                    &[
                        ("zero", "Example zero value"),
                        ("one", "Example one value"),
                        ("two", "Example two value"),
                    ],
                    "zero",
                )),
        }
    }
}

impl Pass for TestOptionsPass {
    fn name(&self) -> &str {
        "(anonymous namespace)::TestOptionsPass"
    }
    fn argument(&self) -> &str {
        "test-options-pass"
    }
    fn description(&self) -> &str {
        "Test options parsing capabilities"
    }
    fn op_name(&self) -> Option<&str> {
        Some("func.func")
    }
    fn options(&self) -> Option<&PassOptions> {
        Some(&self.options)
    }
    fn options_mut(&mut self) -> Option<&mut PassOptions> {
        Some(&mut self.options)
    }
    fn run_on_operation(
        &mut self,
        _ir: &mut Ir,
        _op: OpRef,
        cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        cx.mark_all_analyses_preserved();
        Ok(())
    }
}

/// Folds every op once with an [`OperationFolder`], in reverse pre-order,
/// then erases the constants it created that ended up unused (upstream's
/// `TestSingleFold`, `-test-single-fold`).
#[derive(Clone, Default)]
pub struct TestSingleFoldPass;

/// Tracks the ops the folder inserts (its constants) and forgets erased
/// ones, as the upstream pass does as its own listener.
#[derive(Default)]
struct ConstantTracker {
    existing_constants: Vec<OpRef>,
}

impl BuilderListener for ConstantTracker {
    fn notify_operation_inserted(&mut self, _ir: &Ir, op: OpRef, _previous: PreviousPosition) {
        self.existing_constants.push(op);
    }
}

impl RewriterListener for ConstantTracker {
    fn notify_operation_erased(&mut self, _ir: &Ir, op: OpRef) {
        if let Some(i) = self.existing_constants.iter().position(|&c| c == op) {
            self.existing_constants.remove(i);
        }
    }
}

impl Pass for TestSingleFoldPass {
    fn name(&self) -> &str {
        "(anonymous namespace)::TestSingleFold"
    }
    fn argument(&self) -> &str {
        "test-single-fold"
    }
    fn description(&self) -> &str {
        "Test single-pass operation folding and dead constant elimination"
    }
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        _cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let ops = ir.walk_collect(op, WalkOrder::PreOrder);
        let mut folder = OperationFolder::new();
        let mut tracker = ConstantTracker::default();
        // Reverse order puts the constants created last at the front, so
        // the materialized constants follow the order of the ops they come from.
        for &o in ops.iter().rev() {
            // An earlier fold may have erased `o` (e.g. a duplicate constant).
            if ir.is_live_op(o) {
                let _ = folder.try_to_fold(ir, Some(&mut tracker), o);
            }
        }
        for c in tracker.existing_constants {
            if ir.is_live_op(c) && ir.results(c).all(|v| ir.use_empty(v)) {
                ir.erase_op(c);
            }
        }
        Ok(())
    }
}

/// Registers the test passes.
pub fn register_test_passes(registry: &mut PassRegistry) {
    registry.register_pass(|| Box::new(TestSingleFoldPass));
    registry.register_pass(|| Box::new(TestFailurePass::default()));
    registry.register_pass(|| Box::new(TestOptionsPass::default()));
}
