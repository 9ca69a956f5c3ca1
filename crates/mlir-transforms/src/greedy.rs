//! The greedy pattern rewrite driver (MLIR 22's
//! `GreedyPatternRewriteDriver.cpp`): applies patterns and folds ops from a
//! worklist until nothing changes.
//!
//! # Semantics (as upstream)
//!
//! Each popped op is, in order: erased if trivially dead; folded (unless
//! folding is off or the op is constant-like), its results replaced by the
//! fold results with constants materialized before it through its dialect,
//! or re-queued after an in-place fold; otherwise given to the
//! [`PatternApplicator`] (highest benefit first). The driver is the
//! rewriter's listener: inserted and modified ops are queued (with their
//! ancestors up to the scope region), erased ops leave the queue, and the
//! defining ops of an erased op's operands are queued if the operand has at
//! most one other user. Replaced values' users are queued because replacing
//! uses "modifies" them. Under `ExistingOps`/`ExistingAndNewOps`
//! strictness only the initial ops (plus new ones) are ever queued.
//!
//! The region driver ([`apply_patterns_greedily_in_region`]) iterates: each
//! iteration rebuilds the worklist by a post-order (or, top-down, reversed
//! pre-order) walk, uniquing and hoisting the existing constants on the way
//! (an [`OperationFolder`]); erases unreachable blocks; drains the worklist
//! (at most `max_num_rewrites` pattern applications); then simplifies the
//! region's control flow. It stops when an iteration changes nothing
//! (converged) or after `max_iterations`. The op-list driver
//! ([`apply_op_patterns_greedily`]) drains one worklist seeded with the
//! given ops.
//!
//! # Termination (rmlir's addition)
//!
//! MLIR's driver has no rewrite cap by default, so patterns that undo each
//! other, or a pattern whose result it matches again (as `arith`'s constant
//! chains do through a use-def cycle in a graph region), never end one
//! iteration. rmlir's driver also stops a run once it has made more changes
//! (successful pattern applications and folds) than its [`ChangeBudget`]
//! allows for the number of ops it started with; the run then reports
//! [`NotConverged::ChangeBudget`], through the same explanation as the other
//! limits. The default budget is far above what converging runs use (see
//! [`ChangeBudget::DEFAULT`]), so it only ends runs that would not end.
//!
//! # Incremental runs
//!
//! A caller that sets [`GreedyRewriteConfig::fixpoint_key`] (the
//! canonicalizer does) makes the region driver remember, in the region,
//! the change epoch at which it reached a fixpoint under that key (see
//! `mlir_ir`'s change stamps). The next run under the same key and options:
//!
//! * returns at once, unchanged, when nothing in the region changed since
//!   (one walk reading a stamp per op);
//! * otherwise seeds its first iteration with the changed ops only, plus
//!   what their changes may have enabled: their result users and operand
//!   definers, the ops directly inside a changed op's regions, the parents
//!   of changed blocks and regions, and the predecessors, terminator and
//!   argument users of changed blocks (the neighbourhood the driver itself
//!   queues when a pattern changes an op, widened by one hop). Existing
//!   constants are still uniqued with all of them, and region
//!   simplification still runs over the whole region, so the only work
//!   saved is re-matching unchanged ops.
//!
//! A change to the op owning the region (its attributes, say) makes the
//! run a full one. Every later iteration of a run (incremental or not) is
//! seeded the same way with what changed since the start of the previous
//! iteration, where MLIR re-seeds every op: re-matching an op none of whose
//! neighbourhood changed cannot succeed unless a pattern reads beyond that
//! neighbourhood (the driver's own queuing makes the same assumption). One
//! exception is handled: a pattern that succeeds on an op while leaving it
//! unchanged (it only inserted ops elsewhere) may apply again, so the
//! driver marks its root changed.
//! `scripts/incremental_check.sh` compares full and incremental runs on the
//! upstream suite's inputs and generated workloads.
//!
//! # Cost
//!
//! The worklist is a vector plus a side table from op slot to position, so
//! push, pop, membership and removal are O(1); no step scans the IR per
//! rewrite (queuing walks the ancestors of the op up to the scope).
//!
//! # Logging
//!
//! With the `tracing` target `greedy-rewriter` at debug level enabled, the
//! driver logs MLIR's tree (`Processing operation : 'name'(#slot) {`,
//! `* Pattern X : 'name -> ()' {`, `} -> success : ...`, `** Insert`, ...).

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};

use smallvec::SmallVec;

use mlir_ir::PreviousPosition;
use mlir_ir::{
    BlockRef, BuilderListener, Diagnostic, Ir, Location, OpFoldResult, OpRef, RegionRef, TraitSet,
    Value, WalkOrder,
};
use mlir_rewrite::{
    ContractChecks, ContractViolation, FrozenRewritePatternSet, Pattern, PatternApplicator,
    PatternRewriter, RecursionError, RecursionTracker, RewriterListener,
};

use crate::folder::OperationFolder;
use crate::region_simplify::{
    erase_unreachable_blocks, simplify_regions, RegionSimplificationLevel,
};
use crate::side_effects::is_op_trivially_dead;

mod checks;
mod history;

pub use checks::CheckFailure;
use checks::{ExpensiveChecks, Site};
use history::{History, Limits};

/// The process-wide default of [`GreedyRewriteConfig::expensive_checks`]
/// (what `rmlir-opt --mlir-enable-expensive-pattern-checks` sets).
static EXPENSIVE_CHECKS: AtomicBool = AtomicBool::new(false);

/// Turns the expensive pattern checks on or off for every greedy and walk
/// rewrite configured afterwards with default settings (upstream's build
/// option `MLIR_ENABLE_EXPENSIVE_PATTERN_API_CHECKS`, here a run-time
/// switch).
pub fn set_expensive_pattern_checks(enabled: bool) {
    EXPENSIVE_CHECKS.store(enabled, Ordering::Relaxed);
}

/// Whether the expensive pattern checks are on by default.
pub fn expensive_pattern_checks() -> bool {
    EXPENSIVE_CHECKS.load(Ordering::Relaxed)
}

/// The tracing target of the driver's log.
pub const LOG_TARGET: &str = "greedy-rewriter";

/// Which ops the driver may rewrite (MLIR's `GreedyRewriteStrictness`).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum GreedyRewriteStrictness {
    /// Any op in scope, including ops that were not there at the start.
    #[default]
    AnyOp,
    /// The initial ops and ops created by the rewrite.
    ExistingAndNewOps,
    /// Only the initial ops.
    ExistingOps,
}

/// Options of the greedy driver (MLIR's `GreedyRewriteConfig`).
pub struct GreedyRewriteConfig<'l> {
    /// Only ops nested in this region are queued. Defaults to the region
    /// being simplified, or for the op-list driver to the closest region
    /// containing all given ops (`None` there means "no limit").
    pub scope: Option<RegionRef>,
    /// Seed the worklist in pre-order so ops are processed top-down
    /// (default: post-order, processed bottom-up).
    pub use_top_down_traversal: bool,
    /// Control-flow simplification after each iteration (default aggressive).
    pub region_simplification: RegionSimplificationLevel,
    /// Iterations of the region driver; `None` for no limit (default 10).
    pub max_iterations: Option<u64>,
    /// Pattern applications per worklist pass; `None` for no limit (default).
    pub max_num_rewrites: Option<u64>,
    /// Changes (pattern applications and folds) over the whole run, in
    /// proportion to the ops it starts with; `None` for no limit (MLIR's
    /// behaviour, which may not terminate). Default
    /// [`ChangeBudget::DEFAULT`].
    pub change_budget: Option<ChangeBudget>,
    /// Which ops may be rewritten.
    pub strictness: GreedyRewriteStrictness,
    /// Told about every IR change, pattern begin/end and match failure.
    pub listener: Option<&'l mut dyn RewriterListener>,
    /// Fold ops (default true).
    pub fold: bool,
    /// Unique and hoist existing constants when seeding each iteration
    /// (default true).
    pub cse_constants: bool,
    /// Pop ops at pseudo-random positions (seeded), to test that results
    /// do not depend on the processing order. Upstream has this as the
    /// build-time `MLIR_GREEDY_REWRITE_RANDOMIZER_SEED`.
    pub random_seed: Option<u64>,
    /// Contract checks of the pattern applicator.
    pub contract_checks: ContractChecks,
    /// Refuse to apply a pattern without bounded recursion to IR it produced
    /// (via [`RecursionTracker`]); refusals are reported in the result.
    pub detect_recursion: bool,
    /// Upstream's expensive checks around every pattern application and
    /// fold (see the `checks` module); defaults to
    /// [`expensive_pattern_checks`]. Failures are reported as errors and in
    /// [`GreedyRewriteResult::check_failures`].
    pub expensive_checks: bool,
    /// Opt-in incremental rewriting under this key (see "Incremental runs"
    /// in the module docs). The key must identify the pattern set: two
    /// runs with the same key and the same configuration must apply the
    /// same patterns. `None` (the default) re-matches every op, as MLIR.
    pub fixpoint_key: Option<u64>,
}

