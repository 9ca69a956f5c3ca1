//! The `ConditionallySpeculatable` implementations of the ops that declare
//! it in their `.td` (upstream's `getSpeculatability` methods): the arith
//! divisions, `tensor.dim` and `scf.for`, plus the `RecursivelySpeculatable`
//! trait of `scf.if`. Attached by name from each dialect's op list with
//! [`attach`], so that loop-invariant code motion can hoist them.

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

/// `scf.for` with a step of one always terminates, so it is as
/// speculatable as its body.
fn scf_for(ir: &Ir, op: OpRef) -> Speculatability {
    if const_int(ir, ir.operand(op, 2)) == Some(1) {
        Speculatability::RecursivelySpeculatable
    } else {
        Speculatability::NotSpeculatable
    }
}

/// Attaches the speculatability of the op `info` describes, if it has one.
pub fn attach(info: OpInfo) -> OpInfo {
    let f: fn(&Ir, OpRef) -> Speculatability = match &*info.name {
        "arith.divui" | "arith.ceildivui" => unsigned_division,
        "arith.divsi" | "arith.ceildivsi" => signed_division,
        "tensor.dim" => tensor_dim,
        "scf.for" => scf_for,
        "scf.if" => return info.with_interface(RECURSIVELY_SPECULATABLE),
        _ => return info,
    };
    info.with_interface(ConditionallySpeculatable { speculatability: f })
}
