//! The `memref` dialect (the subset in `td/MemRef.td`: `store`, `subview`,
//! `alloc`, `alloca`, `dim`, `load`, `cast`, `copy`, `dealloc`,
//! `reinterpret_cast`, `view`, `expand_shape`, `collapse_shape`, `global`,
//! `get_global`), with the
//! hand-written hooks: the alloc-like verifiers, the result names, the
//! `custom<DynamicIndexList>` directive, `subview`'s verifier (with
//! `view_like`'s strided-layout helpers) and fold, and the constant
//! materializer (`arith.constant`). `memref/cast.rs` holds `memref.cast`'s
//! compatibility rule and the folds through casts; `memref/views.rs` the
//! other view ops; `memref/global.rs` `memref.global` and
//! `memref.get_global`.

mod cast;
mod global;
mod views;

pub use global::{
    parse_global_memref_op_type_and_initial_value, print_global_memref_op_type_and_initial_value,
};

use mlir_ir::asm::lexer::TokenKind;
use mlir_ir::asm::{OpAsmInterface, OpAsmParser, OpAsmPrinter, SetValueName};
use mlir_ir::ods::spec::{CustomParseArg, CustomPrintArg};
use mlir_ir::{
    AttrKind, Attribute, Dialect, FoldCtx, Ir, Location, OpBuilder, OpFoldResult, OpInfo, OpRef,
    Severity, Type, TypeKind,
};

use crate::view_like;

use crate::scf::dense_array;

/// The generated op definitions of `td/MemRef.td`. Generated code keeps the
/// shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/memref_ops.rs"));
}

pub use ops::*;

/// The `memref` dialect.
pub struct MemRefDialect;

impl Dialect for MemRefDialect {
    fn namespace(&self) -> &'static str {
        "memref"
    }

    fn operations(&self) -> Vec<OpInfo> {
        ops::operations()
            .into_iter()
            .map(|info| match &*info.name {
                "memref.subview" => info.with_interface(OpAsmInterface {
                    result_names: Some(|ir: &Ir, op: OpRef, set: SetValueName<'_>| {
                        set(ir.result(op, 0), "subview")
                    }),
                    ..Default::default()
                }),
                "memref.alloc" => info
                    .with_verify(verify_alloc)
                    .with_interface(OpAsmInterface {
                        result_names: Some(|ir: &Ir, op: OpRef, set: SetValueName<'_>| {
                            set(ir.result(op, 0), "alloc")
                        }),
                        ..Default::default()
                    }),
                "memref.alloca" => info.with_interface(OpAsmInterface {
                    result_names: Some(|ir: &Ir, op: OpRef, set: SetValueName<'_>| {
                        set(ir.result(op, 0), "alloca")
                    }),
                    ..Default::default()
                }),
                "memref.cast" => info
                    .with_interface(mlir_ir::interfaces::cast::CastOpInterface {
                        are_cast_compatible: cast::are_cast_compatible,
                    })
                    .with_interface(OpAsmInterface {
                        result_names: Some(|ir: &Ir, op: OpRef, set: SetValueName<'_>| {
                            set(ir.result(op, 0), "cast")
                        }),
                        ..Default::default()
                    }),
                "memref.reinterpret_cast" => info.with_interface(OpAsmInterface {
                    result_names: Some(|ir: &Ir, op: OpRef, set: SetValueName<'_>| {
                        set(ir.result(op, 0), "reinterpret_cast")
                    }),
                    ..Default::default()
                }),
                "memref.view" => info.with_interface(OpAsmInterface {
                    result_names: Some(|ir: &Ir, op: OpRef, set: SetValueName<'_>| {
                        set(ir.result(op, 0), "view")
                    }),
                    ..Default::default()
                }),
                "memref.expand_shape" => info.with_interface(OpAsmInterface {
                    result_names: Some(|ir: &Ir, op: OpRef, set: SetValueName<'_>| {
                        set(ir.result(op, 0), "expand_shape")
                    }),
                    ..Default::default()
                }),
                "memref.collapse_shape" => info.with_interface(OpAsmInterface {
                    result_names: Some(|ir: &Ir, op: OpRef, set: SetValueName<'_>| {
                        set(ir.result(op, 0), "collapse_shape")
                    }),
                    ..Default::default()
                }),
                "memref.get_global" => {
                    info.with_interface(mlir_ir::symbol_table::SymbolUserOpInterface {
                        verify_symbol_uses: global::verify_get_global_uses,
                    })
                }
                "memref.dim" => info.with_interface(OpAsmInterface {
                    result_names: Some(|ir: &Ir, op: OpRef, set: SetValueName<'_>| {
                        set(ir.result(op, 0), "dim")
                    }),
                    ..Default::default()
                }),
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
crate::arith::arith_constant_materializer!(MemRefDialect);

