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
#[derive(Clone, Default)]
pub struct TestFailurePass {
    pub(crate) base: crate::passes::TestFailurePassBase,
}

impl crate::pass::PassImpl for TestFailurePass {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        _cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        if self.base.gen_diagnostics() {
            ir.ctx()
                .emit(Diagnostic::error(ir.op_loc(op), "illegal operation"));
        }
        Err(())
    }
}

/// Parses options of every kind and does nothing (upstream's
/// `TestOptionsPass`, restricted to `func.func`).
#[derive(Clone, Default)]
pub struct TestOptionsPass {
    pub(crate) base: crate::passes::TestOptionsPassBase,
}

impl crate::pass::PassImpl for TestOptionsPass {
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

impl TestOptionsPass {
    /// The options of the pass as a group that other options nest
    /// (upstream's `TestOptionsPass::Options`).
    fn nested_options() -> PassOptions {
        PassOptions::new()
            .with(PassOption::list(
                "list",
                "Example list option",
                OptionKind::Int(IntKind::Int),
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
            ))
    }
}

/// Takes a list of [`TestOptionsPass`] option groups and does nothing
/// (upstream's `TestOptionsSuperPass`).
#[derive(Clone)]
pub struct TestOptionsSuperPass {
    options: PassOptions,
}

impl Default for TestOptionsSuperPass {
    fn default() -> Self {
        TestOptionsSuperPass {
            options: PassOptions::new().with(PassOption::list(
                "list",
                "Example list of PassPipelineOptions option",
                OptionKind::Nested(TestOptionsPass::nested_options()),
            )),
        }
    }
}

impl Pass for TestOptionsSuperPass {
    fn name(&self) -> &str {
        "(anonymous namespace)::TestOptionsSuperPass"
    }
    fn argument(&self) -> &str {
        "test-options-super-pass"
    }
    fn description(&self) -> &str {
        "Test options of options parsing capabilities"
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
        _: &mut Ir,
        _: OpRef,
        cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        cx.mark_all_analyses_preserved();
        Ok(())
    }
}

/// The two halves of the superset-options test (upstream's
/// `TestOptionsPassA`/`B`, declared in `td/TestPasses.td`): function passes
/// doing nothing.
#[derive(Clone, Default)]
pub struct TestOptionsPassA;

/// See [`TestOptionsPassA`].
#[derive(Clone, Default)]
pub struct TestOptionsPassB;

/// Both halves change nothing and preserve every analysis.
macro_rules! no_op_pass_impls {
    ($($pass:ty),*) => {$(
        impl crate::pass::PassImpl for $pass {
            fn run_on_operation(
                &mut self,
                _: &mut Ir,
                _: OpRef,
                cx: &mut PassContext<'_>,
            ) -> Result<(), ()> {
                cx.mark_all_analyses_preserved();
                Ok(())
            }
        }
    )*};
}
no_op_pass_impls!(TestOptionsPassA, TestOptionsPassB);

/// Parses `text` into `options` with the errors of a pipeline.
fn parse_pipeline_options(
    options: &mut PassOptions,
    text: &str,
) -> Result<(), crate::pipeline::PipelineError> {
    options
        .parse_from_str(text)
        .map_err(|e| crate::pipeline::PipelineError {
            cl_messages: e.cl_messages,
            message: format!("{}\n", e.stream),
        })
}

/// Folds every op with an [`OperationFolder`], in reverse pre-order, then
/// erases the constants it created that ended up unused (upstream's
/// `TestSingleFold`, `-test-single-fold`). An op folded in place is folded
/// again, up to `max-iterations` folds in all (default 1: once).
#[derive(Clone, Default)]
pub struct TestSingleFoldPass {
    pub(crate) base: crate::passes::TestSingleFoldPassBase,
}

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

impl crate::pass::PassImpl for TestSingleFoldPass {
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
            let mut folds = 0;
            while ir.is_live_op(o) {
                folds += 1;
                let in_place = folder.try_to_fold(ir, Some(&mut tracker), o) == Ok(true);
                if !in_place || folds >= self.base.max_iterations() {
                    break;
                }
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

/// Does nothing on `builtin.module` (upstream's `TestModulePass`).
#[derive(Clone, Default)]
pub struct TestModulePass;

impl crate::pass::PassImpl for TestModulePass {
    fn run_on_operation(
        &mut self,
        _: &mut Ir,
        _: OpRef,
        _: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        Ok(())
    }
}

/// Does nothing on `func.func` (upstream's `TestFunctionPass`).
#[derive(Clone, Default)]
pub struct TestFunctionPass;

impl crate::pass::PassImpl for TestFunctionPass {
    fn run_on_operation(
        &mut self,
        _: &mut Ir,
        _: OpRef,
        _: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        Ok(())
    }
}

/// Emits a remark on every function-like op it runs on (upstream's
/// `TestInterfacePass`, an `InterfacePass<FunctionOpInterface>`). An op is
/// function-like here when it declares the `function_type` attribute that
/// `FunctionOpInterface` requires.
#[derive(Clone, Default)]
pub struct TestInterfacePass;

impl crate::pass::PassImpl for TestInterfacePass {
    fn can_schedule_on(&self, info: &mlir_ir::OpInfo) -> bool {
        info.is_inherent_attr("function_type")
    }
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        _: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let d = Diagnostic::remark(ir.op_loc(op), "Executing interface pass on operation");
        ir.ctx().emit(d);
        Ok(())
    }
}

/// Panics (upstream's `TestCrashRecoveryPass`, which traps): exercises the
/// pass manager's crash recovery.
#[derive(Clone, Default)]
pub struct TestCrashRecoveryPass;

impl crate::pass::PassImpl for TestCrashRecoveryPass {
    fn run_on_operation(
        &mut self,
        _: &mut Ir,
        _: OpRef,
        _: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        panic!("test-pass-crash: this pass always crashes");
    }
}

/// Inserts an op that does not verify at the start of the function and/or
/// signals failure (upstream's `TestInvalidIRPass`).
#[derive(Clone, Default)]
pub struct TestInvalidIrPass {
    pub(crate) base: crate::passes::TestInvalidIRPassBase,
}

impl crate::pass::PassImpl for TestInvalidIrPass {
    fn can_schedule_on(&self, info: &mlir_ir::OpInfo) -> bool {
        info.is_inherent_attr("function_type")
    }
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        _: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        if self.base.emit_invalid_ir() {
            let region = ir.region(op, 0);
            if let Some(block) = ir.region_blocks(region).next() {
                let name = ir.ctx().op_name("test.any_attr_of_i32_str");
                let loc = ir.ctx().unknown_loc();
                let mut b = mlir_ir::OpBuilder::new(ir);
                b.set_insertion_point_to_start(block);
                b.create(mlir_ir::OperationState::new(name, loc));
            }
        }
        if self.base.signal_failure() {
            return Err(());
        }
        Ok(())
    }
}

/// Runs a pipeline given as an option on the op it runs on, or on the ops
/// of the same name nested in it, as a dynamic pipeline (upstream's
/// `TestDynamicPipelinePass`).
#[derive(Clone, Default)]
pub struct TestDynamicPipelinePass {
    pub(crate) base: crate::passes::TestDynamicPipelinePassBase,
}

impl crate::pass::PassImpl for TestDynamicPipelinePass {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let pipeline = self.base.pipeline().to_string();
        err_line(format!(
            "Dynamic execute '{pipeline}' on {}",
            ir.op_name_str(op)
        ));
        if pipeline.is_empty() {
            err_line("Empty pipeline".to_string());
            return Ok(());
        }
        let Some(sym) = mlir_ir::symbol_table::symbol_name(ir, op).map(|s| s.into_owned()) else {
            let d = Diagnostic::warning(
                ir.op_loc(op),
                "Ignoring because not implementing SymbolOpInterface\n",
            );
            ir.ctx().emit(d);
            return Ok(());
        };
        let names = self.base.op_names();
        if !names.is_empty() && !names.contains(&sym) {
            err_line(format!("dynamic-pipeline skip op name: {sym}"));
            return Ok(());
        }
        let name = ir.op_name_str(op).to_string();
        let mut pm = crate::pass::OpPassManager::new(&name);
        let registry = PassRegistry::global().unwrap_or_else(|| {
            let mut r = PassRegistry::with_transforms_passes();
            register_test_passes(&mut r);
            std::sync::Arc::new(r)
        });
        if let Err(e) = crate::pipeline::parse_pass_pipeline_into(&pipeline, &mut pm, &registry) {
            crate::pass::parallel::write_stderr_ordered(&e.message);
            return Err(());
        }
        if self.base.run_on_parent() {
            if let Some(parent) = ir.op_parent_op(op) {
                if cx.run_pipeline(&mut pm, ir, parent).is_ok() {
                    return Err(());
                }
            }
            return Ok(());
        }
        if self.base.run_on_nested_op() {
            err_line("Run on nested op".to_string());
            // Post-order, as MLIR's `walk`.
            let nested: Vec<OpRef> = ir
                .walk_collect(op, WalkOrder::PostOrder)
                .into_iter()
                .filter(|&o| {
                    o != op
                        && ir.op_has_trait(o, mlir_ir::TraitSet::ISOLATED_FROM_ABOVE)
                        && ir.op_name(o) == ir.op_name(op)
                })
                .collect();
            let mut result = Ok(());
            for o in nested {
                let flags = mlir_ir::asm::PrintFlags::default();
                err_line(format!(
                    "Run on {}",
                    mlir_ir::asm::printer::print_op_local(ir, o, &flags)
                ));
                if cx.run_pipeline(&mut pm, ir, o).is_err() {
                    result = Err(());
                }
            }
            return result;
        }
        cx.run_pipeline(&mut pm, ir, op)
    }
}

