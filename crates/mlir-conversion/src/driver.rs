//! The conversion driver (MLIR's `OperationConverter` and
//! `OperationLegalizer`): partial, full and analysis conversion.
//!
//! The ops to convert are collected up front in MLIR's order (a pre-order
//! walk that does not enter recursively legal ops). Each is legalized: legal ops are left
//! alone; others are folded (per the folding mode) or rewritten by the
//! patterns rooted at them, shallowest first (`legalization_graph.rs`). After a pattern succeeds,
//! the ops it created and the ops it modified are legalized recursively; if
//! that fails, everything the pattern did is undone (the journal in
//! [`ConversionState`]) and the next pattern is tried.
//!
//! Replacements are deferred: the IR changes for good only when the
//! conversion commits ([`commit`]): uses of replaced values are redirected
//! (through source materializations where types differ), replaced ops and
//! erased blocks are erased, and the `unrealized_conversion_cast` ops the
//! driver created are reconciled: dead ones erased, round trips folded, the
//! rest turned into the type converter's materializations (or kept when
//! materializations are not to be built). A cast that stays live without a
//! materialization is an error.

use std::cell::RefCell;
use std::sync::Arc;

use hashbrown::{HashMap, HashSet};
use smallvec::SmallVec;

use mlir_ir::fold::{fold_readonly, OpFoldResult};
use mlir_ir::PreviousPosition;
use mlir_ir::{
    Attribute, BlockRef, Diagnostic, InsertPoint, Ir, OpBuilder, OpName, OpRef, RegionRef,
    Severity, Value, ValueDef, WalkOrder,
};
use mlir_rewrite::{FrozenRewritePatternSet, PatternRewriter, RewriteHooks, RewriterListener};

use crate::legalization_graph::LegalizationGraph;
use crate::state::{value_block, ConversionState, MaterializationKind, Rewrite};
use crate::target::ConversionTarget;

/// When ops are folded (MLIR's `DialectConversionFoldingMode`).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum FoldingMode {
    /// Never.
    Never,
    /// Before trying patterns (MLIR's default).
    #[default]
    BeforePatterns,
    /// Only when no pattern applies.
    AfterPatterns,
}

/// Which conversion runs.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ConversionMode {
    /// Illegal ops must be converted; unknown ops that cannot be are left.
    Partial,
    /// Every op must be legal afterwards.
    Full,
    /// Nothing changes; reports which ops could be legalized.
    Analysis,
}

/// Options of a conversion (MLIR's `ConversionConfig`).
#[derive(Clone, Debug)]
pub struct ConversionConfig {
    /// When to fold.
    pub folding_mode: FoldingMode,
    /// Whether a failed pattern is rolled back (MLIR 22's
    /// `allowPatternRollback`). Without rollback, a pattern must not fail
    /// after changing the IR; a failed conversion keeps what was done.
    pub allow_pattern_rollback: bool,
    /// Whether remaining unresolved materializations are turned into the
    /// type converter's materializations (else the casts stay).
    pub build_materializations: bool,
    /// Whether kept casts get a `__kind__` attribute saying which
    /// materialization they stand for ("source" or "target").
    pub attach_debug_materialization_kind: bool,
}

impl Default for ConversionConfig {
    fn default() -> Self {
        ConversionConfig {
            folding_mode: FoldingMode::BeforePatterns,
            allow_pattern_rollback: true,
            build_materializations: true,
            attach_debug_materialization_kind: false,
        }
    }
}

/// What a conversion reports besides success.
#[derive(Clone, Debug, Default)]
pub struct ConversionReport {
    /// Analysis: the ops that could be legalized (in conversion order).
    pub legalizable_ops: Vec<OpRef>,
    /// Partial: the ops that could not be legalized and were left.
    pub unlegalized_ops: Vec<OpRef>,
}

/// Applies a partial conversion to `root` (MLIR's `applyPartialConversion`).
pub fn apply_partial_conversion(
    ir: &mut Ir,
    root: OpRef,
    target: &ConversionTarget,
    patterns: &FrozenRewritePatternSet,
    config: &ConversionConfig,
) -> (Result<(), ()>, ConversionReport) {
    apply_conversion(
        ir,
        &[root],
        target,
        patterns,
        config,
        ConversionMode::Partial,
        None,
    )
}

/// Applies a full conversion to `root` (MLIR's `applyFullConversion`).
pub fn apply_full_conversion(
    ir: &mut Ir,
    root: OpRef,
    target: &ConversionTarget,
    patterns: &FrozenRewritePatternSet,
    config: &ConversionConfig,
) -> Result<(), ()> {
    apply_conversion(
        ir,
        &[root],
        target,
        patterns,
        config,
        ConversionMode::Full,
        None,
    )
    .0
}

/// Analyzes which ops of `root` could be legalized, leaving the IR unchanged
/// (MLIR's `applyAnalysisConversion`).
pub fn apply_analysis_conversion(
    ir: &mut Ir,
    root: OpRef,
    target: &ConversionTarget,
    patterns: &FrozenRewritePatternSet,
    config: &ConversionConfig,
) -> (Result<(), ()>, ConversionReport) {
    apply_conversion(
        ir,
        &[root],
        target,
        patterns,
        config,
        ConversionMode::Analysis,
        None,
    )
}

