//! Rewrite patterns: the benefit, the root an op must have for a pattern to
//! be tried on it, the pattern metadata ([`Pattern`], MLIR's `Pattern` class)
//! and the pattern traits ([`RewritePattern`], the typed
//! [`OpRewritePattern`], the interface-rooted [`OpInterfaceRewritePattern`],
//! the split [`SplitRewritePattern`], and closure patterns).
//!
//! A pattern is two things kept side by side in a [`BoxedPattern`]: its
//! metadata, computed once when the pattern is added to a set (the
//! `create`-style constructor: [`RewritePattern::describe`], then
//! [`RewritePattern::initialize`], then the default debug name), and its
//! behaviour, a `Box<dyn RewritePattern>`. Drivers read the metadata on their
//! hot paths without going through a virtual call.

use std::any::{Any, TypeId};
use std::borrow::Cow;
use std::fmt;

use smallvec::SmallVec;

use mlir_ir::{Context, Ir, OpName, OpRef, TraitSet};

use crate::rewriter::PatternRewriter;
use crate::LogicalResult;

/// The expected benefit of applying a pattern: 0 (very little) to 65534, or
/// "impossible to match" (MLIR's `PatternBenefit`). Higher is tried first.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PatternBenefit(u16);

impl PatternBenefit {
    const IMPOSSIBLE: u16 = u16::MAX;

    /// A benefit of `benefit`; panics on 65535, which is reserved for
    /// [`PatternBenefit::impossible_to_match`].
    pub const fn new(benefit: u16) -> PatternBenefit {
        assert!(
            benefit != Self::IMPOSSIBLE,
            "this pattern match benefit is too large to represent"
        );
        PatternBenefit(benefit)
    }
    /// The benefit of a pattern that can never match; such patterns are
    /// dropped by the [`crate::PatternApplicator`].
    pub const fn impossible_to_match() -> PatternBenefit {
        PatternBenefit(Self::IMPOSSIBLE)
    }
    /// Whether this is [`PatternBenefit::impossible_to_match`].
    pub const fn is_impossible_to_match(self) -> bool {
        self.0 == Self::IMPOSSIBLE
    }
    /// The numeric benefit; panics for an impossible-to-match benefit, as
    /// MLIR's `getBenefit` asserts.
    pub fn benefit(self) -> u16 {
        assert!(!self.is_impossible_to_match(), "pattern doesn't match");
        self.0
    }
}

impl From<u16> for PatternBenefit {
    fn from(b: u16) -> PatternBenefit {
        PatternBenefit::new(b)
    }
}

impl fmt::Debug for PatternBenefit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_impossible_to_match() {
            f.write_str("PatternBenefit(impossible)")
        } else {
            write!(f, "PatternBenefit({})", self.0)
        }
    }
}

/// Which ops a pattern may be applied to.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum RootKind {
    /// Any op (MLIR's `MatchAnyOpTypeTag`); tried on every op, after or
    /// between the op-specific patterns according to benefit.
    Any,
    /// Ops with this name.
    OperationName(OpName),
    /// Registered ops implementing the interface whose Rust type has this id
    /// (MLIR's `MatchInterfaceOpTypeTag`); `name` is for debugging output.
    Interface {
        /// The `TypeId` of the interface type.
        id: TypeId,
        /// The interface type's name.
        name: &'static str,
    },
    /// Registered ops having all of these traits (MLIR's `MatchTraitOpTypeTag`).
    Trait(TraitSet),
}

/// The metadata of a pattern (MLIR's `Pattern`): root, benefit, bounded
/// recursion flag, generated ops, debug name and labels.
#[derive(Clone, Debug, Hash)]
pub struct Pattern {
    root: RootKind,
    benefit: PatternBenefit,
    bounded_recursion: bool,
    generated_ops: SmallVec<[OpName; 2]>,
    debug_name: Cow<'static, str>,
    debug_labels: Vec<Cow<'static, str>>,
}

