//! The `ub` dialect (`td/UB.td`: `ub.poison`, `ub.unreachable` and the `#ub.poison`
//! attribute), with `poison`'s fold and the constant materializer that
//! turns a folded `#ub.poison` back into `ub.poison`.

use mlir_ir::{
    AttrKind, Attribute, Context, Dialect, FoldCtx, Location, OpBuilder, OpFoldResult, OpInfo,
    OpRef, Type,
};

/// The generated op definitions of `td/UB.td`. Generated code keeps the
/// shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/ub_ops.rs"));
}

pub use ops::*;

/// The `ub` dialect.
pub struct UbDialect;

impl Dialect for UbDialect {
    fn namespace(&self) -> &'static str {
        "ub"
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

    fn canonicalize_attribute(
        &self,
        _ctx: &std::sync::Arc<Context>,
        body: &str,
    ) -> Result<Option<String>, Vec<(usize, String)>> {
        if body == "poison" {
            Ok(None)
        } else {
            Err(vec![(
                0,
                format!("unknown attribute `{body}` in dialect `ub`"),
            )])
        }
    }
}

/// `hasConstantMaterializer` in the dialect's `.td`.
impl mlir_ir::ods::ConstantMaterializer for UbDialect {
    fn materialize(
        builder: &mut mlir_ir::OpBuilder<'_>,
        value: mlir_ir::Attribute,
        ty: mlir_ir::Type,
        loc: mlir_ir::Location,
    ) -> Option<mlir_ir::OpRef> {
        is_poison(builder.ctx(), value).then(|| PoisonOp::build(builder, loc, ty, Some(value)).0)
    }
}

// The fold hook `td/UB.td` declares (`hasFolder`).
mlir_ir::fold_hooks! {
    PoisonOp => fold_poison,
}

/// `#ub.poison`.
pub fn poison_attr(ctx: &Context) -> Attribute {
    let dialect = ctx.ident("ub");
    ctx.intern_attr(AttrKind::Opaque {
        dialect,
        body: "poison".into(),
    })
}

/// Whether `a` is `#ub.poison` (upstream `PoisonAttrInterface`).
pub fn is_poison(ctx: &Context, a: Attribute) -> bool {
    matches!(ctx.attr(a), AttrKind::Opaque { dialect, body } if &**body == "poison" && ctx.ident_str(*dialect) == "ub")
}

/// Upstream `PoisonOp::fold`: the op's value.
fn fold_poison(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    cx.ir.attr(cx.op, "value").map(OpFoldResult::Attr)
}
