//! Topological sorting of ops (MLIR's `TopologicalSortUtils` and the
//! `-topological-sort` pass).
//!
//! [`sort_topologically`] reorders the ops of a block so that, as far as
//! possible, every value is defined before it is used, the ops already in
//! order keeping their relative order: repeated sweeps move each op whose
//! operands (its nested ops' operands included) are ready to the front of
//! the unscheduled part; when a sweep schedules nothing (a cycle), the
//! first unscheduled op is taken as it is. The pass applies it to every
//! block of the regions without SSA dominance (graph regions).

use hashbrown::HashSet;
use mlir_ir::ir::WalkOrder;
use mlir_ir::{BlockRef, Ir, OpRef, TraitSet, Value};

use crate::pass::PassContext;

/// Whether `op` can be scheduled: every operand of it and of the ops nested
/// in it is a block argument, is accepted by `is_operand_ready`, or is
/// defined outside every unscheduled op (or inside `op` itself).
fn is_op_ready(
    ir: &Ir,
    op: OpRef,
    unscheduled: &HashSet<OpRef>,
    is_operand_ready: &dyn Fn(&Ir, Value, OpRef) -> bool,
) -> bool {
    let ready = |v: Value| {
        if is_operand_ready(ir, v, op) {
            return true;
        }
        let mut parent = v.defining_op();
        while let Some(p) = parent {
            if p == op {
                return true;
            }
            if unscheduled.contains(&p) {
                return false;
            }
            parent = ir.op_parent_op(p);
        }
        true
    };
    ir.walk_collect(op, WalkOrder::PreOrder)
        .into_iter()
        .all(|nested| ir.operands(nested).all(ready))
}

/// Sorts the ops of `block` from `first` up to (not including) `end`
/// (MLIR's `sortTopologically` on a range). Returns whether every op could
/// be scheduled (false when the ops use each other cyclically).
pub fn sort_topologically_range(
    ir: &mut Ir,
    block: BlockRef,
    first: Option<OpRef>,
    end: Option<OpRef>,
    is_operand_ready: &dyn Fn(&Ir, Value, OpRef) -> bool,
) -> bool {
    let mut ops = Vec::new();
    let mut cur = first;
    while let Some(o) = cur {
        if Some(o) == end {
            break;
        }
        ops.push(o);
        cur = ir.next_op(o);
    }
    if ops.is_empty() {
        return true;
    }
    let mut unscheduled: HashSet<OpRef> = ops.iter().copied().collect();
    // `next` is the first op not scheduled yet (`end` once all are).
    let mut next: Option<OpRef> = ops.first().copied();
    let mut all_scheduled = true;
    while !unscheduled.is_empty() {
        let mut scheduled_any = false;
        let mut cur = next;
        while let Some(o) = cur {
            if Some(o) == end {
                break;
            }
            let following = ir.next_op(o);
            if is_op_ready(ir, o, &unscheduled, is_operand_ready) {
                unscheduled.remove(&o);
                if Some(o) == next {
                    next = following;
                } else {
                    match next {
                        Some(n) => ir.move_op_before(o, n),
                        None => {
                            ir.remove_op(o);
                            ir.append_op(block, o);
                        }
                    }
                }
                scheduled_any = true;
            }
            cur = following;
        }
        if !scheduled_any {
            all_scheduled = false;
            let n = next.expect("unscheduled ops remain before the end");
            unscheduled.remove(&n);
            next = ir.next_op(n);
        }
    }
    all_scheduled
}

/// Sorts the ops of `block`, leaving a registered terminator last (MLIR's
/// `sortTopologically(Block *)`).
pub fn sort_topologically(
    ir: &mut Ir,
    block: BlockRef,
    is_operand_ready: &dyn Fn(&Ir, Value, OpRef) -> bool,
) -> bool {
    let Some(last) = ir.last_op(block) else {
        return true;
    };
    let end = ir
        .op_has_trait(last, TraitSet::IS_TERMINATOR)
        .then_some(last);
    let first = ir.first_op(block);
    sort_topologically_range(ir, block, first, end, is_operand_ready)
}

/// Orders `ops` (which need not be in one block) so that each comes after
/// the ops defining its operands, as far as possible, without moving them
/// in the IR (MLIR's `computeTopologicalSorting`). Returns whether every op
/// could be scheduled.
pub fn compute_topological_sorting(
    ir: &Ir,
    ops: &mut [OpRef],
    is_operand_ready: &dyn Fn(&Ir, Value, OpRef) -> bool,
) -> bool {
    if ops.is_empty() {
        return true;
    }
    let mut unscheduled: HashSet<OpRef> = ops.iter().copied().collect();
    let mut next = 0;
    let mut all_scheduled = true;
    while !unscheduled.is_empty() {
        let mut scheduled_any = false;
        // The sweep covers the ops unscheduled when it starts.
        let sweep_start = next;
        for i in sweep_start..ops.len() {
            if !is_op_ready(ir, ops[i], &unscheduled, is_operand_ready) {
                continue;
            }
            unscheduled.remove(&ops[i]);
            ops.swap(i, next);
            scheduled_any = true;
            next += 1;
        }
        if !scheduled_any {
            all_scheduled = false;
            unscheduled.remove(&ops[next]);
            next += 1;
        }
    }
    all_scheduled
}

/// No operand is ready beyond what the sort itself decides.
pub fn no_extra_ready(_: &Ir, _: Value, _: OpRef) -> bool {
    false
}

/// The `-topological-sort` pass.
#[derive(Clone, Default)]
pub struct TopologicalSortPass;

impl crate::pass::PassImpl for TopologicalSortPass {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        _cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        // Post-order, as MLIR's walk: nested graph regions are sorted first.
        for o in ir.walk_collect(op, WalkOrder::PostOrder) {
            // Only ops that declare their region kinds (registered ones) have
            // graph regions; the trait stands for `RegionKindInterface`.
            if !ir.op_has_trait(o, TraitSet::GRAPH_REGION_KIND) {
                continue;
            }
            let blocks: Vec<BlockRef> = ir
                .regions(o)
                .iter()
                .flat_map(|&r| ir.region_blocks(r).collect::<Vec<_>>())
                .collect();
            for b in blocks {
                sort_topologically(ir, b, &no_extra_ready);
            }
        }
        Ok(())
    }
}
