//! The memref ops that give another view of a buffer without copying it:
//! `memref.reinterpret_cast`, `memref.view`, `memref.expand_shape` and
//! `memref.collapse_shape`, with upstream's verifiers (messages and order
//! as mlir-opt 22 prints them) and folds. Strides and offsets come from
//! `view_like`'s layout helpers, which `memref.subview` shares.

use mlir_ir::fold::InPlaceEdit;
use mlir_ir::{
    AttrKind, Attribute, Context, Diagnostic, FoldCtx, Ir, OpFoldResult, OpRef, Severity, Type,
    TypeKind, DYNAMIC,
};

use crate::view_like;

use super::ops::{CollapseShapeOp, ExpandShapeOp, ReinterpretCastOp, ViewOp};

/// A static entry as upstream prints it in the reinterpret_cast messages.
fn static_or_dynamic(v: i64) -> String {
    if v == DYNAMIC {
        "dynamic".to_string()
    } else {
        v.to_string()
    }
}

/// The memory space of a ranked or unranked memref type.
fn memory_space(ctx: &Context, ty: Type) -> Option<Attribute> {
    match ctx.ty(ty) {
        TypeKind::MemRef { memory_space, .. } | TypeKind::UnrankedMemRef { memory_space, .. } => {
            *memory_space
        }
        _ => None,
    }
}

/// An error without the op-name prefix (upstream's `emitError`).
fn plain_error(ir: &Ir, op: OpRef, message: String) -> Diagnostic {
    ir.op_diag(op, Severity::Error, message)
}

