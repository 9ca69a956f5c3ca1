//! Verification shared by the ops with offsets, sizes and strides (MLIR's
//! `OffsetSizeAndStrideOpInterface`, `ViewLikeInterface.cpp`) and by the
//! slice ops that infer a possibly rank-reduced type from their sizes
//! (`isRankReducedType`, `computeRankReductionMask`): the tensor slice ops
//! use them. `memref.subview` also uses the strided-layout helpers
//! (`getStridesAndOffset`, `SubViewOp::inferResultType`,
//! `computeMemRefRankReductionMask`), and `memref.reinterpret_cast`,
//! `memref.view`, `memref.cast` and the reshape ops the layout ones
//! (strides, identity layouts, saturated products). Messages are MLIR 22's, emitted without the op-name prefix as
//! upstream's `Operation::emitError` does.

use mlir_ir::affine::{AffineBinOp, AffineExpr};
use mlir_ir::{AttrKind, Context, Diagnostic, Ir, OpRef, Severity, Type, TypeKind, DYNAMIC};

/// The offsets, sizes and strides of a slice: per list, the static entries
/// (with [`DYNAMIC`] for an SSA value) and the number of SSA values.
pub struct SliceLists {
    pub static_offsets: Vec<i64>,
    pub static_sizes: Vec<i64>,
    pub static_strides: Vec<i64>,
    pub num_offsets: usize,
    pub num_sizes: usize,
    pub num_strides: usize,
}

impl SliceLists {
    /// The lists of `op` from its `static_offsets`, `static_sizes` and
    /// `static_strides` properties and its `operandSegmentSizes`, whose last
    /// three segments are the dynamic offsets, sizes and strides.
    pub fn of(ir: &Ir, op: OpRef) -> SliceLists {
        let ctx = ir.ctx();
        let list = |name: &str| crate::scf::dense_array(ctx, ir.attr(op, name));
        let segs = list("operandSegmentSizes");
        let seg = |k: usize| {
            segs.len()
                .checked_sub(3 - k)
                .and_then(|i| segs.get(i))
                .map_or(0, |&n| n.max(0) as usize)
        };
        SliceLists {
            static_offsets: list("static_offsets"),
            static_sizes: list("static_sizes"),
            static_strides: list("static_strides"),
            num_offsets: seg(0),
            num_sizes: seg(1),
            num_strides: seg(2),
        }
    }
}

fn error(ir: &Ir, op: OpRef, message: String) -> Diagnostic {
    ir.op_diag(op, Severity::Error, message)
}

/// Upstream `verifyOffsetSizeAndStrideOp` for an op whose three lists all
/// have at most `max_rank` entries (the rank of the sliced type): as many
/// SSA values as dynamic entries in each list, lists of one rank, `max_rank`
/// entries each, and no negative static offset or size.
pub fn verify_offset_size_and_stride(
    ir: &Ir,
    op: OpRef,
    lists: &SliceLists,
    max_rank: usize,
) -> Result<(), Diagnostic> {
    verify_offset_size_and_stride_ranks(ir, op, lists, [max_rank; 3])
}

