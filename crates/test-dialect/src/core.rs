//! Test ops several areas share (`td/TestOpsCore.td`) and the dialect's
//! constant materializer: `test.constant` and its folder.

use mlir_ir::fold::{FoldCtx, OpFoldResult};
use mlir_ir::{Attribute, Location, OpBuilder, OpInfo, OpRef, Type};

/// The generated op definitions of `td/TestOpsCore.td`. Generated code keeps
/// the shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, unused_imports, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/core_ops.rs"));
}

pub use ops::*;

/// The ops of this file, with their hand-written hooks attached.
pub fn operations() -> Vec<OpInfo> {
    ops::operations()
        .into_iter()
        .map(|info| match &*info.name {
            "test.constant" => info.with_fold(fold_constant),
            _ => info,
        })
        .collect()
}

/// `test.constant` folds to its `value` attribute.
fn fold_constant(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    cx.ir.attr(cx.op, "value").map(OpFoldResult::Attr)
}

/// Upstream's `TestDialect::materializeConstant`: every constant is a
/// `test.constant` of the requested type.
pub fn materialize_constant(
    builder: &mut OpBuilder<'_>,
    value: Attribute,
    ty: Type,
    loc: Location,
) -> Option<OpRef> {
    Some(TestOpConstant::build(builder, loc, ty, value).0)
}