use mlir_ir::DYNAMIC;

/// `memref.dim`'s source constraint: a memref of rank other than 0, or an
/// unranked memref.
pub fn is_non0_ranked_or_unranked_memref(ctx: &mlir_ir::Context, ty: Type) -> bool {
    match ctx.ty(ty) {
        TypeKind::MemRef { shape, .. } => !shape.is_empty(),
        TypeKind::UnrankedMemRef { .. } => true,
        _ => false,
    }
}

/// Upstream `parseDynamicIndexList` with square brackets: `[0, %i, 4]`,
/// the integers into the static list (the dynamic sentinel for operands).
pub fn parse_dynamic_index_list<'a>(
    p: &mut OpAsmParser<'_, 'a>,
    args: &mut [CustomParseArg<'a>],
) -> Result<(), ()> {
    p.parse_token(TokenKind::LSquare, "expected '['")?;
    let mut dynamic = Vec::new();
    let mut statics = Vec::new();
    if !p.parse_optional_token(TokenKind::RSquare) {
        loop {
            if let Some(v) = p.parse_optional_operand()? {
                dynamic.push(v);
                statics.push(DYNAMIC);
            } else {
                match p.parse_optional_integer_i64()? {
                    Some(v) => statics.push(v),
                    None => return p.error("expected SSA value or integer"),
                }
            }
            if !p.parse_optional_token(TokenKind::Comma) {
                break;
            }
        }
        p.parse_token(TokenKind::RSquare, "expected ']'")?;
    }
    let a = mlir_ir::ods::preds::dense_int_array(p.ctx(), 64, &statics);
    args[0] = CustomParseArg::Operands(dynamic);
    args[1] = CustomParseArg::Attr(Some(a));
    Ok(())
}

/// Upstream `printDynamicIndexList` with square brackets.
pub fn print_dynamic_index_list(p: &mut OpAsmPrinter<'_, '_>, op: OpRef, args: &[CustomPrintArg]) {
    let ir = p.ir();
    let dynamic: Vec<_> = match args.first() {
        Some(CustomPrintArg::Operands(r)) => r.clone().map(|i| ir.operand(op, i)).collect(),
        _ => Vec::new(),
    };
    let statics = match args.get(1) {
        Some(CustomPrintArg::Attr(a)) => dense_array(ir.ctx(), *a),
        _ => Vec::new(),
    };
    p.print_char('[');
    let mut next = dynamic.into_iter();
    for (i, &s) in statics.iter().enumerate() {
        if i > 0 {
            p.print_str(", ");
        }
        if s == DYNAMIC {
            if let Some(v) = next.next() {
                p.print_operand(v);
            }
        } else {
            p.print_str(&s.to_string());
        }
    }
    p.print_char(']');
}

// The fold and canonicalization hooks `td/MemRef.td` declares
// (`hasFolder`, `hasCanonicalizer`).
mlir_ir::fold_hooks! {
    SubViewOp => fold_subview,
    CastOp => cast::fold_cast,
    LoadOp => cast::fold_load,
    ReinterpretCastOp => views::fold_reinterpret_cast,
    ExpandShapeOp => views::fold_expand_shape,
    CollapseShapeOp => views::fold_collapse_shape,
}

mlir_ir::multi_result_fold_hooks! {
    StoreOp => cast::fold_store,
    DeallocOp => cast::fold_dealloc,
    CopyOp => cast::fold_copy,
}

mlir_rewrite::canonicalization_hooks! {
    CopyOp => cast::copy_patterns,
    AllocOp => |set, ctx| dead_alloc_pattern(set, ctx, "memref.alloc", "AllocOp"),
    AllocaOp => |set, ctx| dead_alloc_pattern(set, ctx, "memref.alloca", "AllocaOp"),
}

/// Upstream `SimplifyDeadAlloc<T>` for `name` (`class` is the C++ op class
/// in the debug name). Upstream registers `SimplifyAllocConst` before it;
/// that pattern is not written yet (docs/DEVIATIONS.md).
fn dead_alloc_pattern(
    set: &mut mlir_rewrite::RewritePatternSet,
    ctx: &mlir_ir::Context,
    name: &str,
    class: &str,
) {
    set.add_fn(
        mlir_rewrite::Pattern::new(ctx, name, 1).with_debug_name(format!(
            "(anonymous namespace)::SimplifyDeadAlloc<mlir::memref::{class}>"
        )),
        simplify_dead_alloc,
    );
}