impl Pattern {
    fn with_root(root: RootKind, benefit: impl Into<PatternBenefit>) -> Pattern {
        Pattern {
            root,
            benefit: benefit.into(),
            bounded_recursion: false,
            generated_ops: SmallVec::new(),
            debug_name: Cow::Borrowed(""),
            debug_labels: Vec::new(),
        }
    }
    /// A pattern rooted at ops named `root_name`.
    pub fn new(ctx: &Context, root_name: &str, benefit: impl Into<PatternBenefit>) -> Pattern {
        Self::with_root(RootKind::OperationName(ctx.op_name(root_name)), benefit)
    }
    /// A pattern rooted at ops of the wrapper type `T`.
    pub fn for_op<T: OpType>(ctx: &Context, benefit: impl Into<PatternBenefit>) -> Pattern {
        Self::new(ctx, T::NAME, benefit)
    }
    /// A pattern that may match any op (MLIR's `MatchAnyOpTypeTag`).
    pub fn match_any(benefit: impl Into<PatternBenefit>) -> Pattern {
        Self::with_root(RootKind::Any, benefit)
    }
    /// A pattern rooted at registered ops implementing interface `I` (the
    /// type attached with `OpInfo::with_interface`).
    pub fn match_interface<I: Any>(benefit: impl Into<PatternBenefit>) -> Pattern {
        Self::with_root(
            RootKind::Interface {
                id: TypeId::of::<I>(),
                name: std::any::type_name::<I>(),
            },
            benefit,
        )
    }
    /// A pattern rooted at registered ops having all of `traits`.
    pub fn match_trait(traits: TraitSet, benefit: impl Into<PatternBenefit>) -> Pattern {
        Self::with_root(RootKind::Trait(traits), benefit)
    }

    /// Adds ops the rewrite may generate (for debugging output and analyses).
    pub fn with_generated_ops(mut self, ctx: &Context, names: &[&str]) -> Pattern {
        self.generated_ops
            .extend(names.iter().map(|n| ctx.op_name(n)));
        self
    }
    /// Sets the debug name.
    pub fn with_debug_name(mut self, name: impl Into<Cow<'static, str>>) -> Pattern {
        self.debug_name = name.into();
        self
    }
    /// Adds debug labels.
    pub fn with_debug_labels(mut self, labels: &[&str]) -> Pattern {
        self.add_debug_labels(labels);
        self
    }
    /// Declares that the pattern handles recursive application to its own output.
    pub fn with_bounded_rewrite_recursion(mut self) -> Pattern {
        self.bounded_recursion = true;
        self
    }

    /// The root kind.
    pub fn root(&self) -> RootKind {
        self.root
    }
    /// The root op name, for patterns rooted at one op name (MLIR's `getRootKind`).
    pub fn root_kind(&self) -> Option<OpName> {
        match self.root {
            RootKind::OperationName(n) => Some(n),
            _ => None,
        }
    }
    /// The root interface id, for interface-rooted patterns.
    pub fn root_interface_id(&self) -> Option<TypeId> {
        match self.root {
            RootKind::Interface { id, .. } => Some(id),
            _ => None,
        }
    }
    /// The root traits, for trait-rooted patterns.
    pub fn root_traits(&self) -> Option<TraitSet> {
        match self.root {
            RootKind::Trait(t) => Some(t),
            _ => None,
        }
    }
    /// Whether an op named `name` satisfies this pattern's root.
    pub fn matches_root(&self, ctx: &Context, name: OpName) -> bool {
        match self.root {
            RootKind::Any => true,
            RootKind::OperationName(n) => n == name,
            RootKind::Interface { id, .. } => {
                let info = ctx.op_info(name);
                info.registered && info.has_interface_id(id)
            }
            RootKind::Trait(t) => {
                let info = ctx.op_info(name);
                info.registered && info.has_trait(t)
            }
        }
    }
    /// The static benefit.
    pub fn benefit(&self) -> PatternBenefit {
        self.benefit
    }
    /// Whether the pattern declared that recursive application to IR it
    /// generated is safe (see [`crate::RecursionTracker`]).
    pub fn has_bounded_rewrite_recursion(&self) -> bool {
        self.bounded_recursion
    }
    /// Sets the bounded-recursion flag (MLIR's `setHasBoundedRewriteRecursion`).
    pub fn set_has_bounded_rewrite_recursion(&mut self, bounded: bool) {
        self.bounded_recursion = bounded;
    }
    /// The ops the rewrite may generate.
    pub fn generated_ops(&self) -> &[OpName] {
        &self.generated_ops
    }
    /// The debug name (by default the Rust type name of the pattern).
    pub fn debug_name(&self) -> &str {
        &self.debug_name
    }
    /// Sets the debug name.
    pub fn set_debug_name(&mut self, name: impl Into<Cow<'static, str>>) {
        self.debug_name = name.into();
    }
    /// The debug labels.
    pub fn debug_labels(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.debug_labels.iter().map(|l| &**l)
    }
    /// Adds debug labels.
    pub fn add_debug_labels(&mut self, labels: &[&str]) {
        self.debug_labels
            .extend(labels.iter().map(|l| Cow::Owned(l.to_string())));
    }
    /// Adds one debug label.
    pub fn add_debug_label(&mut self, label: impl Into<Cow<'static, str>>) {
        self.debug_labels.push(label.into());
    }
    /// Whether `label` is the debug name or one of the debug labels.
    pub fn has_name_or_label(&self, label: &str) -> bool {
        self.debug_name == label || self.debug_labels.iter().any(|l| l == label)
    }
}

