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
use mlir_rewrite::{LogicalResult, Pattern, PatternRewriter, RewritePatternSet};

use crate::view_like;

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
                "tensor.dim" => info.with_interface(result_name!("dim")),
                "tensor.cast" => info
                    .with_interface(mlir_ir::interfaces::cast::CastOpInterface {
                        are_cast_compatible: cast_compatible,
                    })
                    .with_interface(result_name!("cast")),
                "tensor.extract" => info.with_interface(result_name!("extracted")),
                "tensor.extract_slice" => info.with_interface(result_name!("extracted_slice")),
                "tensor.insert_slice" => info.with_interface(result_name!("inserted_slice")),
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
        <Self as mlir_ir::ods::ConstantMaterializer>::materialize(builder, value, ty, loc)
    }
}

// `hasConstantMaterializer` in the dialect's `.td`: constants are arith's.
crate::arith::arith_constant_materializer!(TensorDialect);

// The hooks `td/Tensor.td` declares (`hasFolder`, `hasCanonicalizer`).
mlir_ir::fold_hooks! {
    DimOp => fold_dim,
    CastOp => fold_cast,
}

mlir_rewrite::canonicalization_hooks! {
    CastOp => cast_patterns,
    ExtractSliceOp => extract_slice_patterns,
    InsertSliceOp => insert_slice_patterns,
    ParallelInsertSliceOp => parallel_insert_slice_patterns,
}

impl ExtractOp {
    /// Upstream `ExtractOp::verify`: one index per dimension of the tensor.
    pub fn verify(self, ir: &Ir) -> Result<(), mlir_ir::Diagnostic> {
        let rank = ir
            .ctx()
            .shape(ir.value_type(self.tensor(ir)))
            .map(<[i64]>::len);
        if rank.is_some_and(|r| r != self.indices(ir).len()) {
            return Err(ir.op_error(self.0, "incorrect number of indices for extract_element"));
        }
        Ok(())
    }
}

/// The shape of ranked tensor `ty` (empty for any other type: the
/// operand constraints have rejected those already).
fn shape_of(ir: &Ir, ty: Type) -> Vec<i64> {
    ir.ctx().shape(ty).map(<[i64]>::to_vec).unwrap_or_default()
}

/// Upstream `ExtractSliceOp::inferResultType`: the sliced tensor's type
/// with the static sizes as its shape.
fn infer_slice_type(ir: &Ir, sliced: Type, sizes: &[i64]) -> Type {
    let ctx = ir.ctx();
    let encoding = match ctx.ty(sliced) {
        TypeKind::RankedTensor { encoding, .. } => *encoding,
        _ => None,
    };
    ctx.ranked_tensor_type(sizes, ctx.element_type_or_self(sliced), encoding)
}

/// The checks every tensor slice op shares after its
/// OffsetSizeAndStrideOpInterface ones: `slice` (the extracted or inserted
/// tensor) has the type the sizes give on `sliced`, possibly rank-reduced,
/// and the static slice stays inside `sliced`.
fn verify_slice_types(
    ir: &Ir,
    op: OpRef,
    lists: &view_like::SliceLists,
    sliced: Type,
    slice: Type,
) -> Result<(), mlir_ir::Diagnostic> {
    let expected = infer_slice_type(ir, sliced, &lists.static_sizes);
    view_like::verify_rank_reduced(ir, op, expected, slice)?;
    view_like::in_bounds_slice(
        &shape_of(ir, sliced),
        &lists.static_offsets,
        &lists.static_sizes,
        &lists.static_strides,
    )
    .map_err(|m| ir.op_diag(op, mlir_ir::Severity::Error, m))
}

/// The OffsetSizeAndStrideOpInterface checks of a slice of `sliced` (all
/// three lists have the rank of the sliced tensor).
fn verify_slice_lists(
    ir: &Ir,
    op: OpRef,
    sliced: Type,
) -> Result<view_like::SliceLists, mlir_ir::Diagnostic> {
    let lists = view_like::SliceLists::of(ir, op);
    let rank = shape_of(ir, sliced).len();
    view_like::verify_offset_size_and_stride(ir, op, &lists, rank)?;
    Ok(lists)
}