/// Upstream `SimplifyDeadAlloc`: an allocation whose only users are
/// deallocations and stores into it (not of it) is erased with them.
fn simplify_dead_alloc(
    op: OpRef,
    rw: &mut mlir_rewrite::PatternRewriter<'_>,
) -> mlir_rewrite::LogicalResult {
    let ir = rw.ir();
    let alloc = ir.result(op, 0);
    let mut users: Vec<OpRef> = Vec::new();
    let mut dead = true;
    for user in ir.users(alloc) {
        dead &= match ir.op_name_str(user) {
            "memref.store" => ir.num_operands(user) > 1 && ir.operand(user, 0) != alloc,
            "memref.dealloc" => true,
            _ => false,
        };
        if !users.contains(&user) {
            users.push(user);
        }
    }
    if !dead {
        return rw.notify_match_failure(op, || {
            "the allocation has a user other than a store into it or a dealloc"
        });
    }
    for user in users {
        rw.erase_op(user);
    }
    rw.erase_op(op);
    Ok(())
}

/// Upstream `SubViewOp::fold` (the identity part): a subview whose result
/// type equals its statically shaped source type, with a static layout, is
/// the source itself.
fn fold_subview(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    let src = cx.operand(0);
    let src_ty = ir.value_type(src);
    let res_ty = ir.value_type(cx.result(0));
    if src_ty != res_ty {
        return None;
    }
    let TypeKind::MemRef { shape, layout, .. } = ctx.ty(res_ty) else {
        return None;
    };
    if shape.iter().any(|&d| d < 0) {
        return None;
    }
    if let Some(l) = layout {
        if let AttrKind::StridedLayout { offset, strides } = ctx.attr(*l) {
            if *offset == DYNAMIC || strides.contains(&DYNAMIC) {
                return None;
            }
        }
    }
    Some(OpFoldResult::Value(src))
}

impl AllocaOp {
    /// Upstream `AllocaOp::verify`: an ancestor with the
    /// `AutomaticAllocationScope` trait owns the allocation, then alloc's
    /// dynamic size and symbol counts.
    pub fn verify(self, ir: &Ir) -> Result<(), mlir_ir::Diagnostic> {
        let ctx = ir.ctx();
        let mut parent = ir.op_parent_op(self.0);
        while let Some(p) = parent {
            if ctx.op_has_trait(ir.op_name(p), mlir_ir::TraitSet::AUTOMATIC_ALLOCATION_SCOPE) {
                return verify_alloc(ir, self.0);
            }
            parent = ir.op_parent_op(p);
        }
        Err(ir.op_error(
            self.0,
            "requires an ancestor op with AutomaticAllocationScope trait",
        ))
    }
}

/// Upstream `AnyStridedMemRef`'s predicate: a ranked memref whose layout
/// has strides and an offset.
pub fn is_strided_memref(ctx: &mlir_ir::Context, ty: Type) -> bool {
    matches!(ctx.ty(ty), TypeKind::MemRef { .. })
        && view_like::strides_and_offset(ctx, ty).is_some()
}

/// `memref.alloc` (upstream `verifyAllocLikeOp`): one dynamic size per
/// dynamic extent, one symbol operand per symbol of the layout map.
fn verify_alloc(ir: &Ir, op: OpRef) -> Result<(), mlir_ir::Diagnostic> {
    let ctx = ir.ctx();
    let ty = ir.value_type(ir.result(op, 0));
    let TypeKind::MemRef { shape, layout, .. } = ctx.ty(ty) else {
        return Ok(());
    };
    let sizes = ops::AllocOp(op).dynamic_sizes(ir).len();
    let symbols = ops::AllocOp(op).symbol_operands(ir).len();
    let dynamic = shape.iter().filter(|&&d| d == DYNAMIC).count();
    if sizes != dynamic {
        return Err(ir.op_error(
            op,
            format!("incorrect number of dynamic sizes, has {sizes}, expected {dynamic}"),
        ));
    }
    let layout_symbols = match layout.map(|l| ctx.attr(l)) {
        Some(AttrKind::AffineMap(m)) => m.num_symbols as usize,
        _ => 0,
    };
    if symbols != layout_symbols {
        return Err(ir.op_error(
            op,
            format!(
                "symbol operand count does not equal memref symbol count: expected {layout_symbols}, got {symbols}"
            ),
        ));
    }
    Ok(())
}

/// The rank of `memref`'s type, `None` when unranked.
fn memref_rank(ir: &Ir, memref: mlir_ir::Value) -> Option<usize> {
    ir.ctx().shape(ir.value_type(memref)).map(<[i64]>::len)
}

