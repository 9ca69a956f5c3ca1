//! The legalization graph and the conversion's pattern cost model (MLIR's
//! `OperationLegalizer::buildLegalizationGraph`,
//! `computeLegalizationGraphBenefit`, `computeOpLegalizationDepth` and
//! `applyCostModelToPatterns`): which patterns the driver tries on an op,
//! and in which order.
//!
//! # Why
//!
//! A pattern's static benefit says how good its rewrite is, not how far its
//! result is from the target. The conversion prefers the most direct route
//! to legal IR: a pattern whose generated ops are legal already is tried
//! before one whose generated ops must be legalized again, whatever their
//! benefits; and a pattern that can only ever produce ops nothing can
//! legalize is not worth trying (it would always be rolled back), which
//! MLIR acts on when it is the only pattern of its op (see below).
//!
//! # The graph
//!
//! Nodes are op names; each pattern rooted at one op name is an edge set
//! from its root to the ops it declares it generates
//! (`Pattern::generated_ops`). Every pattern is walked once per pattern
//! list it is in (the frozen set's op-specific lists, then the match-any
//! list), as MLIR's `PatternApplicator::walkAllPatterns`:
//!
//! * a pattern without a single root name (match-any, interface- and
//!   trait-rooted; the latter are walked once per op they are listed
//!   under) cannot be analysed: it joins the *any-op* list;
//! * a pattern whose root the target always marks legal is left out (the
//!   driver never rewrites a legal op);
//! * the others start *invalid* and go on a worklist.
//!
//! When the any-op list is not empty, every pattern of the worklist is
//! valid (MLIR does not try to reason about what a match-any pattern may
//! legalize). Otherwise the worklist is processed from its end: a pattern
//! becomes valid when none of its generated ops is both without a valid
//! pattern and illegal or unknown to the target (legal and dynamically legal
//! ops are fine); its root then has a valid pattern, so the still invalid
//! patterns of every op that generates that root go back on the worklist.
//! Patterns still invalid at the end are invalid for good (see below for
//! what that means to the driver).
//!
//! # The cost model
//!
//! The legalization depth of an op is 0 when it has no valid pattern (it is
//! legal, or nothing can be done), else the smallest depth of its patterns;
//! a pattern's depth is 1 + the largest depth of its generated ops (at least
//! 1). An op met again while its own depth is being computed (a cycle)
//! counts as `u32::MAX`, which plus one wraps to 0, exactly as MLIR's
//! unsigned arithmetic does. Each op's valid patterns are ordered by
//! increasing depth, then decreasing benefit (a stable sort); the any-op
//! list likewise.
//!
//! The driver's pattern list for an op (MLIR's `PatternApplicator` after
//! `applyCostModel`, then `matchAndRewrite`) is then: the op's op-specific
//! patterns from the frozen set, ordered by their position in their root's
//! valid list (a pattern without a root name, by its position in the any-op
//! list); merged with the ordered match-any patterns, a match-any pattern
//! going first only when its *static* benefit is strictly higher than that
//! of the next op-specific pattern.
//!
//! Invalid patterns get MLIR's impossible-to-match benefit, and
//! `applyCostModel` sorts by decreasing benefit before popping such
//! patterns off the *end* of each list. As that sentinel compares higher
//! than every real benefit, an invalid pattern is really dropped only when
//! every pattern of its op's list is invalid (typically, when it is the
//! only one); next to a valid pattern it sorts to the *front* and is tried
//! first (when it does create the ops it declares, they fail to legalize
//! and it is rolled back). MLIR 22's code does so, and this file
//! reproduces it.
//!
//! Where MLIR's order comes from hash-map iteration (the order of the
//! op-specific pattern lists in the walk, the members of a parent or
//! invalid set, the op whose depth is computed first), this file uses
//! first-insertion order (for the walk, the order op names were interned),
//! so the result is deterministic.

use std::hash::Hash;

use hashbrown::{HashMap, HashSet};

use mlir_ir::OpName;
use mlir_rewrite::FrozenRewritePatternSet;

use crate::target::{ConversionTarget, LegalizationAction};

/// A set that remembers insertion order (LLVM's `SetVector`).
struct OrderedSet<T> {
    items: Vec<T>,
    present: HashSet<T>,
}

impl<T> Default for OrderedSet<T> {
    fn default() -> Self {
        OrderedSet {
            items: Vec::new(),
            present: HashSet::new(),
        }
    }
}

impl<T: Copy + Eq + Hash> OrderedSet<T> {
    fn insert(&mut self, x: T) {
        if self.present.insert(x) {
            self.items.push(x);
        }
    }
    fn remove(&mut self, x: T) {
        if self.present.remove(&x) {
            self.items.retain(|&y| y != x);
        }
    }
    fn pop(&mut self) -> Option<T> {
        let x = self.items.pop()?;
        self.present.remove(&x);
        Some(x)
    }
}

