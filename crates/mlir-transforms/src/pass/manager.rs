//! Pass managers (MLIR's `OpPassManager`, `OpToOpPassAdaptor`,
//! `PassManager`): nesting, finalization (merging adjacent nested
//! pipelines, schedulability checks), execution with verification after
//! each pass and failure propagation, per-pass statistics and timing.
//!
//! The structure mirrors MLIR's: an [`OpPassManager`] anchored on an op name
//! (or `any`) holds a list of passes; nesting adds an *adaptor* holding one
//! or more nested pass managers, which runs each of them on the matching
//! ops directly nested in the current op. Timing and statistics live in the
//! structure itself (one record per pass slot), so that reports mirror the
//! pipeline as MLIR's do.

use std::sync::Arc;
use std::time::Instant;

use mlir_ir::diagnostics::Diagnostic;
use mlir_ir::{Context, Ir, OpRef, TraitSet};

use super::crash::{self, CrashReproducer, ReproducerConfig};
use super::instrumentation::PassInstrumentation;
use super::report::TimeRecord;
use super::{Pass, PassContext};

/// How a pass manager treats a pass restricted to another op (MLIR's
/// `OpPassManager::Nesting`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Nesting {
    /// Nest a pass manager for the pass's op automatically.
    Implicit,
    /// Refuse the pass (what textual pipelines use).
    Explicit,
}

/// One entry of a pass list: a pass with its statistics and time, or an
/// adaptor running nested pass managers.
pub(crate) enum PassSlot {
    Pass {
        pass: Box<dyn Pass>,
        stats: Vec<u64>,
        time: TimeRecord,
        /// Timers nested in the pass: the analyses it computed (`(A) Name`
        /// lines) and the dynamic pipelines it ran.
        analyses: Vec<super::report::TimerNode>,
    },
    Adaptor(Adaptor),
}

impl PassSlot {
    fn new_pass(pass: Box<dyn Pass>) -> Self {
        let stats = vec![0; pass.statistics().len()];
        PassSlot::Pass {
            pass,
            stats,
            time: TimeRecord::default(),
            analyses: Vec::new(),
        }
    }

    /// A copy for a worker thread: same passes, zeroed counters.
    fn clone_for_worker(&self) -> PassSlot {
        match self {
            PassSlot::Pass { pass, stats, .. } => PassSlot::Pass {
                pass: pass.clone_pass(),
                stats: vec![0; stats.len()],
                time: TimeRecord::default(),
                analyses: Vec::new(),
            },
            PassSlot::Adaptor(a) => PassSlot::Adaptor(Adaptor {
                mgrs: a.mgrs.iter().map(|m| m.clone_for_worker()).collect(),
            }),
        }
    }
}

/// Runs nested pass managers on the ops directly nested in the current op
/// (MLIR's `OpToOpPassAdaptor`).
pub(crate) struct Adaptor {
    pub(crate) mgrs: Vec<OpPassManager>,
}

/// A list of passes anchored on an op name, or on any op (MLIR's `OpPassManager`).
pub struct OpPassManager {
    /// `None` for an op-agnostic (`any`) pass manager.
    anchor: Option<String>,
    nesting: Nesting,
    pub(crate) passes: Vec<PassSlot>,
    /// Time spent in this pipeline (shown as `'anchor' Pipeline`).
    pub(crate) time: TimeRecord,
    /// When this pipeline first ran (a process-wide sequence number):
    /// timing reports list the pipelines of an adaptor in that order, as
    /// MLIR's timers are created on first use.
    pub(crate) first_run: Option<u64>,
}

impl std::fmt::Debug for OpPassManager {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.print_textual(false))
    }
}

impl OpPassManager {
    /// A pass manager anchored on `anchor` (an op name, or `any`), with implicit nesting.
    pub fn new(anchor: &str) -> Self {
        Self::with_nesting(anchor, Nesting::Implicit)
    }

    /// A pass manager anchored on `anchor` with the given nesting behaviour.
    pub fn with_nesting(anchor: &str, nesting: Nesting) -> Self {
        OpPassManager {
            anchor: (anchor != "any").then(|| anchor.to_string()),
            nesting,
            passes: Vec::new(),
            time: TimeRecord::default(),
            first_run: None,
        }
    }