/// A rewrite pattern on untyped ops (MLIR's `RewritePattern`).
///
/// The pattern reads IR through [`PatternRewriter::ir`] (a shared borrow)
/// and changes it only through the rewriter's methods: it never gets a
/// `&mut Ir`. As in MLIR, `match_and_rewrite` must change the IR if and only
/// if it returns success, and must not change it before it knows it will
/// succeed.
pub trait RewritePattern: Send + Sync + 'static {
    /// The pattern's metadata: root, benefit, generated ops. Called once,
    /// when the pattern is added to a set.
    fn describe(&self, ctx: &Context) -> Pattern;
    /// Adjusts the metadata after [`RewritePattern::describe`] (MLIR's
    /// `initialize` hook): debug name, labels, bounded recursion.
    fn initialize(&mut self, _pattern: &mut Pattern) {}
    /// Tries to match `op` and, on success, rewrites it through `rewriter`.
    fn match_and_rewrite(&self, op: OpRef, rewriter: &mut PatternRewriter<'_>) -> LogicalResult;
}

/// A typed wrapper of an op; defined in `mlir-ir` (where ODS-generated
/// wrappers implement it without depending on this crate) and re-exported
/// here so patterns can be written against a specific op.
pub use mlir_ir::OpType;

/// A pattern on a specific op type (MLIR's `OpRewritePattern<Op>`); add it
/// with [`crate::RewritePatternSet::add_op`].
pub trait OpRewritePattern: Send + Sync + 'static {
    /// The root op type.
    type Op: OpType;
    /// The static benefit (1 by default, as in MLIR).
    fn benefit(&self) -> PatternBenefit {
        PatternBenefit::new(1)
    }
    /// The names of ops the rewrite may generate.
    fn generated_ops(&self) -> &[&'static str] {
        &[]
    }
    /// Adjusts the metadata (MLIR's `initialize` hook).
    fn initialize(&mut self, _pattern: &mut Pattern) {}
    /// Tries to match and rewrite `op`.
    fn match_and_rewrite(&self, op: Self::Op, rewriter: &mut PatternRewriter<'_>) -> LogicalResult;
}

/// Adapts an [`OpRewritePattern`] to [`RewritePattern`].
pub struct OpPattern<P>(pub P);

impl<P: OpRewritePattern> RewritePattern for OpPattern<P> {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::for_op::<P::Op>(ctx, self.0.benefit())
            .with_generated_ops(ctx, self.0.generated_ops())
            .with_debug_name(std::any::type_name::<P>())
    }
    fn initialize(&mut self, pattern: &mut Pattern) {
        self.0.initialize(pattern)
    }
    fn match_and_rewrite(&self, op: OpRef, rewriter: &mut PatternRewriter<'_>) -> LogicalResult {
        // The applicator only offers ops with the root name, so the cast can
        // only fail for a wrapper whose `from_op` is stricter than its name.
        match P::Op::from_op(rewriter.ir(), op) {
            Some(typed) => self.0.match_and_rewrite(typed, rewriter),
            None => Err(()),
        }
    }
}