/// Runs a conversion of the ops nested in (and including) `roots`.
pub fn apply_conversion(
    ir: &mut Ir,
    roots: &[OpRef],
    target: &ConversionTarget,
    patterns: &FrozenRewritePatternSet,
    config: &ConversionConfig,
    mode: ConversionMode,
    listener: Option<&mut (dyn RewriterListener + '_)>,
) -> (Result<(), ()>, ConversionReport) {
    // A rewrite trace hears the conversion, after the caller's listener if
    // there is one (an analysis converts a clone, which the trace cannot
    // see).
    let mut trace = if mode != ConversionMode::Analysis {
        mlir_rewrite::listener::driver_listener("dialect-conversion")
    } else {
        None
    };
    let mut chain;
    let listener: Option<&mut (dyn RewriterListener + '_)> = match (listener, trace.as_deref_mut())
    {
        (Some(l), Some(t)) => {
            chain = mlir_rewrite::ListenerChain::new()
                .with(l as &mut dyn RewriterListener)
                .with(t as &mut dyn RewriterListener);
            Some(&mut chain)
        }
        (Some(l), None) => Some(l as &mut dyn RewriterListener),
        (None, t) => t.map(|t| t as &mut dyn RewriterListener),
    };
    // The whole conversion is one action (MLIR's `ApplyConversionAction`).
    mlir_ir::action::execute_action(
        "apply-conversion",
        || "apply-conversion".to_string(),
        || {
            if mode == ConversionMode::Analysis {
                analyze_on_clone(ir, roots, target, patterns, config, listener)
            } else {
                apply_conversion_impl(ir, roots, target, patterns, config, mode, listener)
            }
        },
    )
}

/// An analysis conversion as MLIR 22's `applyAnalysisConversion`: the
/// closest common ancestor of `roots` isolated from above is cloned, the
/// clone is converted and committed (a listener hears of that), the
/// legalizable ops are mapped back to the originals and the clone is
/// erased. The original IR is never touched.
fn analyze_on_clone(
    ir: &mut Ir,
    roots: &[OpRef],
    target: &ConversionTarget,
    patterns: &FrozenRewritePatternSet,
    config: &ConversionConfig,
    listener: Option<&mut (dyn RewriterListener + '_)>,
) -> (Result<(), ()>, ConversionReport) {
    let Some(&first) = roots.first() else {
        return (Ok(()), ConversionReport::default());
    };
    // The common ancestor: the first root's closest ancestor (or itself)
    // holding every root, then up to one isolated from above (or the top).
    let mut anchor = first;
    while !roots.iter().all(|&r| ir.is_ancestor(anchor, r)) {
        match ir.op_parent_op(anchor) {
            Some(p) => anchor = p,
            None => break,
        }
    }
    while !ir.op_has_trait(anchor, mlir_ir::TraitSet::ISOLATED_FROM_ABOVE) {
        match ir.op_parent_op(anchor) {
            Some(p) => anchor = p,
            None => break,
        }
    }
    let mut mapping = mlir_ir::ir::IrMapping::new();
    let clone = ir.clone_op(anchor, &mut mapping);
    // The clone has the original's structure: walking both in the same
    // order pairs each cloned op with its original.
    let originals = ir.walk_collect(anchor, WalkOrder::PreOrder);
    let copies = ir.walk_collect(clone, WalkOrder::PreOrder);
    let original_of: HashMap<OpRef, OpRef> = copies.into_iter().zip(originals).collect();
    let cloned_roots: Vec<OpRef> = roots
        .iter()
        .map(|&r| mapping.lookup_op(r).unwrap_or(r))
        .collect();
    let (result, mut report) = apply_conversion_impl(
        ir,
        &cloned_roots,
        target,
        patterns,
        config,
        ConversionMode::Analysis,
        listener,
    );
    report.legalizable_ops = report
        .legalizable_ops
        .iter()
        .filter_map(|op| original_of.get(op).copied())
        .collect();
    report.unlegalized_ops.clear();
    if ir.is_live_op(clone) {
        for o in ir.walk_collect(clone, WalkOrder::PostOrder) {
            ir.drop_all_references(o);
        }
        ir.erase_op(clone);
    }
    (result, report)
}

fn apply_conversion_impl(
    ir: &mut Ir,
    roots: &[OpRef],
    target: &ConversionTarget,
    patterns: &FrozenRewritePatternSet,
    config: &ConversionConfig,
    mode: ConversionMode,
    listener: Option<&mut (dyn RewriterListener + '_)>,
) -> (Result<(), ()>, ConversionReport) {
    let mut report = ConversionReport::default();
    let to_convert = conversion_set(ir, roots, target);
    let mut state = ConversionState::new(config.allow_pattern_rollback);
    state.log = crate::log::Logger::new();
    let logging = state.log.enabled();
    let immediate = state.immediate;
    let mut listener = listener;
    let mut legalizer = Legalizer::new(target, patterns, config);
    legalizer.logging = logging;
    legalizer.mode = mode;
    let result = {
        let mut rw = PatternRewriter::new(ir);
        // Patterns may legalize ops themselves (MLIR's
        // `ConversionPatternRewriter::legalize`).
        rw.set_nested_legalizer(Some(&legalizer));
        // Without rollback, the listener hears of each change as it happens
        // (MLIR 22 notifies it at once); with rollback, at commit.
        if immediate {
            if let Some(l) = listener.as_deref_mut() {
                rw.set_listener(Some(l));
            }
        }
        rw.set_hooks(Some(&mut state as &mut dyn RewriteHooks));
        convert_ops(&mut rw, &legalizer, target, &to_convert, mode, &mut report)
    };
    if result.is_err() && config.allow_pattern_rollback {
        state.undo_to(ir, 0);
        report.legalizable_ops.retain(|&op| ir.is_live_op(op));
        return (result, report);
    }
    // Without rollback, a failed conversion keeps what was done so far, but
    // its unresolved materializations stay as they are (MLIR 22 returns
    // before reconciling them).
    let committed = commit(ir, &mut state, config, listener, result.is_ok());
    report.unlegalized_ops.retain(|&op| ir.is_live_op(op));
    (result.and(committed), report)
}

/// Legalizes each op of `to_convert` in turn; stops at the first failure
/// that fails the conversion.
fn convert_ops(
    rw: &mut PatternRewriter<'_>,
    legalizer: &Legalizer<'_>,
    target: &ConversionTarget,
    to_convert: &[OpRef],
    mode: ConversionMode,
    report: &mut ConversionReport,
) -> Result<(), ()> {
    for &op in to_convert {
        if !rw.ir().is_live_op(op) || ignored(rw, op) {
            continue;
        }
        if legalizer.legalize(rw, op).is_ok() {
            if mode == ConversionMode::Analysis {
                report.legalizable_ops.push(op);
            }
            continue;
        }
        if let Some((msg, loc)) = legalizer.fatal.take() {
            // MLIR 22 aborts (`report_fatal_error`); a library must not, so
            // the conversion fails with the same words at the op.
            let d = Diagnostic::new(Severity::Error, loc, msg);
            rw.ctx().emit(d);
            return Err(());
        }
        let name = rw.ir().op_name_str(op).to_string();
        let illegal = target.is_illegal(rw.ir(), op);
        let msg = match mode {
            ConversionMode::Analysis => continue,
            ConversionMode::Partial if !illegal => {
                report.unlegalized_ops.push(op);
                continue;
            }
            // Only a partial conversion says why it failed (mlir-opt 22's
            // full conversion reports every failure alike).
            ConversionMode::Partial => {
                format!("failed to legalize operation '{name}' that was explicitly marked illegal")
            }
            ConversionMode::Full => format!("failed to legalize operation '{name}'"),
        };
        let d = rw.ir().op_diag(op, Severity::Error, msg);
        rw.ctx().emit(d);
        return Err(());
    }
    Ok(())
}

/// The IR and the conversion state behind a rewriter's hooks, together.
pub(crate) fn ir_st<'r>(rw: &'r mut PatternRewriter<'_>) -> (&'r Ir, &'r mut ConversionState) {
    let (ir, s) = rw.ir_and_hooks_as::<ConversionState>();
    (ir, s.expect("conversion state installed"))
}

/// Whether the legalizer must skip `op` (see [`ConversionState::is_ignored`]).
fn ignored(rw: &mut PatternRewriter<'_>, op: OpRef) -> bool {
    let (ir, s) = ir_st(rw);
    s.is_ignored(ir, op)
}

/// The conversion state behind a rewriter's hooks.
pub(crate) fn st<'r>(rw: &'r mut PatternRewriter<'_>) -> &'r mut ConversionState {
    rw.hooks_as::<ConversionState>()
        .expect("conversion state installed")
}

/// Moves the state out of the hooks (so that it and the IR can be borrowed
/// together), leaving an empty one in its place.
fn take_state(rw: &mut PatternRewriter<'_>) -> ConversionState {
    let s = st(rw);
    let allow = s.allow_rollback;
    std::mem::replace(s, ConversionState::new(allow))
}

fn put_state(rw: &mut PatternRewriter<'_>, state: ConversionState) {
    *st(rw) = state;
}

/// The ops to convert, in MLIR 22's order: a pre-order walk of each root
/// with `ForwardDominanceIterator`, which does not enter recursively legal
/// ops and visits the blocks of a region depth first along their
/// successors from the entry block, so blocks unreachable from the entry
/// are not converted at all.
fn conversion_set(ir: &Ir, roots: &[OpRef], target: &ConversionTarget) -> Vec<OpRef> {
    let mut out = Vec::new();
    // A stack of ops still to visit, in reverse order so that they pop in
    // program order.
    let mut stack: Vec<OpRef> = roots.iter().rev().copied().collect();
    let mut blocks: Vec<BlockRef> = Vec::new();
    while let Some(op) = stack.pop() {
        out.push(op);
        if target
            .is_legal(ir, op)
            .is_some_and(|d| d.is_recursively_legal)
        {
            continue;
        }
        let mut nested: Vec<OpRef> = Vec::new();
        for &region in ir.regions(op) {
            blocks_in_dominance_order(ir, region, &mut blocks);
            for &block in &blocks {
                nested.extend(ir.block_ops(block));
            }
        }
        stack.extend(nested.into_iter().rev());
    }
    out
}

/// The blocks of `region` reachable from its entry block, in depth-first
/// pre-order along successors (LLVM's `depth_first`, as MLIR's
/// `ForwardDominanceIterator` enumerates them), into `out`.
fn blocks_in_dominance_order(ir: &Ir, region: RegionRef, out: &mut Vec<BlockRef>) {
    out.clear();
    let Some(entry) = ir.first_block(region) else {
        return;
    };
    out.push(entry);
    // A single block has no successors (MLIR's `SuccessorRange` is empty
    // for the only block of a region): the common case needs no search.
    if ir.next_block(entry).is_none() {
        return;
    }
    let successors = |b: BlockRef| -> Vec<BlockRef> {
        match ir.last_op(b) {
            Some(term) => ir.successors(term).collect(),
            None => Vec::new(),
        }
    };
    let mut visited: HashSet<BlockRef> = HashSet::new();
    visited.insert(entry);
    let mut stack: Vec<(Vec<BlockRef>, usize)> = vec![(successors(entry), 0)];
    while let Some((succs, next)) = stack.last_mut() {
        if *next < succs.len() {
            let s = succs[*next];
            *next += 1;
            if visited.insert(s) {
                out.push(s);
                stack.push((successors(s), 0));
            }
        } else {
            stack.pop();
        }
    }
}

/// Legalizes ops (MLIR's `OperationLegalizer`).
struct Legalizer<'t> {
    target: &'t ConversionTarget,
    patterns: &'t FrozenRewritePatternSet,
    config: &'t ConversionConfig,
    /// The pattern order of the conversion (see `legalization_graph.rs`).
    graph: LegalizationGraph,
    /// Pattern indices per op name, in the order they are tried.
    ordered: RefCell<HashMap<OpName, Arc<[u32]>>>,
    /// Patterns being applied (on the stack of recursive legalization).
    active: RefCell<HashSet<u32>>,
    /// Whether the `dialect-conversion` debug log is on (read once, so that
    /// the hot paths skip the logger entirely when it is off).
    logging: bool,
    /// Set when a change had to be undone without rollback support: the
    /// error MLIR 22 aborts with, and the op it is reported at.
    fatal: RefCell<Option<(String, mlir_ir::Location)>>,
    /// The conversion's mode (for the legalizations patterns ask for).
    mode: ConversionMode,
}

impl<'t> Legalizer<'t> {
    fn new(
        target: &'t ConversionTarget,
        patterns: &'t FrozenRewritePatternSet,
        config: &'t ConversionConfig,
    ) -> Self {
        Legalizer {
            target,
            patterns,
            config,
            graph: LegalizationGraph::new(target, patterns),
            ordered: RefCell::new(HashMap::new()),
            active: RefCell::new(HashSet::new()),
            logging: false,
            fatal: RefCell::new(None),
            mode: ConversionMode::Partial,
        }
    }

    /// The patterns to try on ops named `name`: those rooted at the name
    /// that may lead to legal IR and the match-any ones, by legalization
    /// depth, then benefit ([`LegalizationGraph::patterns_for`]).
    fn patterns_for(&self, name: OpName) -> Arc<[u32]> {
        if let Some(p) = self.ordered.borrow().get(&name) {
            return p.clone();
        }
        let list: Arc<[u32]> = self.graph.patterns_for(self.patterns, name).into();
        self.ordered.borrow_mut().insert(name, list.clone());
        list
    }

    fn legalize(&self, rw: &mut PatternRewriter<'_>, op: OpRef) -> Result<(), ()> {
        if !self.logging {
            return self.legalize_inner(rw, op).map(|_| ());
        }
        {
            let ir = rw.ir();
            let name = ir.op_name_str(op).to_string();
            // An op without regions is printed whole (generic form).
            let text = ir.regions(op).is_empty().then(|| {
                let flags = mlir_ir::asm::printer::PrintFlags {
                    generic: true,
                    ..Default::default()
                };
                mlir_ir::asm::printer::print_op_local(ir, op, &flags)
            });
            let log = &st(rw).log;
            log.begin_op(&name);
            if let Some(t) = text {
                log.line(|| t);
            }
        }
        let result = self.legalize_inner(rw, op);
        let log = &st(rw).log;
        match result {
            Ok(reason) => log.success(reason),
            Err(()) => log.failure("no matched legalization pattern"),
        }
        result.map(|_| ())
    }

    /// [`Self::legalize`] without the log's header; on success, says how.
    fn legalize_inner(&self, rw: &mut PatternRewriter<'_>, op: OpRef) -> Result<&'static str, ()> {
        if let Some(details) = self.target.is_legal(rw.ir(), op) {
            if details.is_recursively_legal {
                st(rw).recursively_legal.insert(op);
                return Ok("operation marked legal by the target; NOTE: operation is recursively legal; skipping internals");
            }
            return Ok("operation marked legal by the target");
        }
        if self.config.folding_mode == FoldingMode::BeforePatterns && self.fold_logged(rw, op) {
            return Ok("");
        }
        if self.fatal.borrow().is_some() {
            return Err(());
        }
        if self.legalize_with_pattern(rw, op).is_ok() {
            return Ok("");
        }
        if self.fatal.borrow().is_some() {
            return Err(());
        }
        if self.config.folding_mode == FoldingMode::AfterPatterns && self.fold_logged(rw, op) {
            return Ok("");
        }
        Err(())
    }

    /// Folds `op`, logging the attempt; whether it folded.
    fn fold_logged(&self, rw: &mut PatternRewriter<'_>, op: OpRef) -> bool {
        if !self.logging {
            return self.legalize_with_fold(rw, op).is_ok();
        }
        st(rw).log.begin(|| "* Fold".to_string());
        let ok = self.legalize_with_fold(rw, op).is_ok();
        let log = &st(rw).log;
        if ok {
            log.success("operation was folded");
        } else {
            log.failure("unable to fold");
        }
        ok
    }

    /// Undoes what was done since journal position `n`; false when that is
    /// impossible: without rollback support only unresolved
    /// materializations can be undone (the caller then reports the fatal
    /// error MLIR 22 aborts with, see [`Self::set_fatal`]).
    fn rollback(&self, rw: &mut PatternRewriter<'_>, n: usize) -> bool {
        let ok = {
            let (ir, s) = ir_st(rw);
            s.can_undo_to(ir, n)
        };
        if ok {
            let mut state = take_state(rw);
            state.undo_to(rw.ir_mut_for_hooks(), n);
            put_state(rw, state);
        }
        ok
    }

    /// Undoes a failed fold since journal position `n`; without rollback
    /// support, changes that cannot be undone are MLIR 22's fatal
    /// `op '...' folder rollback of IR modifications requested`.
    fn rollback_fold(&self, rw: &mut PatternRewriter<'_>, folded: FoldedOp, n: usize) {
        if !self.rollback(rw, n) {
            let name = rw.ctx().op_name_str(folded.name);
            let msg = format!("op '{name}' folder rollback of IR modifications requested");
            self.set_fatal_at(folded.loc, msg);
        }
    }

    /// Records the first fatal error (MLIR 22 aborts the process with it;
    /// rmlir, a library, reports it at `loc` and fails the conversion).
    fn set_fatal_at(&self, loc: mlir_ir::Location, msg: String) {
        let mut fatal = self.fatal.borrow_mut();
        if fatal.is_none() {
            *fatal = Some((msg, loc));
        }
    }

    /// After pattern `name` was applied (at `loc`, its root's location
    /// before the pattern ran) without rollback support and its result was
    /// not legalized: the fatal error for what cannot be undone, if
    /// anything. `matched` says whether the pattern succeeded.
    fn check_no_rollback_result(
        &self,
        rw: &mut PatternRewriter<'_>,
        loc: mlir_ir::Location,
        n: usize,
        name: &str,
        matched: bool,
    ) {
        if matched {
            // MLIR 22's `reportNewIrLegalizationFatalError`.
            let (new_ops, modified) = {
                let (ir, s) = ir_st(rw);
                s.pattern_changes_since(ir, n)
            };
            let ctx = rw.ctx();
            let names = |v: &[mlir_ir::OpName]| {
                v.iter()
                    .map(|&o| ctx.op_name_str(o))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let msg = format!(
                "pattern '{name}' produced IR that could not be legalized. new ops: {{{}}}, modified ops: {{{}}}",
                names(&new_ops),
                names(&modified)
            );
            self.set_fatal_at(loc, msg);
        } else if !self.rollback(rw, n) {
            // A pattern that changed the IR and failed: MLIR 22's release
            // builds go on with the changed IR, its expensive checks abort
            // with these words.
            let msg = format!("pattern '{name}' returned failure but IR did change");
            self.set_fatal_at(loc, msg);
        }
    }

    /// Folds `op` (MLIR's `legalizeWithFold`).
    fn legalize_with_fold(&self, rw: &mut PatternRewriter<'_>, op: OpRef) -> Result<(), ()> {
        let n = st(rw).journal_len();
        let ir = rw.ir();
        // The op may be gone when a failure is reported.
        let folding = FoldedOp {
            name: ir.op_name(op),
            loc: ir.op_loc(op),
        };
        // A constant is not folded: it would fold to itself and be
        // materialized again, endlessly. Same test as `OpBuilder::try_fold`
        // (MLIR's `tryFold` skips what `m_Constant` matches).
        let folded = if ir.constant_value(op).is_some() {
            Err(())
        } else {
            let operands: SmallVec<[Option<Attribute>; 4]> =
                ir.operands(op).map(|v| ir.value_constant(v)).collect();
            let mut results = SmallVec::<[OpFoldResult; 1]>::new();
            // An in-place fold that would change nothing fails here, so
            // the unchanged op is not re-legalized forever.
            fold_readonly(ir, op, &operands, &mut results).map(|edits| (edits, results))
        };
        let Ok((edits, results)) = folded else {
            // MLIR folds inside an op modification and cancels it on
            // failure; with rollback support the cancel restores the op's
            // operands, which moves its uses to the front of their use
            // lists. Only that side effect is visible, so only it is done.
            if !st(rw).immediate {
                rw.ir_mut_for_hooks().relink_operands_and_successors(op);
            }
            return Err(());
        };
        set_insertion_point_at(rw, op);
        // The fold counts as an in-place modification of the op.
        rw.start_op_modification(op);
        for e in edits {
            apply_edit(rw, op, e);
        }
        rw.finalize_op_modification(op);
        if results.is_empty() {
            // Folded in place: the op changed, so legalize it again. When
            // that fails, the fold stays (MLIR 22 does not undo an in-place
            // fold) and the op goes on to the patterns.
            return self.legalize(rw, op);
        }
        // Materialize constants through the op's dialect.
        let mut values: SmallVec<[Value; 2]> = SmallVec::new();
        for (i, r) in results.iter().enumerate() {
            match *r {
                OpFoldResult::Value(v) => values.push(v),
                OpFoldResult::Attr(a) => {
                    let ty = rw.ir().value_type(rw.ir().result(op, i));
                    let loc = rw.ir().op_loc(op);
                    let dialect = rw.ctx().op_info(rw.ir().op_name(op)).dialect.clone();
                    let ctx = rw.ir().ctx_arc().clone();
                    let made = rw.with_builder(|b: &mut OpBuilder<'_>| {
                        let d = ctx.dialect(&dialect)?;
                        d.materialize_constant(b, a, ty, loc)
                    });
                    match made {
                        Some(c) => values.push(rw.ir().result(c, 0)),
                        None => {
                            self.rollback_fold(rw, folding, n);
                            return Err(());
                        }
                    }
                }
            }
        }
        let created = {
            let (ir, s) = ir_st(rw);
            s.created_since(ir, n)
        };
        rw.replace_op(op, &values);
        for c in created {
            if self.legalize(rw, c).is_err() {
                self.rollback_fold(rw, folding, n);
                return Err(());
            }
        }
        Ok(())
    }

    /// Applies the patterns rooted at `op` (MLIR's `legalizeWithPattern`).
    fn legalize_with_pattern(&self, rw: &mut PatternRewriter<'_>, op: OpRef) -> Result<(), ()> {
        let name = rw.ir().op_name(op);
        let list = self.patterns_for(name);
        let patterns = self.patterns;
        for &idx in list.iter() {
            let boxed = patterns.pattern(idx);
            let pattern = boxed.pattern();
            if !pattern.matches_root(rw.ctx(), name) {
                continue;
            }
            // A pattern may not be applied to an op it produced while it
            // is still being applied, unless it bounds its recursion.
            if self.active.borrow().contains(&idx) && !pattern.has_bounded_rewrite_recursion() {
                continue;
            }
            // One action per pattern tried (MLIR's `ApplyPatternAction`),
            // spanning the legalization of its result and its rollback.
            let applied = mlir_ir::action::execute_action(
                "apply-pattern",
                || format!("`apply-pattern pattern: {}", pattern.debug_name()),
                || {
                    if self.logging {
                        let (ir, state) = ir_st(rw);
                        state.log.begin(|| {
                            let ctx = ir.ctx();
                            let root = pattern
                                .root_kind()
                                .map(|r| ctx.op_name_str(r).to_string())
                                .unwrap_or_else(|| "*".to_string());
                            let generated: Vec<&str> = pattern
                                .generated_ops()
                                .iter()
                                .map(|&g| ctx.op_name_str(g))
                                .collect();
                            format!(
                                "* Pattern {} : '{root} -> ({})'",
                                pattern.debug_name(),
                                generated.join(", ")
                            )
                        });
                    }
                    let n = st(rw).journal_len();
                    set_insertion_point_at(rw, op);
                    self.active.borrow_mut().insert(idx);
                    let root_loc = rw.ir().op_loc(op);
                    let mut matched =
                        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            boxed.match_and_rewrite(op, rw)
                        }))
                        .unwrap_or_else(|payload| {
                            let root = rw.ctx().op_name_str(rw.ir().op_name(op)).to_string();
                            mlir_rewrite::abort::reraise_from_pattern(
                                payload, pattern, &root, root_loc,
                            )
                        });
                    if st(rw).erased_used_block {
                        // Without rollback, erasing a block that branches
                        // still name is refused (MLIR asserts; a release
                        // build leaves branches to freed memory): the
                        // conversion fails.
                        st(rw).erased_used_block = false;
                        let name = pattern.debug_name();
                        let msg = format!("pattern '{name}' erased a block that still has uses");
                        self.set_fatal_at(root_loc, msg);
                        matched = Err(());
                    }
                    let result = matched.and_then(|()| self.legalize_pattern_result(rw, op, n));
                    if self.logging {
                        let log = &st(rw).log;
                        match (matched, result) {
                            (_, Ok(())) => log.success("pattern applied successfully"),
                            (Err(()), _) => log.failure("pattern failed to match"),
                            (Ok(()), Err(())) => {
                                log.failure("pattern produced IR that could not be legalized")
                            }
                        }
                    }
                    self.active.borrow_mut().remove(&idx);
                    if st(rw).immediate {
                        if result.is_err() && self.fatal.borrow().is_none() {
                            self.check_no_rollback_result(
                                rw,
                                root_loc,
                                n,
                                pattern.debug_name(),
                                matched.is_ok(),
                            );
                        }
                    } else if result.is_err() && self.fatal.borrow().is_none() {
                        self.rollback(rw, n);
                    }
                    result
                },
            );
            if applied.is_ok() {
                return Ok(());
            }
            if self.fatal.borrow().is_some() {
                return Err(());
            }
        }
        Err(())
    }

    /// Legalizes what a successful pattern produced (MLIR 22's
    /// `legalizePatternResult`): the ops it modified in place, then the ops
    /// it created, each in order. Blocks it created or moved get no
    /// treatment of their own (MLIR 22 dropped it): moved ops are legalized
    /// in their turn, and the ops of a cloned region count as created.
    fn legalize_pattern_result(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpRef,
        n: usize,
    ) -> Result<(), ()> {
        // A pattern that succeeds must replace, erase or modify its root.
        if !st(rw).root_changed_since(op, n) {
            return Err(());
        }
        let modified = {
            let (ir, s) = ir_st(rw);
            s.modified_since(ir, n)
        };
        for m in modified {
            if ignored(rw, m) {
                continue;
            }
            if self.legalize(rw, m).is_err() {
                return Err(());
            }
        }
        let created = {
            let (ir, s) = ir_st(rw);
            let mut created = s.created_since(ir, n);
            // The ops of created blocks that were neither created nor moved
            // one by one (a cloned region's) count as created ops, as MLIR's
            // rewriter notifies each of them.
            let blocks = s.blocks_created_since(ir, n);
            if !blocks.is_empty() {
                let known = s.inserted_since(n);
                for &b in &blocks {
                    for o in ir.block_ops(b) {
                        if known.contains(&o) || s.unresolved_set.contains(&o) {
                            continue;
                        }
                        created.extend(ir.walk_collect(o, WalkOrder::PreOrder));
                    }
                }
            }
            created
        };
        for c in created {
            if !rw.ir().is_live_op(c) || ignored(rw, c) {
                continue;
            }
            if self.legalize(rw, c).is_err() {
                return Err(());
            }
        }
        Ok(())
    }
}