    /// The op name this manager runs on, `None` for `any`.
    pub fn op_name(&self) -> Option<&str> {
        self.anchor.as_deref()
    }
    /// The op name, or `any`.
    pub fn anchor_name(&self) -> &str {
        self.anchor.as_deref().unwrap_or("any")
    }
    pub fn nesting(&self) -> Nesting {
        self.nesting
    }
    pub fn set_nesting(&mut self, nesting: Nesting) {
        self.nesting = nesting;
    }
    /// The number of passes (a nested pipeline counts as one).
    pub fn size(&self) -> usize {
        self.passes.len()
    }
    pub fn is_empty(&self) -> bool {
        self.passes.is_empty()
    }

    /// Adds a pass manager for ops named `anchor` (or `any`) nested in this
    /// one's op, and returns it (MLIR's `nest`).
    pub fn nest(&mut self, anchor: &str) -> &mut OpPassManager {
        let nested = OpPassManager::with_nesting(anchor, self.nesting);
        self.passes
            .push(PassSlot::Adaptor(Adaptor { mgrs: vec![nested] }));
        match self.passes.last_mut() {
            Some(PassSlot::Adaptor(a)) => &mut a.mgrs[0],
            _ => unreachable!("an adaptor was just pushed"),
        }
    }

    /// Adds `pass`. A pass restricted to another op is nested in a new pass
    /// manager for that op under implicit nesting, and refused under
    /// explicit nesting (the error is MLIR's message).
    pub fn add_pass(&mut self, pass: Box<dyn Pass>) -> Result<(), String> {
        if let (Some(pm_op), Some(pass_op)) = (self.anchor.as_deref(), pass.op_name()) {
            if pm_op != pass_op {
                if self.nesting == Nesting::Implicit {
                    let pass_op = pass_op.to_string();
                    return self.nest(&pass_op).add_pass(pass);
                }
                return Err(format!(
                    "Can't add pass '{}' restricted to '{}' on a PassManager intended to run on '{}', did you intend to nest?",
                    pass.name(),
                    pass_op,
                    self.anchor_name()
                ));
            }
        }
        self.passes.push(PassSlot::new_pass(pass));
        Ok(())
    }

    /// A copy for a worker thread: cloned passes, zeroed statistics and times.
    pub(crate) fn clone_for_worker(&self) -> OpPassManager {
        OpPassManager {
            anchor: self.anchor.clone(),
            nesting: self.nesting,
            passes: self.passes.iter().map(|p| p.clone_for_worker()).collect(),
            time: TimeRecord::default(),
            first_run: None,
        }
    }

    /// Prints the pipeline as MLIR's textual pipeline syntax:
    /// `anchor(pass{opts},nested(...))`; `pretty` puts one element per line
    /// with two-space indentation, as `--dump-pass-pipeline` does.
    pub fn print_textual(&self, pretty: bool) -> String {
        let mut out = String::new();
        self.print_into(&mut out, pretty, 0);
        out
    }

    fn print_into(&self, out: &mut String, pretty: bool, indent: usize) {
        out.push_str(self.anchor_name());
        out.push('(');
        if pretty {
            out.push('\n');
        }
        print_pass_list(&self.passes, out, pretty, indent + 1);
        if pretty {
            out.push('\n');
            push_indent(out, indent);
        }
        out.push(')');
    }