impl GreedyRewriteConfig<'_> {
    /// This configuration with `listener` as its listener (the rewrite
    /// trace hook of the driver entry points uses it when the caller gave
    /// none).
    fn with_listener<'m>(self, listener: &'m mut dyn RewriterListener) -> GreedyRewriteConfig<'m> {
        GreedyRewriteConfig {
            scope: self.scope,
            use_top_down_traversal: self.use_top_down_traversal,
            region_simplification: self.region_simplification,
            max_iterations: self.max_iterations,
            max_num_rewrites: self.max_num_rewrites,
            change_budget: self.change_budget,
            strictness: self.strictness,
            listener: Some(listener),
            fold: self.fold,
            cse_constants: self.cse_constants,
            random_seed: self.random_seed,
            contract_checks: self.contract_checks,
            detect_recursion: self.detect_recursion,
            expensive_checks: self.expensive_checks,
            fixpoint_key: self.fixpoint_key,
        }
    }
}

impl Default for GreedyRewriteConfig<'_> {
    fn default() -> Self {
        GreedyRewriteConfig {
            scope: None,
            use_top_down_traversal: false,
            region_simplification: RegionSimplificationLevel::Aggressive,
            max_iterations: Some(10),
            max_num_rewrites: None,
            change_budget: Some(ChangeBudget::DEFAULT),
            strictness: GreedyRewriteStrictness::AnyOp,
            listener: None,
            fold: true,
            cse_constants: true,
            random_seed: None,
            contract_checks: ContractChecks::default(),
            detect_recursion: false,
            expensive_checks: expensive_pattern_checks(),
            fixpoint_key: None,
        }
    }
}

/// Whether incremental runs are allowed process-wide (they are by default;
/// rmlir-opt's `--rmlir-full-rewrite-runs` turns them off, to compare).
static INCREMENTAL: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// Allows or forbids incremental runs (the [`GreedyRewriteConfig::fixpoint_key`]
/// of every driver is ignored while forbidden).
pub fn set_incremental_rewrites(enabled: bool) {
    INCREMENTAL.store(enabled, std::sync::atomic::Ordering::Relaxed);
}

/// Whether incremental runs are allowed (see [`set_incremental_rewrites`]).
pub fn incremental_rewrites() -> bool {
    INCREMENTAL.load(std::sync::atomic::Ordering::Relaxed)
}

impl GreedyRewriteConfig<'_> {
    /// The key under which this run records and looks up fixpoints: the
    /// caller's pattern-set key mixed with every option that changes what
    /// the driver does, or `None` when the run must not be incremental
    /// (no key, a randomized order, a strict op filter, expensive checks).
    fn effective_fixpoint_key(&self) -> Option<u64> {
        use std::hash::{Hash, Hasher};
        let key = self.fixpoint_key?;
        if !incremental_rewrites()
            || self.random_seed.is_some()
            || self.strictness != GreedyRewriteStrictness::AnyOp
            || self.expensive_checks
            || self.detect_recursion
        {
            return None;
        }
        let mut h = std::collections::hash_map::DefaultHasher::new();
        key.hash(&mut h);
        self.use_top_down_traversal.hash(&mut h);
        (self.region_simplification as u8).hash(&mut h);
        self.max_iterations.hash(&mut h);
        self.max_num_rewrites.hash(&mut h);
        self.change_budget.hash(&mut h);
        self.fold.hash(&mut h);
        self.cse_constants.hash(&mut h);
        Some(h.finish())
    }
}

/// The most changes (successful pattern applications and folds) one run of
/// a greedy driver may make: `per_op` for each op the run starts with (the
/// region's ops, or the op-list driver's ops), and never fewer than
/// `floor`. Both drivers stop when it is spent, with
/// [`NotConverged::ChangeBudget`].
///
/// The budget is fixed by the IR the run starts with, not by what it
/// grows to: a runaway rewrite often grows the IR by an op or two per
/// change (the self-matching `arith.addi` chain of issue #15 leaves a dead
/// constant behind each time), so a budget that grew with the IR would
/// never be spent. A run whose patterns legitimately expand a small input
/// into a much larger one (full unrolling, say) may need a larger budget,
/// or none.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct ChangeBudget {
    /// Changes allowed per op of the run.
    pub per_op: u64,
    /// Changes allowed however few ops there are.
    pub floor: u64,
}

impl ChangeBudget {
    /// The default: 100 changes per op, at least 10,000.
    ///
    /// Converging runs stay far below it: over the upstream suite, the lit
    /// tests, the generated `arith`, `scf` and control-flow programs and
    /// the benchmark workloads (also long reassociation chains, both
    /// traversal orders), no run made more than one change per op, nor
    /// more than 200 changes on inputs below a hundred ops (see
    /// `docs/DRIVERS.md`, "Termination"). A run that would not end stops
    /// within a fraction of a second on small inputs.
    pub const DEFAULT: ChangeBudget = ChangeBudget {
        per_op: 100,
        floor: 10_000,
    };

    /// The changes allowed to a run that starts with `ops` ops.
    pub fn limit(&self, ops: usize) -> u64 {
        self.per_op.saturating_mul(ops as u64).max(self.floor)
    }
}

/// Why a greedy rewrite did not converge.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum NotConverged {
    /// The region driver was still changing IR after this many iterations.
    MaxIterations(u64),
    /// The op-list driver stopped with a non-empty worklist after this many
    /// pattern applications.
    MaxNumRewrites(u64),
    /// The run made more changes than its [`ChangeBudget`] allows: `limit`
    /// for a run that started with `ops` ops.
    ChangeBudget {
        /// The changes the budget allows.
        limit: u64,
        /// The ops the run started with (op slots are 32-bit; a `u64`
        /// here would make every result larger).
        ops: u32,
    },
}

impl std::fmt::Display for NotConverged {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotConverged::MaxIterations(n) => {
                write!(
                    f,
                    "the pattern rewrite did not converge after scanning {n} times"
                )
            }
            NotConverged::MaxNumRewrites(n) => {
                write!(f, "the pattern rewrite did not converge after {n} rewrites")
            }
            NotConverged::ChangeBudget { limit, ops } => {
                write!(
                    f,
                    "the pattern rewrite did not converge within its change budget \
                     ({limit} rewrites and folds for {ops} ops)"
                )
            }
        }
    }
}

/// The outcome of a greedy rewrite.
#[derive(Clone, Debug)]
pub struct GreedyRewriteResult {
    /// Whether the IR changed.
    pub changed: bool,
    /// `Ok` if a fixed point was reached, else why not.
    pub converged: Result<(), NotConverged>,
    /// For the op-list driver: whether every given op was erased.
    pub all_erased: bool,
    /// Iterations run by the region driver.
    pub iterations: u64,
    /// Successful pattern applications.
    pub num_rewrites: u64,
    /// Pattern applications refused by recursion detection.
    pub recursion_errors: Vec<RecursionError>,
    /// Contract violations found by the applicator's checks.
    pub violations: Vec<ContractViolation>,
    /// Broken rules found by the expensive checks.
    pub check_failures: Vec<CheckFailure>,
    /// When the rewrite did not converge: the error saying so, at the op
    /// whose region was rewritten (the scope's op for the op-list driver),
    /// with notes saying why (what fired last, cycles, growth, which option
    /// would change the outcome). Boxed: results are passed around by value
    /// and rarely carry one.
    pub explanation: Option<Box<Diagnostic>>,
}

