//! `-loop-invariant-code-motion` (MLIR's `LoopInvariantCodeMotion` and
//! `moveLoopInvariantCode`): hoists the ops of a loop body that are free of
//! memory effects, speculatable, and use only values defined outside the
//! loop (or inside themselves) to just before the loop. Loops are visited
//! innermost first, so invariant ops can climb several loops. Within a
//! loop, the top-level ops of each loop region are queued in order, and the
//! users of each hoisted op are queued again.

use std::collections::VecDeque;

use mlir_ir::interfaces::loop_like::{is_defined_outside_of_loop, loop_like};
use mlir_ir::interfaces::speculation::is_speculatable;
use mlir_ir::ir::WalkOrder;
use mlir_ir::{Ir, OpRef, RegionRef, TraitSet, Value};

use crate::pass::PassContext;
use crate::side_effects::is_memory_effect_free;

/// The `-loop-invariant-code-motion` pass.
#[derive(Clone, Default)]
pub struct LoopInvariantCodeMotionPass;

impl crate::pass::PassImpl for LoopInvariantCodeMotionPass {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        _cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        for l in ir.walk_collect(op, WalkOrder::PostOrder) {
            if ir.is_live_op(l) && loop_like(ir, l).is_some() {
                move_loop_invariant_code(ir, l);
            }
        }
        Ok(())
    }
}

/// Whether `op` can leave the region it is in: it is not a terminator and
/// every operand of it and of its nested ops is defined inside `op` or
/// satisfies `defined_outside` (MLIR's `canBeHoisted`).
fn can_be_hoisted(ir: &Ir, op: OpRef, defined_outside: &dyn Fn(&Ir, Value) -> bool) -> bool {
    if ir.op_has_trait(op, TraitSet::IS_TERMINATOR) {
        return false;
    }
    ir.walk_collect(op, WalkOrder::PreOrder)
        .into_iter()
        .all(|child| {
            ir.operands(child).all(|v| {
                let nested = ir
                    .value_parent_region(v)
                    .and_then(|r| ir.region_parent_op(r))
                    .is_some_and(|p| ir.is_ancestor(op, p));
                nested || defined_outside(ir, v)
            })
        })
}

/// Hoists the invariant ops of `regions` (MLIR's generic
/// `moveLoopInvariantCode`); returns how many ops moved.
pub fn move_loop_invariant_code_in(
    ir: &mut Ir,
    regions: &[RegionRef],
    is_defined_outside: &dyn Fn(&Ir, Value, RegionRef) -> bool,
    should_move_out: &dyn Fn(&Ir, OpRef, RegionRef) -> bool,
    move_out: &dyn Fn(&mut Ir, OpRef, RegionRef),
) -> usize {
    let mut moved = 0;
    for &region in regions {
        let mut worklist: VecDeque<OpRef> = ir
            .region_blocks(region)
            .flat_map(|b| ir.block_ops(b).collect::<Vec<_>>())
            .collect();
        while let Some(op) = worklist.pop_front() {
            if !ir.is_live_op(op) || ir.op_parent_region(op) != Some(region) {
                continue;
            }
            if !should_move_out(ir, op, region)
                || !can_be_hoisted(ir, op, &|ir, v| is_defined_outside(ir, v, region))
            {
                continue;
            }
            move_out(ir, op, region);
            moved += 1;
            let users: Vec<OpRef> = ir
                .results(op)
                .flat_map(|v| ir.users(v).collect::<Vec<_>>())
                .collect();
            for u in users {
                if ir.op_parent_region(u) == Some(region) {
                    worklist.push_back(u);
                }
            }
        }
    }
    moved
}

/// Hoists the invariant, side-effect-free, speculatable ops of loop `l`
/// before it (MLIR's `moveLoopInvariantCode(LoopLikeOpInterface)`).
pub fn move_loop_invariant_code(ir: &mut Ir, l: OpRef) -> usize {
    let Some(iface) = loop_like(ir, l) else {
        return 0;
    };
    let regions = iface.regions(ir, l);
    move_loop_invariant_code_in(
        ir,
        &regions,
        &|ir, v, _| is_defined_outside_of_loop(ir, l, v),
        &|ir, o, _| is_memory_effect_free(ir, o) && is_speculatable(ir, o),
        &|ir, o, _| ir.move_op_before(o, l),
    )
}
