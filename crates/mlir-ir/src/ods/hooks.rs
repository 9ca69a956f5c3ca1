//! The hooks an ODS definition declares and its dialect crate implements
//! (`hasFolder`, the dialect's `hasConstantMaterializer`), and typed op
//! creation through the ODS default builders ([`BuildOp`], [`OpCreator`]).
//!
//! The generated code of an op names the hook as a trait bound
//! (`<AddIOp as HasFolder>::fold`), so a declaration left without its
//! implementation is a compile error naming the op and the hook, the
//! counterpart of the link error a C++ dialect gets for a declared but
//! undefined `AddIOp::fold`. Nothing is looked up by op name: the generated
//! registration stores the function pointer, so the hooks cost no more at
//! run time than a hand-attached `OpInfo::with_fold`.
//!
//! The canonicalization hooks (`hasCanonicalizer`, `hasCanonicalizeMethod`)
//! are the traits `mlir_rewrite::HasCanonicalizer` and
//! `mlir_rewrite::HasCanonicalizeMethod`, next to the pattern types they
//! use.

use smallvec::SmallVec;

use crate::attributes::{Attribute, Location};
use crate::builder::OpBuilder;
use crate::context::Dialect;
use crate::diagnostics::Diagnostic;
use crate::fold::{FoldCtx, OpFoldResult};
use crate::ir::Ir;
use crate::ir::OpRef;
use crate::ods::OpType;
use crate::types::Type;

/// The fold hook of an op with one result whose `.td` sets `hasFolder`
/// (upstream's `OpFoldResult Op::fold(FoldAdaptor)`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` declares `hasFolder` in its .td but has no fold hook",
    label = "the generated registration of `{Self}` calls `HasFolder::fold`",
    note = "implement `mlir_ir::ods::HasFolder` for `{Self}`: `fn fold(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult>`"
)]
pub trait HasFolder: OpType {
    /// Folds the op `cx.op`: `Some` replacement (a constant attribute or an
    /// existing value, or the op's own result after an in-place update
    /// recorded on `cx`), `None` when it does not fold.
    fn fold(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult>;
}

/// The fold hook of an op with no result, several results or a variadic
/// or optional result group whose `.td` sets `hasFolder` (upstream's
/// `LogicalResult Op::fold(FoldAdaptor, SmallVectorImpl<OpFoldResult> &)`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` declares `hasFolder` in its .td but has no fold hook",
    label = "the generated registration of `{Self}` calls `HasMultiResultFolder::fold`",
    note = "implement `mlir_ir::ods::HasMultiResultFolder` for `{Self}` (its results are not one single value): `fn fold(cx: &mut FoldCtx<'_>, results: &mut SmallVec<[OpFoldResult; 1]>) -> Result<(), ()>`"
)]
pub trait HasMultiResultFolder: OpType {
    /// Folds the op `cx.op`: `Ok` with one entry per result in `results`,
    /// or `Ok` with no entries after an in-place update; `Err` when it does
    /// not fold.
    fn fold(cx: &mut FoldCtx<'_>, results: &mut SmallVec<[OpFoldResult; 1]>) -> Result<(), ()>;
}

/// The constant materializer of a dialect whose `.td` sets
/// `hasConstantMaterializer` (upstream's `Dialect::materializeConstant`).
/// The generated code of the file defining the dialect requires it of the
/// dialect's Rust type (the def name without `_`: `Arith_Dialect` →
/// `ArithDialect`, in the module including the generated code); the
/// dialect's [`Dialect::materialize_constant`] calls it.
#[diagnostic::on_unimplemented(
    message = "dialect `{Self}` declares `hasConstantMaterializer` in its .td but has no constant materializer",
    note = "implement `mlir_ir::ods::ConstantMaterializer` for `{Self}` and call it from `Dialect::materialize_constant`"
)]
pub trait ConstantMaterializer: Dialect {
    /// Builds a constant op producing `value` of type `ty`, or `None` if
    /// the dialect cannot.
    fn materialize(
        builder: &mut OpBuilder<'_>,
        value: Attribute,
        ty: Type,
        loc: Location,
    ) -> Option<OpRef>;
}