impl Default for GreedyRewriteResult {
    fn default() -> Self {
        GreedyRewriteResult {
            changed: false,
            converged: Ok(()),
            all_erased: false,
            iterations: 0,
            num_rewrites: 0,
            recursion_errors: Vec::new(),
            violations: Vec::new(),
            check_failures: Vec::new(),
            explanation: None,
        }
    }
}

impl GreedyRewriteResult {
    /// Whether the rewrite converged (MLIR's `succeeded(result)`).
    pub fn succeeded(&self) -> bool {
        self.converged.is_ok()
    }
    /// The error a caller reports when the rewrite did not converge (e.g.
    /// the canonicalizer with `test-convergence`): why it stopped, with the
    /// driver's explanation as notes. `None` if it converged.
    pub fn non_convergence_diagnostic(&self) -> Option<Diagnostic> {
        self.converged.as_ref().err()?;
        self.explanation.as_deref().cloned()
    }
    /// Whether a check (contract or expensive) found a broken pattern.
    pub fn found_broken_patterns(&self) -> bool {
        !self.violations.is_empty() || !self.check_failures.is_empty()
    }
}

// ----------------------------------------------------------------------
// Worklist
// ----------------------------------------------------------------------

/// MLIR's `minstd_rand0` (the generator of `RandomizedWorklist`).
struct MinStd(u64);

impl MinStd {
    fn new(seed: u64) -> Self {
        let s = seed % 2_147_483_647;
        MinStd(if s == 0 { 1 } else { s })
    }
    fn next(&mut self) -> u64 {
        self.0 = self.0 * 16807 % 2_147_483_647;
        self.0
    }
}

/// Entries per page of a [`SlotTable`].
const PAGE: usize = 1024;

/// A table indexed by op slot, allocated in pages on first write. Op slots
/// are global to the `Ir`, so a flat vector would cost time and memory in
/// proportion to the whole IR for every (small) region a driver runs on;
/// pages keep that in proportion to the slots actually touched, which for
/// one function are a few contiguous ranges.
struct SlotTable<T: Copy + Default> {
    pages: Vec<Option<Box<[T; PAGE]>>>,
}

impl<T: Copy + Default> Default for SlotTable<T> {
    fn default() -> Self {
        SlotTable { pages: Vec::new() }
    }
}

impl<T: Copy + Default> SlotTable<T> {
    #[inline]
    fn get(&self, op: OpRef) -> T {
        let i = op.index() as usize;
        match self.pages.get(i / PAGE) {
            Some(Some(page)) => page[i % PAGE],
            _ => T::default(),
        }
    }
    #[inline]
    fn set(&mut self, op: OpRef, value: T) {
        let i = op.index() as usize;
        let p = i / PAGE;
        if self.pages.len() <= p {
            self.pages.resize_with(p + 1, || None);
        }
        let page = self.pages[p].get_or_insert_with(|| Box::new([T::default(); PAGE]));
        page[i % PAGE] = value;
    }
}

/// A LIFO worklist with set semantics and O(1) removal (MLIR's
/// `Worklist`): removed entries become holes that `pop` skips.
#[derive(Default)]
struct Worklist {
    list: Vec<Option<OpRef>>,
    /// Position + 1 in `list` by op slot index; 0 when absent.
    pos: SlotTable<u32>,
    len: usize,
    rng: Option<MinStd>,
}

impl Worklist {
    fn clear(&mut self) {
        for op in self.list.drain(..).flatten() {
            self.pos.set(op, 0);
        }
        self.len = 0;
    }
    fn is_empty(&self) -> bool {
        self.len == 0
    }
    fn slot(&self, op: OpRef) -> Option<usize> {
        let p = self.pos.get(op);
        let at = (p as usize).checked_sub(1)?;
        (self.list.get(at).copied().flatten() == Some(op)).then_some(at)
    }
    fn push(&mut self, op: OpRef) {
        if self.slot(op).is_some() {
            return;
        }
        self.list.push(Some(op));
        self.pos.set(op, self.list.len() as u32);
        self.len += 1;
    }
    fn trim(&mut self) {
        while matches!(self.list.last(), Some(None)) {
            self.list.pop();
        }
    }
    fn pop(&mut self) -> Option<OpRef> {
        if self.len == 0 {
            return None;
        }
        if self.rng.is_some() {
            // Pick among the live entries; swap the last into the hole so
            // the pick stays O(1).
            self.trim();
            loop {
                let r = self.rng.as_mut().expect("randomized").next();
                let at = (r % self.list.len() as u64) as usize;
                if let Some(op) = self.list[at] {
                    let last = self.list.pop().expect("non-empty");
                    if at < self.list.len() {
                        self.list[at] = last;
                        if let Some(l) = last {
                            self.pos.set(l, at as u32 + 1);
                        }
                    }
                    self.pos.set(op, 0);
                    self.len -= 1;
                    self.trim();
                    return Some(op);
                }
            }
        }
        self.trim();
        let op = self.list.pop().flatten()?;
        self.pos.set(op, 0);
        self.len -= 1;
        self.trim();
        Some(op)
    }
    fn remove(&mut self, op: OpRef) {
        if let Some(at) = self.slot(op) {
            self.list[at] = None;
            self.pos.set(op, 0);
            self.len -= 1;
        }
    }
    fn reserve(&mut self, additional: usize) {
        self.list.reserve(additional);
    }
    fn reverse(&mut self) {
        self.list.reverse();
        for (i, op) in self.list.iter().enumerate() {
            if let Some(op) = op {
                self.pos.set(*op, i as u32 + 1);
            }
        }
        self.trim();
    }
}

/// A set of ops indexed by slot (for the strictness filter).
#[derive(Default)]
struct OpSet(SlotTable<Option<OpRef>>);

impl OpSet {
    fn insert(&mut self, op: OpRef) {
        self.0.set(op, Some(op));
    }
    fn remove(&mut self, op: OpRef) {
        if self.0.get(op) == Some(op) {
            self.0.set(op, None);
        }
    }
    fn contains(&self, op: OpRef) -> bool {
        self.0.get(op) == Some(op)
    }
}

// ----------------------------------------------------------------------
// Logging
// ----------------------------------------------------------------------

/// MLIR's `ScopedPrinter` over `tracing`: one event per line.
pub(crate) struct Logger {
    pub(crate) enabled: bool,
    indent: Cell<usize>,
    target: &'static str,
}

const LOG_LINE: &str = "//===-------------------------------------------===//";

impl Logger {
    pub(crate) fn new(target: &'static str) -> Self {
        let enabled = match target {
            LOG_TARGET => tracing::enabled!(target: "greedy-rewriter", tracing::Level::DEBUG),
            _ => tracing::enabled!(target: "walk-rewriter", tracing::Level::DEBUG),
        };
        Logger {
            enabled,
            indent: Cell::new(0),
            target,
        }
    }
    #[inline]
    pub(crate) fn line(&self, f: impl FnOnce() -> String) {
        if self.enabled {
            let text = format!("{}{}", "  ".repeat(self.indent.get()), f());
            match self.target {
                LOG_TARGET => tracing::debug!(target: "greedy-rewriter", "{text}"),
                _ => tracing::debug!(target: "walk-rewriter", "{text}"),
            }
        }
    }
    /// An empty line (upstream writes a bare newline, not indented).
    #[inline]
    pub(crate) fn blank(&self) {
        if self.enabled {
            match self.target {
                LOG_TARGET => tracing::debug!(target: "greedy-rewriter", ""),
                _ => tracing::debug!(target: "walk-rewriter", ""),
            }
        }
    }
    #[inline]
    fn indent(&self) {
        if self.enabled {
            self.indent.set(self.indent.get() + 1);
        }
    }
    #[inline]
    fn unindent(&self) {
        if self.enabled {
            self.indent.set(self.indent.get().saturating_sub(1));
        }
    }
    #[inline]
    fn result(&self, result: &str, msg: &str) {
        if self.enabled {
            self.unindent();
            self.line(|| format!("}} -> {result} : {msg}"));
        }
    }
    fn result_with_line(&self, result: &str, msg: &str) {
        self.result(result, msg);
        self.line(|| LOG_LINE.to_string());
    }
}

fn op_label(ir: &Ir, op: OpRef) -> String {
    format!("'{}'(#{})", ir.op_name_str(op), op.index())
}