/// The patterns the conversion driver tries on each op name, in order,
/// computed once per conversion from the pattern set and the target.
pub(crate) struct LegalizationGraph {
    /// Per op name: its op-specific patterns (indices into the frozen set),
    /// in the order they are tried.
    op_patterns: HashMap<OpName, Vec<u32>>,
    /// The match-any patterns, best first.
    any_op: Vec<u32>,
}

impl LegalizationGraph {
    /// Builds the graph of `patterns` for `target` and applies the cost
    /// model (MLIR's `OperationLegalizer` constructor).
    pub(crate) fn new(target: &ConversionTarget, patterns: &FrozenRewritePatternSet) -> Self {
        let mut b = Builder {
            target,
            patterns,
            legalizer: HashMap::new(),
            legalizer_order: Vec::new(),
            any: Vec::new(),
            min_depth: HashMap::new(),
        };
        b.build_graph();
        b.compute_benefit();
        b.finish()
    }

    /// The patterns to try on an op named `name`, in order: its
    /// op-specific patterns merged with the match-any ones (MLIR's
    /// `PatternApplicator::matchAndRewrite`: a match-any pattern is taken
    /// first only when its static benefit is strictly higher).
    pub(crate) fn patterns_for(
        &self,
        patterns: &FrozenRewritePatternSet,
        name: OpName,
    ) -> Vec<u32> {
        let ops = self
            .op_patterns
            .get(&name)
            .map_or(&[][..], |v| v.as_slice());
        let any = self.any_op.as_slice();
        let benefit = |i: u32| patterns.pattern(i).pattern().benefit();
        let mut out = Vec::with_capacity(ops.len() + any.len());
        let (mut i, mut j) = (0, 0);
        loop {
            let take_any = j < any.len() && (i >= ops.len() || benefit(ops[i]) < benefit(any[j]));
            if take_any {
                out.push(any[j]);
                j += 1;
            } else if i < ops.len() {
                out.push(ops[i]);
                i += 1;
            } else {
                break;
            }
        }
        out
    }
}

/// The state of the graph construction.
struct Builder<'a> {
    target: &'a ConversionTarget,
    patterns: &'a FrozenRewritePatternSet,
    /// Per root op name, its valid patterns (MLIR's `legalizerPatterns`).
    legalizer: HashMap<OpName, Vec<u32>>,
    /// The keys of `legalizer`, in insertion order.
    legalizer_order: Vec<OpName>,
    /// Patterns without a single root name (MLIR's `anyOpLegalizerPatterns`).
    any: Vec<u32>,
    /// The legalization depth of op names computed so far.
    min_depth: HashMap<OpName, u32>,
}

