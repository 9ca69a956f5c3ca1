//! Side-effect queries used for dead code elimination (MLIR's
//! `SideEffectInterfaces.cpp`): [`is_op_trivially_dead`],
//! [`would_op_be_trivially_dead`], [`is_memory_effect_free`], [`is_pure`].
//!
//! An op's memory effects come from the `NO_MEMORY_EFFECT` trait (no
//! effects) or a [`MemoryEffectsInterface`] attached to its `OpInfo`; an op
//! with neither has unknown effects. `RECURSIVE_MEMORY_EFFECTS` adds the
//! effects of the ops nested in its regions. Unregistered ops have no traits
//! and no interfaces, so they are never trivially dead.

use smallvec::SmallVec;

use mlir_ir::interfaces::{MemoryEffect, MemoryEffectKind, MemoryEffectsInterface};
use mlir_ir::{Ir, OpRef, TraitSet};

/// The effects of `op` itself, or `None` if they are unknown (MLIR's
/// `dyn_cast<MemoryEffectOpInterface>` + `getEffects`).
pub fn op_memory_effects(ir: &Ir, op: OpRef) -> Option<SmallVec<[MemoryEffect; 4]>> {
    let info = ir.ctx().op_info(ir.op_name(op));
    if !info.registered {
        return None;
    }
    if let Some(iface) = info.interface::<MemoryEffectsInterface>() {
        let mut effects = SmallVec::new();
        (iface.get_effects)(ir, op, &mut effects);
        return Some(effects);
    }
    info.has_trait(TraitSet::NO_MEMORY_EFFECT)
        .then(SmallVec::new)
}

/// Pushes the ops directly nested in `op`'s regions onto `stack`.
fn push_nested(ir: &Ir, op: OpRef, stack: &mut SmallVec<[OpRef; 4]>) {
    for &r in ir.regions(op) {
        for b in ir.region_blocks(r) {
            stack.extend(ir.block_ops(b));
        }
    }
}

/// MLIR's `wouldOpBeTriviallyDeadImpl`: neither `op` nor (for recursive
/// effects) its nested ops have effects other than reads and effects on
/// values they allocate as their own results.
fn would_be_dead_impl(ir: &Ir, root: OpRef) -> bool {
    let mut stack: SmallVec<[OpRef; 4]> = SmallVec::new();
    stack.push(root);
    while let Some(op) = stack.pop() {
        let recursive = ir.op_has_trait(op, TraitSet::RECURSIVE_MEMORY_EFFECTS);
        if recursive {
            push_nested(ir, op, &mut stack);
        }
        if let Some(effects) = op_memory_effects(ir, op) {
            // Any effect on a value the op allocates as one of its own
            // results goes away with the op; otherwise only reads can be
            // dropped.
            let allocated: SmallVec<[mlir_ir::Value; 2]> = effects
                .iter()
                .filter(|e| e.kind == MemoryEffectKind::Allocate)
                .filter_map(|e| e.value)
                .filter(|v| v.defining_op() == Some(op))
                .collect();
            let all_droppable = effects.iter().all(|e| {
                e.value.is_some_and(|v| allocated.contains(&v)) || e.kind == MemoryEffectKind::Read
            });
            if !all_droppable {
                return false;
            }
            continue;
        }
        // Ops whose only effects are those of their nested ops are treated
        // as effect-free themselves; the nested ops are visited next.
        if recursive {
            continue;
        }
        return false;
    }
    true
}

/// Whether `op` would be dead if its results had no uses (MLIR's
/// `wouldOpBeTriviallyDead`): never for terminators (an unregistered op
/// might be one) and symbols.
pub fn would_op_be_trivially_dead(ir: &Ir, op: OpRef) -> bool {
    let info = ir.ctx().op_info(ir.op_name(op));
    // MLIR's `mightHaveTrait`: unregistered ops might be terminators.
    if !info.registered || info.has_trait(TraitSet::IS_TERMINATOR) {
        return false;
    }
    if info.has_trait(TraitSet::SYMBOL) {
        return false;
    }
    would_be_dead_impl(ir, op)
}

/// Whether `op` has no uses and would be trivially dead (MLIR's
/// `isOpTriviallyDead`).
pub fn is_op_trivially_dead(ir: &Ir, op: OpRef) -> bool {
    ir.op_use_empty(op) && would_op_be_trivially_dead(ir, op)
}

/// Whether `op` and, for recursive effects, its nested ops have no memory
/// effects at all (MLIR's `isMemoryEffectFree`).
pub fn is_memory_effect_free(ir: &Ir, op: OpRef) -> bool {
    match op_memory_effects(ir, op) {
        Some(effects) => {
            if !effects.is_empty() {
                return false;
            }
            if !ir.op_has_trait(op, TraitSet::RECURSIVE_MEMORY_EFFECTS) {
                return true;
            }
        }
        None => {
            if !ir.op_has_trait(op, TraitSet::RECURSIVE_MEMORY_EFFECTS) {
                return false;
            }
        }
    }
    let mut nested = SmallVec::new();
    push_nested(ir, op, &mut nested);
    nested.into_iter().all(|o| is_memory_effect_free(ir, o))
}

/// The effects of `op` and, for ops with `RECURSIVE_MEMORY_EFFECTS`, of
/// the ops nested in it; `None` when some effects are unknown (MLIR's
/// `getEffectsRecursively`).
pub fn effects_recursively(ir: &Ir, op: OpRef) -> Option<SmallVec<[MemoryEffect; 4]>> {
    let mut out = SmallVec::new();
    let mut stack: SmallVec<[OpRef; 4]> = SmallVec::new();
    stack.push(op);
    while let Some(o) = stack.pop() {
        let recursive = ir.op_has_trait(o, TraitSet::RECURSIVE_MEMORY_EFFECTS);
        match op_memory_effects(ir, o) {
            Some(e) => out.extend(e),
            None if !recursive => return None,
            None => {}
        }
        if recursive {
            push_nested(ir, o, &mut stack);
        }
    }
    Some(out)
}

/// Whether `op` is speculatable and free of memory effects (MLIR's
/// `isPure`, with speculatability given by the `ALWAYS_SPECULATABLE` trait).
pub fn is_pure(ir: &Ir, op: OpRef) -> bool {
    ir.op_has_trait(op, TraitSet::ALWAYS_SPECULATABLE) && is_memory_effect_free(ir, op)
}
