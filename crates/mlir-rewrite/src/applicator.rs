//! The [`PatternApplicator`] (MLIR's `PatternApplicator`): orders the
//! patterns of a frozen set by a cost model and tries them on one op at a
//! time, plus the optional contract checks ([`ContractChecks`]) that catch
//! patterns breaking the rules of "Defining Patterns".

use std::fmt;

use mlir_ir::{Diagnostic, Ir, Location, OpRef, OperationFingerprint, TraitSet};

use crate::abort::reraise_from_pattern;
use crate::pattern::{Pattern, PatternBenefit};
use crate::pattern_set::FrozenRewritePatternSet;
use crate::rewriter::PatternRewriter;
use crate::LogicalResult;

/// Run-time switches for checking that patterns keep their contract. Off by
/// default; when off, the applicator does no extra work beyond one branch
/// per pattern application.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ContractChecks {
    /// Fingerprint the IR around every pattern application, track what
    /// happened to the root op, and verify the IR after each success.
    pub enabled: bool,
    /// Panic on the first violation instead of reporting it.
    pub panic_on_violation: bool,
}

impl ContractChecks {
    /// Checks on, violations reported (not panicking).
    pub const REPORT: ContractChecks = ContractChecks {
        enabled: true,
        panic_on_violation: false,
    };
}

/// A broken pattern contract.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ViolationKind {
    /// The pattern returned failure but changed the IR.
    FailureChangedIr,
    /// The pattern returned success but changed nothing.
    SuccessWithoutChange,
    /// The pattern succeeded without updating the root op in place,
    /// replacing it, or erasing it.
    RootNotUpdated,
    /// The IR no longer verifies after the pattern succeeded.
    IrFailedToVerify,
}

impl ViolationKind {
    fn message(self) -> &'static str {
        match self {
            ViolationKind::FailureChangedIr => "returned failure but IR did change",
            ViolationKind::SuccessWithoutChange => "returned success but IR did not change",
            ViolationKind::RootNotUpdated => {
                "returned success but did not update the root op in place, replace it, or erase it"
            }
            ViolationKind::IrFailedToVerify => "produced IR that failed to verify",
        }
    }
}

/// A contract violation found by the checks, naming the pattern.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ContractViolation {
    /// The pattern's debug name.
    pub pattern: String,
    /// The name of the root op the pattern was applied to.
    pub root_op: String,
    /// Where the root op was.
    pub loc: Location,
    /// What went wrong.
    pub kind: ViolationKind,
}

impl fmt::Display for ContractViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "pattern '{}' {} (root '{}')",
            self.pattern,
            self.kind.message(),
            self.root_op
        )
    }
}

/// Applies the patterns of a frozen set to ops (MLIR's `PatternApplicator`).
///
/// Nothing is applied until a cost model has been set with
/// [`Self::apply_cost_model`] or [`Self::apply_default_cost_model`], as in
/// MLIR.
pub struct PatternApplicator {
    frozen: FrozenRewritePatternSet,
    /// Op-specific patterns by `OpName::index`, best first.
    by_op: Vec<Vec<u32>>,
    /// Match-any patterns, best first.
    any_op: Vec<u32>,
    checks: ContractChecks,
    violations: Vec<ContractViolation>,
}

impl PatternApplicator {
    /// An applicator over `patterns`.
    pub fn new(patterns: &FrozenRewritePatternSet) -> Self {
        PatternApplicator {
            frozen: patterns.clone(),
            by_op: Vec::new(),
            any_op: Vec::new(),
            checks: ContractChecks::default(),
            violations: Vec::new(),
        }
    }
    /// The pattern set.
    pub fn patterns(&self) -> &FrozenRewritePatternSet {
        &self.frozen
    }