/// Registers the test passes.
pub fn register_test_passes(registry: &mut PassRegistry) {
    // The passes declared in `td/TestPasses.td`.
    crate::passes::register_transforms_test_passes(registry);
    registry.register_pass(|| Box::new(TestOptionsSuperPass::default()));
    registry.register_pipeline(
        "test-options-pass-pipeline",
        "Parses options using pass pipeline registration",
        crate::passes::TestOptionsPassBase::declare_options(),
        |pm, text| {
            let mut pass = TestOptionsPass::default();
            parse_pipeline_options(pass.base.options_mut(), text)?;
            pm.add_pass(Box::new(pass))
                .map_err(|m| crate::pipeline::PipelineError {
                    cl_messages: Vec::new(),
                    message: format!("{m}\n"),
                })
        },
    );
    let super_list = || {
        PassOptions::new().with(PassOption::list(
            "super-list",
            "Example list of PassPipelineOptions option",
            OptionKind::Nested(TestOptionsPass::nested_options()),
        ))
    };
    registry.register_pipeline(
        "test-options-super-pass-pipeline",
        "Parses options of PassPipelineOptions using pass pipeline registration",
        super_list(),
        move |pm, text| {
            let mut options = super_list();
            parse_pipeline_options(&mut options, text)?;
            let mut pass = TestOptionsSuperPass::default();
            pass.options
                .set_nested_list("list", options.get_nested_list("super-list"));
            pm.add_pass(Box::new(pass))
                .map_err(|m| crate::pipeline::PipelineError {
                    cl_messages: Vec::new(),
                    message: format!("{m}\n"),
                })
        },
    );
    let ab = || {
        PassOptions::new()
            .with(PassOption::bool("foo", "Example boolean option", false))
            .with(PassOption::bool("bar", "Example boolean option", false))
    };
    registry.register_pipeline(
        "test-options-super-set-ab-pipeline",
        "Parses options of PassPipelineOptions using pass pipeline registration",
        ab(),
        move |pm, text| {
            let mut options = ab();
            parse_pipeline_options(&mut options, text)?;
            let _ = pm
                .nest("func.func")
                .add_pass(crate::passes::create_test_options_pass_a());
            let _ = pm
                .nest("func.func")
                .add_pass(crate::passes::create_test_options_pass_b());
            Ok(())
        },
    );
    registry.register_pass_as(
        "test-composite-fixed-point-pass",
        "Test composite pass",
        || {
            Box::new(
                crate::pass::composite::CompositeFixedPointPass::with_pipeline(
                    "TestCompositePass",
                    |pm| {
                        let _ =
                            pm.add_pass(Box::new(crate::canonicalize::CanonicalizerPass::new()));
                        let _ = pm.add_pass(Box::new(crate::cse::CsePass::new()));
                    },
                ),
            )
        },
    );
    registry.register_pipeline(
        "test-pm-nested-pipeline",
        "Test a nested pipeline in the pass manager",
        PassOptions::new(),
        |pm, _| {
            add_nested_test_pipeline(pm);
            Ok(())
        },
    );
    registry.register_pipeline(
        "test-textual-pm-nested-pipeline",
        "Test a nested pipeline in the pass manager using the textual pipeline parser",
        PassOptions::new(),
        |pm, _| {
            let registry = PassRegistry::global().unwrap_or_else(|| {
                let mut r = PassRegistry::new();
                register_test_passes(&mut r);
                std::sync::Arc::new(r)
            });
            crate::pipeline::parse_pass_pipeline_into("test-pm-nested-pipeline", pm, &registry)
        },
    );
}

/// `test-pm-nested-pipeline`: a module pipeline (module pass, nested
/// function pass) then a function pipeline (function pass).
fn add_nested_test_pipeline(pm: &mut crate::pass::OpPassManager) {
    let module_pm = pm.nest("builtin.module");
    let _ = module_pm.add_pass(Box::new(TestModulePass));
    let _ = module_pm
        .nest("func.func")
        .add_pass(Box::new(TestFunctionPass));
    let _ = pm.nest("func.func").add_pass(Box::new(TestFunctionPass));
}

/// Writes one line to standard error through the pass manager's ordered
/// output, so that a pass running on worker threads prints in op order.
fn err_line(text: String) {
    crate::pass::parallel::write_stderr_ordered(&(text + "\n"));
}
