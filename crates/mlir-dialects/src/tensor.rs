//! The `tensor` dialect (the subset in `td/Tensor.td`: `tensor.dim`,
//! `tensor.cast`, `tensor.empty`), with `dim`'s fold, the result names, the
//! verifiers of `cast` and `empty` and the constant materializer
//! (`arith.constant`).

use mlir_ir::asm::{OpAsmInterface, SetValueName};
use mlir_ir::{
    Attribute, Context, Dialect, FoldCtx, Ir, Location, OpBuilder, OpFoldResult, OpInfo, OpRef,
    Type, TypeKind,
};

/// The generated op definitions of `td/Tensor.td`. Generated code keeps the
/// shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/tensor_ops.rs"));
}

pub use ops::*;

/// The `tensor` dialect.
pub struct TensorDialect;

impl Dialect for TensorDialect {
    fn namespace(&self) -> &'static str {
        "tensor"
    }

    fn operations(&self) -> Vec<OpInfo> {
        ops::operations()
            .into_iter()
            .map(|info| match &*info.name {
                "tensor.dim" => info.with_fold(fold_dim).with_interface(OpAsmInterface {
                    result_names: Some(|ir: &Ir, op: OpRef, set: SetValueName<'_>| {
                        set(ir.result(op, 0), "dim")
                    }),
                    ..Default::default()
                }),
                "tensor.cast" => info
                    .with_verify(verify_cast)
                    .with_interface(OpAsmInterface {
                        result_names: Some(|ir: &Ir, op: OpRef, set: SetValueName<'_>| {
                            set(ir.result(op, 0), "cast")
                        }),
                        ..Default::default()
                    }),
                "tensor.empty" => info.with_verify(verify_empty),
                _ => info,
            })
            .map(crate::speculation::attach)
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

/// `tensor.dim`'s source constraint: a tensor of rank other than 0, or an
/// unranked tensor.
pub fn is_non0_ranked_or_unranked_tensor(ctx: &Context, ty: Type) -> bool {
    match ctx.ty(ty) {
        TypeKind::RankedTensor { shape, .. } => !shape.is_empty(),
        TypeKind::UnrankedTensor { .. } => true,
        _ => false,
    }
}

/// Upstream `DimOp::fold` (the static-size part): a constant index of a
/// static dimension folds to its size. Folds through producers of the
/// source (`tensor.generate`, `extract_slice`, ...) need those ops.
fn fold_dim(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    let index = ctx.int_attr_value(cx.operand_constant(1)?)?;
    let src_ty = ir.value_type(cx.operand(0));
    let shape = ctx.shape(src_ty)?;
    if index < 0 || index as usize >= shape.len() {
        return None;
    }
    let d = shape[index as usize];
    if d < 0 {
        return None;
    }
    Some(OpFoldResult::Attr(ctx.int_attr(ctx.index_type(), d)))
}

/// Whether two shapes (`None` for unranked) are compatible: equal ranks and
/// equal or dynamic extents (MLIR's `verifyCompatibleShape`).
pub(crate) fn compatible_shapes(a: Option<&[i64]>, b: Option<&[i64]>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => {
            a.len() == b.len()
                && a.iter()
                    .zip(b)
                    .all(|(&x, &y)| x == y || x == mlir_ir::DYNAMIC || y == mlir_ir::DYNAMIC)
        }
        _ => true,
    }
}

/// `tensor.cast`'s `CastOpInterface` check (upstream `areCastCompatible`):
/// same element type and compatible shapes.
fn verify_cast(ir: &Ir, op: OpRef) -> Result<(), mlir_ir::Diagnostic> {
    let ctx = ir.ctx();
    let from = ir.value_type(ir.operand(op, 0));
    let to = ir.value_type(ir.result(op, 0));
    let compatible = ctx.element_type_or_self(from) == ctx.element_type_or_self(to)
        && compatible_shapes(ctx.shape(from), ctx.shape(to));
    if compatible {
        return Ok(());
    }
    Err(ir.op_error(
        op,
        format!(
            "operand type '{}' and result type '{}' are cast incompatible",
            ctx.attr_to_diagnostic_string(ctx.type_attr(from)),
            ctx.attr_to_diagnostic_string(ctx.type_attr(to))
        ),
    ))
}

/// `tensor.empty`: one dynamic size per dynamic extent of the result.
fn verify_empty(ir: &Ir, op: OpRef) -> Result<(), mlir_ir::Diagnostic> {
    let ty = ir.value_type(ir.result(op, 0));
    let expected = ir
        .ctx()
        .shape(ty)
        .map_or(0, |s| s.iter().filter(|&&d| d == mlir_ir::DYNAMIC).count());
    let has = ir.num_operands(op);
    if has == expected {
        return Ok(());
    }
    Err(ir.op_error(
        op,
        format!("incorrect number of dynamic sizes, has {has}, expected {expected}"),
    ))
}