// ----------------------------------------------------------------------
// The driver's listener state
// ----------------------------------------------------------------------

/// The worklist bookkeeping; it is the rewriter's listener.
struct State<'l, 'a> {
    worklist: Worklist,
    scope: Option<RegionRef>,
    scope_op: Option<OpRef>,
    strictness: GreedyRewriteStrictness,
    filtered: OpSet,
    listener: Option<&'l mut dyn RewriterListener>,
    tracker: Option<&'a RecursionTracker>,
    surviving: Option<OpSet>,
    surviving_count: usize,
    log: &'a Logger,
    checks: Option<ExpensiveChecks>,
}

impl State<'_, '_> {
    fn add_single(&mut self, op: OpRef) {
        if self.strictness == GreedyRewriteStrictness::AnyOp || self.filtered.contains(op) {
            self.worklist.push(op);
        }
    }

    /// Queues `op` and its ancestors below the scope, if `op` is in scope.
    fn add_to_worklist(&mut self, ir: &Ir, op: OpRef) {
        // Most ops sit directly in the scope: no ancestors to gather.
        let mut region = ir.op_parent_region(op);
        if region == self.scope {
            self.add_single(op);
            return;
        }
        // `op` and its ancestors up to the scope, each parent region looked
        // up once.
        let mut ancestors: SmallVec<[OpRef; 8]> = SmallVec::new();
        ancestors.push(op);
        loop {
            let Some(r) = region else { return };
            let Some(parent) = ir.region_parent_op(r) else {
                return;
            };
            ancestors.push(parent);
            region = ir.op_parent_region(parent);
            if region == self.scope {
                for a in ancestors {
                    self.add_single(a);
                }
                return;
            }
        }
    }

    /// Queues the defining op of each operand of `op` that has at most one
    /// user besides `op` (it may become dead or foldable).
    fn add_operands_to_worklist(&mut self, ir: &Ir, op: OpRef) {
        for i in 0..ir.num_operands(op) {
            let v = ir.operand(op, i);
            let Some(def) = v.defining_op() else { continue };
            let mut other: Option<OpRef> = None;
            let mut more = false;
            for user in ir.users(v) {
                if user == op || Some(user) == other {
                    continue;
                }
                if other.is_none() {
                    other = Some(user);
                    continue;
                }
                more = true;
                break;
            }
            if !more {
                self.add_to_worklist(ir, def);
            }
        }
    }
}

impl BuilderListener for State<'_, '_> {
    fn notify_operation_inserted(&mut self, ir: &Ir, op: OpRef, previous: PreviousPosition) {
        self.log
            .line(|| format!("** Insert  : {}", op_label(ir, op)));
        if let Some(c) = &mut self.checks {
            c.invalidate(ir.op_parent_op(op));
        }
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_operation_inserted(ir, op, previous);
        }
        if let Some(mut t) = self.tracker {
            t.notify_operation_inserted(ir, op, previous);
        }
        if self.strictness == GreedyRewriteStrictness::ExistingAndNewOps {
            self.filtered.insert(op);
        }
        self.add_to_worklist(ir, op);
    }
    fn notify_block_inserted(
        &mut self,
        ir: &Ir,
        block: BlockRef,
        previous: Option<(RegionRef, Option<BlockRef>)>,
    ) {
        if let Some(c) = &mut self.checks {
            c.invalidate(ir.block_parent_op(block));
        }
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_block_inserted(ir, block, previous);
        }
    }
}

impl RewriterListener for State<'_, '_> {
    fn notify_block_erased(&mut self, ir: &Ir, block: BlockRef) {
        if let Some(c) = &mut self.checks {
            c.invalidate(ir.block_parent_op(block));
        }
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_block_erased(ir, block);
        }
    }
    fn notify_operation_modified(&mut self, ir: &Ir, op: OpRef) {
        self.log
            .line(|| format!("** Modified: {}", op_label(ir, op)));
        if let Some(c) = &mut self.checks {
            c.invalidate(Some(op));
        }
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_operation_modified(ir, op);
        }
        self.add_to_worklist(ir, op);
    }
    fn notify_operation_replaced(&mut self, ir: &Ir, op: OpRef, replacement: &[Value]) {
        self.log
            .line(|| format!("** Replace : {}", op_label(ir, op)));
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_operation_replaced(ir, op, replacement);
        }
    }
    fn notify_operation_replaced_by_op(&mut self, ir: &Ir, op: OpRef, replacement: OpRef) {
        self.log
            .line(|| format!("** Replace : {}", op_label(ir, op)));
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_operation_replaced_by_op(ir, op, replacement);
        }
    }
    fn notify_operation_erased(&mut self, ir: &Ir, op: OpRef) {
        self.log
            .line(|| format!("** Erase   : {}", op_label(ir, op)));
        assert!(
            self.scope_op != Some(op),
            "scope region must not be erased during greedy pattern rewrite"
        );
        if let Some(c) = &mut self.checks {
            c.invalidate(Some(op));
        }
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_operation_erased(ir, op);
        }
        if let Some(mut t) = self.tracker {
            t.notify_operation_erased(ir, op);
        }
        self.add_operands_to_worklist(ir, op);
        self.worklist.remove(op);
        if self.strictness != GreedyRewriteStrictness::AnyOp {
            self.filtered.remove(op);
        }
        if let Some(s) = &mut self.surviving {
            if s.contains(op) {
                s.remove(op);
                self.surviving_count -= 1;
            }
        }
    }
    fn notify_pattern_begin(&mut self, ir: &Ir, pattern: &Pattern, op: OpRef) {
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_pattern_begin(ir, pattern, op);
        }
        if let Some(mut t) = self.tracker {
            t.notify_pattern_begin(ir, pattern, op);
        }
    }
    fn notify_pattern_end(
        &mut self,
        ir: &Ir,
        pattern: &Pattern,
        result: mlir_rewrite::LogicalResult,
    ) {
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_pattern_end(ir, pattern, result);
        }
        if let Some(mut t) = self.tracker {
            t.notify_pattern_end(ir, pattern, result);
        }
    }
    fn notify_match_failure(&mut self, loc: Location, reason: &dyn Fn(&mut Diagnostic)) {
        if self.log.enabled {
            let mut d = Diagnostic::remark(loc, String::new());
            reason(&mut d);
            self.log
                .line(|| format!("** Match Failure : {}", d.message));
        }
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_match_failure(loc, reason);
        }
    }
    fn notify_fold_begin(&mut self, ir: &Ir, op: OpRef) {
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_fold_begin(ir, op);
        }
    }
    fn notify_fold_end(&mut self, ir: &Ir, result: mlir_rewrite::LogicalResult) {
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_fold_end(ir, result);
        }
    }
}

// ----------------------------------------------------------------------
// The driver
// ----------------------------------------------------------------------

struct Driver<'l, 'a> {
    state: State<'l, 'a>,
    applicator: PatternApplicator,
    fold: bool,
    max_num_rewrites: Option<u64>,
    num_rewrites: u64,
    /// The run's budget ([`GreedyRewriteConfig::change_budget`]); the
    /// limit it gives (`u64::MAX` without a budget) and the ops it was
    /// computed for; the changes so far; and whether the budget stopped
    /// the run.
    change_budget: Option<ChangeBudget>,
    change_limit: u64,
    budget_ops: u32,
    changes: u64,
    budget_stop: bool,
    recursion_errors: Vec<RecursionError>,
    history: History,
}

impl<'l, 'a> Driver<'l, 'a> {
    fn new(
        patterns: &FrozenRewritePatternSet,
        config: GreedyRewriteConfig<'l>,
        tracker: &'a RecursionTracker,
        log: &'a Logger,
        scope_op: Option<OpRef>,
    ) -> Self {
        let mut applicator = PatternApplicator::new(patterns);
        applicator.apply_default_cost_model();
        applicator.set_contract_checks(config.contract_checks);
        let worklist = Worklist {
            rng: config.random_seed.map(MinStd::new),
            ..Worklist::default()
        };
        Driver {
            state: State {
                worklist,
                scope: config.scope,
                scope_op,
                strictness: config.strictness,
                filtered: OpSet::default(),
                listener: config.listener,
                tracker: config.detect_recursion.then_some(tracker),
                surviving: None,
                surviving_count: 0,
                log,
                checks: config.expensive_checks.then(ExpensiveChecks::default),
            },
            applicator,
            fold: config.fold,
            max_num_rewrites: config.max_num_rewrites,
            num_rewrites: 0,
            change_budget: config.change_budget,
            change_limit: u64::MAX,
            budget_ops: 0,
            changes: 0,
            budget_stop: false,
            recursion_errors: Vec::new(),
            history: History::default(),
        }
    }

