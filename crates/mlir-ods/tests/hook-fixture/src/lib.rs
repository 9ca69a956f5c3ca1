//! A dialect crate implementing the hooks `td/Fix.td` declares; each
//! feature `no_<hook>` leaves one out, and the build must then fail with a
//! compile error naming the op and the hook.

use mlir_ir::fold::{FoldCtx, OpFoldResult};
use mlir_ir::{Attribute, Context, Diagnostic, Dialect, Ir, Location, OpBuilder, OpInfo, OpRef, Type};
use mlir_rewrite::{LogicalResult, PatternRewriter, RewritePatternSet};

#[allow(dead_code, unused_parens, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/fix_ops.rs"));
}
use ops::*;

pub struct FixDialect;

impl Dialect for FixDialect {
    fn namespace(&self) -> &'static str {
        "fix"
    }
    fn operations(&self) -> Vec<OpInfo> {
        ops::operations()
    }
}

#[cfg(not(feature = "no_materializer"))]
impl mlir_ir::ods::ConstantMaterializer for FixDialect {
    fn materialize(_: &mut OpBuilder<'_>, _: Attribute, _: Type, _: Location) -> Option<OpRef> {
        None
    }
}

#[cfg(not(feature = "no_op_attr_verifier"))]
impl mlir_ir::ods::OperationAttrVerifier for FixDialect {
    fn verify(_: &Ir, _: OpRef, _: &str, _: Attribute) -> Result<(), Diagnostic> {
        Ok(())
    }
}

#[cfg(not(feature = "no_arg_attr_verifier"))]
impl mlir_ir::ods::RegionArgAttrVerifier for FixDialect {
    fn verify(_: &Ir, _: OpRef, _: usize, _: usize, _: &str, _: Attribute) -> Result<(), Diagnostic> {
        Ok(())
    }
}

#[cfg(not(feature = "no_result_attr_verifier"))]
impl mlir_ir::ods::RegionResultAttrVerifier for FixDialect {
    fn verify(_: &Ir, _: OpRef, _: usize, _: usize, _: &str, _: Attribute) -> Result<(), Diagnostic> {
        Ok(())
    }
}

impl FoldedOp {
    /// The body of the `.td`'s body-less builder `build_input_n`.
    #[cfg(not(feature = "no_builder_state"))]
    fn build_input_n_state(
        _b: &mut OpBuilder<'_>,
        state: &mut mlir_ir::OperationState,
        input: mlir_ir::Value,
        _n: i64,
    ) {
        state.operands.push(input);
    }
}

#[cfg(not(feature = "no_fold"))]
impl mlir_ir::ods::HasFolder for FoldedOp {
    fn fold(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
        Some(OpFoldResult::Value(cx.operand(0)))
    }
}

#[cfg(not(feature = "no_multi_fold"))]
impl mlir_ir::ods::HasMultiResultFolder for PairOp {
    fn fold(
        _: &mut FoldCtx<'_>,
        _: &mut mlir_ir::ods::hooks::FoldResults,
    ) -> Result<(), ()> {
        Err(())
    }
}

#[cfg(not(feature = "no_canonicalizer"))]
impl mlir_rewrite::HasCanonicalizer for CanonOp {
    fn canonicalization_patterns(_: &mut RewritePatternSet, _: &Context) {}
}

#[cfg(not(feature = "no_canonicalize_method"))]
impl mlir_rewrite::HasCanonicalizeMethod for CanonOp {
    fn canonicalize(_: CanonOp, _: &mut PatternRewriter<'_>) -> LogicalResult {
        Err(())
    }
}

impl CheckedOp {
    #[cfg(not(feature = "no_verifier"))]
    fn verify(self, _: &Ir) -> Result<(), Diagnostic> {
        Ok(())
    }
    #[cfg(not(feature = "no_region_verifier"))]
    fn verify_regions(self, _: &Ir) -> Result<(), Diagnostic> {
        Ok(())
    }
}

// A hook for an op whose `.td` does not declare it would never run: the
// hook macros reject it.
#[cfg(feature = "undeclared_fold")]
mlir_ir::fold_hooks! {
    CheckedOp => |_cx| None,
}