/// A legalization a pattern asks for (MLIR 22's `OperationConverter::
/// convert` with `isRecursiveLegalization`): an op that cannot be
/// legalized fails it in a full conversion, in a partial one only when it
/// is explicitly illegal, never in an analysis.
impl mlir_rewrite::NestedLegalizer for Legalizer<'_> {
    fn legalize_op(&self, rw: &mut PatternRewriter<'_>, op: OpRef) -> mlir_rewrite::LogicalResult {
        if self.legalize(rw, op).is_ok() {
            return Ok(());
        }
        if self.fatal.borrow().is_some() {
            return Err(());
        }
        match self.mode {
            ConversionMode::Full => Err(()),
            ConversionMode::Partial if self.target.is_illegal(rw.ir(), op) => Err(()),
            ConversionMode::Partial | ConversionMode::Analysis => Ok(()),
        }
    }
}

/// The name and location of an op being folded, kept for the no-rollback
/// error (the fold may have replaced the op by then).
#[derive(Clone, Copy)]
struct FoldedOp {
    name: mlir_ir::OpName,
    loc: mlir_ir::Location,
}

/// Sets the insertion point before `op`, or clears it for a detached op
/// (the root of the conversion).
fn set_insertion_point_at(rw: &mut PatternRewriter<'_>, op: OpRef) {
    if rw.ir().op_block(op).is_some() {
        rw.set_insertion_point_before(op);
    } else {
        rw.clear_insertion_point();
    }
}