    /// Orders the patterns by the benefit `model` gives them, highest first;
    /// equal benefits keep insertion order. Patterns that are impossible to
    /// match — statically or by the model — are dropped. (MLIR drops
    /// model-impossible patterns only from the end of each list, which can
    /// leave some in place since they sort first; here all are dropped.)
    pub fn apply_cost_model(&mut self, mut model: impl FnMut(&Pattern) -> PatternBenefit) {
        let frozen = &self.frozen;
        let mut order = |list: &[u32]| -> Vec<u32> {
            let mut scored: Vec<(u32, PatternBenefit)> = list
                .iter()
                .filter(|&&i| {
                    !frozen
                        .pattern(i)
                        .pattern()
                        .benefit()
                        .is_impossible_to_match()
                })
                .map(|&i| (i, model(frozen.pattern(i).pattern())))
                .filter(|(_, b)| !b.is_impossible_to_match())
                .collect();
            scored.sort_by_key(|&(_, b)| std::cmp::Reverse(b));
            scored.into_iter().map(|(i, _)| i).collect()
        };
        self.by_op = frozen.by_op_raw().iter().map(|l| order(l)).collect();
        self.any_op = order(frozen.match_any_op_patterns());
    }
    /// Orders the patterns by their static benefit.
    pub fn apply_default_cost_model(&mut self) {
        self.apply_cost_model(|p| p.benefit());
    }
    /// Calls `f` on every pattern of the set: the op-specific lists (a
    /// trait- or interface-rooted pattern once per op it is indexed under),
    /// then the match-any patterns, as MLIR's `walkAllPatterns`.
    pub fn walk_all_patterns(&self, mut f: impl FnMut(&Pattern)) {
        for (_, list) in self.frozen.op_specific_patterns() {
            for &i in list {
                f(self.frozen.pattern(i).pattern());
            }
        }
        for &i in self.frozen.match_any_op_patterns() {
            f(self.frozen.pattern(i).pattern());
        }
    }

    /// Sets the contract checks.
    pub fn set_contract_checks(&mut self, checks: ContractChecks) {
        self.checks = checks;
    }
    /// The contract checks in effect.
    pub fn contract_checks(&self) -> ContractChecks {
        self.checks
    }
    /// The violations found so far.
    pub fn violations(&self) -> &[ContractViolation] {
        &self.violations
    }
    /// Takes the violations found so far.
    pub fn take_violations(&mut self) -> Vec<ContractViolation> {
        std::mem::take(&mut self.violations)
    }

    /// The patterns that would be tried on an op named `name`, in the order
    /// they would be tried (op-specific and match-any interleaved by benefit).
    pub fn ordered_patterns(&self, name: mlir_ir::OpName) -> Vec<&Pattern> {
        let ops = self.by_op.get(name.index() as usize).map_or(&[][..], |v| v);
        let mut out = Vec::new();
        let (mut i, mut j) = (0, 0);
        while let Some(idx) = next_pattern(&self.frozen, ops, &self.any_op, &mut i, &mut j) {
            out.push(self.frozen.pattern(idx).pattern());
        }
        out
    }

    /// Tries the patterns on `op` with the default callbacks; see
    /// [`Self::match_and_rewrite_with`].
    pub fn match_and_rewrite(
        &mut self,
        op: OpRef,
        rewriter: &mut PatternRewriter<'_>,
    ) -> LogicalResult {
        self.match_and_rewrite_with(op, rewriter, |_, _| true, |_, _| {}, |_, _| Ok(()))
    }

    /// Tries the patterns on `op`, best first, until one succeeds (MLIR's
    /// `PatternApplicator::matchAndRewrite`). Op-specific and match-any
    /// patterns are interleaved by static benefit (a match-any pattern goes
    /// first only if its benefit is strictly higher). For each candidate:
    /// `can_apply` may skip it; the insertion point is set before `op`; the
    /// pattern runs; on success `on_success` may still turn the result into
    /// failure; on failure `on_failure` runs and the next candidate is tried.
    /// Returns success if a pattern applied.
    ///
    /// The callbacks get the rewriter so that they can notify its listener
    /// (e.g. [`PatternRewriter::notify_pattern_begin`]).
    pub fn match_and_rewrite_with(
        &mut self,
        op: OpRef,
        rewriter: &mut PatternRewriter<'_>,
        mut can_apply: impl FnMut(&Pattern, &mut PatternRewriter<'_>) -> bool,
        mut on_failure: impl FnMut(&Pattern, &mut PatternRewriter<'_>),
        mut on_success: impl FnMut(&Pattern, &mut PatternRewriter<'_>) -> LogicalResult,
    ) -> LogicalResult {
        let name = rewriter.ir().op_name(op);
        // Kept for the report of a pattern that panics: by then the op may
        // be gone.
        let loc = rewriter.ir().op_loc(op);
        let ops = self.by_op.get(name.index() as usize).map_or(&[][..], |v| v);
        let (mut i, mut j) = (0, 0);
        // A pattern that fails leaves the IR (and so `op`'s position)
        // unchanged, so the insertion point is computed once per op: the
        // lookup is a measurable part of each attempt.
        let ip = rewriter
            .ir()
            .op_block(op)
            .map(|block| mlir_ir::InsertPoint {
                block,
                before: Some(op),
            });
        while let Some(idx) = next_pattern(&self.frozen, ops, &self.any_op, &mut i, &mut j) {
            let boxed = self.frozen.pattern(idx);
            let pattern = boxed.pattern();
            if !can_apply(pattern, rewriter) {
                continue;
            }
            rewriter.set_insertion_point(ip);
            let checks = self.checks.enabled;
            let attempt = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                if checks {
                    run_checked(boxed, op, rewriter)
                } else {
                    (boxed.match_and_rewrite(op, rewriter), Vec::new())
                }
            }));
            let mut result = match attempt {
                Ok((result, found)) => {
                    for v in found {
                        report(&mut self.violations, self.checks, rewriter.ir(), v);
                    }
                    result
                }
                Err(payload) => {
                    reraise_from_pattern(payload, pattern, rewriter.ctx().op_name_str(name), loc)
                }
            };
            if result.is_ok() && on_success(pattern, rewriter).is_err() {
                result = Err(());
            }
            if result.is_ok() {
                return Ok(());
            }
            on_failure(pattern, rewriter);
        }
        Err(())
    }
}