impl ReinterpretCastOp {
    /// The OffsetSizeAndStrideOpInterface checks (one offset, result-rank
    /// sizes and strides), then upstream `ReinterpretCastOp::verify`: one
    /// memory space and element type, and the result type's static sizes,
    /// offset and strides equal to the static entries.
    pub fn verify(self, ir: &Ir) -> Result<(), Diagnostic> {
        let ctx = ir.ctx();
        let op = self.0;
        let src = ir.value_type(self.source(ir));
        let res = ir.value_type(self.result(ir));
        let lists = view_like::SliceLists::of(ir, op);
        let rank = ctx.shape(res).map_or(0, <[i64]>::len);
        view_like::verify_offset_size_and_stride_ranks(ir, op, &lists, [1, rank, rank])?;
        let (s, r) = (ctx.display(src), ctx.display(res));
        if memory_space(ctx, src) != memory_space(ctx, res) {
            return Err(plain_error(
                ir,
                op,
                format!("different memory spaces specified for source type '{s}' and result memref type '{r}'"),
            ));
        }
        if ctx.element_type_or_self(src) != ctx.element_type_or_self(res) {
            return Err(plain_error(
                ir,
                op,
                format!("different element types specified for source type '{s}' and result memref type '{r}'"),
            ));
        }
        let shape = ctx.shape(res).unwrap_or(&[]);
        for (idx, (&size, &expected)) in shape.iter().zip(&lists.static_sizes).enumerate() {
            if size != DYNAMIC && size != expected {
                return Err(plain_error(
                    ir,
                    op,
                    format!(
                        "expected result type with size = {} instead of {size} in dim = {idx}",
                        static_or_dynamic(expected)
                    ),
                ));
            }
        }
        let Some((strides, offset)) = view_like::strides_and_offset(ctx, res) else {
            return Err(plain_error(
                ir,
                op,
                format!("expected result type to have strided layout but found '{r}'"),
            ));
        };
        let expected_offset = lists.static_offsets.first().copied().unwrap_or(DYNAMIC);
        if offset != DYNAMIC && offset != expected_offset {
            return Err(plain_error(
                ir,
                op,
                format!(
                    "expected result type with offset = {} instead of {offset}",
                    static_or_dynamic(expected_offset)
                ),
            ));
        }
        for (idx, (&stride, &expected)) in strides.iter().zip(&lists.static_strides).enumerate() {
            if stride != DYNAMIC && stride != expected {
                return Err(plain_error(
                    ir,
                    op,
                    format!(
                        "expected result type with stride = {} instead of {stride} in dim = {idx}",
                        static_or_dynamic(expected)
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// Whether `v` is the integer zero: a static entry, or a dynamic one
/// defined by a constant (upstream `isZeroInteger` on an `OpFoldResult`).
fn is_zero(ir: &Ir, statics: &[i64], dynamic: &[mlir_ir::Value]) -> bool {
    let mut next = dynamic.iter();
    statics.iter().all(|&s| {
        if s != DYNAMIC {
            return s == 0;
        }
        next.next()
            .and_then(|&v| ir.value_constant(v))
            .and_then(|a| ir.ctx().int_attr_value(a))
            == Some(0)
    })
}

/// Upstream `ReinterpretCastOp::fold`: the source may skip a producing
/// reinterpret_cast, cast, or subview at offset zero (in place, as the
/// result only uses the source's base pointer); a cast to the source's own
/// statically shaped type at offset zero is the source.
pub(crate) fn fold_reinterpret_cast(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    let src = cx.operand(0);
    let prev = src.defining_op().and_then(|def| match ir.op_name_str(def) {
        "memref.reinterpret_cast" | "memref.cast" => Some(ir.operand(def, 0)),
        "memref.subview" => {
            let lists = view_like::SliceLists::of(ir, def);
            let offsets: Vec<_> = super::ops::SubViewOp(def).offsets(ir).collect();
            is_zero(ir, &lists.static_offsets, &offsets).then(|| ir.operand(def, 0))
        }
        _ => None,
    });
    if let Some(prev) = prev {
        cx.update_in_place(InPlaceEdit::SetOperand(0, prev));
        return Some(OpFoldResult::Value(cx.result(0)));
    }
    let res_ty = ir.value_type(cx.result(0));
    let static_shape = ctx
        .shape(res_ty)
        .is_some_and(|s| s.iter().all(|&d| d != DYNAMIC));
    let offsets = crate::scf::dense_array(ctx, ir.attr(cx.op, "static_offsets"));
    (static_shape && ir.value_type(src) == res_ty && offsets.first() == Some(&0))
        .then_some(OpFoldResult::Value(src))
}

impl ViewOp {
    /// Upstream `ViewOp::verify`: identity layouts on both sides, one
    /// memory space, one size operand per dynamic extent of the result.
    pub fn verify(self, ir: &Ir) -> Result<(), Diagnostic> {
        let ctx = ir.ctx();
        let op = self.0;
        let base = ir.value_type(ir.operand(op, 0));
        let view = ir.value_type(ir.result(op, 0));
        let (b, v) = (ctx.display(base), ctx.display(view));
        if !view_like::has_identity_layout(ctx, base) {
            return Err(plain_error(
                ir,
                op,
                format!("unsupported map for base memref type '{b}'"),
            ));
        }
        if !view_like::has_identity_layout(ctx, view) {
            return Err(plain_error(
                ir,
                op,
                format!("unsupported map for result memref type '{v}'"),
            ));
        }
        if memory_space(ctx, base) != memory_space(ctx, view) {
            return Err(plain_error(
                ir,
                op,
                format!("different memory spaces specified for base memref type '{b}' and view memref type '{v}'"),
            ));
        }
        let dynamic = ctx
            .shape(view)
            .map_or(0, |s| s.iter().filter(|&&d| d == DYNAMIC).count());
        let sizes = self.sizes(ir).len();
        if sizes != dynamic {
            return Err(ir.op_error(
                op,
                format!("incorrect number of dynamic sizes, has {sizes}, expected {dynamic}"),
            ));
        }
        Ok(())
    }
}

/// The reassociation groups of a reshape op (its `reassociation` array of
/// integer arrays; the ODS constraint has checked the element kinds).
fn reassociation(ctx: &Context, attr: Option<Attribute>) -> Vec<Vec<i64>> {
    let Some(AttrKind::Array(groups)) = attr.map(|a| ctx.attr(a)) else {
        return Vec::new();
    };
    groups
        .iter()
        .map(|&g| match ctx.attr(g) {
            AttrKind::Array(items) => items
                .iter()
                .map(|&i| ctx.int_attr_value(i).unwrap_or(0))
                .collect(),
            _ => Vec::new(),
        })
        .collect()
}

/// Upstream `verifyCollapsedShape` (with several dynamic extents allowed
/// per group): one group per collapsed dimension, groups covering the
/// expanded dimensions in order, dynamic collapsed extents exactly for the
/// groups with a dynamic extent, static group products equal to the
/// collapsed extent, and for rank 0 only unit expanded extents.
fn verify_collapsed_shape(
    ir: &Ir,
    op: OpRef,
    collapsed: &[i64],
    expanded: &[i64],
    groups: &[Vec<i64>],
) -> Result<(), Diagnostic> {
    let err = |m: String| Err(ir.op_error(op, m));
    if collapsed.len() != groups.len() {
        return err(format!(
            "invalid number of reassociation groups: found {}, expected {}",
            groups.len(),
            collapsed.len()
        ));
    }
    let mut next: i64 = 0;
    for (dim, group) in groups.iter().enumerate() {
        let mut dynamic = false;
        for &d in group {
            if d != next {
                return err("reassociation indices must be contiguous".into());
            }
            next += 1;
            if d >= expanded.len() as i64 {
                return err(format!("reassociation index {d} is out of bounds"));
            }
            dynamic |= expanded[d as usize] == DYNAMIC;
        }
        if (collapsed[dim] == DYNAMIC) != dynamic {
            return err(format!(
                "collapsed dim ({dim}) must be dynamic if and only if reassociation group is dynamic"
            ));
        }
        if !dynamic {
            // Upstream multiplies in 64 bits; wrapping keeps absurd extents
            // from panicking and gives the same product.
            let size = group
                .iter()
                .fold(1i64, |acc, &d| acc.wrapping_mul(expanded[d as usize]));
            if size != collapsed[dim] {
                return err(format!(
                    "collapsed dim size ({}) must equal reassociation group size ({size})",
                    collapsed[dim]
                ));
            }
        }
    }
    if collapsed.is_empty() {
        if expanded.iter().any(|&d| d != 1) {
            return err("rank 0 memrefs can only be extended/collapsed with/from ones".into());
        }
    } else if next != expanded.len() as i64 {
        return err(format!(
            "expanded rank ({}) inconsistent with number of reassociation indices ({next})",
            expanded.len()
        ));
    }
    Ok(())
}

/// Upstream `ExpandShapeOp::computeExpandedType`: the identity layout for
/// an identity source; otherwise each source stride is the stride of the
/// last dimension of its group, multiplied outward by the inner result
/// extents of the group (saturating to dynamic), with the source's offset.
fn expanded_type(ctx: &Context, src: Type, shape: &[i64], groups: &[Vec<i64>]) -> Option<Type> {
    if view_like::has_identity_layout(ctx, src) {
        return Some(view_like::memref_like(ctx, src, shape, None));
    }
    let (src_strides, offset) = view_like::strides_and_offset(ctx, src)?;
    let mut reversed = Vec::with_capacity(shape.len());
    let mut index = shape.len();
    for (group, &stride) in groups.iter().zip(&src_strides).rev() {
        let mut current = stride;
        for _ in group {
            reversed.push(current);
            index = index.checked_sub(1)?;
            current = view_like::saturated_mul(current, shape[index]);
        }
    }
    let mut strides: Vec<i64> = reversed.into_iter().rev().collect();
    strides.resize(shape.len(), 1);
    Some(view_like::strided_memref(ctx, src, shape, strides, offset))
}

impl ExpandShapeOp {
    /// Upstream `ExpandShapeOp::verify`: a higher (or equal) rank, the
    /// collapsed-shape rules with the source as the collapsed side, the
    /// inferred result type (layout included), and static output sizes
    /// agreeing with the result type.
    pub fn verify(self, ir: &Ir) -> Result<(), Diagnostic> {
        let ctx = ir.ctx();
        let op = self.0;
        let src = ir.value_type(self.src(ir));
        let res = ir.value_type(self.result(ir));
        let (src_shape, res_shape) = (ctx.shape(src).unwrap_or(&[]), ctx.shape(res).unwrap_or(&[]));
        let (r0, r1) = (src_shape.len(), res_shape.len());
        if r0 > r1 {
            return Err(ir.op_error(
                op,
                format!("has source rank {r0} and result rank {r1}. This is not an expansion ({r0} > {r1})."),
            ));
        }
        let groups = reassociation(ctx, self.reassociation_attr(ir));
        verify_collapsed_shape(ir, op, src_shape, res_shape, &groups)?;
        let Some(expected) = expanded_type(ctx, src, res_shape, &groups) else {
            return Err(ir.op_error(op, "invalid source layout map"));
        };
        if expected != res {
            return Err(ir.op_error(
                op,
                format!(
                    "expected expanded type to be '{}' but found '{}'",
                    ctx.display(expected),
                    ctx.display(res)
                ),
            ));
        }
        let statics = crate::scf::dense_array(ctx, self.static_output_shape_attr(ir));
        if statics.len() != r1 {
            return Err(ir.op_error(
                op,
                format!(
                    "expected number of static shape bounds to be equal to the output rank ({r1}) but found {} inputs instead",
                    statics.len()
                ),
            ));
        }
        let dynamic = statics.iter().filter(|&&s| s == DYNAMIC).count();
        let values = self.output_shape(ir).len();
        if values != dynamic {
            return Err(ir.op_error(
                op,
                format!(
                    "mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has {dynamic} dynamic dims while output_shape has {values} values"
                ),
            ));
        }
        for (pos, (&d, &s)) in res_shape.iter().zip(&statics).enumerate() {
            if d != DYNAMIC && d != s {
                return Err(ir.op_error(op, format!("invalid output shape provided at pos {pos}")));
            }
        }
        Ok(())
    }
}

/// Upstream `computeCollapsedLayoutMap` (not strict): each group's stride
/// is that of its last non-unit dimension (dynamic when that extent is
/// dynamic and the group has several dimensions); statically known strides
/// inside a group must show the group is contiguous. `None` when they do
/// not, or for an empty group (mlir-opt 22 crashes on one).
fn collapsed_layout(ctx: &Context, src: Type, groups: &[Vec<i64>]) -> Option<(Vec<i64>, i64)> {
    let (src_strides, offset) = view_like::strides_and_offset(ctx, src)?;
    let shape = ctx.shape(src)?;
    let dim = |d: i64| usize::try_from(d).ok().filter(|&d| d < shape.len());
    let mut strides = Vec::with_capacity(groups.len());
    for group in groups {
        let mut len = group.len();
        if len == 0 {
            return None;
        }
        while len > 1 && shape[dim(group[len - 1])?] == 1 {
            len -= 1;
        }
        let last = dim(group[len - 1])?;
        strides.push(if shape[last] != DYNAMIC || len == 1 {
            src_strides[last]
        } else {
            DYNAMIC
        });
    }
    for (group, &result_stride) in groups.iter().zip(&strides).rev() {
        let mut stride = result_stride;
        for &d in group.iter().skip(1).rev() {
            let d = dim(d)?;
            let before = d.checked_sub(1)?;
            stride = view_like::saturated_mul(stride, shape[d]);
            if shape[before] == 1 {
                continue;
            }
            let src_stride = src_strides[before];
            if stride != DYNAMIC && src_stride != DYNAMIC && stride != src_stride {
                return None;
            }
        }
    }
    Some((strides, offset))
}

impl CollapseShapeOp {
    /// Upstream `CollapseShapeOp::verify`: a lower (or equal) rank, the
    /// collapsed-shape rules with the result as the collapsed side, and the
    /// result type's layout: the identity for an identity source, the
    /// collapsed strides otherwise.
    pub fn verify(self, ir: &Ir) -> Result<(), Diagnostic> {
        let ctx = ir.ctx();
        let op = self.0;
        let src = ir.value_type(self.src(ir));
        let res = ir.value_type(self.result(ir));
        let (src_shape, res_shape) = (ctx.shape(src).unwrap_or(&[]), ctx.shape(res).unwrap_or(&[]));
        let (r0, r1) = (src_shape.len(), res_shape.len());
        if r0 < r1 {
            return Err(ir.op_error(
                op,
                format!("has source rank {r0} and result rank {r1}. This is not a collapse ({r0} < {r1})."),
            ));
        }
        let groups = reassociation(ctx, self.reassociation_attr(ir));
        verify_collapsed_shape(ir, op, res_shape, src_shape, &groups)?;
        let expected = if view_like::has_identity_layout(ctx, src) {
            view_like::memref_like(ctx, src, res_shape, None)
        } else {
            let Some((strides, offset)) = collapsed_layout(ctx, src, &groups) else {
                return Err(ir.op_error(
                    op,
                    "invalid source layout map or collapsing non-contiguous dims",
                ));
            };
            view_like::strided_memref(ctx, src, res_shape, strides, offset)
        };
        if expected != res {
            return Err(ir.op_error(
                op,
                format!(
                    "expected collapsed type to be '{}' but found '{}'",
                    ctx.display(expected),
                    ctx.display(res)
                ),
            ));
        }
        Ok(())
    }
}

/// Upstream `foldReshapeOp` (for memrefs, without the constant case): a
/// reshape to its source's own type is the source, and a reshape of the
/// inverse reshape whose source has this op's result type is that source.
fn fold_reshape(cx: &mut FoldCtx<'_>, inverse: &str) -> Option<OpFoldResult> {
    let ir = cx.ir;
    let src = cx.operand(0);
    let res_ty = ir.value_type(cx.result(0));
    if ir.value_type(src) == res_ty {
        return Some(OpFoldResult::Value(src));
    }
    let def = src.defining_op()?;
    if ir.op_name_str(def) != inverse || ir.num_operands(def) == 0 {
        return None;
    }
    let inner = ir.operand(def, 0);
    (ir.value_type(inner) == res_ty).then_some(OpFoldResult::Value(inner))
}

/// `memref.expand_shape`'s fold.
pub(crate) fn fold_expand_shape(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    fold_reshape(cx, "memref.collapse_shape")
}

/// `memref.collapse_shape`'s fold.
pub(crate) fn fold_collapse_shape(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    fold_reshape(cx, "memref.expand_shape")
}
