//! Pattern sets: [`RewritePatternSet`] collects patterns;
//! [`FrozenRewritePatternSet`] is the immutable, shareable, indexed form
//! drivers use, with MLIR's debug-name/label filtering applied.

use std::sync::Arc;

use hashbrown::HashSet;

use mlir_ir::{Context, OpName};

use crate::pattern::{
    BoxedPattern, FnPattern, InterfacePattern, OpFnPattern, OpInterfaceRewritePattern, OpPattern,
    OpRewritePattern, OpType, Pattern, PatternBenefit, RewritePattern, RootKind, SplitPattern,
    SplitRewritePattern,
};
use crate::rewriter::PatternRewriter;
use crate::LogicalResult;

/// A list of patterns being assembled (MLIR's `RewritePatternSet`). Every
/// `add` constructs the pattern as MLIR's `RewritePattern::create` does (see
/// [`BoxedPattern::create`]).
pub struct RewritePatternSet {
    ctx: Arc<Context>,
    patterns: Vec<BoxedPattern>,
}

impl RewritePatternSet {
    /// An empty set for patterns on IR of `ctx`.
    pub fn new(ctx: Arc<Context>) -> Self {
        RewritePatternSet {
            ctx,
            patterns: Vec::new(),
        }
    }
    /// The context.
    pub fn ctx(&self) -> &Arc<Context> {
        &self.ctx
    }
    /// The patterns, in insertion order.
    pub fn patterns(&self) -> &[BoxedPattern] {
        &self.patterns
    }
    /// Number of patterns.
    pub fn len(&self) -> usize {
        self.patterns.len()
    }
    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }
    /// Removes all patterns.
    pub fn clear(&mut self) {
        self.patterns.clear();
    }

    /// Adds an already constructed pattern.
    pub fn add_boxed(&mut self, pattern: BoxedPattern) -> &mut Self {
        self.patterns.push(pattern);
        self
    }
    /// Adds a pattern.
    pub fn add<P: RewritePattern>(&mut self, pattern: P) -> &mut Self {
        let p = BoxedPattern::create(&self.ctx, pattern);
        self.add_boxed(p)
    }
    /// Adds a pattern with extra debug labels (MLIR's `addWithLabel`).
    pub fn add_with_labels<P: RewritePattern>(&mut self, labels: &[&str], pattern: P) -> &mut Self {
        let mut p = BoxedPattern::create(&self.ctx, pattern);
        p.pattern_mut().add_debug_labels(labels);
        self.add_boxed(p)
    }
    /// Adds a typed op pattern.
    pub fn add_op<P: OpRewritePattern>(&mut self, pattern: P) -> &mut Self {
        self.add(OpPattern(pattern))
    }
    /// Adds a typed op pattern with extra debug labels.
    pub fn add_op_with_labels<P: OpRewritePattern>(
        &mut self,
        labels: &[&str],
        pattern: P,
    ) -> &mut Self {
        self.add_with_labels(labels, OpPattern(pattern))
    }
    /// Adds an interface-rooted pattern.
    pub fn add_interface<P: OpInterfaceRewritePattern>(&mut self, pattern: P) -> &mut Self {
        self.add(InterfacePattern(pattern))
    }
    /// Adds a split match/rewrite pattern.
    pub fn add_split<P: SplitRewritePattern>(&mut self, pattern: P) -> &mut Self {
        self.add(SplitPattern(pattern))
    }
    /// Adds a closure pattern with metadata `pattern`.
    pub fn add_fn<F>(&mut self, pattern: Pattern, f: F) -> &mut Self
    where
        F: Fn(mlir_ir::OpRef, &mut PatternRewriter<'_>) -> LogicalResult + Send + Sync + 'static,
    {
        self.add(FnPattern::new(pattern, f))
    }
    /// Adds a typed closure pattern on op type `T` (MLIR's `add` of a
    /// function pointer).
    pub fn add_op_fn<T, F>(&mut self, benefit: impl Into<PatternBenefit>, f: F) -> &mut Self
    where
        T: OpType,
        F: Fn(T, &mut PatternRewriter<'_>) -> LogicalResult + Send + Sync + 'static,
    {
        self.add(OpFnPattern::<T, F>::new(benefit, f))
    }
    /// Moves all patterns of `other` into this set.
    pub fn extend(&mut self, other: RewritePatternSet) -> &mut Self {
        self.patterns.extend(other.patterns);
        self
    }
}

/// The shared, immutable body of a [`FrozenRewritePatternSet`].
struct Frozen {
    ctx: Arc<Context>,
    /// Every kept pattern, in insertion order; indices below point here.
    patterns: Vec<BoxedPattern>,
    /// Op-specific patterns by `OpName::index`, trait and interface roots
    /// expanded to every registered op that has them.
    by_op: Vec<Vec<u32>>,
    /// Patterns that may match any op.
    any_op: Vec<u32>,
}

/// An immutable, indexed pattern set shared by reference counting (MLIR's
/// `FrozenRewritePatternSet`). Cloning is cheap and the set is `Send + Sync`,
/// so one set can serve drivers on several threads.
#[derive(Clone)]
pub struct FrozenRewritePatternSet {
    inner: Arc<Frozen>,
}

impl std::fmt::Debug for FrozenRewritePatternSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FrozenRewritePatternSet")
            .field("patterns", &self.inner.patterns.len())
            .finish()
    }
}

