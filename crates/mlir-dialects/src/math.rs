//! The `math` dialect (the subset in `td/Math.td`: `absf`, `cos`, `exp`, `sin`,
//! `fma`), with their folds and the constant materializer (`arith.constant`, as upstream's
//! `MathDialect::materializeConstant`).

use mlir_ir::{
    ApFloat, Attribute, Dialect, FloatKind, FoldCtx, Location, OpBuilder, OpFoldResult, OpInfo,
    OpRef, Type,
};

use crate::arith::fold::{float_of, fold_unary, poison_operand};

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
    }

    fn materialize_constant(
        &self,
        builder: &mut OpBuilder<'_>,
        value: Attribute,
        ty: Type,
        loc: Location,
    ) -> Option<OpRef> {
        <Self as mlir_ir::ods::ConstantMaterializer>::materialize(builder, value, ty, loc)
    }
}

// `hasConstantMaterializer` in the dialect's `.td`: constants are arith's.
crate::arith::arith_constant_materializer!(MathDialect);

// The fold hooks `td/Math.td` declares (`hasFolder`).
mlir_ir::fold_hooks! {
    AbsFOp => fold_absf,
    SinOp => |cx| fold_libm(cx, f64::sin, f32::sin),
    CosOp => |cx| fold_libm(cx, f64::cos, f32::cos),
    ExpOp => |cx| fold_libm(cx, f64::exp, f32::exp),
    FmaOp => fold_fma,
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

/// Upstream `SinOp::fold` / `CosOp::fold`: the host's `sin`/`cos` (`sinf`
/// and `cosf` for `f32`) on constant `f64` and `f32` values.
fn fold_libm(
    cx: &mut FoldCtx<'_>,
    f64_fn: fn(f64) -> f64,
    f32_fn: fn(f32) -> f32,
) -> Option<OpFoldResult> {
    let ctx = cx.ir.ctx();
    let ty = cx.ir.value_type(cx.result(0));
    fold_unary(ctx, cx.operand_constant(0), ty, |a, ety| {
        let f = float_of(ctx, a)?;
        let bits = match f.kind {
            FloatKind::F64 => f64_fn(f64::from_bits(f.bits as u64)).to_bits() as u128,
            FloatKind::F32 => f32_fn(f32::from_bits(f.bits as u32)).to_bits() as u128,
            _ => return None,
        };
        Some(ctx.float_attr(ety, ApFloat { kind: f.kind, bits }))
    })
    .map(OpFoldResult::Attr)
}

/// Upstream `FmaOp::fold`: `a * b + c` rounded once, on scalar `f32`/`f64`
/// constants; poison propagates.
fn fold_fma(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ctx = cx.ir.ctx();
    let ops = [
        cx.operand_constant(0),
        cx.operand_constant(1),
        cx.operand_constant(2),
    ];
    if let Some(p) = ops.iter().find_map(|&o| poison_operand(ctx, o)) {
        return Some(OpFoldResult::Attr(p));
    }
    let ty = cx.ir.value_type(cx.result(0));
    let vals: Option<Vec<ApFloat>> = ops.iter().map(|o| float_of(ctx, (*o)?)).collect();
    let [a, b, c] = vals?[..] else {
        return None;
    };
    let bits = match a.kind {
        FloatKind::F64 => {
            let f = |x: ApFloat| f64::from_bits(x.bits as u64);
            f(a).mul_add(f(b), f(c)).to_bits() as u128
        }
        FloatKind::F32 => {
            let f = |x: ApFloat| f32::from_bits(x.bits as u32);
            f(a).mul_add(f(b), f(c)).to_bits() as u128
        }
        _ => return None,
    };
    Some(OpFoldResult::Attr(
        ctx.float_attr(ty, ApFloat { kind: a.kind, bits }),
    ))
}
