//! The greedy driver's expensive checks (MLIR's `ExpensiveChecks`, compiled
//! in upstream with `MLIR_ENABLE_EXPENSIVE_PATTERN_API_CHECKS`; a run-time
//! switch here: [`super::set_expensive_pattern_checks`] or
//! [`super::GreedyRewriteConfig::expensive_checks`]).
//!
//! Around every pattern application the driver fingerprints the parent op
//! of the scope region as a whole and every op in it on its own (its
//! attributes, operands, results, successors and block structure, not its
//! nested ops). Rewriter notifications invalidate the fingerprints of the
//! ops they concern. Afterwards:
//!
//! * success: the IR must verify, the whole must have changed, and every op
//!   whose fingerprint was not invalidated must be unchanged (an op changed
//!   without a notification, e.g. an in-place modification that was started
//!   but never finalized);
//! * failure: the whole must be unchanged.
//!
//! After a successful fold the IR must verify. Each broken rule is reported
//! as an error at the op being processed and recorded in the driver's
//! result ([`super::GreedyRewriteResult::check_failures`]); upstream aborts
//! the process instead.

use std::hash::{Hash, Hasher};

use hashbrown::HashMap;

use mlir_ir::{Diagnostic, Ir, Location, OpRef, OperationFingerprint, WalkOrder, WalkResult};

/// The fingerprint of `op` alone (MLIR's `OperationFingerPrint` with
/// `includeNested = false`): identity, name, location, attributes,
/// properties, operands, result types, successors, and its regions' blocks
/// and block arguments. Not its parent: moving an op is not a change of the
/// op (upstream hashes the parent only for nested ops of a deep
/// fingerprint).
pub(crate) fn shallow_fingerprint(ir: &Ir, op: OpRef) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    op.hash(&mut h);
    ir.op_name(op).hash(&mut h);
    ir.op_loc(op).hash(&mut h);
    ir.op_properties(op).hash(&mut h);
    ir.op_attributes(op).hash(&mut h);
    for v in ir.operands(op) {
        v.hash(&mut h);
    }
    for t in ir.result_types(op) {
        t.hash(&mut h);
    }
    for b in ir.successors(op) {
        b.hash(&mut h);
    }
    for &r in ir.regions(op) {
        for b in ir.region_blocks(r) {
            b.hash(&mut h);
            for a in ir.arguments(b) {
                a.hash(&mut h);
                ir.value_type(a).hash(&mut h);
            }
        }
    }
    h.finish()
}

/// One broken rule found by the expensive checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckFailure {
    /// The name of the op being processed when the rule broke.
    pub op: String,
    /// The pattern that was applied, if the failure is about one.
    pub pattern: Option<String>,
    /// What went wrong, in upstream's words.
    pub message: &'static str,
}

impl std::fmt::Display for CheckFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.pattern {
            Some(p) => write!(
                f,
                "{} (pattern '{p}' applied to '{}')",
                self.message, self.op
            ),
            None => write!(f, "{} (while processing '{}')", self.message, self.op),
        }
    }
}

/// The fingerprints taken before one pattern application.
#[derive(Default)]
pub(crate) struct ExpensiveChecks {
    top: Option<OpRef>,
    top_fingerprint: Option<OperationFingerprint>,
    fingerprints: HashMap<OpRef, u64>,
    /// Broken rules found so far.
    pub(crate) failures: Vec<CheckFailure>,
}

impl ExpensiveChecks {
    /// Fingerprints `top` and every op nested in it.
    pub(crate) fn compute(&mut self, ir: &Ir, top: OpRef) {
        self.top = Some(top);
        self.top_fingerprint = Some(OperationFingerprint::compute(ir, top));
        self.fingerprints.clear();
        ir.walk(top, WalkOrder::PostOrder, |op| {
            self.fingerprints.insert(op, shallow_fingerprint(ir, op));
            WalkResult::Advance
        });
    }

    /// Forgets the fingerprints (between applications).
    pub(crate) fn clear(&mut self) {
        self.top = None;
        self.top_fingerprint = None;
        self.fingerprints.clear();
    }

    /// A notification said `op` changed: its fingerprint no longer counts.
    pub(crate) fn invalidate(&mut self, op: Option<OpRef>) {
        if let Some(op) = op {
            if self.top.is_some() {
                self.fingerprints.remove(&op);
            }
        }
    }

    fn fail(&mut self, ir: &Ir, at: &Site, pattern: Option<&str>, message: &'static str) {
        let failure = CheckFailure {
            op: at.name.clone(),
            pattern: pattern.map(str::to_string),
            message,
        };
        ir.ctx()
            .emit(Diagnostic::error(at.loc, failure.to_string()));
        self.failures.push(failure);
    }

    /// After `pattern` succeeded on the op described by `at`.
    pub(crate) fn rewrite_succeeded(&mut self, ir: &Ir, at: &Site, pattern: &str) {
        let Some(top) = self.top else { return };
        if !ir.is_live_op(top) {
            return;
        }
        if mlir_ir::verifier::verify(ir, top).is_err() {
            self.fail(
                ir,
                at,
                Some(pattern),
                "IR failed to verify after pattern application",
            );
        }
        if Some(OperationFingerprint::compute(ir, top)) == self.top_fingerprint {
            self.fail(
                ir,
                at,
                Some(pattern),
                "pattern returned success but IR did not change",
            );
        }
        let stale = self
            .fingerprints
            .iter()
            .any(|(&op, &fp)| op != top && ir.is_live_op(op) && shallow_fingerprint(ir, op) != fp);
        if stale {
            self.fail(ir, at, Some(pattern), "operation finger print changed");
        }
    }

    /// After every pattern failed on the op described by `at`.
    pub(crate) fn rewrite_failed(&mut self, ir: &Ir, at: &Site) {
        let Some(top) = self.top else { return };
        if !ir.is_live_op(top)
            || Some(OperationFingerprint::compute(ir, top)) != self.top_fingerprint
        {
            self.fail(ir, at, None, "pattern returned failure but IR did change");
        }
    }

    /// After a successful fold of the op described by `at`, with `top` the
    /// parent op of the scope.
    pub(crate) fn folding_succeeded(&mut self, ir: &Ir, top: OpRef, at: &Site) {
        if ir.is_live_op(top) && mlir_ir::verifier::verify(ir, top).is_err() {
            self.fail(ir, at, None, "IR failed to verify after folding");
        }
    }

    /// Before the rewrite: the input must verify.
    pub(crate) fn input_verifies(&mut self, ir: &Ir, top: OpRef) {
        if mlir_ir::verifier::verify(ir, top).is_err() {
            let at = Site::of(ir, top);
            self.fail(
                ir,
                &at,
                None,
                "greedy pattern rewriter input IR failed to verify",
            );
        }
    }
}

/// The op a check is about, captured before a rewrite may erase it.
pub(crate) struct Site {
    pub(crate) name: String,
    pub(crate) loc: Location,
}

impl Site {
    pub(crate) fn of(ir: &Ir, op: OpRef) -> Site {
        Site {
            name: ir.op_name_str(op).to_string(),
            loc: ir.op_loc(op),
        }
    }
}