impl Builder<'_> {
    fn action(&self, name: OpName) -> Option<LegalizationAction> {
        self.target
            .op_action_for_name(self.patterns.ctx().op_name_str(name))
    }

    fn generated_ops(&self, idx: u32) -> &[OpName] {
        self.patterns.pattern(idx).pattern().generated_ops()
    }

    fn push_valid(&mut self, root: OpName, idx: u32) {
        self.legalizer
            .entry(root)
            .or_insert_with(|| {
                self.legalizer_order.push(root);
                Vec::new()
            })
            .push(idx);
    }

    /// MLIR's `buildLegalizationGraph`.
    fn build_graph(&mut self) {
        let patterns = self.patterns;
        // The ops generated by patterns rooted at each op name, reversed:
        // per generated op, the roots that may produce it.
        let mut parent_ops: HashMap<OpName, OrderedSet<OpName>> = HashMap::new();
        let mut invalid: HashMap<OpName, OrderedSet<u32>> = HashMap::new();
        let mut worklist: OrderedSet<u32> = OrderedSet::default();

        let walk = patterns
            .op_specific_patterns()
            .flat_map(|(_, list)| list.iter().copied())
            .chain(patterns.match_any_op_patterns().iter().copied());
        for idx in walk {
            let pattern = patterns.pattern(idx).pattern();
            let Some(root) = pattern.root_kind() else {
                self.any.push(idx);
                continue;
            };
            if self.action(root) == Some(LegalizationAction::Legal) {
                continue;
            }
            invalid.entry(root).or_default().insert(idx);
            for &g in pattern.generated_ops() {
                parent_ops.entry(g).or_default().insert(root);
            }
            worklist.insert(idx);
        }

        // A match-any pattern might legalize anything: keep every pattern.
        if !self.any.is_empty() {
            for idx in std::mem::take(&mut worklist.items) {
                let root = patterns.pattern(idx).pattern().root_kind();
                self.push_valid(root.expect("op-specific pattern"), idx);
            }
            return;
        }

        while let Some(idx) = worklist.pop() {
            let root = patterns
                .pattern(idx)
                .pattern()
                .root_kind()
                .expect("op-specific pattern");
            let blocked = self.generated_ops(idx).iter().any(|&g| {
                !self.legalizer.contains_key(&g)
                    && matches!(self.action(g), None | Some(LegalizationAction::Illegal))
            });
            if blocked {
                continue;
            }
            self.push_valid(root, idx);
            if let Some(set) = invalid.get_mut(&root) {
                set.remove(idx);
            }
            // The root can now be legalized: patterns generating it may
            // have become valid.
            if let Some(parents) = parent_ops.get(&root) {
                for parent in &parents.items {
                    if let Some(set) = invalid.get(parent) {
                        for &p in &set.items {
                            worklist.insert(p);
                        }
                    }
                }
            }
        }
    }

    /// MLIR's `computeLegalizationGraphBenefit` (up to the applicator's
    /// cost model, which [`Builder::finish`] applies).
    fn compute_benefit(&mut self) {
        for op in self.legalizer_order.clone() {
            if !self.min_depth.contains_key(&op) {
                self.op_depth(op);
            }
        }
        if !self.any.is_empty() {
            let mut any = std::mem::take(&mut self.any);
            self.apply_cost_model(&mut any);
            self.any = any;
        }
    }

    /// MLIR's `computeOpLegalizationDepth`.
    fn op_depth(&mut self, op: OpName) -> u32 {
        if let Some(&d) = self.min_depth.get(&op) {
            return d;
        }
        let mut list = match self.legalizer.get_mut(&op) {
            Some(list) if !list.is_empty() => std::mem::take(list),
            _ => return 0,
        };
        // Met again while its patterns are being costed: a cycle. The
        // entry is set before the list is looked at again, so taking the
        // list out meanwhile is invisible.
        self.min_depth.insert(op, u32::MAX);
        let depth = self.apply_cost_model(&mut list);
        self.legalizer.insert(op, list);
        self.min_depth.insert(op, depth);
        depth
    }

    /// MLIR's `applyCostModelToPatterns`: orders `list` by depth, then
    /// benefit, and returns the smallest depth.
    fn apply_cost_model(&mut self, list: &mut Vec<u32>) -> u32 {
        let patterns = self.patterns;
        let mut min_depth = u32::MAX;
        let mut by_depth: Vec<(u32, u32)> = Vec::with_capacity(list.len());
        for &idx in list.iter() {
            let mut depth = 1u32;
            for &g in patterns.pattern(idx).pattern().generated_ops() {
                depth = depth.max(self.op_depth(g).wrapping_add(1));
            }
            by_depth.push((idx, depth));
            min_depth = min_depth.min(depth);
        }
        if by_depth.len() == 1 {
            return min_depth;
        }
        let benefit = |i: u32| patterns.pattern(i).pattern().benefit();
        // `sort_by` is stable, as MLIR's `std::stable_sort`.
        by_depth.sort_by(|a, b| a.1.cmp(&b.1).then_with(|| benefit(b.0).cmp(&benefit(a.0))));
        list.clear();
        list.extend(by_depth.iter().map(|&(idx, _)| idx));
        min_depth
    }

    /// MLIR's `PatternApplicator::applyCostModel` with the legalizer's
    /// model: a pattern's dynamic benefit is its distance from the end of
    /// its valid list; a pattern in no valid list is dropped.
    fn finish(self) -> LegalizationGraph {
        let patterns = self.patterns;
        let model = |idx: u32| -> Option<usize> {
            let list = match patterns.pattern(idx).pattern().root_kind() {
                Some(root) => self.legalizer.get(&root).map_or(&[][..], |v| v.as_slice()),
                None => self.any.as_slice(),
            };
            let pos = list.iter().position(|&p| p == idx)?;
            Some(list.len() - pos)
        };
        // A list is sorted by decreasing dynamic benefit (stable), then
        // impossible-to-match patterns are popped from its end. MLIR's
        // impossible-to-match sentinel compares *higher* than any benefit,
        // so in a list that also holds a kept pattern the rejected ones
        // sort to the front and stay: only a list whose patterns are all
        // rejected (in particular a lone rejected pattern) loses them.
        // Patterns whose static benefit is impossible never enter a list.
        let order = |list: &[u32]| -> Vec<u32> {
            let mut scored: Vec<(u32, Option<usize>)> = list
                .iter()
                .filter(|&&i| {
                    !patterns
                        .pattern(i)
                        .pattern()
                        .benefit()
                        .is_impossible_to_match()
                })
                .map(|&i| (i, model(i)))
                .collect();
            let key = |m: Option<usize>| m.unwrap_or(usize::MAX);
            // `sort_by_key` is stable, as `llvm::stable_sort`.
            scored.sort_by_key(|&(_, m)| std::cmp::Reverse(key(m)));
            while scored.last().is_some_and(|&(_, m)| m.is_none()) {
                scored.pop();
            }
            scored.into_iter().map(|(i, _)| i).collect()
        };
        let mut op_patterns = HashMap::new();
        for (name, list) in patterns.op_specific_patterns() {
            let ordered = order(list);
            if !ordered.is_empty() {
                op_patterns.insert(name, ordered);
            }
        }
        let any_op = order(patterns.match_any_op_patterns());
        LegalizationGraph {
            op_patterns,
            any_op,
        }
    }
}
