//! The `tensor` dialect (the subset in `td/Tensor.td`: `dim`, `cast`,
//! `empty`, `extract`, `extract_slice`, `insert_slice`,
//! `parallel_insert_slice`), with `dim`'s fold, the ops' result names and
//! the constant materializer (`arith.constant`). The slice ops share
//! memref's `custom<DynamicIndexList>` directive.

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

pub use crate::memref::{parse_dynamic_index_list, print_dynamic_index_list};

/// An `OpAsmOpInterface` naming result 0 `name` (upstream's
/// `getAsmResultNames` of the ops that name their result).
macro_rules! result_name {
    ($name:literal) => {
        OpAsmInterface {
            result_names: Some(|ir: &Ir, op: OpRef, set: SetValueName<'_>| {
                set(ir.result(op, 0), $name)
            }),
            ..Default::default()
        }
    };
}

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
                "tensor.dim" => info.with_fold(fold_dim).with_interface(result_name!("dim")),
                "tensor.cast" => info.with_interface(result_name!("cast")),
                "tensor.empty" => info.with_interface(result_name!("empty")),
                "tensor.extract" => info.with_interface(result_name!("extracted")),
                "tensor.extract_slice" => info.with_interface(result_name!("extracted_slice")),
                "tensor.insert_slice" => info.with_interface(result_name!("inserted_slice")),
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
