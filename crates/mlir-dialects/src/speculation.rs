//! The `ConditionallySpeculatable` implementations of the ops that declare
//! it in their `.td` (upstream's `getSpeculatability` methods): the arith
//! divisions, `tensor.dim`, `memref.dim`, `scf.for` and `affine.for` (which also gets its
//! `LoopLikeOpInterface` here), plus the `RecursivelySpeculatable` trait of
//! `scf.if` and `affine.if`. Attached by name from each dialect's op list with
//! [`attach`], so that loop-invariant code motion can hoist them.

use mlir_ir::interfaces::loop_like::LoopLikeOpInterface;
use mlir_ir::interfaces::region_branch::{
    RegionBranchOpInterface, RegionBranchPoint, RegionSuccessor,
};
use mlir_ir::interfaces::speculation::{
    ConditionallySpeculatable, Speculatability, RECURSIVELY_SPECULATABLE,
};
use mlir_ir::{AttrKind, Ir, OpInfo, OpRef, TypeKind, Value};

/// The integer value of constant `v`, if it is one.
fn const_int(ir: &Ir, v: Value) -> Option<i64> {
    match ir.ctx().attr(ir.value_constant(v)?) {
        AttrKind::Integer { value, .. } => Some(value.to_i64()),
        _ => None,
    }
}

fn speculatable_if(cond: bool) -> Speculatability {
    if cond {
        Speculatability::Speculatable
    } else {
        Speculatability::NotSpeculatable
    }
}

/// Unsigned divisions are undefined only for a zero divisor.
fn unsigned_division(ir: &Ir, op: OpRef) -> Speculatability {
    speculatable_if(const_int(ir, ir.operand(op, 1)).is_some_and(|d| d != 0))
}

/// Signed divisions are also undefined for `INT_MIN / -1`.
fn signed_division(ir: &Ir, op: OpRef) -> Speculatability {
    speculatable_if(const_int(ir, ir.operand(op, 1)).is_some_and(|d| d != 0 && d != -1))
}

/// `tensor.dim` is defined when the index is a constant within the rank of
/// a ranked source.
fn tensor_dim(ir: &Ir, op: OpRef) -> Speculatability {
    let Some(index) = const_int(ir, ir.operand(op, 1)) else {
        return Speculatability::NotSpeculatable;
    };
    let rank = match ir.ctx().ty(ir.value_type(ir.operand(op, 0))) {
        TypeKind::RankedTensor { shape, .. } => shape.len() as i64,
        _ => return Speculatability::NotSpeculatable,
    };
    speculatable_if(index >= 0 && index < rank)
}

/// `memref.dim` of a ranked memref with a constant in-bounds index
/// (upstream `memref::DimOp::getSpeculatability`).
fn memref_dim(ir: &Ir, op: OpRef) -> Speculatability {
    let Some(index) = const_int(ir, ir.operand(op, 1)) else {
        return Speculatability::NotSpeculatable;
    };
    let rank = match ir.ctx().ty(ir.value_type(ir.operand(op, 0))) {
        TypeKind::MemRef { shape, .. } => shape.len() as i64,
        _ => return Speculatability::NotSpeculatable,
    };
    speculatable_if(index >= 0 && index < rank)
}

/// `scf.for` with a step of one always terminates, so it is as
/// speculatable as its body.
fn scf_for(ir: &Ir, op: OpRef) -> Speculatability {
    if const_int(ir, ir.operand(op, 2)) == Some(1) {
        Speculatability::RecursivelySpeculatable
    } else {
        Speculatability::NotSpeculatable
    }
}

/// `affine.for` with a step of one always terminates.
fn affine_for(ir: &Ir, op: OpRef) -> Speculatability {
    let step = ir.attr(op, "step").and_then(|a| match ir.ctx().attr(a) {
        AttrKind::Integer { value, .. } => Some(value.to_i64()),
        _ => None,
    });
    if step == Some(1) {
        Speculatability::RecursivelySpeculatable
    } else {
        Speculatability::NotSpeculatable
    }
}

/// The operands of `affine.for` forwarded as iteration arguments (the third
/// operand segment).
fn affine_for_inits(ir: &Ir, op: OpRef) -> Vec<Value> {
    let sizes: Vec<i64> = match ir.attr(op, "operandSegmentSizes").map(|a| ir.ctx().attr(a)) {
        Some(AttrKind::DenseArray { elements, .. }) => elements
            .iter()
            .map(|&e| ir.ctx().int_attr_value(e).unwrap_or(0))
            .collect(),
        _ => Vec::new(),
    };
    let start = sizes
        .iter()
        .take(2)
        .map(|&n| n.max(0) as usize)
        .sum::<usize>();
    ir.operands(op).skip(start).collect()
}