/// [`verify_offset_size_and_stride`] with one maximum rank per list
/// (offsets, sizes, strides: upstream `getArrayAttrMaxRanks`), for ops such
/// as `memref.reinterpret_cast` that take a single offset.
pub fn verify_offset_size_and_stride_ranks(
    ir: &Ir,
    op: OpRef,
    lists: &SliceLists,
    max_ranks: [usize; 3],
) -> Result<(), Diagnostic> {
    let named = [
        ("offset", &lists.static_offsets, lists.num_offsets),
        ("size", &lists.static_sizes, lists.num_sizes),
        ("stride", &lists.static_strides, lists.num_strides),
    ];
    // MLIR 22 reports a count mismatch of the sizes first, then of the
    // strides, then of the offsets (checked against mlir-opt).
    for (name, statics, values) in [&named[1], &named[2], &named[0]] {
        let (name, statics, values) = (*name, *statics, *values);
        let dynamic = statics.iter().filter(|&&s| s == DYNAMIC).count();
        if values != dynamic {
            return Err(error(
                ir,
                op,
                format!(
                    "expected the number of '{name}s' to match the number of dynamic entries \
                     in 'static_{name}s' ({values} vs {dynamic})"
                ),
            ));
        }
    }
    let (offsets, sizes, strides) = (
        lists.static_offsets.len(),
        lists.static_sizes.len(),
        lists.static_strides.len(),
    );
    // A single offset is allowed with any number of sizes when the op takes
    // at most one offset.
    if !(offsets == 1 && max_ranks[0] == 1) && offsets != sizes {
        return Err(error(
            ir,
            op,
            format!(
                "expected mixed offsets rank to match mixed sizes rank ({offsets} vs {sizes}) \
                 so the rank of the result type is well-formed."
            ),
        ));
    }
    if sizes != strides {
        return Err(error(
            ir,
            op,
            format!(
                "expected mixed sizes rank to match mixed strides rank ({sizes} vs {strides}) \
                 so the rank of the result type is well-formed."
            ),
        ));
    }
    for ((name, statics, _), max_rank) in named.into_iter().zip(max_ranks) {
        if statics.len() != max_rank {
            return Err(error(
                ir,
                op,
                format!("expected {max_rank} {name} values, got {}", statics.len()),
            ));
        }
    }
    for (name, statics) in [
        ("offsets", &lists.static_offsets),
        ("sizes", &lists.static_sizes),
    ] {
        if let Some(&bad) = statics.iter().find(|&&s| s < 0 && s != DYNAMIC) {
            return Err(error(
                ir,
                op,
                format!("expected {name} to be non-negative, but got {bad}"),
            ));
        }
    }
    Ok(())
}

/// Upstream `verifyInBoundsSlice`: along every static dimension of `shape`,
/// a static offset is inside it and, with a static size and stride, so is
/// the last element of the slice. The error text says which bound fails.
pub fn in_bounds_slice(
    shape: &[i64],
    offsets: &[i64],
    sizes: &[i64],
    strides: &[i64],
) -> Result<(), String> {
    let dims = shape.iter().zip(offsets).zip(sizes).zip(strides);
    for (index, (((&dim, &off), &size), &stride)) in dims.enumerate() {
        if dim == DYNAMIC || off == DYNAMIC {
            continue;
        }
        if off >= dim {
            return Err(format!("offset {index} is out-of-bounds: {off} >= {dim}"));
        }
        if size != DYNAMIC && stride != DYNAMIC {
            // Upstream computes in 64 bits; wider arithmetic only avoids an
            // overflow panic on absurd inputs.
            let last = off as i128 + (size as i128 - 1) * stride as i128;
            if last >= dim as i128 {
                return Err(format!(
                    "slice along dimension {index} runs out-of-bounds: {last} >= {dim}"
                ));
            }
        }
    }
    Ok(())
}

/// Upstream `computeRankReductionMask` (without dynamic matching): whether
/// `reduced` is `original` with some extent-1 dimensions dropped, matching
/// the dimensions greedily from the front.
pub fn is_rank_reduction_of(original: &[i64], reduced: &[i64]) -> bool {
    let mut next = 0;
    for &d in original {
        if next < reduced.len() && reduced[next] == d {
            next += 1;
        } else if d != 1 {
            return false;
        }
    }
    next == reduced.len()
}

/// Upstream `isRankReducedType` + `produceSliceErrorMsg`: `candidate` must
/// be `expected` or a rank-reduced version of it (by shape and element
/// type; the encoding is not compared).
pub fn verify_rank_reduced(
    ir: &Ir,
    op: OpRef,
    expected: Type,
    candidate: Type,
) -> Result<(), Diagnostic> {
    if expected == candidate {
        return Ok(());
    }
    let ctx = ir.ctx();
    let (Some(orig), Some(reduced)) = (ctx.shape(expected), ctx.shape(candidate)) else {
        return Ok(());
    };
    if reduced.len() > orig.len() {
        return Err(error(
            ir,
            op,
            "expected rank to be smaller or equal to the other rank. ".into(),
        ));
    }
    if !is_rank_reduction_of(orig, reduced) {
        return Err(error(
            ir,
            op,
            format!(
                "expected type to be '{}' or a rank-reduced version. (size mismatch) ",
                ctx.display(expected)
            ),
        ));
    }
    let elem = ctx.element_type_or_self(expected);
    if elem != ctx.element_type_or_self(candidate) {
        return Err(error(
            ir,
            op,
            format!("expected element type to be '{}'", ctx.display(elem)),
        ));
    }
    Ok(())
}

