//! The pass infrastructure (MLIR's `mlir/Pass`): the [`Pass`] trait, typed
//! pass options ([`options`]), the registry of passes by argument
//! ([`registry`]), nested pass managers with verification, failure
//! propagation, statistics and timing ([`manager`]), and the parallel
//! execution of nested pipelines over `IsolatedFromAbove` ops
//! ([`parallel`]). Textual pipelines are in [`crate::pipeline`].
//!
//! A pass sees the IR as `&mut Ir` plus the op it runs on. Passes anchored
//! on isolated ops nested in the root (e.g. `func.func` in `builtin.module`)
//! may run on several threads at once, each on a private arena holding one
//! op's body; a pass must therefore only touch the op it is given and what
//! is nested in it (MLIR's rule), and must be [`Send`].

pub mod composite;
pub mod crash;
pub mod instrumentation;
pub mod ir_printing;
pub mod manager;
pub mod options;
pub mod parallel;
pub mod registry;
pub mod report;

use mlir_ir::{Context, Ir, OpInfo, OpRef};

pub use crash::ReproducerConfig;
pub use instrumentation::PassInstrumentation;
pub use ir_printing::{IrPrinter, IrPrinterConfig, PassFilter};
pub use manager::{Nesting, OpPassManager, PassManager};
pub use options::{IntKind, OptionKind, OptionValue, OptionsError, PassOption, PassOptions};
pub use registry::{PassRegistry, PassRegistryEntry};
pub use report::{DisplayMode, TimeRecord, TimerNode, TimingEntry};

/// A statistic a pass declares (MLIR's `Pass::Statistic`): shown by
/// `--mlir-pass-statistics` as `(S) value name - description`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StatisticInfo {
    pub name: &'static str,
    pub description: &'static str,
}

/// What a running pass can tell the pass manager besides success or
/// failure: statistics and preserved analyses.
pub struct PassContext<'a> {
    infos: &'static [StatisticInfo],
    stats: &'a mut [u64],
    analyses: &'a mut Vec<report::TimerNode>,
    preserved_all: bool,
    /// The settings of the running pass manager and the op the pass runs
    /// on, for dynamic pipelines.
    exec: Option<(manager::Exec<'a>, OpRef)>,
}