/// Compiles only when `D` implements [`ConstantMaterializer`]; the
/// generated code of a dialect declaring `hasConstantMaterializer` calls it
/// in a `const` item, so the check costs nothing at run time.
pub const fn require_constant_materializer<D: ConstantMaterializer>() {}

/// The dialect-attribute verifier of a dialect whose `.td` sets
/// `hasOperationAttrVerify` (upstream's `Dialect::verifyOperationAttribute`):
/// checks discardable attribute `name` = `value` (named with the dialect's
/// prefix) of `op`. The dialect's [`Dialect::verify_operation_attribute`]
/// calls it.
#[diagnostic::on_unimplemented(
    message = "dialect `{Self}` declares `hasOperationAttrVerify` in its .td but has no operation attribute verifier",
    note = "implement `mlir_ir::ods::OperationAttrVerifier` for `{Self}` and call it from `Dialect::verify_operation_attribute`"
)]
pub trait OperationAttrVerifier: Dialect {
    /// Checks one attribute; an error is located at `op`.
    fn verify(ir: &Ir, op: OpRef, name: &str, value: Attribute) -> Result<(), Diagnostic>;
}

/// The region-argument attribute verifier of a dialect whose `.td` sets
/// `hasRegionArgAttrVerify` (upstream's `Dialect::verifyRegionArgAttribute`);
/// [`Dialect::verify_region_arg_attribute`] calls it.
#[diagnostic::on_unimplemented(
    message = "dialect `{Self}` declares `hasRegionArgAttrVerify` in its .td but has no region argument attribute verifier",
    note = "implement `mlir_ir::ods::RegionArgAttrVerifier` for `{Self}` and call it from `Dialect::verify_region_arg_attribute`"
)]
pub trait RegionArgAttrVerifier: Dialect {
    /// Checks attribute `name` of argument `arg` of region `region` of `op`.
    fn verify(
        ir: &Ir,
        op: OpRef,
        region: usize,
        arg: usize,
        name: &str,
        value: Attribute,
    ) -> Result<(), Diagnostic>;
}

/// The region-result attribute verifier of a dialect whose `.td` sets
/// `hasRegionResultAttrVerify` (upstream's
/// `Dialect::verifyRegionResultAttribute`);
/// [`Dialect::verify_region_result_attribute`] calls it.
#[diagnostic::on_unimplemented(
    message = "dialect `{Self}` declares `hasRegionResultAttrVerify` in its .td but has no region result attribute verifier",
    note = "implement `mlir_ir::ods::RegionResultAttrVerifier` for `{Self}` and call it from `Dialect::verify_region_result_attribute`"
)]
pub trait RegionResultAttrVerifier: Dialect {
    /// Checks attribute `name` of result `result` of region `region` of `op`.
    fn verify(
        ir: &Ir,
        op: OpRef,
        region: usize,
        result: usize,
        name: &str,
        value: Attribute,
    ) -> Result<(), Diagnostic>;
}

/// Compiles only when `D` implements [`OperationAttrVerifier`] (the
/// generated check of `hasOperationAttrVerify`).
pub const fn require_operation_attr_verifier<D: OperationAttrVerifier>() {}
/// Compiles only when `D` implements [`RegionArgAttrVerifier`].
pub const fn require_region_arg_attr_verifier<D: RegionArgAttrVerifier>() {}
/// Compiles only when `D` implements [`RegionResultAttrVerifier`].
pub const fn require_region_result_attr_verifier<D: RegionResultAttrVerifier>() {}

/// An op with ODS default builder (generated for every op that does not set
/// `skipDefaultBuilders`): `Args` holds the builder's parameters after the
/// builder and the location, as a tuple in the builder's order.
pub trait BuildOp: OpType {
    /// The default builder's parameters (`(Value, Value, Option<Attribute>)`
    /// for `arith.addf`'s `lhs`, `rhs`, `fastmath`).
    type Args<'a>;
    /// Builds the op at `b`'s insertion point with the default builder.
    fn build_op(b: &mut OpBuilder<'_>, loc: Location, args: Self::Args<'_>) -> Self;
}