impl LoadOp {
    /// Upstream `LoadOp::verify`: one index per dimension of the memref.
    pub fn verify(self, ir: &Ir) -> Result<(), mlir_ir::Diagnostic> {
        let got = self.indices(ir).len();
        match memref_rank(ir, self.memref(ir)) {
            Some(rank) if rank != got => Err(ir.op_error(
                self.0,
                format!("incorrect number of indices for load, expected {rank} but got {got}"),
            )),
            _ => Ok(()),
        }
    }
}

impl StoreOp {
    /// Upstream `StoreOp::verify`: one index per dimension of the memref.
    pub fn verify(self, ir: &Ir) -> Result<(), mlir_ir::Diagnostic> {
        let got = self.indices(ir).len();
        match memref_rank(ir, self.memref(ir)) {
            Some(rank) if rank != got => {
                Err(ir.op_error(self.0, "store index operand count not equal to memref rank"))
            }
            _ => Ok(()),
        }
    }
}

impl SubViewOp {
    /// Upstream `SubViewOp::verify` after the OffsetSizeAndStrideOpInterface
    /// checks: same memory space as the source, a strided source, a result
    /// that is the inferred strided view (possibly rank-reduced) with the
    /// same offset and the kept dimensions' strides, and static slices
    /// inside the source. Messages are upstream's `produceSubViewErrorMsg`.
    pub fn verify(self, ir: &Ir) -> Result<(), mlir_ir::Diagnostic> {
        let ctx = ir.ctx();
        let op = self.0;
        let base = ir.value_type(self.source(ir));
        let view = ir.value_type(self.result(ir));
        let lists = view_like::SliceLists::of(ir, op);
        let rank = ctx.shape(base).map_or(0, <[i64]>::len);
        view_like::verify_offset_size_and_stride(ir, op, &lists, rank)?;
        let error = |m: String| Err(ir.op_diag(op, Severity::Error, m));
        let space = |t: Type| match ctx.ty(t) {
            TypeKind::MemRef { memory_space, .. } => *memory_space,
            _ => None,
        };
        if space(base) != space(view) {
            return error(format!(
                "different memory spaces specified for base memref type '{}' and subview memref type '{}'",
                ctx.display(base),
                ctx.display(view)
            ));
        }
        let Some(expected) = view_like::infer_subview_type(ctx, base, &lists) else {
            return error(format!("base type '{}' is not strided", ctx.display(base)));
        };
        let got = ctx.display(view);
        let layout_mismatch = || {
            error(format!(
                "expected result type to be '{}' or a rank-reduced version. (mismatch of result layout), but got '{got}'",
                ctx.display(expected)
            ))
        };
        if expected != view {
            let (exp_shape, view_shape) = (
                ctx.shape(expected).unwrap_or(&[]),
                ctx.shape(view).unwrap_or(&[]),
            );
            if view_shape.len() > exp_shape.len() {
                return error(format!(
                    "expected result rank to be smaller or equal to the source rank, but got '{got}'"
                ));
            }
            if !view_like::is_rank_reduction_of(exp_shape, view_shape) {
                return error(format!(
                    "expected result type to be '{}' or a rank-reduced version. (mismatch of result sizes), but got '{got}'",
                    ctx.display(expected)
                ));
            }
            let elem = ctx.element_type_or_self(expected);
            if elem != ctx.element_type_or_self(view) {
                return error(format!(
                    "expected result element type to be '{}', but got '{got}'",
                    ctx.display(elem)
                ));
            }
        }
        let (Some((exp_strides, exp_offset)), Some((view_strides, view_offset))) = (
            view_like::strides_and_offset(ctx, expected),
            view_like::strides_and_offset(ctx, view),
        ) else {
            return layout_mismatch();
        };
        if exp_offset != view_offset {
            return layout_mismatch();
        }
        let Some(dropped) =
            view_like::memref_rank_reduction_mask(ctx, expected, view, &lists.static_sizes)
        else {
            return layout_mismatch();
        };
        let kept = exp_strides
            .iter()
            .zip(&dropped)
            .filter(|(_, &d)| !d)
            .map(|(&s, _)| s);
        if !kept.eq(view_strides.iter().copied()) {
            return layout_mismatch();
        }
        view_like::in_bounds_slice(
            ctx.shape(base).unwrap_or(&[]),
            &lists.static_offsets,
            &lists.static_sizes,
            &lists.static_strides,
        )
        .map_err(|m| ir.op_diag(op, Severity::Error, m))
    }
}