    /// Sets the change limit of a run that starts with `ops` ops.
    fn set_budget(&mut self, ops: usize) {
        if let Some(b) = self.change_budget {
            self.budget_ops = u32::try_from(ops).unwrap_or(u32::MAX);
            self.change_limit = b.limit(ops);
        }
    }

    /// Whether the run stopped because it spent its change budget.
    fn budget_spent(&self) -> bool {
        self.budget_stop
    }

    /// Why the run stopped when it spent its budget.
    fn budget_reason(&self) -> NotConverged {
        NotConverged::ChangeBudget {
            limit: self.change_limit,
            ops: self.budget_ops,
        }
    }

    /// Drains the worklist (or stops at the rewrite cap or when the change
    /// budget is spent); returns whether the IR changed (MLIR's
    /// `processWorklist`).
    fn process_worklist(&mut self, ir: &mut Ir) -> bool {
        let log = self.state.log;
        let mut changed = false;
        let mut rewrites: u64 = 0;
        while !self.state.worklist.is_empty() && self.max_num_rewrites.is_none_or(|m| rewrites < m)
        {
            // One comparison per popped op. The run may make `limit`
            // changes: it stops at the first one beyond.
            if self.changes > self.change_limit {
                self.budget_stop = true;
                break;
            }
            let Some(op) = self.state.worklist.pop() else {
                break;
            };
            if log.enabled {
                log.blank();
                log.line(|| LOG_LINE.to_string());
                log.line(|| format!("Processing operation : {} {{", op_label(ir, op)));
                log.indent();
                if ir.num_regions(op) == 0 {
                    let flags = mlir_ir::asm::printer::PrintFlags {
                        generic: true,
                        elide_elements_larger_than: Some(16),
                        ..Default::default()
                    };
                    let text = mlir_ir::asm::printer::print_op_local(ir, op, &flags);
                    log.line(|| text.trim_end().to_string());
                }
            }

            // Captured for the history before a change may erase the op.
            let (op_name, op_loc) = (ir.op_name(op), ir.op_loc(op));
            if is_op_trivially_dead(ir, op) {
                self.history.erased_dead(op_name, op_loc);
                PatternRewriter::with_listener(ir, &mut self.state).erase_op(op);
                changed = true;
                log.result_with_line("success", "operation is trivially dead");
                continue;
            }

            // What the expensive checks report about, captured before a
            // rewrite may erase the op.
            let site = self.state.checks.is_some().then(|| Site::of(ir, op));
            if self.fold && !ir.op_has_trait(op, TraitSet::CONSTANT_LIKE) {
                // Fold begin/end only matter to a listener (rewrite traces).
                let notify_fold = self.state.listener.is_some();
                if notify_fold {
                    self.state.notify_fold_begin(ir, op);
                }
                let mut folded: SmallVec<[OpFoldResult; 1]> = SmallVec::new();
                if ir.fold_op(op, &mut folded).is_ok() {
                    log.result_with_line("success", "operation was folded");
                    let dump_root = ir.op_parent_op(op).unwrap_or(op);
                    let done = if folded.is_empty() {
                        // The fold hooks notify nobody; the driver does.
                        self.state.notify_operation_modified(ir, op);
                        true
                    } else {
                        materialize_and_replace(ir, &mut self.state, op, &folded)
                    };
                    if done {
                        changed = true;
                        self.changes += 1;
                        self.history.folded(op_name, op_loc);
                        log_successful_folding(log, ir, dump_root);
                        if let (Some(c), Some(top), Some(at)) =
                            (&mut self.state.checks, self.state.scope_op, &site)
                        {
                            c.folding_succeeded(ir, top, at);
                        }
                        if notify_fold {
                            self.state.notify_fold_end(ir, Ok(()));
                        }
                        continue;
                    }
                }
                if notify_fold {
                    self.state.notify_fold_end(ir, Err(()));
                }
            }

            if let (Some(c), Some(top)) = (&mut self.state.checks, self.state.scope_op) {
                c.compute(ir, top);
            }
            let applied: Cell<Option<String>> = Cell::new(None);

            let tracker = self.state.tracker;
            // Pattern begin/end only matter to a listener or the tracker;
            // skipping them saves two dynamic calls per pattern attempt
            // (upstream passes no callbacks at all in release builds).
            let notify = self.state.listener.is_some() || tracker.is_some();
            let errors = &mut self.recursion_errors;
            let history = &mut self.history;
            let mut rw = PatternRewriter::with_listener(ir, &mut self.state);
            let result = self.applicator.match_and_rewrite_with(
                op,
                &mut rw,
                |pattern, rw| {
                    log.blank();
                    log.line(|| {
                        let ctx = rw.ctx();
                        let gen: Vec<&str> = pattern
                            .generated_ops()
                            .iter()
                            .map(|&n| ctx.op_name_str(n))
                            .collect();
                        format!(
                            "* Pattern {} : '{} -> ({})' {{",
                            pattern.debug_name(),
                            rw.ir().op_name_str(op),
                            gen.join(", ")
                        )
                    });
                    log.indent();
                    if let Some(t) = tracker {
                        if let Err(e) = t.check(pattern, op) {
                            log.result("failure", "recursive application refused");
                            errors.push(e);
                            return false;
                        }
                    }
                    if notify {
                        rw.notify_pattern_begin(pattern, op);
                    }
                    true
                },
                |pattern, rw| {
                    log.result("failure", "pattern failed to match");
                    if notify {
                        rw.notify_pattern_end(pattern, Err(()));
                    }
                },
                |pattern, rw| {
                    log.result("success", "pattern applied successfully");
                    if notify {
                        rw.notify_pattern_end(pattern, Ok(()));
                    }
                    if site.is_some() {
                        applied.set(Some(pattern.debug_name().to_string()));
                    }
                    history.applied(pattern, op_name, op_loc);
                    Ok(())
                },
            );
            if let (Some(c), Some(at)) = (&mut self.state.checks, &site) {
                match applied.take() {
                    Some(pattern) if result.is_ok() => c.rewrite_succeeded(ir, at, &pattern),
                    _ => c.rewrite_failed(ir, at),
                }
                c.clear();
            }
            if result.is_ok() {
                // A pattern may succeed without changing its root (it
                // inserted ops elsewhere): MLIR re-matches the root in the
                // next iteration, which seeds every op, and an incremental
                // iteration seeds what changed, so the root is marked
                // changed (a no-op when nothing records stamps).
                if ir.is_live_op(op) {
                    ir.mark_op_changed(op);
                }
                log.result_with_line("success", "at least one pattern matched");
                changed = true;
                rewrites += 1;
                self.changes += 1;
                self.num_rewrites += 1;
            } else {
                log.result_with_line("failure", "all patterns failed to match");
            }
        }
        if !self.state.worklist.is_empty() {
            self.history.hit_rewrite_cap();
        }
        changed
    }

    /// The error explaining a non-convergence, at `at`, with the notes of
    /// [`History::explain`].
    fn explain(
        &self,
        ir: &Ir,
        patterns: &FrozenRewritePatternSet,
        why: &NotConverged,
        limits: &Limits,
        at: Option<OpRef>,
    ) -> Option<Box<Diagnostic>> {
        let loc = at.map_or_else(|| ir.ctx().unknown_loc(), |op| ir.op_loc(op));
        let mut d = Diagnostic::error(loc, why.to_string());
        d.notes = self.history.explain(ir.ctx(), patterns, why, limits, loc);
        Some(Box::new(d))
    }
}

/// Logs the op around a folded op after a successful fold (upstream's
/// `IR Dump After Successful Folding`).
fn log_successful_folding(log: &Logger, ir: &Ir, root: OpRef) {
    if log.enabled && ir.is_live_op(root) {
        let flags = mlir_ir::asm::printer::PrintFlags {
            elide_elements_larger_than: Some(16),
            ..Default::default()
        };
        let text = mlir_ir::asm::printer::print_op_local(ir, root, &flags);
        log.line(|| {
            format!(
                "// *** IR Dump After Successful Folding ***\n{}",
                text.trim_end()
            )
        });
    }
}