/// The next candidate: the op-specific pattern unless the match-any one has
/// a strictly higher static benefit (MLIR's interleaving).
fn next_pattern(
    frozen: &FrozenRewritePatternSet,
    ops: &[u32],
    any: &[u32],
    i: &mut usize,
    j: &mut usize,
) -> Option<u32> {
    let a = ops.get(*i).copied();
    let b = any.get(*j).copied();
    let take_any = match (a, b) {
        (None, None) => return None,
        (Some(_), None) => false,
        (None, Some(_)) => true,
        (Some(a), Some(b)) => {
            frozen.pattern(a).pattern().benefit() < frozen.pattern(b).pattern().benefit()
        }
    };
    if take_any {
        *j += 1;
        b
    } else {
        *i += 1;
        a
    }
}

/// The op whose subtree is fingerprinted and verified around a pattern
/// application on `op`: the closest isolated-from-above proper ancestor,
/// else the outermost ancestor (the op itself when it is top-level).
fn check_scope(ir: &Ir, op: OpRef) -> OpRef {
    let mut cur = op;
    while let Some(p) = ir.op_parent_op(cur) {
        if ir.op_has_trait(p, TraitSet::ISOLATED_FROM_ABOVE) {
            return p;
        }
        cur = p;
    }
    cur
}

/// Runs `pattern` on `op` with the contract checks, returning its result and
/// the violations found.
fn run_checked(
    pattern: &crate::pattern::BoxedPattern,
    op: OpRef,
    rewriter: &mut PatternRewriter<'_>,
) -> (LogicalResult, Vec<ContractViolation>) {
    let ir = rewriter.ir();
    let scope = check_scope(ir, op);
    let before = OperationFingerprint::compute(ir, scope);
    let root_name = ir.op_name_str(op).to_string();
    let loc = ir.op_loc(op);
    rewriter.begin_root_tracking(op);
    let result = pattern.match_and_rewrite(op, rewriter);
    let events = rewriter.end_root_tracking();
    let ir = rewriter.ir();
    let mut found = Vec::new();
    let mut violation = |kind| {
        found.push(ContractViolation {
            pattern: pattern.pattern().debug_name().to_string(),
            root_op: root_name.clone(),
            loc,
            kind,
        })
    };
    // An erased scope certainly changed; it cannot be fingerprinted.
    let changed = !ir.is_live_op(scope) || OperationFingerprint::compute(ir, scope) != before;
    match result {
        Err(()) => {
            if changed {
                violation(ViolationKind::FailureChangedIr);
            }
        }
        Ok(()) => {
            if !changed {
                violation(ViolationKind::SuccessWithoutChange);
            }
            let erased = !ir.is_live_op(op);
            if !erased && !events.modified && !events.replaced {
                violation(ViolationKind::RootNotUpdated);
            }
            if ir.is_live_op(scope) && mlir_ir::verifier::verify(ir, scope).is_err() {
                violation(ViolationKind::IrFailedToVerify);
            }
        }
    }
    (result, found)
}

fn report(out: &mut Vec<ContractViolation>, checks: ContractChecks, ir: &Ir, v: ContractViolation) {
    if checks.panic_on_violation {
        panic!("{v}");
    }
    ir.ctx().emit(Diagnostic::error(v.loc, v.to_string()));
    out.push(v);
}