/// A coefficient of a strided layout: a known integer, or `None` for a
/// value only known at run time (a symbol, MLIR's `ShapedType::kDynamic`).
type Coef = Option<i64>;

/// MLIR's `SaturatedInteger` product: zero times anything is zero, and a
/// dynamic factor makes the product dynamic otherwise.
fn sat_mul(a: Coef, b: Coef) -> Coef {
    match (a, b) {
        (Some(0), _) | (_, Some(0)) => Some(0),
        (Some(x), Some(y)) => Some(x.wrapping_mul(y)),
        _ => None,
    }
}

/// MLIR's `SaturatedInteger` sum: dynamic when either side is.
fn sat_add(a: Coef, b: Coef) -> Coef {
    Some(a?.wrapping_add(b?))
}

/// Converts a coefficient to MLIR's `int64_t` encoding.
fn encode(c: Coef) -> i64 {
    c.unwrap_or(DYNAMIC)
}

/// Converts MLIR's `int64_t` encoding of a static-or-dynamic value.
fn decode(v: i64) -> Coef {
    (v != DYNAMIC).then_some(v)
}

/// An affine layout expression as `sum(strides[i] * d_i) + offset`.
#[derive(Clone)]
struct Linear {
    strides: Vec<Coef>,
    offset: Coef,
}

impl Linear {
    fn constant(c: Coef, dims: usize) -> Linear {
        Linear {
            strides: vec![Some(0); dims],
            offset: c,
        }
    }

    /// Whether no dimension occurs in the expression (upstream
    /// `isSymbolicOrConstant`).
    fn is_symbolic_or_constant(&self) -> bool {
        self.strides.iter().all(|&s| s == Some(0))
    }

    fn scale(mut self, factor: Coef) -> Linear {
        for s in &mut self.strides {
            *s = sat_mul(*s, factor);
        }
        self.offset = sat_mul(self.offset, factor);
        self
    }

    /// The exact quotient of every coefficient by `c`, when `c` divides
    /// them all (and none is dynamic).
    fn exact_div(&self, c: i64) -> Option<Linear> {
        let div = |v: Coef| v.filter(|&v| v.checked_rem(c) == Some(0)).map(|v| v / c);
        let strides = self
            .strides
            .iter()
            .map(|&s| div(s))
            .collect::<Option<Vec<_>>>()?;
        Some(Linear {
            strides: strides.into_iter().map(Some).collect(),
            offset: Some(div(self.offset)?),
        })
    }
}

/// Upstream `simplifyAffineExpr` + `extractStrides` on one layout result:
/// the expression as a linear function of the dimensions. Sums and
/// products by a dimension-free factor are linear; a division or modulo
/// survives only when the divisor is a positive constant dividing every
/// coefficient (the flattener removes it then), and otherwise makes the
/// layout non-strided (`None`), as upstream's stride extraction fails on it.
fn linearize(e: &AffineExpr, dims: usize) -> Option<Linear> {
    match e {
        AffineExpr::Dim(d) => {
            let mut l = Linear::constant(Some(0), dims);
            *l.strides.get_mut(*d as usize)? = Some(1);
            Some(l)
        }
        AffineExpr::Symbol(_) => Some(Linear::constant(None, dims)),
        AffineExpr::Constant(c) => Some(Linear::constant(Some(*c), dims)),
        AffineExpr::Binary(op, lhs, rhs) => {
            let (l, r) = (linearize(lhs, dims)?, linearize(rhs, dims)?);
            match op {
                AffineBinOp::Add => Some(Linear {
                    strides: l
                        .strides
                        .iter()
                        .zip(&r.strides)
                        .map(|(&a, &b)| sat_add(a, b))
                        .collect(),
                    offset: sat_add(l.offset, r.offset),
                }),
                AffineBinOp::Mul if r.is_symbolic_or_constant() => Some(l.scale(r.offset)),
                AffineBinOp::Mul if l.is_symbolic_or_constant() => Some(r.scale(l.offset)),
                AffineBinOp::Mul => None,
                AffineBinOp::FloorDiv | AffineBinOp::CeilDiv | AffineBinOp::Mod => {
                    let c = r.offset.filter(|&c| c > 0 && r.is_symbolic_or_constant())?;
                    if let (true, Some(v)) = (l.is_symbolic_or_constant(), l.offset) {
                        let folded = match op {
                            AffineBinOp::FloorDiv => v.div_euclid(c),
                            AffineBinOp::CeilDiv => v.wrapping_neg().div_euclid(c).wrapping_neg(),
                            _ => v.rem_euclid(c),
                        };
                        return Some(Linear::constant(Some(folded), dims));
                    }
                    let q = l.exact_div(c)?;
                    Some(match op {
                        AffineBinOp::Mod => Linear::constant(Some(0), dims),
                        _ => q,
                    })
                }
            }
        }
    }
}