/// What creates ops at an insertion point: [`OpBuilder`], and (in their
/// crates) `PatternRewriter` and `ConversionPatternRewriter`, whose
/// creations reach their listeners. Typed creation is
/// `creator.create_op::<arith::AddFOp>(loc, (lhs, rhs, None))`.
pub trait OpCreator {
    /// Runs `f` with an [`OpBuilder`] at this creator's insertion point
    /// that reports to this creator's listeners.
    fn with_op_builder<R>(&mut self, f: impl FnOnce(&mut OpBuilder<'_>) -> R) -> R;

    /// Creates an op of type `O` with its ODS default builder (MLIR's
    /// `builder.create<OpTy>(loc, args...)`).
    fn create_op<O: BuildOp>(&mut self, loc: Location, args: O::Args<'_>) -> O {
        self.with_op_builder(|b| O::build_op(b, loc, args))
    }
}

impl OpCreator for OpBuilder<'_> {
    fn with_op_builder<R>(&mut self, f: impl FnOnce(&mut OpBuilder<'_>) -> R) -> R {
        f(self)
    }
}

/// Implements [`HasFolder`] for each `Op => hook` pair, where `hook` is a
/// function or a closure over `&mut FoldCtx` returning
/// `Option<OpFoldResult>`: the shape of a dialect whose folds live in one
/// module.
///
/// ```ignore
/// mlir_ir::fold_hooks! {
///     AddIOp => fold_addi,
///     ShLIOp => |cx| fold_shift(cx, Shift::Left),
/// }
/// ```
#[macro_export]
macro_rules! fold_hooks {
    ($($op:ty => $hook:expr),* $(,)?) => {$(
        const _: () = ::std::assert!(
            <$op as $crate::OpType>::HAS_FOLDER,
            ::std::concat!("`", ::std::stringify!($op), "` has a fold hook but its .td does not declare `hasFolder`: the hook would never run"),
        );
        impl $crate::ods::HasFolder for $op {
            fn fold(
                cx: &mut $crate::FoldCtx<'_>,
            ) -> ::std::option::Option<$crate::OpFoldResult> {
                $crate::ods::hooks::call_fold($hook, cx)
            }
        }
    )*};
}

/// Implements [`HasMultiResultFolder`] for each `Op => hook` pair (see
/// [`fold_hooks!`](crate::fold_hooks)).
#[macro_export]
macro_rules! multi_result_fold_hooks {
    ($($op:ty => $hook:expr),* $(,)?) => {$(
        const _: () = ::std::assert!(
            <$op as $crate::OpType>::HAS_FOLDER,
            ::std::concat!("`", ::std::stringify!($op), "` has a fold hook but its .td does not declare `hasFolder`: the hook would never run"),
        );
        impl $crate::ods::HasMultiResultFolder for $op {
            fn fold(
                cx: &mut $crate::FoldCtx<'_>,
                results: &mut $crate::ods::hooks::FoldResults,
            ) -> ::std::result::Result<(), ()> {
                $crate::ods::hooks::call_multi_fold($hook, cx, results)
            }
        }
    )*};
}

/// The results a multi-result fold hook fills in.
pub type FoldResults = SmallVec<[OpFoldResult; 1]>;

/// Calls `hook` (statically dispatched); gives the closures of
/// [`fold_hooks!`](crate::fold_hooks) their parameter types.
#[inline(always)]
pub fn call_fold(
    hook: impl FnOnce(&mut FoldCtx<'_>) -> Option<OpFoldResult>,
    cx: &mut FoldCtx<'_>,
) -> Option<OpFoldResult> {
    hook(cx)
}

/// [`call_fold`] for [`multi_result_fold_hooks!`](crate::multi_result_fold_hooks).
#[inline(always)]
pub fn call_multi_fold(
    hook: impl FnOnce(&mut FoldCtx<'_>, &mut FoldResults) -> Result<(), ()>,
    cx: &mut FoldCtx<'_>,
    results: &mut FoldResults,
) -> Result<(), ()> {
    hook(cx, results)
}
