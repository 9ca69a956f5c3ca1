//! `-control-flow-sink` (MLIR's `ControlFlowSink` and
//! `ControlFlowSinkUtils`): moves side-effect-free ops into the regions of
//! a region-branching op that run at most once, when every use of the op is
//! inside such a region, so that they only run when their results are
//! needed.
//!
//! For each `RegionBranchOpInterface` op (innermost first), the regions
//! whose invocation upper bound is at most one are processed: a depth-first
//! worklist starts with every op of the region, nested ones included; for
//! each operand defined outside the region by an op all of whose users are
//! dominated by the region's entry block (or nested in the region), that op
//! is moved to the front of the entry block and queued in turn.

use mlir_ir::dominance::DominanceInfo;
use mlir_ir::interfaces::region_branch::region_branch_op;
use mlir_ir::ir::WalkOrder;
use mlir_ir::{Attribute, Ir, OpRef, RegionRef};

use crate::pass::PassContext;
use crate::side_effects::is_memory_effect_free;

/// The `-control-flow-sink` pass.
#[derive(Clone, Default)]
pub struct ControlFlowSinkPass;

impl crate::pass::PassImpl for ControlFlowSinkPass {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let mut dom = DominanceInfo::new();
        let mut sunk = 0;
        for branch in ir.walk_collect(op, WalkOrder::PostOrder) {
            if !ir.is_live_op(branch) || region_branch_op(ir, branch).is_none() {
                continue;
            }
            let regions = singly_executed_regions(ir, branch);
            sunk += control_flow_sink(
                ir,
                &regions,
                &mut dom,
                &|ir, o, _| is_memory_effect_free(ir, o),
                &|ir, o, r| {
                    let entry = ir.first_block(r).expect("sinking into an empty region");
                    match ir.first_op(entry) {
                        Some(first) => ir.move_op_before(o, first),
                        None => {
                            ir.remove_op(o);
                            ir.append_op(entry, o);
                        }
                    }
                },
            );
        }
        cx.add_statistic("num-sunk", sunk as u64);
        Ok(())
    }
}

/// The regions of `branch` known to run at most once per execution of it,
/// given its constant operands (MLIR's `getSinglyExecutedRegionsToSink`).
pub fn singly_executed_regions(ir: &Ir, branch: OpRef) -> Vec<RegionRef> {
    let Some(iface) = region_branch_op(ir, branch) else {
        return Vec::new();
    };
    let operands: Vec<Option<Attribute>> =
        ir.operands(branch).map(|v| ir.value_constant(v)).collect();
    let bounds = iface.invocation_bounds(ir, branch, &operands);
    ir.regions(branch)
        .iter()
        .zip(bounds)
        .filter(|(_, b)| b.upper.is_some_and(|u| u <= 1))
        .map(|(&r, _)| r)
        .collect()
}

/// Sinks ops into `regions` (MLIR's `controlFlowSink`): `should_move`
/// decides whether an op may move into a region, `move_into` moves it.
/// Returns how many ops were moved.
pub fn control_flow_sink(
    ir: &mut Ir,
    regions: &[RegionRef],
    dom: &mut DominanceInfo,
    should_move: &dyn Fn(&Ir, OpRef, RegionRef) -> bool,
    move_into: &dyn Fn(&mut Ir, OpRef, RegionRef),
) -> usize {
    let mut sunk = 0;
    for &region in regions {
        if ir.region_is_empty(region) {
            continue;
        }
        // Every op of the region, nested ones included (post-order), so
        // that uses in nested regions and later blocks trigger sinking.
        let mut stack: Vec<OpRef> = ir
            .region_blocks(region)
            .flat_map(|b| ir.block_ops(b).collect::<Vec<_>>())
            .flat_map(|o| ir.walk_collect(o, WalkOrder::PostOrder))
            .collect();
        while let Some(op) = stack.pop() {
            for i in 0..ir.num_operands(op) {
                let Some(def) = ir.operand(op, i).defining_op() else {
                    continue;
                };
                // Only ops defined outside the region (nested regions
                // included) are candidates.
                if region_contains_op(ir, region, def) {
                    continue;
                }
                if all_users_dominated_by(ir, dom, def, region) && should_move(ir, def, region) {
                    move_into(ir, def, region);
                    // The block structure is unchanged, so the dominator
                    // trees stay valid.
                    sunk += 1;
                    stack.push(def);
                }
            }
        }
    }
    sunk
}

/// Whether `op` is inside `region`, at any depth.
fn region_contains_op(ir: &Ir, region: RegionRef, op: OpRef) -> bool {
    ir.op_parent_region(op) == Some(region) || ir.region_is_ancestor(region, op)
}

/// Whether every user of `op` is in a block dominated by the entry block of
/// `region`, or nested in `region`.
fn all_users_dominated_by(ir: &Ir, dom: &mut DominanceInfo, op: OpRef, region: RegionRef) -> bool {
    let Some(entry) = ir.first_block(region) else {
        return false;
    };
    ir.results(op).all(|v| {
        ir.users(v).all(|u| {
            ir.op_block(u)
                .is_some_and(|b| dom.block_dominates(ir, entry, b))
                || region_contains_op(ir, region, u)
        })
    })
}