/// Replaces `op` by its fold results, materializing constants before it
/// through its dialect. Returns false (and leaves no new op behind) if a
/// constant cannot be materialized.
fn materialize_and_replace(
    ir: &mut Ir,
    state: &mut State<'_, '_>,
    op: OpRef,
    folded: &[OpFoldResult],
) -> bool {
    let ctx = ir.ctx_arc().clone();
    let dialect = ctx.op_dialect(ir.op_name(op));
    let loc = ir.op_loc(op);
    let mut rw = PatternRewriter::with_listener(ir, state);
    rw.set_insertion_point_before(op);
    let mut replacements: SmallVec<[Value; 2]> = SmallVec::new();
    let mut created: SmallVec<[OpRef; 2]> = SmallVec::new();
    for (i, r) in folded.iter().enumerate() {
        let ty = rw.ir().value_type(rw.ir().result(op, i));
        match *r {
            OpFoldResult::Value(v) => {
                debug_assert_eq!(
                    rw.ir().value_type(v),
                    ty,
                    "folder produced value of incorrect type"
                );
                replacements.push(v);
            }
            OpFoldResult::Attr(attr) => {
                let c = dialect
                    .and_then(|d| rw.with_builder(|b| d.materialize_constant(b, attr, ty, loc)));
                match c {
                    Some(c) => {
                        debug_assert!(
                            rw.ir().op_has_trait(c, TraitSet::CONSTANT_LIKE),
                            "materialize_constant produced an op that is not ConstantLike"
                        );
                        created.push(c);
                        replacements.push(rw.ir().result(c, 0));
                    }
                    None => {
                        for c in created {
                            rw.erase_op(c);
                        }
                        return false;
                    }
                }
            }
        }
    }
    rw.replace_op(op, &replacements);
    true
}

/// The ops of `region` in post-order, or in pre-order.
fn collect_region_ops(ir: &Ir, region: RegionRef, order: WalkOrder) -> Vec<OpRef> {
    let mut out = Vec::new();
    for b in ir.region_blocks(region) {
        for op in ir.block_ops(b) {
            ir.walk(op, order, |o| {
                out.push(o);
                mlir_ir::WalkResult::Advance
            });
        }
    }
    out
}

/// What seeding needs to know about one op of the region: the op and its
/// [`SeedKind`]. Kept small (12 bytes), as a 10^6-op region has 10^6.
type Seed = (OpRef, SeedKind);

/// How an op is queued. Constant values are kept apart (in
/// [`Seeds::constants`], in walk order) to keep [`Seed`] small.
#[derive(Copy, Clone, PartialEq, Eq)]
enum SeedKind {
    /// Not a uniqued constant; directly in the scope region (it has no
    /// ancestors below the scope to queue).
    InScope,
    /// Not a uniqued constant; nested below the scope region.
    Nested,
    /// A constant to unique (constant CSE is on); its value is the next
    /// one of [`Seeds::constants`].
    Constant,
}

/// The ops of a region in walk order, with what seeding needs to know.
struct Seeds {
    ops: Vec<Seed>,
    /// The values of the [`SeedKind::Constant`] ops, in walk order.
    constants: Vec<mlir_ir::Attribute>,
    /// Whether the region or a region nested in it has more than one block
    /// (otherwise there is no unreachable block to erase).
    multi_block: bool,
}

/// Walks `region` once in `order`, gathering the [`Seed`] of each op.
fn collect_seeds(
    ir: &Ir,
    region: RegionRef,
    order: WalkOrder,
    scope: Option<RegionRef>,
    cse_constants: bool,
) -> Seeds {
    let mut ops = Vec::new();
    let mut constants = Vec::new();
    let mut multi_block = ir
        .first_block(region)
        .is_some_and(|entry| ir.next_block(entry).is_some());
    let mut visit = |o: OpRef| {
        if ir.num_regions(o) != 0 {
            multi_block |= ir.regions(o).iter().any(|&r| {
                ir.first_block(r)
                    .is_some_and(|b| ir.next_block(b).is_some())
            });
        }
        let constant = if cse_constants {
            ir.constant_value(o)
        } else {
            None
        };
        let kind = match constant {
            Some(value) => {
                constants.push(value);
                SeedKind::Constant
            }
            None if ir.op_parent_region(o) == scope => SeedKind::InScope,
            None => SeedKind::Nested,
        };
        ops.push((o, kind));
        mlir_ir::WalkResult::Advance
    };
    for b in ir.region_blocks(region) {
        for op in ir.block_ops(b) {
            ir.walk(op, order, &mut visit);
        }
    }
    Seeds {
        ops,
        constants,
        multi_block,
    }
}

/// Region simplification for a region whose regions (it and every one
/// nested in it) are single blocks obeying SSA dominance (or graph regions
/// whose ops have no results, as a module's body), as most function bodies
/// are; `None` when one is not, and the whole region must be swept.
///
/// There, nothing can be erased but dead ops (no unreachable blocks, no
/// removable block arguments, no blocks to merge), and a dead op cannot sit
/// on a use cycle (dominance forbids one), so every dead op leads, through
/// its dead users, to one without uses: MLIR's region DCE then erases
/// exactly the ops that erasing trivially dead ops, and then the definers
/// they used, erases. That chain starts at an op that changed since `since`
/// (the start of the iteration): the previous sweep left no dead op, the
/// worklist has been drained, and it erased every op it met without uses;
/// an op only becomes dead when it or what is nested in it changes (loses
/// a use, stamping it, or loses the side effects of a nested op, stamping
/// that op or its block). So the changed ops and their ancestors are the
/// starting points, found by reading one stamp per op instead of computing
/// the liveness of every value.
fn local_dead_code(
    ir: &mut Ir,
    region: RegionRef,
    since: u32,
    state: &mut dyn RewriterListener,
) -> Option<bool> {
    // A graph region (the module's body) is as good when its ops define no
    // values: nothing in it can then be on a use cycle.
    let single_ssa = |ir: &Ir, r: RegionRef| match ir.first_block(r) {
        None => true,
        Some(b) => {
            ir.next_block(b).is_none()
                && (mlir_ir::dominance::region_has_ssa_dominance(ir, r)
                    || ir.block_ops(b).all(|o| ir.num_results(o) == 0))
        }
    };
    if !single_ssa(ir, region) {
        return None;
    }
    let mut starts: Vec<OpRef> = Vec::new();
    let mut simple = true;
    let mut visit = |o: OpRef| {
        let mut changed = ir.op_stamp(o) > since;
        for &r in ir.regions(o) {
            if !single_ssa(ir, r) {
                simple = false;
                return mlir_ir::WalkResult::Interrupt;
            }
            changed |= ir.region_stamp(r) > since
                || ir.region_blocks(r).any(|b| ir.block_stamp(b) > since);
        }
        if changed {
            starts.push(o);
        }
        mlir_ir::WalkResult::Advance
    };
    'walk: for b in ir.region_blocks(region) {
        for op in ir.block_ops(b) {
            if ir.walk(op, WalkOrder::PreOrder, &mut visit) == mlir_ir::WalkResult::Interrupt {
                break 'walk;
            }
        }
    }
    if !simple {
        return None;
    }
    // The ancestors of a changed op may have lost their last side effect.
    let n = starts.len();
    for i in 0..n {
        let mut cur = starts[i];
        while ir.op_parent_region(cur) != Some(region) {
            match ir.op_parent_op(cur) {
                Some(p) => {
                    starts.push(p);
                    cur = p;
                }
                None => break,
            }
        }
    }
    let mut changed = false;
    // Ancestors first, then changed ops from the last one up: users tend to
    // come before their definers, as in a backward sweep.
    while let Some(op) = starts.pop() {
        if !ir.is_live_op(op) || !is_op_trivially_dead(ir, op) {
            continue;
        }
        for v in ir.operands(op).collect::<SmallVec<[Value; 4]>>() {
            if let Some(d) = v.defining_op() {
                if d != op && ir.region_is_ancestor(region, d) {
                    starts.push(d);
                }
            }
        }
        PatternRewriter::with_listener(ir, state).erase_op(op);
        changed = true;
    }
    Some(changed)
}