impl<'a> PassContext<'a> {
    pub(crate) fn new(
        infos: &'static [StatisticInfo],
        stats: &'a mut [u64],
        analyses: &'a mut Vec<report::TimerNode>,
        exec: Option<(manager::Exec<'a>, OpRef)>,
    ) -> Self {
        PassContext {
            infos,
            stats,
            analyses,
            preserved_all: false,
            exec,
        }
    }

    /// Computes the analysis `name` with `compute`, timed under the pass as
    /// `(A) name` when timing is enabled (MLIR's analysis instrumentation).
    pub fn analysis<T>(&mut self, name: &'static str, compute: impl FnOnce() -> T) -> T {
        if !self.exec.is_some_and(|(e, _)| e.timing) {
            return compute();
        }
        let start = std::time::Instant::now();
        let r = compute();
        let d = start.elapsed();
        report::TimerNode::child(self.analyses, &format!("(A) {name}"))
            .time
            .add_sequential(d);
        r
    }

    /// Runs `pm` on `op` from inside the running pass (MLIR's
    /// `Pass::runPipeline`, dynamic pass pipelines): `op` must be the op the
    /// pass runs on or nested in it. The pipeline runs with the pass
    /// manager's settings (verification, instrumentation, threading) and
    /// its failure is returned for the pass to handle.
    pub fn run_pipeline(
        &mut self,
        pm: &mut OpPassManager,
        ir: &mut Ir,
        op: OpRef,
    ) -> Result<(), ()> {
        let Some((exec, root)) = self.exec else {
            let d = ir.op_error(op, "dynamic pipelines need a running pass manager");
            ir.ctx().emit(d);
            return Err(());
        };
        let mut cur = Some(op);
        while cur.is_some_and(|c| c != root) {
            cur = cur.and_then(|c| ir.op_parent_op(c));
        }
        if cur.is_none() {
            let d = ir.op_error(
                op,
                "Trying to schedule a dynamic pipeline on an operation that isn't nested under the current operation the pass is processing",
            );
            ir.ctx().emit(d);
            return Err(());
        }
        if let Err(msg) = pm.finalize(ir.ctx()) {
            ir.ctx()
                .emit(mlir_ir::Diagnostic::error(ir.op_loc(op), msg));
            return Err(());
        }
        pm.initialize(ir.ctx())?;
        if !exec.timing {
            return manager::run_pipeline(pm, ir, op, &exec);
        }
        // The pipeline's timers nest under the running pass, merged by name
        // with earlier runs (MLIR's `runBeforePipeline` timer nesting).
        report::reset_timing(pm);
        let result = manager::run_pipeline(pm, ir, op, &exec);
        let node = report::TimerNode {
            name: format!("'{}' Pipeline", pm.anchor_name()),
            time: pm.time,
            children: report::timer_nodes(pm),
        };
        report::TimerNode::merge_sequential(self.analyses, &[node]);
        result
    }

    fn stat_index(&self, name: &str) -> usize {
        self.infos
            .iter()
            .position(|s| s.name == name)
            .unwrap_or_else(|| panic!("statistic '{name}' is not declared by the pass"))
    }

    /// Adds `n` to the statistic `name` (which the pass must declare in
    /// [`Pass::statistics`]).
    pub fn add_statistic(&mut self, name: &str, n: u64) {
        let i = self.stat_index(name);
        self.stats[i] += n;
    }

    /// Marks every analysis as preserved: the IR did not change, so the pass
    /// manager skips the verifier after the pass, as MLIR does.
    pub fn mark_all_analyses_preserved(&mut self) {
        self.preserved_all = true;
    }

    pub(crate) fn preserved_all(&self) -> bool {
        self.preserved_all
    }
}

/// A transformation or analysis over the IR nested in one operation
/// (MLIR's `Pass`/`OperationPass`).
///
/// Returning `Err(())` from [`Pass::run_on_operation`] is MLIR's
/// `signalPassFailure`: the pass manager stops, and mlir-opt exits with 1
/// without printing the IR. Report the reason as a diagnostic first.
pub trait Pass: Send + PassClone {
    /// The pass name shown in timing and statistics (`CSE`).
    fn name(&self) -> &str;
    /// The command-line argument (`cse`); empty for unregistered passes.
    fn argument(&self) -> &str {
        ""
    }
    /// The one-line description shown in `--help`.
    fn description(&self) -> &str {
        ""
    }
    /// The op the pass is restricted to (`Some("func.func")`), or `None`
    /// for an op-agnostic pass.
    fn op_name(&self) -> Option<&str> {
        None
    }
    /// Whether the pass can run on ops described by `info` (MLIR's
    /// `canScheduleOn`); by default ops named [`Pass::op_name`], or any op.
    fn can_schedule_on(&self, info: &OpInfo) -> bool {
        self.op_name().is_none_or(|n| n == &*info.name)
    }
    /// The pass's options, if it has any.
    fn options(&self) -> Option<&PassOptions> {
        None
    }
    /// Mutable access to the options (for parsing them).
    fn options_mut(&mut self) -> Option<&mut PassOptions> {
        None
    }
    /// The statistics the pass declares, in the order it reports them.
    fn statistics(&self) -> &'static [StatisticInfo] {
        &[]
    }
    /// The namespaces of the dialects the pass may create entities of
    /// (MLIR's `getDependentDialects`). rmlir contexts load their dialects
    /// up front, so the pass manager checks they are loaded instead of
    /// loading them.
    fn dependent_dialects(&self) -> &'static [&'static str] {
        &[]
    }
    /// One-time setup before the first run (MLIR's `initialize`), after the
    /// options are set; e.g. building a pattern set. Runs once per pass
    /// manager run on the original instance, before it is cloned for
    /// worker threads.
    fn initialize(&mut self, _ctx: &Context) -> Result<(), ()> {
        Ok(())
    }
    /// Runs the pass on `op`. Must only change `op` and the IR nested in it.
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        cx: &mut PassContext<'_>,
    ) -> Result<(), ()>;
}

/// The hand-written half of a pass declared in TableGen (a `Pass` record
/// of a `Passes.td`, see `docs/PASSES.md`): the generated `impl Pass`
/// supplies name, argument, summary, anchor op, options, statistics and
/// dependent dialects from the record and forwards these hooks here, so
/// the implementation is only its run logic (MLIR's class deriving from
/// the generated `impl::XxxBase`).
pub trait PassImpl: Send {
    /// One-time setup after the options are set (see [`Pass::initialize`]).
    fn initialize(&mut self, _ctx: &Context) -> Result<(), ()> {
        Ok(())
    }
    /// Whether the pass can run on ops described by `info`, besides the
    /// anchor op the declaration names, which the generated code checks
    /// first (MLIR's `canScheduleOn`); an `InterfacePass` decides here
    /// which ops implement its interface.
    fn can_schedule_on(&self, _info: &OpInfo) -> bool {
        true
    }
    /// The name the pass shows (timing, statistics, diagnostics) when it is
    /// not the declaration's, as a C++ pass overrides `getName`: the
    /// composite fixed-point pass takes it from its `name` option. `None`
    /// (the default) keeps the declared name.
    fn display_name(&self) -> Option<&str> {
        None
    }
    /// Runs the pass on `op` (see [`Pass::run_on_operation`]).
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        cx: &mut PassContext<'_>,
    ) -> Result<(), ()>;
}

/// A copy of a pass (options and initialized state included), for the
/// pipelines of worker threads (MLIR's `clonePass`). Implemented for every
/// `Clone` pass, so a pass only derives `Clone`.
pub trait PassClone {
    fn clone_pass(&self) -> Box<dyn Pass>;
}

impl<T: Pass + Clone + 'static> PassClone for T {
    fn clone_pass(&self) -> Box<dyn Pass> {
        Box::new(self.clone())
    }
}
