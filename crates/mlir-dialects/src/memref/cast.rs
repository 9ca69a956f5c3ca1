//! `memref.cast` and the folds built on it: the `CastOpInterface`
//! compatibility rule (`areCastCompatible`), `canFoldIntoConsumerOp`, the
//! cast-of-cast fold, the folds of `load`, `store`, `dealloc` and `copy`
//! that look through a cast of their memref operands (upstream
//! `foldMemRefCast`, `FoldCopyOfCast`), and `memref.copy`'s two
//! canonicalization patterns (`FoldEmptyCopy`, `FoldSelfCopy`).

use mlir_ir::fold::InPlaceEdit;
use mlir_ir::{Context, FoldCtx, OpFoldResult, OpRef, Type, TypeKind, Value, DYNAMIC};
use mlir_rewrite::{LogicalResult, Pattern, PatternRewriter, RewritePatternSet};

use crate::view_like;

/// The element type and memory space of a ranked or unranked memref type.
fn element_and_space(ctx: &Context, ty: Type) -> Option<(Type, Option<mlir_ir::Attribute>)> {
    match ctx.ty(ty) {
        TypeKind::MemRef {
            element,
            memory_space,
            ..
        }
        | TypeKind::UnrankedMemRef {
            element,
            memory_space,
        } => Some((*element, *memory_space)),
        _ => None,
    }
}

/// Upstream `CastOp::areCastCompatible`: one input and one output; two
/// ranked memrefs need one element type and memory space, one rank,
/// compatible extents, and the same layout or strided layouts whose
/// offsets and strides are equal or dynamic on either side; otherwise at
/// most one side may be unranked, with one element type and memory space.
pub(crate) fn are_cast_compatible(ctx: &Context, inputs: &[Type], outputs: &[Type]) -> bool {
    let ([a], [b]) = (inputs, outputs) else {
        return false;
    };
    let (a, b) = (*a, *b);
    match (ctx.ty(a), ctx.ty(b)) {
        (
            TypeKind::MemRef {
                shape: sa,
                element: ea,
                layout: la,
                memory_space: ma,
            },
            TypeKind::MemRef {
                shape: sb,
                element: eb,
                layout: lb,
                memory_space: mb,
            },
        ) => {
            if ea != eb {
                return false;
            }
            if la != lb {
                let (Some((a_strides, a_offset)), Some((b_strides, b_offset))) = (
                    view_like::strides_and_offset(ctx, a),
                    view_like::strides_and_offset(ctx, b),
                ) else {
                    return false;
                };
                let compatible = |x: i64, y: i64| x == DYNAMIC || y == DYNAMIC || x == y;
                if a_strides.len() != b_strides.len()
                    || !compatible(a_offset, b_offset)
                    || !a_strides
                        .iter()
                        .zip(&b_strides)
                        .all(|(&x, &y)| compatible(x, y))
                {
                    return false;
                }
            }
            ma == mb && crate::tensor::compatible_shapes(Some(sa), Some(sb))
        }
        (TypeKind::UnrankedMemRef { .. }, TypeKind::UnrankedMemRef { .. }) => false,
        _ => match (element_and_space(ctx, a), element_and_space(ctx, b)) {
            (Some(x), Some(y)) => x == y,
            _ => false,
        },
    }
}

/// Upstream `CastOp::canFoldIntoConsumerOp`: `cast` (a `memref.cast`) goes
/// between strided ranked memrefs of one element type and rank, and only
/// makes sizes, offset or strides more dynamic, so a consumer may use its
/// source instead.
pub(crate) fn can_fold_into_consumer(ctx: &Context, source: Type, result: Type) -> bool {
    let (
        TypeKind::MemRef {
            shape: ss,
            element: es,
            ..
        },
        TypeKind::MemRef {
            shape: rs,
            element: er,
            ..
        },
    ) = (ctx.ty(source), ctx.ty(result))
    else {
        return false;
    };
    if es != er || ss.len() != rs.len() {
        return false;
    }
    let (Some((s_strides, s_offset)), Some((r_strides, r_offset))) = (
        view_like::strides_and_offset(ctx, source),
        view_like::strides_and_offset(ctx, result),
    ) else {
        return false;
    };
    // Towards a more static value anywhere: the consumer relies on it.
    let more_static = |s: i64, r: i64| s != r && s == DYNAMIC && r != DYNAMIC;
    !(ss.iter().zip(rs.iter()).any(|(&s, &r)| more_static(s, r))
        || more_static(s_offset, r_offset)
        || s_strides
            .iter()
            .zip(&r_strides)
            .any(|(&s, &r)| more_static(s, r)))
}

/// The `memref.cast` defining `v`, if any.
fn defining_cast(cx: &FoldCtx<'_>, v: Value) -> Option<OpRef> {
    let def = v.defining_op()?;
    (cx.ir.op_name_str(def) == "memref.cast" && cx.ir.num_operands(def) == 1).then_some(def)
}