/// The ops of `seeds` an incremental iteration must queue: those changed
/// after `since` and the neighbourhood their changes may have enabled (see
/// "Incremental runs" in the module docs).
fn select_changed(ir: &Ir, region: RegionRef, seeds: &Seeds, since: u32) -> OpSet {
    let mut sel = OpSet::default();
    let scope_op = ir.region_parent_op(region);
    let pick_block = |sel: &mut OpSet, b: BlockRef| {
        if let Some(p) = ir
            .block_parent_region(b)
            .and_then(|r| ir.region_parent_op(r))
        {
            if Some(p) != scope_op {
                sel.insert(p);
            }
        }
        for pred in ir.predecessors(b) {
            sel.insert(pred);
        }
        if let Some(t) = ir.last_op(b) {
            sel.insert(t);
        }
        for a in ir.arguments(b) {
            for u in ir.users(a) {
                sel.insert(u);
            }
        }
    };
    if ir.region_stamp(region) > since {
        // A block of the scope region came or went: its branches and
        // arguments are the neighbourhood.
        for b in ir.region_blocks(region) {
            pick_block(&mut sel, b);
        }
    }
    for b in ir.region_blocks(region) {
        if ir.block_stamp(b) > since {
            pick_block(&mut sel, b);
        }
    }
    for &(op, _) in &seeds.ops {
        if ir.op_stamp(op) > since {
            sel.insert(op);
            // The op itself changed: what its regions hold may read it.
            for &r in ir.regions(op) {
                for b in ir.region_blocks(r) {
                    for o in ir.block_ops(b) {
                        sel.insert(o);
                    }
                }
            }
            for v in ir.results(op) {
                for u in ir.users(v) {
                    sel.insert(u);
                }
            }
            for v in ir.operands(op) {
                if let Some(d) = v.defining_op() {
                    sel.insert(d);
                }
            }
        }
        for &r in ir.regions(op) {
            if ir.region_stamp(r) > since {
                sel.insert(op);
                for b in ir.region_blocks(r) {
                    pick_block(&mut sel, b);
                }
            }
            for b in ir.region_blocks(r) {
                if ir.block_stamp(b) > since {
                    pick_block(&mut sel, b);
                }
            }
        }
    }
    sel
}

/// Applies `patterns` (and folding) greedily to the ops in `region`, whose
/// parent op should be isolated from above, and simplifies the region
/// (MLIR's `applyPatternsGreedily(Region &, ...)`). The parent op itself is
/// not rewritten.
pub fn apply_patterns_greedily_in_region(
    ir: &mut Ir,
    region: RegionRef,
    patterns: &FrozenRewritePatternSet,
    mut config: GreedyRewriteConfig<'_>,
) -> GreedyRewriteResult {
    // A rewrite trace hears every driver run (one atomic load otherwise).
    if config.listener.is_none() {
        if let Some(mut trace) = mlir_rewrite::listener::driver_listener("greedy-driver") {
            return apply_patterns_greedily_in_region(
                ir,
                region,
                patterns,
                config.with_listener(&mut *trace),
            );
        }
    }
    if config.scope.is_none() {
        config.scope = Some(region);
    }
    let scope_op = config.scope.and_then(|r| ir.region_parent_op(r));
    let order = if config.use_top_down_traversal {
        WalkOrder::PreOrder
    } else {
        WalkOrder::PostOrder
    };
    let top_down = config.use_top_down_traversal;
    let cse_constants = config.cse_constants;
    let level = config.region_simplification;
    let max_iterations = config.max_iterations;
    let strict = config.strictness;
    let key = config.effective_fixpoint_key();
    let tracker = RecursionTracker::new();
    let log = Logger::new(LOG_TARGET);
    let mut driver = Driver::new(patterns, config, &tracker, &log, scope_op);
    if let (Some(c), Some(top)) = (&mut driver.state.checks, scope_op) {
        c.input_verifies(ir, top);
    }
    if strict != GreedyRewriteStrictness::AnyOp {
        for op in collect_region_ops(ir, region, WalkOrder::PostOrder) {
            driver.state.filtered.insert(op);
        }
    }

    // Incremental runs: the epoch since which changes must be revisited
    // (`None`: revisit everything, as MLIR).
    let fixpoint_key = key;
    // A change to the region's own op (its attributes, say) may matter to
    // any pattern inside: such a change means a full run.
    let region_op = ir.region_parent_op(region);
    let op_changed_since = |ir: &Ir, e: u32| region_op.is_some_and(|o| ir.op_stamp(o) > e);
    let mut since: Option<u32> = fixpoint_key
        .and_then(|k| ir.region_record(region, k))
        .filter(|&e| !op_changed_since(ir, e));
    if let Some(e) = since {
        if !ir.region_changed_since(region, e) {
            return GreedyRewriteResult {
                iterations: 0,
                ..GreedyRewriteResult::default()
            };
        }
    }

    let mut iteration: u64 = 0;
    let mut continue_rewrites;
    loop {
        iteration += 1;
        if max_iterations.is_some_and(|m| iteration > m) {
            continue_rewrites = true;
            break;
        }
        // Changes from here on stamp above `mark`: the next iteration
        // revisits only them.
        let mark = fixpoint_key.and_then(|_| ir.ctx().advance_change_epoch());
        driver.state.worklist.clear();
        let mut folder = OperationFolder::new();
        // One walk gathers, for each op, everything seeding needs to know
        // that constant uniquing cannot change: whether it is a constant
        // (its value) and whether it sits directly in the scope. Seeding
        // then reads this list rather than the ops again, so a large region
        // is swept once here, not twice (the second sweep missed the cache
        // on a 10^6-op function).
        let seeds = collect_seeds(ir, region, order, driver.state.scope, cse_constants);
        let selected = since
            .filter(|&e| !op_changed_since(ir, e))
            .map(|e| select_changed(ir, region, &seeds, e));
        if iteration == 1 {
            driver.set_budget(seeds.ops.len());
        }
        driver.history.begin_iteration(seeds.ops.len());
        driver.state.worklist.reserve(seeds.ops.len());
        // Only constant uniquing erases ops during seeding; until it has,
        // every gathered op is live.
        let mut erased_any = false;
        let mut constants = seeds.constants.iter().copied();
        for &(op, kind) in &seeds.ops {
            // Taken even for a dead constant, to stay in step.
            let value = (kind == SeedKind::Constant)
                .then(|| constants.next().expect("one value per constant"));
            if erased_any && !ir.is_live_op(op) {
                continue;
            }
            let wanted = selected.as_ref().is_none_or(|sel| sel.contains(op));
            match (kind, value) {
                (SeedKind::Constant, Some(value)) => {
                    if !folder.insert_known_constant(ir, Some(&mut driver.state), op, Some(value)) {
                        erased_any = true;
                        continue;
                    }
                    // Uniquing may have moved the constant to another
                    // region: look at its ancestors anew.
                    if wanted {
                        driver.state.add_to_worklist(ir, op);
                    }
                }
                _ if !wanted => {}
                (SeedKind::InScope, _) => driver.state.add_single(op),
                _ => driver.state.add_to_worklist(ir, op),
            }
        }
        if top_down {
            driver.state.worklist.reverse();
        }
        // The gathered list holds every op of the region: released before
        // the worklist is processed, it does not add to the peak memory of
        // a run that creates ops (12 bytes per op, 4 % of a 10^6-op
        // `--canonicalize`'s peak).
        let multi_block = seeds.multi_block;
        drop(selected);
        drop(seeds);

        // Unreachable blocks can only exist where there is more than one
        // block: the walk saw whether there is any.
        continue_rewrites =
            multi_block && erase_unreachable_blocks(ir, Some(&mut driver.state), &[region]);
        continue_rewrites |= driver.process_worklist(ir);
        if driver.budget_spent() {
            // Region simplification is bounded by the region's size, but a
            // spent budget ends the run here: the IR may be mid-cycle, and
            // another iteration would only spend more.
            continue_rewrites = true;
            break;
        }
        if level != RegionSimplificationLevel::Disabled {
            // With change stamps on, a drained worklist and nobody listening
            // to the order of erasures, dead code in single-block regions is
            // found from what changed (see `local_dead_code`); otherwise the
            // whole region is swept, as MLIR does.
            let local = match mark {
                Some(m)
                    if strict == GreedyRewriteStrictness::AnyOp
                        && driver.state.listener.is_none()
                        && driver.state.worklist.is_empty() =>
                {
                    local_dead_code(ir, region, m, &mut driver.state)
                }
                _ => None,
            };
            continue_rewrites |= match local {
                Some(changed) => changed,
                None => simplify_regions(
                    ir,
                    Some(&mut driver.state),
                    &[region],
                    level == RegionSimplificationLevel::Aggressive,
                ),
            };
        }
        if !continue_rewrites {
            break;
        }
        if mark.is_some() {
            since = mark;
        }
    }
    let iterations = iteration.min(max_iterations.unwrap_or(u64::MAX));
    let mut explanation = None;
    let converged = if continue_rewrites {
        let why = if driver.budget_spent() {
            driver.budget_reason()
        } else {
            let n = max_iterations.unwrap_or(iterations);
            tracing::debug!(target: "greedy-rewriter", "The pattern rewrite did not converge after scanning {n} times");
            NotConverged::MaxIterations(n)
        };
        let limits = Limits {
            max_num_rewrites: driver.max_num_rewrites,
            change_budget: driver.change_budget,
        };
        let at = ir.region_parent_op(region);
        explanation = driver.explain(ir, patterns, &why, &limits, at);
        Err(why)
    } else {
        Ok(())
    };
    let violations = driver.applicator.take_violations();
    // Only a clean fixpoint is worth remembering: a run that stopped early
    // or met a broken pattern must be redone in full next time.
    if let Some(k) = fixpoint_key {
        if converged.is_ok() && violations.is_empty() && driver.recursion_errors.is_empty() {
            ir.record_region_fixpoint(region, k);
        } else {
            ir.clear_region_records(region);
        }
    }
    GreedyRewriteResult {
        changed: iteration > 1 || driver.changes > 0,
        converged,
        all_erased: false,
        iterations,
        num_rewrites: driver.num_rewrites,
        recursion_errors: std::mem::take(&mut driver.recursion_errors),
        violations,
        check_failures: driver
            .state
            .checks
            .take()
            .map(|c| c.failures)
            .unwrap_or_default(),
        explanation,
    }
}