/// Upstream `MemRefType::getStridesAndOffset` (with `isStrided` as its
/// success): the strides and offset of memref type `ty`, [`DYNAMIC`] for
/// the run-time ones; `None` for a layout that is not strided (or a type
/// that is not a ranked memref).
pub fn strides_and_offset(ctx: &Context, ty: Type) -> Option<(Vec<i64>, i64)> {
    let TypeKind::MemRef { shape, layout, .. } = ctx.ty(ty) else {
        return None;
    };
    match layout.map(|l| ctx.attr(l)) {
        None => Some((canonical_strides(shape), 0)),
        Some(AttrKind::StridedLayout { offset, strides }) => Some((strides.to_vec(), *offset)),
        Some(AttrKind::AffineMap(map)) => {
            if map.results.len() != 1 {
                // The parser stores identity maps as no layout, so a map
                // with several results is not the identity.
                return None;
            }
            let l = linearize(&map.results[0], shape.len())?;
            Some((
                l.strides.into_iter().map(encode).collect(),
                encode(l.offset),
            ))
        }
        Some(_) => None,
    }
}

/// The strides of the identity layout of `shape` (upstream
/// `makeCanonicalStridedLayoutExpr`): running products of the inner
/// extents, dynamic once an inner extent is dynamic or zero.
pub fn canonical_strides(shape: &[i64]) -> Vec<i64> {
    let mut strides = vec![0; shape.len()];
    let mut running: Coef = Some(1);
    for (i, &size) in shape.iter().enumerate().rev() {
        strides[i] = encode(running);
        running = if size > 0 {
            running.map(|r| r.wrapping_mul(size))
        } else {
            None
        };
    }
    strides
}

/// MLIR's `SaturatedInteger` product on the `int64_t` encoding ([`DYNAMIC`]
/// for a run-time value): used by the reshape ops' stride computations.
pub fn saturated_mul(a: i64, b: i64) -> i64 {
    encode(sat_mul(decode(a), decode(b)))
}

/// Whether memref type `ty` has an identity layout (MLIR's
/// `getLayout().isIdentity()`): no layout, an identity affine map (symbols
/// aside), or a strided layout whose affine form is the identity (rank 1,
/// stride 1, offset 0).
pub fn has_identity_layout(ctx: &Context, ty: Type) -> bool {
    let TypeKind::MemRef { shape, layout, .. } = ctx.ty(ty) else {
        return false;
    };
    match layout.map(|l| ctx.attr(l)) {
        None => true,
        Some(AttrKind::AffineMap(m)) => {
            m.num_dims as usize == m.results.len()
                && m.results
                    .iter()
                    .enumerate()
                    .all(|(i, e)| matches!(e, AffineExpr::Dim(d) if *d as usize == i))
        }
        Some(AttrKind::StridedLayout { offset, strides }) => {
            shape.len() == 1 && *offset == 0 && strides[..] == [1]
        }
        Some(_) => false,
    }
}