/// Upstream `foldMemRefCast`: every operand other than `skip` that a
/// `memref.cast` of a ranked memref produces is replaced by the cast's
/// source, in place. Whether anything changed.
pub(crate) fn fold_memref_cast(cx: &mut FoldCtx<'_>, skip: Option<usize>) -> bool {
    let ir = cx.ir;
    let mut folded = false;
    for i in 0..ir.num_operands(cx.op) {
        let v = cx.operand(i);
        if skip.is_some_and(|s| ir.operand(cx.op, s) == v) {
            continue;
        }
        let Some(cast) = defining_cast(cx, v) else {
            continue;
        };
        let source = ir.operand(cast, 0);
        if matches!(ir.ctx().ty(ir.value_type(source)), TypeKind::MemRef { .. }) {
            cx.update_in_place(InPlaceEdit::SetOperand(i, source));
            folded = true;
        }
    }
    folded
}

/// Upstream `CastOp::fold`, then the `CastOpInterface` fold: a cast of a
/// cast of a ranked memref casts the inner source directly (in place), and
/// a cast whose result type is its (possibly new) source's type is that
/// source.
pub(crate) fn fold_cast(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ir = cx.ir;
    let result = cx.result(0);
    let res_ty = ir.value_type(result);
    if fold_memref_cast(cx, None) {
        let inner = defining_cast(cx, cx.operand(0))?;
        let source = ir.operand(inner, 0);
        if ir.value_type(source) == res_ty {
            return Some(OpFoldResult::Value(source));
        }
        return Some(OpFoldResult::Value(result));
    }
    mlir_ir::interfaces::cast::fold_cast_op(ir, cx.op)?.pop()
}

/// `memref.load`'s fold (upstream `LoadOp::fold`): load(cast) -> load.
pub(crate) fn fold_load(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    fold_memref_cast(cx, None).then(|| OpFoldResult::Value(cx.result(0)))
}

/// `memref.store`'s fold (upstream `StoreOp::fold`): store(cast) -> store,
/// leaving the stored value alone.
pub(crate) fn fold_store(
    cx: &mut FoldCtx<'_>,
    _results: &mut mlir_ir::ods::hooks::FoldResults,
) -> Result<(), ()> {
    if fold_memref_cast(cx, Some(0)) {
        Ok(())
    } else {
        Err(())
    }
}

/// `memref.dealloc`'s fold (upstream `DeallocOp::fold`): dealloc(cast) ->
/// dealloc.
pub(crate) fn fold_dealloc(
    cx: &mut FoldCtx<'_>,
    _results: &mut mlir_ir::ods::hooks::FoldResults,
) -> Result<(), ()> {
    if fold_memref_cast(cx, None) {
        Ok(())
    } else {
        Err(())
    }
}

/// `memref.copy`'s fold (upstream `FoldCopyOfCast`): the first operand that
/// a cast only making the type more dynamic produces is replaced by the
/// cast's source.
pub(crate) fn fold_copy(
    cx: &mut FoldCtx<'_>,
    _results: &mut mlir_ir::ods::hooks::FoldResults,
) -> Result<(), ()> {
    let ir = cx.ir;
    for i in 0..ir.num_operands(cx.op) {
        let Some(cast) = defining_cast(cx, cx.operand(i)) else {
            continue;
        };
        let source = ir.operand(cast, 0);
        let ctx = ir.ctx();
        if can_fold_into_consumer(
            ctx,
            ir.value_type(source),
            ir.value_type(ir.result(cast, 0)),
        ) {
            cx.update_in_place(InPlaceEdit::SetOperand(i, source));
            return Ok(());
        }
    }
    Err(())
}

/// `memref.copy`'s canonicalization patterns, in upstream's order.
pub(crate) fn copy_patterns(set: &mut RewritePatternSet, ctx: &Context) {
    set.add_fn(
        Pattern::new(ctx, "memref.copy", 1).with_debug_name("(anonymous namespace)::FoldEmptyCopy"),
        fold_empty_copy,
    );
    set.add_fn(
        Pattern::new(ctx, "memref.copy", 1).with_debug_name("(anonymous namespace)::FoldSelfCopy"),
        fold_self_copy,
    );
}

/// Upstream `FoldEmptyCopy`: a copy from or to a ranked memref with a zero
/// extent copies nothing.
fn fold_empty_copy(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    let empty = ir.operands(op).any(|v| {
        ir.ctx().shape(ir.value_type(v)).is_some_and(|s| {
            matches!(ir.ctx().ty(ir.value_type(v)), TypeKind::MemRef { .. }) && s.contains(&0)
        })
    });
    if !empty {
        return rw.notify_match_failure(op, || "neither memref has a zero extent");
    }
    rw.erase_op(op);
    Ok(())
}

/// Upstream `FoldSelfCopy`: copying a memref onto itself does nothing.
fn fold_self_copy(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    if ir.num_operands(op) != 2 || ir.operand(op, 0) != ir.operand(op, 1) {
        return rw.notify_match_failure(op, || "the source is not the target");
    }
    rw.erase_op(op);
    Ok(())
}