/// Applies the patterns greedily to the ops in each region of `op` (not to
/// `op` itself), one region after the other (MLIR's
/// `applyPatternsGreedily(Operation *, ...)`). The result merges the
/// regions' results: changed if any changed, converged if all did.
pub fn apply_patterns_greedily(
    ir: &mut Ir,
    op: OpRef,
    patterns: &FrozenRewritePatternSet,
    mut config: GreedyRewriteConfig<'_>,
) -> GreedyRewriteResult {
    // A rewrite trace hears every driver run (one atomic load otherwise).
    if config.listener.is_none() {
        if let Some(mut trace) = mlir_rewrite::listener::driver_listener("greedy-driver") {
            return apply_patterns_greedily(ir, op, patterns, config.with_listener(&mut *trace));
        }
    }
    let regions: SmallVec<[RegionRef; 2]> = ir.regions(op).iter().copied().collect();
    let mut total = GreedyRewriteResult::default();
    for r in regions {
        let per_region = GreedyRewriteConfig {
            scope: config.scope,
            use_top_down_traversal: config.use_top_down_traversal,
            region_simplification: config.region_simplification,
            max_iterations: config.max_iterations,
            max_num_rewrites: config.max_num_rewrites,
            change_budget: config.change_budget,
            strictness: config.strictness,
            listener: config
                .listener
                .as_deref_mut()
                .map(|l| l as &mut dyn RewriterListener),
            fold: config.fold,
            cse_constants: config.cse_constants,
            random_seed: config.random_seed,
            contract_checks: config.contract_checks,
            detect_recursion: config.detect_recursion,
            expensive_checks: config.expensive_checks,
            fixpoint_key: config.fixpoint_key,
        };
        let r = apply_patterns_greedily_in_region(ir, r, patterns, per_region);
        total.changed |= r.changed;
        if total.converged.is_ok() {
            total.converged = r.converged;
            total.explanation = r.explanation;
        }
        total.iterations = total.iterations.max(r.iterations);
        total.num_rewrites += r.num_rewrites;
        total.recursion_errors.extend(r.recursion_errors);
        total.violations.extend(r.violations);
        total.check_failures.extend(r.check_failures);
    }
    total
}

/// The closest region containing all `ops`, `None` if one of them is
/// top-level (MLIR's `findCommonAncestor`).
fn common_ancestor_region(ir: &Ir, ops: &[OpRef]) -> Option<RegionRef> {
    let mut region = ir.op_parent_region(ops[0]);
    while let Some(r) = region {
        if ops[1..].iter().all(|&o| ir.region_is_ancestor(r, o)) {
            return Some(r);
        }
        region = ir.region_parent_op(r).and_then(|p| ir.op_parent_region(p));
    }
    None
}

/// Applies the patterns greedily to `ops` and the ops their rewriting
/// queues (MLIR's `applyOpPatternsGreedily`): one worklist pass, no region
/// simplification, no constant uniquing. `converged` fails if the pass
/// stopped at `max_num_rewrites` with work left; `all_erased` says whether
/// every op of `ops` was erased.
pub fn apply_op_patterns_greedily(
    ir: &mut Ir,
    ops: &[OpRef],
    patterns: &FrozenRewritePatternSet,
    mut config: GreedyRewriteConfig<'_>,
) -> GreedyRewriteResult {
    // A rewrite trace hears every driver run (one atomic load otherwise).
    if config.listener.is_none() {
        if let Some(mut trace) = mlir_rewrite::listener::driver_listener("greedy-driver") {
            return apply_op_patterns_greedily(
                ir,
                ops,
                patterns,
                config.with_listener(&mut *trace),
            );
        }
    }
    if ops.is_empty() {
        return GreedyRewriteResult {
            all_erased: true,
            ..Default::default()
        };
    }
    match config.scope {
        None => config.scope = common_ancestor_region(ir, ops),
        Some(s) => debug_assert!(
            ops.iter().all(|&o| ir.region_is_ancestor(s, o)),
            "ops must be within the specified scope"
        ),
    }
    let scope_op = config.scope.and_then(|r| ir.region_parent_op(r));
    let strict = config.strictness;
    let max_num_rewrites = config.max_num_rewrites;
    let tracker = RecursionTracker::new();
    let log = Logger::new(LOG_TARGET);
    let mut driver = Driver::new(patterns, config, &tracker, &log, scope_op);
    if let (Some(c), Some(top)) = (&mut driver.state.checks, scope_op) {
        c.input_verifies(ir, top);
    }
    if strict != GreedyRewriteStrictness::AnyOp {
        for &op in ops {
            driver.state.filtered.insert(op);
        }
    }
    let mut surviving = OpSet::default();
    let mut count = 0;
    for &op in ops {
        if !surviving.contains(op) {
            surviving.insert(op);
            count += 1;
        }
    }
    driver.state.surviving = Some(surviving);
    driver.state.surviving_count = count;
    for &op in ops {
        driver.state.add_single(op);
    }
    driver.set_budget(ops.len());
    let changed = driver.process_worklist(ir);
    let mut explanation = None;
    let converged = if driver.state.worklist.is_empty() {
        Ok(())
    } else {
        let why = if driver.budget_spent() {
            driver.budget_reason()
        } else {
            let n = max_num_rewrites.unwrap_or(driver.num_rewrites);
            tracing::debug!(target: "greedy-rewriter", "The pattern rewrite did not converge after {n} rewrites");
            NotConverged::MaxNumRewrites(n)
        };
        let limits = Limits {
            max_num_rewrites,
            change_budget: driver.change_budget,
        };
        explanation = driver.explain(ir, patterns, &why, &limits, scope_op);
        Err(why)
    };
    GreedyRewriteResult {
        changed,
        converged,
        all_erased: driver.state.surviving_count == 0,
        iterations: 1,
        num_rewrites: driver.num_rewrites,
        recursion_errors: std::mem::take(&mut driver.recursion_errors),
        violations: driver.applicator.take_violations(),
        check_failures: driver
            .state
            .checks
            .take()
            .map(|c| c.failures)
            .unwrap_or_default(),
        explanation,
    }
}
