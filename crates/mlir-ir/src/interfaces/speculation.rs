//! MLIR's `ConditionallySpeculatable` interface and `isSpeculatable`:
//! whether an op may be executed where the program would not have executed
//! it (hoisted out of a loop, for instance) without undefined behaviour.

use crate::ir::{Ir, OpRef};
use crate::traits::TraitSet;

/// MLIR's `Speculation::Speculatability`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Speculatability {
    NotSpeculatable,
    Speculatable,
    /// Speculatable if every op nested in the op's regions is.
    RecursivelySpeculatable,
}

/// The interface: the op's speculatability, which may depend on its
/// operands or attributes. Ops with `AlwaysSpeculatable` (part of `Pure`)
/// need not implement it.
#[derive(Copy, Clone)]
pub struct ConditionallySpeculatable {
    pub speculatability: fn(&Ir, OpRef) -> Speculatability,
}

/// The implementation of the `RecursivelySpeculatable` trait.
pub const RECURSIVELY_SPECULATABLE: ConditionallySpeculatable = ConditionallySpeculatable {
    speculatability: |_, _| Speculatability::RecursivelySpeculatable,
};

/// The speculatability of `op` itself: its interface's answer, speculatable
/// with the `AlwaysSpeculatable` trait, else not speculatable.
pub fn speculatability(ir: &Ir, op: OpRef) -> Speculatability {
    let info = ir.ctx().op_info(ir.op_name(op));
    if let Some(i) = info.interface::<ConditionallySpeculatable>() {
        return (i.speculatability)(ir, op);
    }
    if info.has_trait(TraitSet::ALWAYS_SPECULATABLE) {
        Speculatability::Speculatable
    } else {
        Speculatability::NotSpeculatable
    }
}

/// MLIR's `isSpeculatable`: `op`, and for recursively speculatable ops
/// every op nested in it, can be speculated.
pub fn is_speculatable(ir: &Ir, op: OpRef) -> bool {
    match speculatability(ir, op) {
        Speculatability::NotSpeculatable => false,
        Speculatability::Speculatable => true,
        Speculatability::RecursivelySpeculatable => ir.regions(op).iter().all(|&r| {
            ir.region_blocks(r)
                .all(|b| ir.block_ops(b).all(|o| is_speculatable(ir, o)))
        }),
    }
}
