//! Test ops several areas share (`td/TestOpsCore.td`: `test.constant`,
//! `test.cast`, `test.br`, `test.op_with_region_fold`, `test.one_region_op`,
//! `test.graph_region`), their hooks, and the dialect's constant
//! materializer.

use mlir_ir::fold::{FoldCtx, OpFoldResult};
use mlir_ir::interfaces::{BranchOpInterface, SuccessorOperands};
use mlir_ir::{Attribute, Ir, Location, OpBuilder, OpInfo, OpRef, Type};

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
            "test.br" => info
                .with_verify(mlir_ir::interfaces::verify_branch_successor_operands)
                .with_interface(BranchOpInterface {
                    successor_operands: branch_successor_operands,
                    erase_successor_operand: None,
                }),
            _ => info,
        })
        .collect()
}

// The fold hooks `td/TestOpsCore.td` declares.
mlir_ir::fold_hooks! {
    ops::TestOpConstant => fold_constant,
    ops::TestOpWithRegionFold => fold_to_first_operand,
}

/// `test.constant` folds to its `value` attribute.
fn fold_constant(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    cx.ir.attr(cx.op, "value").map(OpFoldResult::Attr)
}

/// `test.op_with_region_fold` folds to its operand.
fn fold_to_first_operand(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    Some(OpFoldResult::Value(cx.operand(0)))
}

/// `test.br` forwards all of its operands to its only successor.
fn branch_successor_operands(ir: &Ir, op: OpRef, _succ: usize) -> SuccessorOperands {
    SuccessorOperands {
        produced: 0,
        start: 0,
        len: ir.num_operands(op),
    }
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