impl ExtractSliceOp {
    /// Upstream `ExtractSliceOp::verify` after the interface's checks.
    pub fn verify(self, ir: &Ir) -> Result<(), mlir_ir::Diagnostic> {
        let source = ir.value_type(self.source(ir));
        let lists = verify_slice_lists(ir, self.0, source)?;
        verify_slice_types(ir, self.0, &lists, source, ir.value_type(self.result(ir)))
    }
}

impl InsertSliceOp {
    /// Upstream `InsertSliceOp::verify` after the interface's checks: the
    /// source is the slice of the destination the sizes describe.
    pub fn verify(self, ir: &Ir) -> Result<(), mlir_ir::Diagnostic> {
        let dest = ir.value_type(self.dest(ir));
        let lists = verify_slice_lists(ir, self.0, dest)?;
        verify_slice_types(ir, self.0, &lists, dest, ir.value_type(self.source(ir)))
    }
}

impl ParallelInsertSliceOp {
    /// The interface's checks, then the op lives in the terminator of a
    /// parallel op (an op implementing `InParallelOpInterface`, such as
    /// `scf.forall.in_parallel`; MLIR reports this without the op prefix
    /// and prints the parent), then `insert_slice`'s type and bounds
    /// checks.
    pub fn verify(self, ir: &mlir_ir::Ir) -> Result<(), mlir_ir::Diagnostic> {
        let dest = ir.value_type(self.dest(ir));
        let lists = verify_slice_lists(ir, self.0, dest)?;
        let parent = ir.op_parent_op(self.0);
        let ok = parent.is_some_and(|p| {
            ir.ctx()
                .op_info(ir.op_name(p))
                .declares_interface("InParallelOpInterface")
        });
        if !ok {
            let got = parent.map_or_else(String::new, |p| {
                ir.op_to_diagnostic_string(p, mlir_ir::Severity::Error)
            });
            return Err(ir.op_diag(
                self.0,
                mlir_ir::Severity::Error,
                format!("expected InParallelOpInterface parent, got:{got}"),
            ));
        }
        verify_slice_types(ir, self.0, &lists, dest, ir.value_type(self.source(ir)))
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

/// `tensor.cast`'s `areCastCompatible`: one input and one output, of the
/// same element type and compatible shapes.
fn cast_compatible(ctx: &Context, inputs: &[Type], outputs: &[Type]) -> bool {
    let ([from], [to]) = (inputs, outputs) else {
        return false;
    };
    ctx.element_type_or_self(*from) == ctx.element_type_or_self(*to)
        && compatible_shapes(ctx.shape(*from), ctx.shape(*to))
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

/// The `CastOpInterface` fold of `tensor.cast` (upstream
/// `foldCastInterfaceOp`): a cast to its source's own type is the source.
fn fold_cast(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    mlir_ir::interfaces::cast::fold_cast_op(cx.ir, cx.op)?.pop()
}

/// `tensor.cast`'s canonicalization patterns (upstream registers
/// `ChainedTensorCast` and `TensorCastExtractSlice`; the second is not
/// written yet, docs/DEVIATIONS.md).
fn cast_patterns(set: &mut RewritePatternSet, ctx: &Context) {
    set.add_fn(
        Pattern::new(ctx, "tensor.cast", 1)
            .with_debug_name("(anonymous namespace)::ChainedTensorCast"),
        chained_tensor_cast,
    );
}

/// Upstream `joinShapes`: the most static tensor type both `a` and `b` may
/// be at run time, if any.
fn join_shapes(ctx: &Context, a: Type, b: Type) -> Option<Type> {
    if a == b {
        return Some(a);
    }
    if ctx.element_type_or_self(a) != ctx.element_type_or_self(b) {
        return None;
    }
    let (TypeKind::RankedTensor { shape: sa, .. }, TypeKind::RankedTensor { shape: sb, .. }) =
        (ctx.ty(a), ctx.ty(b))
    else {
        // An unranked side adds nothing.
        return match ctx.ty(a) {
            TypeKind::UnrankedTensor { .. } => Some(b),
            _ => Some(a),
        };
    };
    if sa.len() != sb.len() {
        return None;
    }
    let mut join = Vec::with_capacity(sa.len());
    for (&x, &y) in sa.iter().zip(sb.iter()) {
        join.push(if x == mlir_ir::DYNAMIC {
            y
        } else if y == mlir_ir::DYNAMIC || x == y {
            x
        } else {
            return None;
        });
    }
    Some(ctx.ranked_tensor_type(&join, ctx.element_type_or_self(a), None))
}

/// Upstream `ChainedTensorCast`: a cast of a cast becomes one cast when the
/// intermediate type adds no run-time check.
fn chained_tensor_cast(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    let ctx = ir.ctx();
    let Some(inner) = ir.operand(op, 0).defining_op() else {
        return rw.notify_match_failure(op, || "the source is not defined by an op");
    };
    if ir.op_name_str(inner) != "tensor.cast" {
        return rw.notify_match_failure(op, || "the source is not a tensor.cast");
    }
    let source = ir.operand(inner, 0);
    let (src_ty, mid_ty, res_ty) = (
        ir.value_type(source),
        ir.value_type(ir.result(inner, 0)),
        ir.value_type(ir.result(op, 0)),
    );
    let Some(first) = join_shapes(ctx, src_ty, mid_ty).and_then(|j| join_shapes(ctx, j, res_ty))
    else {
        return rw.notify_match_failure(op, || "the chain of casts would fail at run time");
    };
    if join_shapes(ctx, src_ty, res_ty) != Some(first) {
        return rw.notify_match_failure(op, || {
            "the intermediate type adds a run-time check the direct cast lacks"
        });
    }
    let mut state = mlir_ir::OperationState::new(ir.op_name(op), ir.op_loc(op));
    state.operands.push(source);
    state.result_types.push(res_ty);
    rw.replace_op_with_new_op(op, state);
    Ok(())
}

// ----- slice ops: constant offsets, sizes and strides -----

/// `tensor.extract_slice`'s constant-argument folder (upstream
/// `OpWithOffsetSizesAndStridesConstantArgumentFolder`).
fn extract_slice_patterns(set: &mut RewritePatternSet, ctx: &Context) {
    set.add_fn(
        Pattern::new(ctx, "tensor.extract_slice", 1).with_debug_name(
            "mlir::OpWithOffsetSizesAndStridesConstantArgumentFolder<mlir::tensor::ExtractSliceOp, (anonymous namespace)::SliceReturnTypeCanonicalizer, (anonymous namespace)::SliceCanonicalizer>",
        ),
        |op, rw| slice_constant_argument_folder(op, rw, 1),
    );
}

/// `tensor.insert_slice`'s constant-argument folder (upstream
/// `InsertSliceOpConstantArgumentFolder<InsertSliceOp>`).
fn insert_slice_patterns(set: &mut RewritePatternSet, ctx: &Context) {
    set.add_fn(
        Pattern::new(ctx, "tensor.insert_slice", 1).with_debug_name(
            "(anonymous namespace)::InsertSliceOpConstantArgumentFolder<mlir::tensor::InsertSliceOp>",
        ),
        |op, rw| slice_constant_argument_folder(op, rw, 2),
    );
}

/// `tensor.parallel_insert_slice`'s constant-argument folder (upstream
/// `InsertSliceOpConstantArgumentFolder<ParallelInsertSliceOp>`).
fn parallel_insert_slice_patterns(set: &mut RewritePatternSet, ctx: &Context) {
    set.add_fn(
        Pattern::new(ctx, "tensor.parallel_insert_slice", 1).with_debug_name(
            "(anonymous namespace)::InsertSliceOpConstantArgumentFolder<mlir::tensor::ParallelInsertSliceOp>",
        ),
        |op, rw| slice_constant_argument_folder(op, rw, 2),
    );
}

/// The constant-argument folders of the slice ops: dynamic offsets and
/// sizes that are non-negative constants and dynamic strides that are
/// constants become static entries, when the slice stays in bounds. `lead`
/// is the number of leading tensor operands (1 for `extract_slice`, 2 for
/// the insertions; the slice is read from / written into the last of
/// them). Sizes that become static would change the slice's canonical
/// type, which needs a `tensor.cast` (not done yet: such ops are left as
/// they are).
fn slice_constant_argument_folder(
    op: OpRef,
    rw: &mut PatternRewriter<'_>,
    lead: usize,
) -> LogicalResult {
    use mlir_ir::DYNAMIC;
    let ir = rw.ir();
    let ctx = ir.ctx();
    let segs = crate::scf::dense_array(ctx, ir.attr(op, "operandSegmentSizes"));
    if segs.len() != lead + 3 || segs[..lead].iter().any(|&s| s != 1) {
        return Err(());
    }
    let operands: Vec<mlir_ir::Value> = ir.operands(op).collect();
    if segs.iter().sum::<i64>() != operands.len() as i64 {
        return Err(());
    }
    let mut next = lead;
    let mut lists: Vec<(Vec<i64>, Vec<mlir_ir::Value>)> = Vec::new();
    let names = ["static_offsets", "static_sizes", "static_strides"];
    let mut changed = [false; 3];
    for (k, name) in names.iter().enumerate() {
        let statics = crate::scf::dense_array(ctx, ir.attr(op, name));
        let n = segs[lead + k] as usize;
        let dynamic = operands.get(next..next + n).ok_or(())?.to_vec();
        next += n;
        let mut dyn_iter = dynamic.into_iter();
        let mut new_static = Vec::with_capacity(statics.len());
        let mut new_dynamic = Vec::new();
        for &s in &statics {
            if s != DYNAMIC {
                new_static.push(s);
                continue;
            }
            let v = dyn_iter.next().ok_or(())?;
            let c = ir
                .value_constant(v)
                .and_then(|a| ctx.int_attr_value(a))
                .filter(|&c| c != DYNAMIC && (k == 2 || c >= 0));
            match c {
                Some(c) => {
                    new_static.push(c);
                    changed[k] = true;
                }
                None => {
                    new_static.push(DYNAMIC);
                    new_dynamic.push(v);
                }
            }
        }
        lists.push((new_static, new_dynamic));
    }
    if !changed.iter().any(|&c| c) {
        return rw.notify_match_failure(op, || {
            "no dynamic offset, size or stride is a foldable constant"
        });
    }
    if changed[1] {
        return rw.notify_match_failure(op, || {
            "a size becomes static, which changes the result type (not supported)"
        });
    }
    let shaped = ir.value_type(operands[lead - 1]);
    let shape = ctx.shape(shaped).ok_or(())?;
    if view_like::in_bounds_slice(shape, &lists[0].0, &lists[1].0, &lists[2].0).is_err() {
        return rw.notify_match_failure(op, || "the folded slice would run out of bounds");
    }
    let mut state = mlir_ir::OperationState::new(ir.op_name(op), ir.op_loc(op));
    state.operands.extend_from_slice(&operands[..lead]);
    for (_, d) in &lists {
        state.operands.extend_from_slice(d);
    }
    state.result_types.extend(ir.result_types(op));
    let mut props = ir
        .op_properties(op)
        .unwrap_or_else(|| ctx.empty_dictionary());
    for (k, name) in names.iter().enumerate() {
        let a = mlir_ir::ods::preds::dense_int_array(ctx, 64, &lists[k].0);
        props = ctx.dictionary_with(props, ctx.ident(name), Some(a));
    }
    let mut sizes = vec![1i64; lead];
    sizes.extend(lists.iter().map(|(_, d)| d.len() as i64));
    let seg = mlir_ir::ods::preds::dense_int_array(ctx, 32, &sizes);
    props = ctx.dictionary_with(props, ctx.ident("operandSegmentSizes"), Some(seg));
    state.properties = Some(props);
    state.attributes = Some(ir.op_attributes(op));
    rw.replace_op_with_new_op(op, state);
    Ok(())
}
