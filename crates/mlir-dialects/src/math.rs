//! The `math` dialect (the subset in `td/Math.td`: `math.absf`), with its
//! fold and the constant materializer (`arith.constant`, as upstream's
//! `MathDialect::materializeConstant`).

use mlir_ir::{
    ApFloat, Attribute, Dialect, FloatKind, FoldCtx, Location, OpBuilder, OpFoldResult, OpInfo,
    OpRef, Type,
};

use crate::arith::fold::{float_of, fold_unary};

/// The generated op definitions of `td/Math.td`. Generated code keeps the
/// shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, unused_imports, clippy::all)]
pub mod ops {
    use crate::arith::ops::*;
    include!(concat!(env!("OUT_DIR"), "/math_ops.rs"));
}

pub use ops::*;

/// The `math` dialect.
pub struct MathDialect;

impl Dialect for MathDialect {
    fn namespace(&self) -> &'static str {
        "math"
    }

    fn operations(&self) -> Vec<OpInfo> {
        ops::operations()
            .into_iter()
            .map(|info| match &*info.name {
                "math.absf" => info.with_fold(fold_absf),
                _ => info,
            })
            .collect()
    }

    fn materialize_constant(
        &self,
        builder: &mut OpBuilder<'_>,
        value: Attribute,
        ty: Type,
        loc: Location,
    ) -> Option<OpRef> {
        crate::arith::materialize_arith_constant(builder, value, ty, loc)
    }
}

/// Upstream `AbsFOp::fold`: the absolute value of a constant (the sign bit
/// cleared, NaNs included, as `APFloat::clearSign`).
fn fold_absf(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ctx = cx.ir.ctx();
    let ty = cx.ir.value_type(cx.result(0));
    fold_unary(ctx, cx.operand_constant(0), ty, |a, ety| {
        let f = float_of(ctx, a)?;
        let sign_bit = match f.kind {
            FloatKind::F32 => 31,
            FloatKind::F64 => 63,
            FloatKind::F16 | FloatKind::BF16 => 15,
            _ => return None,
        };
        Some(ctx.float_attr(
            ety,
            ApFloat {
                kind: f.kind,
                bits: f.bits & !(1u128 << sign_bit),
            },
        ))
    })
    .map(OpFoldResult::Attr)
}
