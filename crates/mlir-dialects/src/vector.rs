//! The `vector` dialect (the subset in `td/Vector.td`: `vector.broadcast`),
//! with `broadcast`'s constant fold and the constant materializer
//! (`ub.poison` or `arith.constant`, as upstream's).

use mlir_ir::{
    AttrKind, Attribute, Dialect, FoldCtx, Location, OpBuilder, OpFoldResult, OpInfo, OpRef, Type,
};

use crate::arith::fold::dense;

/// The generated op definitions of `td/Vector.td`. Generated code keeps the
/// shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/vector_ops.rs"));
}

pub use ops::*;

/// The `vector` dialect.
pub struct VectorDialect;

impl Dialect for VectorDialect {
    fn namespace(&self) -> &'static str {
        "vector"
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
crate::arith::arith_constant_materializer!(VectorDialect);

// The fold hook `td/Vector.td` declares (`hasFolder`).
mlir_ir::fold_hooks! {
    BroadcastOp => fold_broadcast,
}

/// Upstream `BroadcastOp::fold` (constant part): a scalar constant of the
/// result's element type, or a splat, becomes a splat of the result type;
/// poison stays poison.
fn fold_broadcast(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ctx = cx.ir.ctx();
    let src = cx.operand_constant(0)?;
    let ty = cx.ir.value_type(cx.result(0));
    if crate::ub::is_poison(ctx, src) {
        return Some(OpFoldResult::Attr(src));
    }
    let elem = ctx.element_type_or_self(ty);
    let scalar = match ctx.attr(src) {
        AttrKind::Integer { ty: t, .. } | AttrKind::Float { ty: t, .. } => {
            if *t != elem {
                return None;
            }
            src
        }
        AttrKind::DenseElements { elements, .. } if elements.len() == 1 => elements[0],
        _ => return None,
    };
    Some(OpFoldResult::Attr(dense(ctx, ty, vec![scalar])))
}
