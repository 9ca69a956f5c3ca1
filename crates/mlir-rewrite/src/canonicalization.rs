//! How ops and dialects declare their canonicalization patterns: small
//! `Copy` structs attached to an op's `OpInfo` (`OpInfo::with_interface`) or
//! returned by `Dialect::interface`. They live with the pattern types, not
//! with the canonicalizer, so that dialect crates can contribute patterns
//! depending only on `mlir-rewrite` (as MLIR's ops implement
//! `getCanonicalizationPatterns` against `PatternMatch.h`); the canonicalizer
//! in `mlir-transforms` gathers them.

use mlir_ir::{Context, OpRef};

use crate::{LogicalResult, PatternRewriter, RewritePatternSet};

/// An op's canonicalization patterns (MLIR's `getCanonicalizationPatterns`),
/// attached to its `OpInfo` as an interface.
#[derive(Copy, Clone)]
pub struct CanonicalizationPatterns(pub fn(&mut RewritePatternSet, &Context));

/// An op's "canonicalize method" (MLIR's `static LogicalResult
/// canonicalize(Op, PatternRewriter &)`), attached to its `OpInfo`.
#[derive(Copy, Clone)]
pub struct CanonicalizeMethod(pub fn(OpRef, &mut PatternRewriter<'_>) -> LogicalResult);

/// A dialect's own canonicalization patterns (MLIR's
/// `Dialect::getCanonicalizationPatterns`), returned by `Dialect::interface`.
#[derive(Copy, Clone)]
pub struct DialectCanonicalizationPatterns(pub fn(&mut RewritePatternSet, &Context));

/// The canonicalization patterns of an op whose `.td` sets
/// `hasCanonicalizer` (upstream's `Op::getCanonicalizationPatterns`). The
/// generated registration attaches them as [`CanonicalizationPatterns`], so
/// a declaration without an implementation is a compile error naming the
/// op and this hook.
#[diagnostic::on_unimplemented(
    message = "`{Self}` declares `hasCanonicalizer` in its .td but has no canonicalization patterns",
    label = "the generated registration of `{Self}` calls `HasCanonicalizer::canonicalization_patterns`",
    note = "implement `mlir_rewrite::HasCanonicalizer` for `{Self}`: `fn canonicalization_patterns(set: &mut RewritePatternSet, ctx: &Context)`"
)]
pub trait HasCanonicalizer: mlir_ir::OpType {
    /// Adds the op's canonicalization patterns to `set`.
    fn canonicalization_patterns(set: &mut RewritePatternSet, ctx: &Context);
}

/// The canonicalize method of an op whose `.td` sets
/// `hasCanonicalizeMethod` (upstream's `static LogicalResult
/// Op::canonicalize(Op, PatternRewriter &)`), attached by the generated
/// registration as [`CanonicalizeMethod`].
#[diagnostic::on_unimplemented(
    message = "`{Self}` declares `hasCanonicalizeMethod` in its .td but has no canonicalize method",
    label = "the generated registration of `{Self}` calls `HasCanonicalizeMethod::canonicalize`",
    note = "implement `mlir_rewrite::HasCanonicalizeMethod` for `{Self}`: `fn canonicalize(op: Self, rewriter: &mut PatternRewriter<'_>) -> LogicalResult`"
)]
pub trait HasCanonicalizeMethod: mlir_ir::OpType {
    /// Rewrites `op` in place or replaces it; fails when nothing applies.
    fn canonicalize(op: Self, rewriter: &mut PatternRewriter<'_>) -> LogicalResult;
}

/// Implements [`HasCanonicalizer`] for each `Op => hook` pair, where `hook`
/// is a function or closure over `(&mut RewritePatternSet, &Context)`.
///
/// ```ignore
/// mlir_rewrite::canonicalization_hooks! {
///     AddIOp => addi_patterns,
///     MulFOp => |set, ctx| negf_negf(set, ctx, "arith.mulf", "MulFOfNegF"),
/// }
/// ```
#[macro_export]
macro_rules! canonicalization_hooks {
    ($($op:ty => $hook:expr),* $(,)?) => {$(
        const _: () = ::std::assert!(
            <$op as ::mlir_ir::OpType>::HAS_CANONICALIZER,
            ::std::concat!("`", ::std::stringify!($op), "` has canonicalization patterns but its .td does not declare `hasCanonicalizer`: they would never run"),
        );
        impl $crate::HasCanonicalizer for $op {
            fn canonicalization_patterns(
                set: &mut $crate::RewritePatternSet,
                ctx: &::mlir_ir::Context,
            ) {
                $crate::canonicalization::call_patterns($hook, set, ctx)
            }
        }
    )*};
}

/// Calls `hook` (statically dispatched); gives the closures of
/// [`canonicalization_hooks!`](crate::canonicalization_hooks) their
/// parameter types.
#[inline(always)]
pub fn call_patterns(
    hook: impl FnOnce(&mut RewritePatternSet, &Context),
    set: &mut RewritePatternSet,
    ctx: &Context,
) {
    hook(set, ctx)
}