/// `LoopLikeOpInterface` of `affine.for` (its body; iteration arguments
/// after the induction variable).
pub const AFFINE_FOR_LOOP: LoopLikeOpInterface = LoopLikeOpInterface {
    loop_regions: |ir, op| vec![ir.region(op, 0)],
    inits: Some(affine_for_inits),
    region_iter_args: Some(|ir, op| {
        ir.first_block(ir.region(op, 0))
            .map(|b| ir.arguments(b).skip(1).collect())
            .unwrap_or_default()
    }),
    yielded_values: Some(|ir, op| {
        ir.first_block(ir.region(op, 0))
            .and_then(|b| ir.terminator(b))
            .map(|t| ir.operands(t).collect())
            .unwrap_or_default()
    }),
    loop_results: Some(|ir, op| ir.results(op).collect()),
    listed_after_region_branch: false,
    leading_block_args: 1,
};

/// The constant value of the single-result constant bound map `name`.
fn constant_bound(ir: &Ir, op: OpRef, name: &str) -> Option<i64> {
    match ir.ctx().attr(ir.attr(op, name)?) {
        AttrKind::AffineMap(m) if m.results.len() == 1 => match m.results[0] {
            mlir_ir::affine::AffineExpr::Constant(c) => Some(c),
            _ => None,
        },
        _ => None,
    }
}

/// The trip count of `affine.for` when both bounds are constants
/// (`getTrivialConstantTripCount`).
fn affine_for_trip_count(ir: &Ir, op: OpRef) -> Option<u64> {
    let lb = constant_bound(ir, op, "lowerBoundMap")?;
    let ub = constant_bound(ir, op, "upperBoundMap")?;
    let step = match ir.ctx().attr(ir.attr(op, "step")?) {
        AttrKind::Integer { value, .. } => value.to_i64(),
        _ => return None,
    };
    if step <= 0 {
        return None;
    }
    if ub <= lb {
        return Some(0);
    }
    Some(((ub - lb) as u64).div_ceil(step as u64))
}

/// `RegionBranchOpInterface` of `affine.for`: on entry the body (receiving
/// the iteration arguments) or the op, from the body the body or the op,
/// narrowed by a constant trip count.
fn affine_for_successors(ir: &Ir, op: OpRef, point: RegionBranchPoint) -> Vec<RegionSuccessor> {
    let body = || RegionSuccessor::region_args_from(ir, ir.region(op, 0), 1);
    let parent = || RegionSuccessor::parent_results(ir, op);
    let trip = affine_for_trip_count(ir, op);
    match (point, trip) {
        (RegionBranchPoint::Parent, Some(0)) => vec![parent()],
        (RegionBranchPoint::Parent, Some(_)) => vec![body()],
        (RegionBranchPoint::Terminator(_), Some(1)) => vec![parent()],
        _ => vec![body(), parent()],
    }
}

/// Attaches the speculatability of the op `info` describes, if it has one.
pub fn attach(info: OpInfo) -> OpInfo {
    let f: fn(&Ir, OpRef) -> Speculatability = match &*info.name {
        "arith.divui" | "arith.ceildivui" => unsigned_division,
        "arith.divsi" | "arith.ceildivsi" => signed_division,
        "tensor.dim" => tensor_dim,
        "memref.dim" => memref_dim,
        "scf.for" => scf_for,
        "affine.for" => {
            return info
                .with_interface(AFFINE_FOR_LOOP)
                .with_interface(RegionBranchOpInterface {
                    successor_regions: affine_for_successors,
                    entry_successor_regions: None,
                    entry_successor_operands: Some(|ir, op, _| {
                        let n = affine_for_inits(ir, op).len();
                        ir.num_operands(op) - n..ir.num_operands(op)
                    }),
                    region_invocation_bounds: None,
                    are_types_compatible: None,
                })
                .with_interface(ConditionallySpeculatable {
                    speculatability: affine_for,
                })
        }
        "scf.if" | "affine.if" => return info.with_interface(RECURSIVELY_SPECULATABLE),
        _ => return info,
    };
    info.with_interface(ConditionallySpeculatable { speculatability: f })
}