    /// Calls `initialize` on every pass.
    pub(crate) fn initialize(&mut self, ctx: &Context) -> Result<(), ()> {
        for slot in &mut self.passes {
            match slot {
                PassSlot::Pass { pass, .. } => pass.initialize(ctx)?,
                PassSlot::Adaptor(a) => {
                    for m in &mut a.mgrs {
                        m.initialize(ctx)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Merges adjacent adaptors and checks that every pass can run on this
    /// manager's op (MLIR's `finalizePassList`).
    pub(crate) fn finalize(&mut self, ctx: &Context) -> Result<(), String> {
        let slots = std::mem::take(&mut self.passes);
        for slot in slots {
            if let (Some(PassSlot::Adaptor(last)), PassSlot::Adaptor(cur)) =
                (self.passes.last_mut(), &slot)
            {
                if can_merge(ctx, cur, last) {
                    let PassSlot::Adaptor(cur) = slot else {
                        unreachable!("matched as an adaptor above")
                    };
                    merge_into(cur, last);
                    continue;
                }
            }
            self.passes.push(slot);
        }
        for slot in &mut self.passes {
            if let PassSlot::Adaptor(a) = slot {
                for m in &mut a.mgrs {
                    m.finalize(ctx)?;
                }
            }
        }
        for slot in &self.passes {
            if let PassSlot::Pass { pass, .. } = slot {
                if let Some(d) = pass
                    .dependent_dialects()
                    .iter()
                    .find(|d| !ctx.is_dialect_loaded(d))
                {
                    return Err(format!(
                        "pass '{}' depends on dialect '{d}', which the context does not load",
                        pass.name()
                    ));
                }
            }
        }
        if let Some(anchor) = &self.anchor {
            if let Some(name) = ctx.registered_op(anchor) {
                let info = ctx.op_info(name);
                for slot in &self.passes {
                    if let PassSlot::Pass { pass, .. } = slot {
                        if !pass.can_schedule_on(info) {
                            return Err(format!(
                                "unable to schedule pass '{}' on a PassManager intended to run on '{}'!",
                                pass.name(),
                                self.anchor_name()
                            ));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Whether this manager can run on ops named `name` (MLIR's
    /// `OpPassManagerImpl::canScheduleOn`).
    pub(crate) fn can_schedule_on(&self, ctx: &Context, name: mlir_ir::OpName) -> bool {
        if let Some(anchor) = &self.anchor {
            return ctx.op_name_str(name) == anchor;
        }
        let info = ctx.op_info(name);
        if !info.registered || !info.has_trait(TraitSet::ISOLATED_FROM_ABOVE) {
            return false;
        }
        self.passes.iter().all(|slot| match slot {
            PassSlot::Pass { pass, .. } => pass.can_schedule_on(info),
            PassSlot::Adaptor(_) => true,
        })
    }
}

/// A pass as a textual pipeline element: `cse`, `canonicalize{...}`, or
/// `unknown<Name>` for a pass without argument.
pub(crate) fn pass_textual(pass: &dyn Pass) -> String {
    let mut out = String::new();
    if pass.argument().is_empty() {
        out.push_str(&format!("unknown<{}>", pass.name()));
    } else {
        out.push_str(pass.argument());
    }
    if let Some(o) = pass.options() {
        o.print(&mut out);
    }
    out
}

fn push_indent(out: &mut String, level: usize) {
    for _ in 0..level {
        out.push_str("  ");
    }
}

fn print_pass_list(passes: &[PassSlot], out: &mut String, pretty: bool, indent: usize) {
    for (i, slot) in passes.iter().enumerate() {
        if i > 0 {
            out.push(',');
            if pretty {
                out.push('\n');
            }
        }
        match slot {
            PassSlot::Pass { pass, .. } => {
                if pretty {
                    push_indent(out, indent);
                }
                out.push_str(&pass_textual(pass.as_ref()));
            }
            PassSlot::Adaptor(a) => {
                for (k, m) in a.mgrs.iter().enumerate() {
                    if k > 0 {
                        out.push(',');
                        if pretty {
                            out.push('\n');
                        }
                    }
                    if pretty {
                        push_indent(out, indent);
                    }
                    m.print_into(out, pretty, indent);
                }
            }
        }
    }
}

/// Whether adaptor `cur` may be merged into the preceding adaptor `last`:
/// op-agnostic managers must not be able to run on the other side's ops
/// (MLIR's `tryMergeInto` conflict check).
fn can_merge(ctx: &Context, cur: &Adaptor, last: &Adaptor) -> bool {
    let conflicts = |generic: &OpPassManager, others: &[OpPassManager]| {
        others.iter().any(|pm| match pm.op_name() {
            Some(n) => generic.can_schedule_on(ctx, ctx.op_name(n)),
            None => true,
        })
    };
    if let Some(g) = cur.mgrs.iter().find(|m| m.anchor.is_none()) {
        if conflicts(g, &last.mgrs) {
            return false;
        }
    }
    if let Some(g) = last.mgrs.iter().find(|m| m.anchor.is_none()) {
        if conflicts(g, &cur.mgrs) {
            return false;
        }
    }
    true
}

fn merge_into(cur: Adaptor, last: &mut Adaptor) {
    for mut pm in cur.mgrs {
        match last.mgrs.iter_mut().find(|m| m.anchor == pm.anchor) {
            Some(existing) => existing.passes.append(&mut pm.passes),
            None => last.mgrs.push(pm),
        }
    }
    // Op-specific managers first, sorted by name; the op-agnostic one last.
    last.mgrs.sort_by(|a, b| match (&a.anchor, &b.anchor) {
        (Some(x), Some(y)) => x.cmp(y),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    });
}

/// Settings of one execution, handed down the nested pipelines.
#[derive(Copy, Clone)]
pub(crate) struct Exec<'a> {
    pub verify: bool,
    /// Worker threads for nested pipelines; 1 runs everything in place.
    pub threads: usize,
    pub timing: bool,
    /// The observers of every pass run.
    pub instrumentations: &'a [Arc<dyn PassInstrumentation>],
    /// Whether a reproducer reports failures (then a panic is not reported
    /// on its own: the reproducer's error covers it, as in MLIR).
    pub reproducer: bool,
}

/// Runs every pass of `pm` on `op` in order, stopping at the first failure
/// (MLIR's `OpToOpPassAdaptor::runPipeline`).
pub(crate) fn run_pipeline(
    pm: &mut OpPassManager,
    ir: &mut Ir,
    op: OpRef,
    exec: &Exec<'_>,
) -> Result<(), ()> {
    if pm.first_run.is_none() {
        static SEQUENCE: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        pm.first_run = Some(SEQUENCE.fetch_add(1, std::sync::atomic::Ordering::Relaxed));
    }
    let start = exec.timing.then(Instant::now);
    let mut result = Ok(());
    for slot in &mut pm.passes {
        if run_pass(slot, ir, op, exec).is_err() {
            result = Err(());
            break;
        }
    }
    if let Some(t) = start {
        pm.time.add_sequential(t.elapsed());
    }
    result
}

/// Runs `pass` on `op` and the verifier after it, catching panics in
/// either. `Ok(true)` when the pass failed or produced IR the verifier
/// rejects, `Err` when it panicked.
fn run_pass_body(
    pass: &mut Box<dyn Pass>,
    cx: &mut PassContext<'_>,
    ir: &mut Ir,
    op: OpRef,
    exec: &Exec<'_>,
) -> Result<bool, crash::PanicReport> {
    crash::catch(|| {
        // Rewrite drivers the pass runs are named after it in a trace.
        let outer = crate::rewrite_trace::set_current_pass(pass.argument());
        let failed = pass.run_on_operation(ir, op, cx).is_err();
        crate::rewrite_trace::set_current_pass(&outer);
        if !failed && exec.verify && !cx.preserved_all() {
            // On the calling thread of a threaded run (a module-level pass),
            // the verifier checks the functions in parallel too, as MLIR's.
            return mlir_ir::verifier::verify_parallel(ir, op, exec.threads).is_err();
        }
        failed
    })
}

/// Runs one pass (or nested pipelines) on `op`, then the verifier (MLIR's
/// `OpToOpPassAdaptor::run`).
fn run_pass(slot: &mut PassSlot, ir: &mut Ir, op: OpRef, exec: &Exec<'_>) -> Result<(), ()> {
    let info = ir.ctx().op_info(ir.op_name(op));
    if !info.registered {
        let d = ir.op_error(op, "trying to schedule a pass on an unregistered operation");
        ir.ctx().emit(d);
        return Err(());
    }
    if !info.has_trait(TraitSet::ISOLATED_FROM_ABOVE) {
        let d = ir.op_error(
            op,
            "trying to schedule a pass on an operation not marked as 'IsolatedFromAbove'",
        );
        ir.ctx().emit(d);
        return Err(());
    }
    match slot {
        PassSlot::Pass {
            pass,
            stats,
            time,
            analyses,
        } => {
            if !pass.can_schedule_on(info) {
                let d = ir.op_error(op, "trying to schedule a pass on an unsupported operation");
                ir.ctx().emit(d);
                return Err(());
            }
            let infos = pass.statistics();
            let mut cx = PassContext::new(infos, stats, analyses, Some((*exec, op)));
            for i in exec.instrumentations {
                i.run_before_pass(pass.as_ref(), ir, op);
            }
            let start = exec.timing.then(Instant::now);
            // Running the pass is an action (MLIR's `PassExecutionAction`),
            // which a debug counter may skip.
            let desc = mlir_ir::action::actions_observed().then(|| {
                format!(
                    "`pass-execution` running `{}` on Operation `{}`",
                    pass.name(),
                    ir.op_name_str(op)
                )
            });
            let outcome = mlir_ir::action::execute_action_or_skip(
                "pass-execution",
                || desc.clone().unwrap_or_default(),
                || run_pass_body(pass, &mut cx, ir, op, exec),
            )
            .unwrap_or(Ok(false));
            if let Some(t) = start {
                time.add_sequential(t.elapsed());
            }
            // A panic inside a dynamic pipeline of the pass counts as the
            // pass's own panic (already reported where it happened).
            let outcome = match outcome {
                Ok(true) if crash::panicked() => Err(None),
                Ok(f) => Ok(f),
                Err(report) => Err(Some(report)),
            };
            match outcome {
                Ok(false) => {
                    for i in exec.instrumentations {
                        i.run_after_pass(pass.as_ref(), ir, op);
                    }
                    Ok(())
                }
                Ok(true) => {
                    for i in exec.instrumentations {
                        i.run_after_pass_failed(pass.as_ref(), ir, op);
                    }
                    Err(())
                }
                Err(None) => Err(()),
                Err(Some(report)) => {
                    // The IR may be half rewritten: no instrumentation sees
                    // it again. Without a reproducer the panic is the error.
                    if !exec.reproducer {
                        if let Some(mut d) = report.located {
                            // A pattern or a folder panicked: the error is at
                            // the op it was applied to and names it.
                            d.attach_note(
                                ir.op_loc(op),
                                format!(
                                    "while running pass `{}` on '{}' operation",
                                    pass.name(),
                                    ir.op_name_str(op)
                                ),
                            );
                            ir.ctx().emit(d);
                            return Err(());
                        }
                        // Not `op_error`: its note would print the op.
                        let mut d = Diagnostic::error(
                            ir.op_loc(op),
                            format!(
                                "pass `{}` panicked while running on '{}' operation: {}",
                                pass.name(),
                                ir.op_name_str(op),
                                report.message
                            ),
                        );
                        if let Some(at) = report.location {
                            d.attach_note(ir.op_loc(op), format!("the panic was raised at {at}"));
                        }
                        ir.ctx().emit(d);
                    }
                    Err(())
                }
            }
        }
        PassSlot::Adaptor(a) => {
            // Running the nested pipelines is a pass execution too, as
            // MLIR's `OpToOpPassAdaptor` (so a debug counter can skip it).
            let desc = mlir_ir::action::actions_observed().then(|| {
                format!(
                    "`pass-execution` running `mlir::detail::OpToOpPassAdaptor` on Operation `{}`",
                    ir.op_name_str(op)
                )
            });
            let mut failed = mlir_ir::action::execute_action_or_skip(
                "pass-execution",
                || desc.clone().unwrap_or_default(),
                || super::parallel::run_adaptor(a, ir, op, exec).is_err(),
            )
            .unwrap_or(false);
            // Nested ops were verified after their own passes; only the op
            // itself is checked again, as MLIR does for adaptors (not after
            // a panic: the IR may be half rewritten).
            if !failed && exec.verify && !crash::panicked() {
                failed = crash::catch(|| mlir_ir::verifier::verify_with(ir, op, false).is_err())
                    .unwrap_or(true);
            }
            if failed {
                Err(())
            } else {
                Ok(())
            }
        }
    }
}

/// The number of hardware threads, looked up once (the lookup reads
/// cgroup files on Linux, which is slow enough to show in short runs).
pub fn hardware_threads() -> usize {
    static N: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *N.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// The top-level pass manager (MLIR's `PassManager`): a pass manager
/// anchored on the root op plus execution settings.
pub struct PassManager {
    pm: OpPassManager,
    verify_each: bool,
    threads: usize,
    timing: bool,
    initialized: bool,
    finalized: bool,
    instrumentations: Vec<Arc<dyn PassInstrumentation>>,
    reproducer: Option<ReproducerConfig>,
}

impl std::ops::Deref for PassManager {
    type Target = OpPassManager;
    fn deref(&self) -> &OpPassManager {
        &self.pm
    }
}

impl std::ops::DerefMut for PassManager {
    fn deref_mut(&mut self) -> &mut OpPassManager {
        &mut self.pm
    }
}

impl PassManager {
    /// A pass manager for root ops named `anchor` (usually `builtin.module`),
    /// with implicit nesting, verification on and one worker per core.
    pub fn new(anchor: &str) -> Self {
        Self::from_op_pass_manager(OpPassManager::new(anchor))
    }

    /// Wraps a pass manager built elsewhere (e.g. by the pipeline parser).
    pub fn from_op_pass_manager(pm: OpPassManager) -> Self {
        let threads = hardware_threads();
        PassManager {
            pm,
            verify_each: true,
            threads,
            timing: false,
            initialized: false,
            finalized: false,
            instrumentations: Vec::new(),
            reproducer: None,
        }
    }

    /// Adds an observer of every pass run (MLIR's `addInstrumentation`).
    pub fn add_instrumentation(&mut self, instrumentation: Arc<dyn PassInstrumentation>) {
        self.instrumentations.push(instrumentation);
    }

    /// Writes a reproducer when the pipeline fails (MLIR's
    /// `enableCrashReproducerGeneration`). A local reproducer needs
    /// threading disabled, as in MLIR.
    pub fn enable_crash_reproducer(&mut self, config: ReproducerConfig) -> Result<(), String> {
        if config.local && self.threading_enabled() {
            return Err(
                "Local crash reproduction may not be used without disabling mutli-threading first."
                    .into(),
            );
        }
        self.reproducer = Some(config);
        Ok(())
    }

    /// Runs the verifier after each pass (on by default; `--verify-each`).
    pub fn enable_verifier(&mut self, enabled: bool) {
        self.verify_each = enabled;
    }
    /// Runs nested pipelines on isolated ops in parallel (on by default;
    /// off is `--mlir-disable-threading`).
    pub fn enable_threading(&mut self, enabled: bool) {
        if !enabled {
            self.threads = 1;
        } else if self.threads <= 1 {
            self.threads = std::thread::available_parallelism()
                .map_or(1, |n| n.get())
                .max(2);
        }
    }
    /// Uses exactly `n` worker threads for nested pipelines (1 disables threading).
    pub fn set_num_threads(&mut self, n: usize) {
        self.threads = n.max(1);
    }
    /// Whether nested pipelines may run on several threads.
    pub fn threading_enabled(&self) -> bool {
        self.threads > 1
    }
    /// Records the wall (and, with threads, user) time of every pass.
    pub fn enable_timing(&mut self, enabled: bool) {
        self.timing = enabled;
    }

    /// The underlying pass manager.
    pub fn op_pass_manager(&self) -> &OpPassManager {
        &self.pm
    }

    /// Runs the pipeline on `op`, which must be named as the anchor.
    /// Diagnostics go to the context's handlers; `Err(())` when anything
    /// failed (a pass, the verifier, or scheduling).
    pub fn run(&mut self, ir: &mut Ir, op: OpRef) -> Result<(), ()> {
        if let Some(anchor) = self.pm.op_name() {
            if ir.op_name_str(op) != anchor {
                let msg = format!(
                    "can't run '{}' pass manager on '{}' op",
                    anchor,
                    ir.op_name_str(op)
                );
                ir.ctx().emit(Diagnostic::error(ir.op_loc(op), msg));
                return Err(());
            }
        }
        if !self.finalized {
            if let Err(msg) = self.pm.finalize(ir.ctx()) {
                let loc = ir.ctx().unknown_loc();
                ir.ctx().emit(Diagnostic::error(loc, msg));
                return Err(());
            }
            self.finalized = true;
        }
        if !self.initialized {
            self.pm.initialize(ir.ctx())?;
            self.initialized = true;
        }
        crash::install_panic_hook();
        let mut instrumentations = self.instrumentations.clone();
        let reproducer = self.reproducer.clone().map(|config| {
            let r = Arc::new(CrashReproducer::new(
                config,
                !self.threading_enabled(),
                self.verify_each,
            ));
            let mut elements = String::new();
            print_pass_list(&self.pm.passes, &mut elements, false, 0);
            r.initialize(ir, op, &elements);
            instrumentations.push(r.clone());
            r
        });
        let exec = Exec {
            verify: self.verify_each,
            threads: self.threads,
            timing: self.timing,
            instrumentations: &instrumentations,
            reproducer: reproducer.is_some(),
        };
        // The root pipeline's own time is not shown (MLIR shows its passes
        // at the top level), so it is run as a pass list.
        crash::take_panicked();
        let mut result = Ok(());
        for slot in &mut self.pm.passes {
            if run_pass(slot, ir, op, &exec).is_err() {
                result = Err(());
                break;
            }
        }
        let panicked = crash::take_panicked();
        if result.is_err() {
            if let Some(r) = reproducer {
                // A panic skipped the failure hooks: report at the root, as
                // MLIR's crash recovery does.
                if panicked {
                    r.finalize(ir, op);
                }
            }
        }
        result
    }
}