fn apply_edit(rw: &mut PatternRewriter<'_>, op: OpRef, e: mlir_ir::fold::InPlaceEdit) {
    use mlir_ir::fold::InPlaceEdit as E;
    if let E::SwapRegions(a, b) = e {
        // Block moves go through the rewriter, which records them.
        let (ra, rb) = (rw.ir().region(op, a), rw.ir().region(op, b));
        let blocks_a: Vec<_> = rw.ir().region_blocks(ra).collect();
        rw.inline_region_before(rb, ra, None);
        for blk in blocks_a {
            rw.move_block_before_in(blk, rb, None);
        }
        return;
    }
    let mut m = rw.modify(op);
    match e {
        E::SetOperand(i, v) => m.set_operand(i, v),
        E::SetOperands(vs) => m.set_operands(&vs),
        E::EraseOperand(i) => m.erase_operand(i),
        E::SetAttr(name, a) => m.set_attr(&name, a),
        E::SetProperties(p) => m.set_properties(p),
        E::SetResultType(i, ty) => m.set_result_type(i, ty),
        E::SetLoc(l) => m.set_loc(l),
        E::SwapRegions(..) => unreachable!("handled above"),
    }
}

/// Makes the conversion permanent (MLIR's `applyRewrites` and the
/// reconciliation of unresolved materializations). The IR is changed
/// directly from here on: nothing is undone anymore.
fn commit(
    ir: &mut Ir,
    state: &mut ConversionState,
    config: &ConversionConfig,
    mut listener: Option<&mut (dyn RewriterListener + '_)>,
    reconcile_casts: bool,
) -> Result<(), ()> {
    if state.immediate {
        // Everything was applied (and notified) as it happened.
        state.journal.clear();
        return if reconcile_casts {
            reconcile(ir, state, config, listener)
        } else {
            Ok(())
        };
    }
    // 1. Replay the journal in order: the listener hears about every change
    //    that is kept (MLIR sends all notifications in bulk at the end), and
    //    the uses of replaced values are redirected where MLIR commits them.
    let journal = std::mem::take(&mut state.journal);
    // The values whose uses were redirected: the results of replaced ops as
    // a table of their ops (one per replaced op, without hashing), other
    // values (block arguments, values mapped on their own) in a set.
    let mut redirected_ops = crate::state::OpSet::default();
    let mut redirected: HashSet<Value> = HashSet::new();
    let unresolved: HashSet<OpRef> = state.unresolved.iter().map(|m| m.op).collect();
    for entry in &journal {
        match entry {
            Rewrite::CreateOp(op, _) => {
                if let Some(l) = listener.as_deref_mut() {
                    if ir.is_live_op(*op) && !unresolved.contains(op) {
                        l.notify_operation_inserted(ir, *op, PreviousPosition::Unlinked);
                    }
                }
            }
            Rewrite::MoveOp { op, previous } => {
                if let Some(l) = listener.as_deref_mut() {
                    if ir.is_live_op(*op) {
                        // MLIR 22's delayed notification of a move gives the
                        // block but not the position.
                        l.notify_operation_inserted(
                            ir,
                            *op,
                            PreviousPosition::Unknown(previous.block),
                        );
                    }
                }
            }
            Rewrite::CreateBlock(b) => {
                if let Some(l) = listener.as_deref_mut() {
                    if ir.is_live_block(*b) {
                        l.notify_block_inserted(ir, *b, None);
                    }
                }
            }
            Rewrite::MoveBlock {
                block,
                region,
                next,
            } => {
                if let Some(l) = listener.as_deref_mut() {
                    if ir.is_live_block(*block) {
                        l.notify_block_inserted(ir, *block, Some((*region, *next)));
                    }
                }
            }
            Rewrite::ModifyOp(s) => {
                let op = s.op();
                // Like MLIR, even an op replaced later hears of it (it is
                // still alive until the erasures below).
                if let Some(l) = listener.as_deref_mut() {
                    if ir.is_live_op(op) {
                        l.notify_operation_modified(ir, op);
                    }
                }
            }
            Rewrite::ReplaceOp(op) => {
                let op = *op;
                if !ir.is_live_op(op) {
                    continue;
                }
                if let Some(l) = listener.as_deref_mut() {
                    let values: SmallVec<[Value; 4]> =
                        ir.results(op).flat_map(|r| state.lookup(r)).collect();
                    l.notify_operation_replaced(ir, op, &values);
                }
                if !redirected_ops.contains(op) {
                    redirected_ops.insert(op);
                    for i in 0..ir.num_results(op) {
                        let r = ir.result(op, i);
                        redirect_uses(ir, state, r, listener.as_deref_mut());
                    }
                }
                if let Some(l) = listener.as_deref_mut() {
                    notify_erased_tree(ir, op, l);
                }
            }
            Rewrite::EraseBlock { block, .. } => {
                if let Some(l) = listener.as_deref_mut() {
                    if ir.is_live_block(*block) {
                        let replaced = |o: OpRef| state.is_replaced(o);
                        notify_erased_block(ir, *block, l, Some(&replaced));
                    }
                }
            }
            Rewrite::MapValue { from, .. } => {
                if from.is_block_argument()
                    && ir.is_live_value(*from)
                    && state.mapping.contains_key(from)
                    && redirected.insert(*from)
                {
                    redirect_uses(ir, state, *from, listener.as_deref_mut());
                }
            }
            Rewrite::Materialization(_) | Rewrite::Modified(_) | Rewrite::Erased(_) => {}
        }
    }
    // Values mapped without a journaled replacement of their owner.
    let order = std::mem::take(&mut state.mapped_order);
    for &from in &order {
        let done = match from.def() {
            ValueDef::OpResult(op, _) => redirected_ops.contains(op),
            ValueDef::BlockArgument(..) => false,
        };
        if !done && ir.is_live_value(from) && redirected.insert(from) {
            redirect_uses(ir, state, from, listener.as_deref_mut());
        }
    }
    state.mapped_order = order;

    // 2. Erase what was replaced or erased.
    let roots: Vec<OpRef> = state
        .replaced
        .iter()
        .copied()
        .filter(|&op| ir.is_live_op(op))
        .collect();
    let mut top: Vec<OpRef> = Vec::new();
    // While no replaced op has regions and no block was erased, every
    // replaced op is outermost: skip the ancestor walks.
    let flat = state.replaced_with_regions == 0 && state.erased_blocks.is_empty();
    for &op in &roots {
        if flat {
            top.push(op);
            continue;
        }
        // Only the outermost replaced ops are erased (with what they hold).
        let mut nested = false;
        let mut cur = ir.op_parent_op(op);
        while let Some(p) = cur {
            if state.replaced_set.contains(p) {
                nested = true;
                break;
            }
            cur = ir.op_parent_op(p);
        }
        let in_erased_block = {
            let mut c = Some(op);
            let mut found = false;
            while let Some(o) = c {
                match ir.op_block(o) {
                    Some(b) if ir.block_parent_region(b).is_none() => {
                        found = true;
                        break;
                    }
                    Some(_) => c = ir.op_parent_op(o),
                    None => break,
                }
            }
            found
        };
        if !nested && !in_erased_block {
            top.push(op);
        }
    }
    for &op in &top {
        if ir.regions(op).is_empty() {
            ir.drop_all_references(op);
            continue;
        }
        for o in ir.walk_collect(op, WalkOrder::PostOrder) {
            ir.drop_all_references(o);
        }
    }
    for &b in &state.erased_blocks {
        if ir.is_live_block(b) {
            let ops: Vec<OpRef> = ir.block_ops(b).collect();
            for o in ops {
                for n in ir.walk_collect(o, WalkOrder::PostOrder) {
                    ir.drop_all_references(n);
                }
            }
        }
    }
    for &op in top.iter().rev() {
        if ir.is_live_op(op) {
            // Users outside the erased IR were redirected in step 1; what
            // is left are users that are erased too.
            for i in 0..ir.num_results(op) {
                let v = ir.result(op, i);
                while let Some(u) = ir.uses(v).next() {
                    ir.drop_all_references(u.op);
                }
            }
            ir.erase_op(op);
        }
    }
    for &b in state.erased_blocks.iter().rev() {
        if ir.is_live_block(b) {
            for i in 0..ir.num_arguments(b) {
                let a = ir.argument(b, i);
                while let Some(u) = ir.uses(a).next() {
                    ir.drop_all_references(u.op);
                }
            }
            ir.erase_block(b);
        }
    }

    // 3. Reconcile the unresolved materializations.
    if !reconcile_casts {
        return Ok(());
    }
    reconcile(ir, state, config, listener)
}

/// Redirects the uses of `from` by ops that survive to its latest
/// replacement, through a source materialization when the types differ;
/// "modified" is notified per redirected use.
fn redirect_uses(
    ir: &mut Ir,
    state: &mut ConversionState,
    from: Value,
    mut listener: Option<&mut (dyn RewriterListener + '_)>,
) {
    // Every use is redirected, those in replaced ops too (MLIR replaces them
    // all, and its listener hears of each user). Only a materialization
    // needs a user that survives: a value used only by IR that is erased
    // gets none.
    if ir.uses(from).next().is_none() {
        return;
    }
    let uses: SmallVec<[mlir_ir::OpOperand; 4]> = ir.uses(from).collect();
    let repl = state.lookup(from);
    if repl.len() == 1 && repl[0] == from {
        return;
    }
    // The deepest replacement of the same type (the latest one, when it
    // has the type), else a materialization.
    let same_type = state.lookup_deepest_of_type(ir, from, ir.value_type(from));
    let to = if let Some(v) = same_type {
        v
    } else {
        // Dead unless a surviving op uses it or a replacement refers to it.
        let first_live = uses
            .iter()
            .find(|u| !state.is_ignored(ir, u.op))
            .map(|u| u.op);
        if first_live.is_none() && !state.mapped_to.contains(&from) {
            return;
        }
        let first_live = first_live.unwrap_or(uses[0].op);
        // A source materialization, placed where both the replacement
        // values and the original value are available.
        let converter = state.converter_for(ir, from);
        let ip = materialization_point(ir, state, from, &repl, first_live);
        let c = state.source_materialization(ir, ip, from, &repl, converter.clone(), false);
        // Later replacements through the same value reuse the cast (MLIR
        // maps it); not journaled, so the commit does not redirect it.
        if repl.len() == 1 {
            state
                .mapping
                .entry(repl[0])
                .or_insert_with(|| (smallvec::smallvec![c], converter));
        }
        c
    };
    for u in uses {
        ir.set_operand(u.op, u.index as usize, to);
        if let Some(l) = listener.as_deref_mut() {
            l.notify_operation_modified(ir, u.op);
        }
    }
}

/// Tells `l` that `op` and everything nested in it are erased, in MLIR 22's
/// commit order (`notifyIRErased`): each block's ops first to last, each
/// nested op after what it holds, each block after its ops, the op last.
fn notify_erased_tree(ir: &Ir, op: OpRef, l: &mut dyn RewriterListener) {
    for &r in ir.regions(op) {
        let mut b = ir.first_block(r);
        while let Some(block) = b {
            notify_erased_block(ir, block, l, None);
            b = ir.next_block(block);
        }
    }
    l.notify_operation_erased(ir, op);
}

/// [`notify_erased_tree`] for the ops of `block` (those `skip` does not
/// exclude), then the block.
fn notify_erased_block(
    ir: &Ir,
    block: mlir_ir::BlockRef,
    l: &mut dyn RewriterListener,
    skip: Option<&dyn Fn(OpRef) -> bool>,
) {
    let ops: SmallVec<[OpRef; 8]> = ir.block_ops(block).collect();
    for o in ops {
        if skip.is_some_and(|f| f(o)) {
            continue;
        }
        notify_erased_tree(ir, o, l);
    }
    l.notify_block_erased(ir, block);
}

/// Where a source materialization of `from` from `repl` goes: in `from`'s
/// block if it is still linked (else the block that replaced it, else the
/// block of the replacements, else the block of the first user), after the
/// latest definition there among `from` and `repl`.
fn materialization_point(
    ir: &Ir,
    state: &ConversionState,
    from: Value,
    repl: &[Value],
    first_user: OpRef,
) -> InsertPoint {
    let linked = |b: mlir_ir::BlockRef| ir.block_parent_region(b).is_some();
    let block = value_block(ir, from)
        .filter(|&b| linked(b))
        .or_else(|| state.arg_home.get(&from).copied().filter(|&b| linked(b)))
        .or_else(|| repl.last().and_then(|&r| value_block(ir, r)))
        .or_else(|| ir.op_block(first_user))
        .expect("a block for the materialization");
    let mut after: Option<OpRef> = None;
    for &v in std::iter::once(&from).chain(repl) {
        if value_block(ir, v) != Some(block) {
            continue;
        }
        if let Some(d) = v.defining_op() {
            match after {
                Some(a) if ir.is_before_in_block(d, a) => {}
                _ => after = Some(d),
            }
        }
    }
    match after {
        Some(a) => InsertPoint {
            block,
            before: ir.next_op(a),
        },
        None => InsertPoint {
            block,
            before: ir.first_op(block),
        },
    }
}

/// Replaces every use of `from` with `to`.
fn replace_uses(ir: &mut Ir, from: Value, to: Value) {
    while let Some(u) = ir.uses(from).next() {
        ir.set_operand(u.op, u.index as usize, to);
    }
}

fn reconcile(
    ir: &mut Ir,
    state: &mut ConversionState,
    config: &ConversionConfig,
    mut listener: Option<&mut (dyn RewriterListener + '_)>,
) -> Result<(), ()> {
    let casts: Vec<_> = state
        .unresolved
        .iter()
        .filter(|m| ir.is_live_op(m.op))
        .cloned()
        .collect();
    let cast_set: HashSet<OpRef> = casts.iter().map(|m| m.op).collect();
    // Fold round trips: cast(cast(x : A) : B) : A is x.
    for m in &casts {
        if !ir.is_live_op(m.op) {
            continue;
        }
        let inputs: SmallVec<[Value; 2]> = ir.operands(m.op).collect();
        let Some(inner) = inputs.first().and_then(|v| v.defining_op()) else {
            continue;
        };
        if !cast_set.contains(&inner)
            || inputs.len() != ir.num_results(inner)
            || !inputs
                .iter()
                .enumerate()
                .all(|(i, v)| *v == ir.result(inner, i))
        {
            continue;
        }
        let inner_inputs: SmallVec<[Value; 2]> = ir.operands(inner).collect();
        let inner_types: SmallVec<[mlir_ir::Type; 2]> =
            inner_inputs.iter().map(|&v| ir.value_type(v)).collect();
        let types: SmallVec<[mlir_ir::Type; 2]> = ir.result_types(m.op).collect();
        if inner_types != types {
            continue;
        }
        for (i, &v) in inner_inputs.iter().enumerate() {
            let r = ir.result(m.op, i);
            replace_uses(ir, r, v);
        }
    }
    // Erase dead casts, users first.
    loop {
        let mut changed = false;
        for m in casts.iter().rev() {
            if ir.is_live_op(m.op) && ir.op_use_empty(m.op) {
                ir.erase_op(m.op);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    // Materialize the rest (or keep them), in creation order (mlir-opt 22
    // goes through a pointer-keyed set, so its order is not reproducible).
    for m in &casts {
        if !ir.is_live_op(m.op) {
            continue;
        }
        // The marker only guides lookups during the conversion.
        if ir.attr(m.op, crate::state::PURE_TYPE_CONVERSION).is_some() {
            ir.set_attr(m.op, crate::state::PURE_TYPE_CONVERSION, None);
        }
        if !config.build_materializations {
            if config.attach_debug_materialization_kind {
                let kind = match m.kind {
                    MaterializationKind::Source => "source",
                    MaterializationKind::Target => "target",
                };
                let a = ir.ctx().string_attr(kind);
                ir.set_attr(m.op, "__kind__", Some(a));
            }
            continue;
        }
        let inputs: SmallVec<[Value; 2]> = ir.operands(m.op).collect();
        let types: SmallVec<[mlir_ir::Type; 2]> = ir.result_types(m.op).collect();
        let loc = ir.op_loc(m.op);
        // The materialization is built and the cast replaced through a
        // rewriter carrying the listener (MLIR 22 notifies the ops the
        // materialization creates, the cast's replacement, its users'
        // modification and its erasure).
        let mut rw = match listener.as_deref_mut() {
            Some(l) => PatternRewriter::with_listener(ir, l),
            None => PatternRewriter::new(ir),
        };
        let mut made: Option<SmallVec<[Value; 1]>> = None;
        if let Some(conv) = &m.converter {
            rw.set_insertion_point_before(m.op);
            made = rw.with_builder(|b| match m.kind {
                MaterializationKind::Source if types.len() == 1 => conv
                    .materialize_source(b, types[0], &inputs, loc)
                    .map(|v| SmallVec::from_elem(v, 1)),
                MaterializationKind::Source => None,
                // Target materializations are 1:N and see the original type
                // (MLIR 22's `materializeTargetConversion(..., originalType)`).
                MaterializationKind::Target => {
                    conv.materialize_target_multi(b, &types, &inputs, loc, m.original_type)
                }
            });
        }
        match made {
            Some(vs) => {
                rw.replace_op(m.op, &vs);
            }
            None => {
                let ctx = ir.ctx();
                let from: Vec<String> = inputs
                    .iter()
                    .map(|&v| format!("'{}'", crate::type_str(ctx, ir.value_type(v))))
                    .collect();
                let to: Vec<String> = types
                    .iter()
                    .map(|&t| format!("'{}'", crate::type_str(ctx, t)))
                    .collect();
                let mut d: Diagnostic = ir.op_diag(
                    m.op,
                    Severity::Error,
                    format!(
                        "failed to legalize unresolved materialization from ({}) to ({}) that remained live after conversion",
                        from.join(", "),
                        to.join(", ")
                    ),
                );
                if let Some(u) = ir.results(m.op).find_map(|r| ir.uses(r).next()) {
                    d.attach_note(
                        ir.op_loc(u.op),
                        // mlir-opt prints the user as `<< *user`: its own
                        // (custom) form with local SSA names.
                        format!(
                            "see existing live user here: {}",
                            mlir_ir::asm::printer::print_op_local(
                                ir,
                                u.op,
                                &mlir_ir::asm::printer::PrintFlags::default()
                            )
                        ),
                    );
                }
                ctx.emit(d);
                return Err(());
            }
        }
    }
    Ok(())
}