impl FrozenRewritePatternSet {
    /// Freezes `patterns` without filtering.
    pub fn new(patterns: RewritePatternSet) -> Self {
        Self::with_filters::<&str>(patterns, &[], &[])
    }

    /// Freezes `patterns`, keeping only those whose debug name or one of
    /// whose labels is in `enabled` (when `enabled` is not empty) and
    /// dropping those whose name or a label is in `disabled` — disabled wins.
    /// Patterns rooted at a trait or interface are indexed under every
    /// registered op that has it.
    pub fn with_filters<S: AsRef<str>>(
        patterns: RewritePatternSet,
        disabled: &[S],
        enabled: &[S],
    ) -> Self {
        let disabled: HashSet<&str> = disabled.iter().map(|s| s.as_ref()).collect();
        let enabled: HashSet<&str> = enabled.iter().map(|s| s.as_ref()).collect();
        let ctx = patterns.ctx.clone();
        let mut registered: Option<Vec<OpName>> = None;
        let mut frozen = Frozen {
            ctx: ctx.clone(),
            patterns: Vec::new(),
            by_op: Vec::new(),
            any_op: Vec::new(),
        };
        let add_to = |by_op: &mut Vec<Vec<u32>>, name: OpName, idx: u32| {
            let i = name.index() as usize;
            if by_op.len() <= i {
                by_op.resize_with(i + 1, Vec::new);
            }
            by_op[i].push(idx);
        };
        for p in patterns.patterns {
            let meta = p.pattern();
            let named = |set: &HashSet<&str>| {
                set.contains(meta.debug_name()) || meta.debug_labels().any(|l| set.contains(l))
            };
            if !enabled.is_empty() && !named(&enabled) {
                continue;
            }
            if !disabled.is_empty() && named(&disabled) {
                continue;
            }
            let idx = frozen.patterns.len() as u32;
            match meta.root() {
                RootKind::OperationName(n) => add_to(&mut frozen.by_op, n, idx),
                RootKind::Any => frozen.any_op.push(idx),
                RootKind::Interface { .. } | RootKind::Trait(_) => {
                    let ops = registered.get_or_insert_with(|| {
                        ctx.op_names()
                            .filter(|&n| ctx.op_info(n).registered)
                            .collect()
                    });
                    for &n in ops.iter() {
                        if meta.matches_root(&ctx, n) {
                            add_to(&mut frozen.by_op, n, idx);
                        }
                    }
                }
            }
            frozen.patterns.push(p);
        }
        FrozenRewritePatternSet {
            inner: Arc::new(frozen),
        }
    }

    /// An empty frozen set.
    pub fn empty(ctx: Arc<Context>) -> Self {
        Self::new(RewritePatternSet::new(ctx))
    }
    /// The context the patterns belong to.
    pub fn ctx(&self) -> &Arc<Context> {
        &self.inner.ctx
    }
    /// Every kept pattern, in insertion order.
    pub fn patterns(&self) -> &[BoxedPattern] {
        &self.inner.patterns
    }
    /// The pattern at `index` in [`Self::patterns`].
    pub fn pattern(&self, index: u32) -> &BoxedPattern {
        &self.inner.patterns[index as usize]
    }
    /// Number of kept patterns.
    pub fn len(&self) -> usize {
        self.inner.patterns.len()
    }
    /// Whether no pattern was kept.
    pub fn is_empty(&self) -> bool {
        self.inner.patterns.is_empty()
    }
    /// The op-specific patterns (indices into [`Self::patterns`]) for each
    /// op name that has any, in op-name order (MLIR's
    /// `getOpSpecificNativePatterns`).
    pub fn op_specific_patterns(&self) -> impl Iterator<Item = (OpName, &[u32])> + '_ {
        let names: Vec<OpName> = self.inner.ctx.op_names().collect();
        self.inner
            .by_op
            .iter()
            .enumerate()
            .filter(|(_, v)| !v.is_empty())
            .map(move |(i, v)| (names[i], v.as_slice()))
    }
    /// The op-specific patterns for op `name`, in insertion order.
    pub fn patterns_for(&self, name: OpName) -> &[u32] {
        self.inner
            .by_op
            .get(name.index() as usize)
            .map_or(&[], |v| v.as_slice())
    }
    /// The patterns that may match any op (indices into [`Self::patterns`]).
    pub fn match_any_op_patterns(&self) -> &[u32] {
        &self.inner.any_op
    }
    pub(crate) fn by_op_raw(&self) -> &[Vec<u32>] {
        &self.inner.by_op
    }
}