/// The memref type with `ty`'s element type and memory space, shape `shape`
/// and layout `layout` (`None`: the identity).
pub fn memref_like(
    ctx: &Context,
    ty: Type,
    shape: &[i64],
    layout: Option<mlir_ir::Attribute>,
) -> Type {
    let (element, memory_space) = match ctx.ty(ty) {
        TypeKind::MemRef {
            element,
            memory_space,
            ..
        } => (*element, *memory_space),
        _ => (ctx.element_type_or_self(ty), None),
    };
    ctx.intern_type(TypeKind::MemRef {
        shape: shape.into(),
        element,
        layout,
        memory_space,
    })
}

/// The memref type `ty` with shape `shape` and layout `strided<strides,
/// offset: offset>`, in `ty`'s memory space and element type.
pub fn strided_memref(
    ctx: &Context,
    ty: Type,
    shape: &[i64],
    strides: Vec<i64>,
    offset: i64,
) -> Type {
    let layout = ctx.intern_attr(AttrKind::StridedLayout {
        offset,
        strides: strides.into(),
    });
    memref_like(ctx, ty, shape, Some(layout))
}

/// Upstream `SubViewOp::inferResultType`: the strided view of `source`
/// (which must be strided) the static offsets, sizes and strides select,
/// without rank reduction. Offsets accumulate `offset_i * source_stride_i`
/// and strides multiply, both saturating to dynamic.
pub fn infer_subview_type(ctx: &Context, source: Type, lists: &SliceLists) -> Option<Type> {
    let (src_strides, src_offset) = strides_and_offset(ctx, source)?;
    let mut offset = decode(src_offset);
    for (&o, &s) in lists.static_offsets.iter().zip(&src_strides) {
        offset = sat_add(offset, sat_mul(decode(o), decode(s)));
    }
    let strides = src_strides
        .iter()
        .zip(&lists.static_strides)
        .map(|(&s, &t)| encode(sat_mul(decode(s), decode(t))))
        .collect();
    Some(strided_memref(
        ctx,
        source,
        &lists.static_sizes,
        strides,
        encode(offset),
    ))
}

/// Upstream `computeMemRefRankReductionMask`: which dimensions of
/// `original` are dropped in `reduced` (per dimension, true when dropped).
/// A static size of 1 makes a dimension a candidate; when there are more
/// candidates than dropped dimensions, the strides decide: a dimension is
/// dropped only if its stride occurs fewer times in `reduced`. `None` when
/// no consistent choice exists.
pub fn memref_rank_reduction_mask(
    ctx: &Context,
    original: Type,
    reduced: Type,
    static_sizes: &[i64],
) -> Option<Vec<bool>> {
    let orig_rank = ctx.shape(original)?.len();
    let red_rank = ctx.shape(reduced)?.len();
    let mut unused = vec![false; orig_rank];
    if orig_rank == red_rank {
        return Some(unused);
    }
    for (i, &s) in static_sizes.iter().enumerate().take(orig_rank) {
        unused[i] = s == 1;
    }
    let count = |u: &[bool]| u.iter().filter(|&&b| b).count();
    if count(&unused) + red_rank == orig_rank {
        return Some(unused);
    }
    let (orig_strides, _) = strides_and_offset(ctx, original)?;
    let (cand_strides, _) = strides_and_offset(ctx, reduced)?;
    let occurrences = |v: &[i64]| {
        let mut m = std::collections::HashMap::<i64, usize>::new();
        for &s in v {
            *m.entry(s).or_default() += 1;
        }
        m
    };
    let mut unaccounted = occurrences(&orig_strides);
    let candidate = occurrences(&cand_strides);
    for (dim, drop) in unused.iter_mut().enumerate() {
        if !*drop {
            continue;
        }
        let stride = orig_strides[dim];
        let left = unaccounted.get(&stride).copied().unwrap_or(0);
        let kept = candidate.get(&stride).copied().unwrap_or(0);
        match left.cmp(&kept) {
            std::cmp::Ordering::Greater => {
                *unaccounted.entry(stride).or_default() -= 1;
            }
            std::cmp::Ordering::Equal => *drop = false,
            std::cmp::Ordering::Less => return None,
        }
    }
    (count(&unused) + red_rank == orig_rank).then_some(unused)
}