/// A pattern on ops implementing an interface (MLIR's
/// `OpInterfaceRewritePattern`); add it with
/// [`crate::RewritePatternSet::add_interface`].
pub trait OpInterfaceRewritePattern: Send + Sync + 'static {
    /// The interface type (as attached with `OpInfo::with_interface`).
    type Interface: Any + Send + Sync;
    /// The static benefit (1 by default).
    fn benefit(&self) -> PatternBenefit {
        PatternBenefit::new(1)
    }
    /// Adjusts the metadata (MLIR's `initialize` hook).
    fn initialize(&mut self, _pattern: &mut Pattern) {}
    /// Tries to match and rewrite `op`, whose implementation of the interface is `iface`.
    fn match_and_rewrite(
        &self,
        op: OpRef,
        iface: &Self::Interface,
        rewriter: &mut PatternRewriter<'_>,
    ) -> LogicalResult;
}

/// Adapts an [`OpInterfaceRewritePattern`] to [`RewritePattern`].
pub struct InterfacePattern<P>(pub P);

impl<P: OpInterfaceRewritePattern> RewritePattern for InterfacePattern<P> {
    fn describe(&self, _ctx: &Context) -> Pattern {
        Pattern::match_interface::<P::Interface>(self.0.benefit())
            .with_debug_name(std::any::type_name::<P>())
    }
    fn initialize(&mut self, pattern: &mut Pattern) {
        self.0.initialize(pattern)
    }
    fn match_and_rewrite(&self, op: OpRef, rewriter: &mut PatternRewriter<'_>) -> LogicalResult {
        // The interface lives in the context, which the rewriter's IR keeps
        // alive; holding our own `Arc` lets the pattern borrow the interface
        // while it mutates IR through the rewriter. Cloning an `Arc` does not
        // allocate.
        let ctx = rewriter.ir().ctx_arc().clone();
        let name = rewriter.ir().op_name(op);
        match ctx.op_info(name).interface::<P::Interface>() {
            Some(iface) => self.0.match_and_rewrite(op, iface, rewriter),
            None => Err(()),
        }
    }
}

/// A pattern written as separate `match` and `rewrite` steps (MLIR's
/// `SplitMatchAndRewrite`). Matching sees the IR read-only (`&Ir`) and may
/// hand what it found to the rewrite; add it with
/// [`crate::RewritePatternSet::add_split`].
pub trait SplitRewritePattern: Send + Sync + 'static {
    /// What a successful match passes to the rewrite.
    type Matched;
    /// The pattern's metadata (see [`RewritePattern::describe`]).
    fn describe(&self, ctx: &Context) -> Pattern;
    /// Adjusts the metadata (MLIR's `initialize` hook).
    fn initialize(&mut self, _pattern: &mut Pattern) {}
    /// Matches `op` without changing anything.
    fn match_op(&self, ir: &Ir, op: OpRef) -> Option<Self::Matched>;
    /// Rewrites `op` after a successful match; must change the IR.
    fn rewrite(&self, op: OpRef, matched: Self::Matched, rewriter: &mut PatternRewriter<'_>);
}

/// Adapts a [`SplitRewritePattern`] to [`RewritePattern`].
pub struct SplitPattern<P>(pub P);

impl<P: SplitRewritePattern> RewritePattern for SplitPattern<P> {
    fn describe(&self, ctx: &Context) -> Pattern {
        let mut p = self.0.describe(ctx);
        if p.debug_name().is_empty() {
            p.set_debug_name(std::any::type_name::<P>());
        }
        p
    }
    fn initialize(&mut self, pattern: &mut Pattern) {
        self.0.initialize(pattern)
    }
    fn match_and_rewrite(&self, op: OpRef, rewriter: &mut PatternRewriter<'_>) -> LogicalResult {
        match self.0.match_op(rewriter.ir(), op) {
            Some(m) => {
                self.0.rewrite(op, m, rewriter);
                Ok(())
            }
            None => Err(()),
        }
    }
}

