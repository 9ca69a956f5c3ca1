//! Verification shared by the ops with offsets, sizes and strides (MLIR's
//! `OffsetSizeAndStrideOpInterface`, `ViewLikeInterface.cpp`) and by the
//! slice ops that infer a possibly rank-reduced type from their sizes
//! (`isRankReducedType`, `computeRankReductionMask`): the tensor slice ops
//! use them. Messages are MLIR 22's, emitted without the op-name prefix as
//! upstream's `Operation::emitError` does.

use mlir_ir::{Diagnostic, Ir, OpRef, Severity, Type, DYNAMIC};

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
    if !(offsets == 1 && max_rank == 1) && offsets != sizes {
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
    for (name, statics, _) in named {
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