/// A pattern made of a closure and explicit metadata; add it with
/// [`crate::RewritePatternSet::add_fn`].
pub struct FnPattern<F> {
    pattern: Pattern,
    f: F,
}

impl<F> FnPattern<F>
where
    F: Fn(OpRef, &mut PatternRewriter<'_>) -> LogicalResult + Send + Sync + 'static,
{
    /// A pattern with metadata `pattern` running `f`.
    pub fn new(pattern: Pattern, f: F) -> Self {
        FnPattern { pattern, f }
    }
}

impl<F> RewritePattern for FnPattern<F>
where
    F: Fn(OpRef, &mut PatternRewriter<'_>) -> LogicalResult + Send + Sync + 'static,
{
    fn describe(&self, _ctx: &Context) -> Pattern {
        let mut p = self.pattern.clone();
        if p.debug_name().is_empty() {
            p.set_debug_name(std::any::type_name::<F>());
        }
        p
    }
    fn match_and_rewrite(&self, op: OpRef, rewriter: &mut PatternRewriter<'_>) -> LogicalResult {
        (self.f)(op, rewriter)
    }
}

/// A typed closure pattern on op type `T` (MLIR's function-pointer `add`);
/// add it with [`crate::RewritePatternSet::add_op_fn`].
pub struct OpFnPattern<T, F> {
    benefit: PatternBenefit,
    f: F,
    _op: std::marker::PhantomData<fn() -> T>,
}

impl<T, F> OpFnPattern<T, F>
where
    T: OpType,
    F: Fn(T, &mut PatternRewriter<'_>) -> LogicalResult + Send + Sync + 'static,
{
    /// A pattern on `T` with `benefit` running `f`.
    pub fn new(benefit: impl Into<PatternBenefit>, f: F) -> Self {
        OpFnPattern {
            benefit: benefit.into(),
            f,
            _op: std::marker::PhantomData,
        }
    }
}

impl<T, F> RewritePattern for OpFnPattern<T, F>
where
    T: OpType,
    F: Fn(T, &mut PatternRewriter<'_>) -> LogicalResult + Send + Sync + 'static,
{
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::for_op::<T>(ctx, self.benefit).with_debug_name(std::any::type_name::<F>())
    }
    fn match_and_rewrite(&self, op: OpRef, rewriter: &mut PatternRewriter<'_>) -> LogicalResult {
        match T::from_op(rewriter.ir(), op) {
            Some(typed) => (self.f)(typed, rewriter),
            None => Err(()),
        }
    }
}

/// A pattern ready for a set: its metadata and its behaviour.
pub struct BoxedPattern {
    pattern: Pattern,
    imp: Box<dyn RewritePattern>,
}

impl BoxedPattern {
    /// Constructs a pattern as MLIR's `RewritePattern::create` does: the
    /// metadata from [`RewritePattern::describe`], adjusted by
    /// [`RewritePattern::initialize`], and the Rust type name of `P` as the
    /// debug name if none was set.
    pub fn create<P: RewritePattern>(ctx: &Context, mut imp: P) -> BoxedPattern {
        let mut pattern = imp.describe(ctx);
        imp.initialize(&mut pattern);
        if pattern.debug_name().is_empty() {
            pattern.set_debug_name(std::any::type_name::<P>());
        }
        BoxedPattern {
            pattern,
            imp: Box::new(imp),
        }
    }
    /// The metadata.
    pub fn pattern(&self) -> &Pattern {
        &self.pattern
    }
    /// The metadata, for adding labels before the pattern set is frozen.
    pub fn pattern_mut(&mut self) -> &mut Pattern {
        &mut self.pattern
    }
    /// Runs the pattern on `op`.
    pub fn match_and_rewrite(
        &self,
        op: OpRef,
        rewriter: &mut PatternRewriter<'_>,
    ) -> LogicalResult {
        self.imp.match_and_rewrite(op, rewriter)
    }
}

impl fmt::Debug for BoxedPattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BoxedPattern")
            .field("pattern", &self.pattern)
            .finish_non_exhaustive()
    }
}
