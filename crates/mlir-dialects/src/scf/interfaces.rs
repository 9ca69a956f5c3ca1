//! The control-flow interfaces of the scf ops, as upstream's `SCF.cpp`
//! implements them: `RegionBranchOpInterface` for `scf.if`, `scf.for`,
//! `scf.while`, `scf.execute_region`, `scf.index_switch`, `scf.parallel`
//! and `scf.forall`; `RegionBranchTerminatorOpInterface` for
//! `scf.condition` and `scf.reduce` (`scf.yield` is `ReturnLike`).
//! Attached by [`attach`] from the dialect's op list.

use mlir_ir::interfaces::loop_like::LoopLikeOpInterface;
use mlir_ir::interfaces::region_branch::{
    InvocationBounds, RegionBranchOpInterface, RegionBranchPoint,
    RegionBranchTerminatorOpInterface, RegionSuccessor,
};
use mlir_ir::{AttrKind, Attribute, Ir, OpInfo, OpRef};

/// The integer value of a constant operand, if known.
fn const_int(ir: &Ir, a: Option<&Option<Attribute>>) -> Option<i64> {
    match ir.ctx().attr((*a?)?) {
        AttrKind::Integer { value, .. } => Some(value.to_i64()),
        _ => None,
    }
}

/// Attaches the interfaces to the scf op described by `info`.
pub fn attach(info: OpInfo) -> OpInfo {
    let info = match loop_like(&info.name) {
        Some(l) => info.with_interface(l),
        None => info,
    };
    let rb = |successor_regions| RegionBranchOpInterface {
        successor_regions,
        entry_successor_regions: None,
        entry_successor_operands: None,
        region_invocation_bounds: None,
        are_types_compatible: None,
    };
    match &*info.name {
        "scf.if" => info.with_interface(RegionBranchOpInterface {
            entry_successor_regions: Some(if_entry_successors),
            region_invocation_bounds: Some(if_invocation_bounds),
            ..rb(if_successors)
        }),
        "scf.for" => info.with_interface(RegionBranchOpInterface {
            entry_successor_operands: Some(|ir, op, _| 3..ir.num_operands(op)),
            ..rb(for_successors)
        }),
        "scf.while" => info.with_interface(RegionBranchOpInterface {
            entry_successor_operands: Some(|ir, op, _| 0..ir.num_operands(op)),
            ..rb(while_successors)
        }),
        "scf.execute_region" => info.with_interface(RegionBranchOpInterface {
            region_invocation_bounds: Some(|_, _, _| {
                vec![InvocationBounds {
                    lower: 1,
                    upper: Some(1),
                }]
            }),
            ..rb(execute_region_successors)
        }),
        "scf.index_switch" => info.with_interface(RegionBranchOpInterface {
            entry_successor_regions: Some(switch_entry_successors),
            region_invocation_bounds: Some(switch_invocation_bounds),
            ..rb(switch_successors)
        }),
        "scf.parallel" | "scf.forall" => info.with_interface(rb(loop_without_inputs_successors)),
        "scf.condition" => info.with_interface(RegionBranchTerminatorOpInterface {
            successor_operands: |ir, op, _| 1..ir.num_operands(op),
            successor_regions: Some(condition_successors),
        }),
        "scf.reduce" => info.with_interface(RegionBranchTerminatorOpInterface {
            successor_operands: |_, _, _| 0..0,
            successor_regions: None,
        }),
        _ => info,
    }
}

/// Both branches return to the op; on entry, `then`, and `else` unless it
/// is empty (then control may go straight back to the op).
fn if_successors(ir: &Ir, op: OpRef, point: RegionBranchPoint) -> Vec<RegionSuccessor> {
    if point != RegionBranchPoint::Parent {
        return vec![RegionSuccessor::parent_results(ir, op)];
    }
    let else_r = ir.region(op, 1);
    vec![
        RegionSuccessor::region_no_inputs(ir.region(op, 0)),
        if ir.region_is_empty(else_r) {
            RegionSuccessor::parent_results(ir, op)
        } else {
            RegionSuccessor::region_no_inputs(else_r)
        },
    ]
}

/// With a constant condition only one branch is taken.
fn if_entry_successors(ir: &Ir, op: OpRef, operands: &[Option<Attribute>]) -> Vec<RegionSuccessor> {
    match const_int(ir, operands.first()) {
        Some(c) if c != 0 => vec![RegionSuccessor::region_no_inputs(ir.region(op, 0))],
        Some(_) => {
            let else_r = ir.region(op, 1);
            if ir.region_is_empty(else_r) {
                vec![RegionSuccessor::parent_results(ir, op)]
            } else {
                vec![RegionSuccessor::region_no_inputs(else_r)]
            }
        }
        None => if_successors(ir, op, RegionBranchPoint::Parent),
    }
}

/// Each branch runs at most once, exactly once or never when the condition
/// is known.
fn if_invocation_bounds(
    ir: &Ir,
    _op: OpRef,
    operands: &[Option<Attribute>],
) -> Vec<InvocationBounds> {
    let b = |lower, upper| InvocationBounds {
        lower,
        upper: Some(upper),
    };
    match const_int(ir, operands.first()) {
        Some(c) if c != 0 => vec![b(1, 1), b(0, 0)],
        Some(_) => vec![b(0, 0), b(1, 1)],
        None => vec![b(0, 1), b(0, 1)],
    }
}

/// The body (receiving the iteration arguments) or the op may follow the
/// op and the body alike: the loop may run zero or more times.
fn for_successors(ir: &Ir, op: OpRef, _point: RegionBranchPoint) -> Vec<RegionSuccessor> {
    vec![
        RegionSuccessor::region_args_from(ir, ir.region(op, 0), 1),
        RegionSuccessor::parent_results(ir, op),
    ]
}

/// `before` on entry and after `after`; `after` or the op after `before`.
fn while_successors(ir: &Ir, op: OpRef, point: RegionBranchPoint) -> Vec<RegionSuccessor> {
    let before = ir.region(op, 0);
    let after = ir.region(op, 1);
    match point.region(ir) {
        Some(r) if r == before => vec![
            RegionSuccessor::parent_results(ir, op),
            RegionSuccessor::region_all_args(ir, after),
        ],
        _ => vec![RegionSuccessor::region_all_args(ir, before)],
    }
}

/// `scf.condition` goes to `after` when true, to the op when false.
fn condition_successors(
    ir: &Ir,
    term: OpRef,
    operands: &[Option<Attribute>],
) -> Vec<RegionSuccessor> {
    let Some(w) = ir.op_parent_op(term) else {
        return Vec::new();
    };
    let after = RegionSuccessor::region_all_args(ir, ir.region(w, 1));
    let parent = RegionSuccessor::parent_results(ir, w);
    match const_int(ir, operands.first()) {
        Some(c) if c != 0 => vec![after],
        Some(_) => vec![parent],
        None => vec![after, parent],
    }
}

/// The region runs once and returns to the op.
fn execute_region_successors(ir: &Ir, op: OpRef, point: RegionBranchPoint) -> Vec<RegionSuccessor> {
    match point {
        RegionBranchPoint::Parent => vec![RegionSuccessor::region_no_inputs(ir.region(op, 0))],
        _ => vec![RegionSuccessor::parent_results(ir, op)],
    }
}

/// Every case and the default region on entry; each returns to the op.
fn switch_successors(ir: &Ir, op: OpRef, point: RegionBranchPoint) -> Vec<RegionSuccessor> {
    match point {
        RegionBranchPoint::Parent => ir
            .regions(op)
            .iter()
            .map(|&r| RegionSuccessor::region_no_inputs(r))
            .collect(),
        _ => vec![RegionSuccessor::parent_results(ir, op)],
    }
}

/// The region of the case matching a constant switch value (region 0 is
/// the default, case `i` is region `i + 1`).
fn switch_region_for(ir: &Ir, op: OpRef, value: i64) -> usize {
    let cases = super::dense_array(ir.ctx(), ir.attr(op, "cases"));
    cases.iter().position(|&c| c == value).map_or(0, |i| i + 1)
}

fn switch_entry_successors(
    ir: &Ir,
    op: OpRef,
    operands: &[Option<Attribute>],
) -> Vec<RegionSuccessor> {
    match const_int(ir, operands.first()) {
        Some(v) => vec![RegionSuccessor::region_no_inputs(
            ir.region(op, switch_region_for(ir, op, v)),
        )],
        None => switch_successors(ir, op, RegionBranchPoint::Parent),
    }
}

fn switch_invocation_bounds(
    ir: &Ir,
    op: OpRef,
    operands: &[Option<Attribute>],
) -> Vec<InvocationBounds> {
    let n = ir.num_regions(op);
    match const_int(ir, operands.first()) {
        Some(v) => {
            let taken = switch_region_for(ir, op, v);
            (0..n)
                .map(|i| {
                    let k = u32::from(i == taken);
                    InvocationBounds {
                        lower: k,
                        upper: Some(k),
                    }
                })
                .collect()
        }
        None => vec![
            InvocationBounds {
                lower: 0,
                upper: Some(1)
            };
            n
        ],
    }
}

/// Parallel loops forward nothing: the body's arguments are induction
/// variables (and shared outputs), the results come from reductions.
fn loop_without_inputs_successors(
    ir: &Ir,
    op: OpRef,
    _point: RegionBranchPoint,
) -> Vec<RegionSuccessor> {
    vec![
        RegionSuccessor::region_no_inputs(ir.region(op, 0)),
        RegionSuccessor::parent_no_inputs(),
    ]
}

/// The arguments of the entry block of region `r` from `skip` on.
fn args_from(ir: &Ir, r: mlir_ir::RegionRef, skip: usize) -> Vec<mlir_ir::Value> {
    ir.first_block(r)
        .map(|b| ir.arguments(b).skip(skip).collect())
        .unwrap_or_default()
}

/// The operands of the terminator of region `r`'s entry block from `skip` on.
fn terminator_operands(ir: &Ir, r: mlir_ir::RegionRef, skip: usize) -> Vec<mlir_ir::Value> {
    ir.first_block(r)
        .and_then(|b| ir.terminator(b))
        .map(|t| ir.operands(t).skip(skip).collect())
        .unwrap_or_default()
}

/// `LoopLikeOpInterface` of the scf loops.
pub fn loop_like(name: &str) -> Option<LoopLikeOpInterface> {
    let body_only = |ir: &Ir, op: OpRef| vec![ir.region(op, 0)];
    match name {
        "scf.for" => Some(LoopLikeOpInterface {
            loop_regions: body_only,
            inits: Some(|ir, op| ir.operands(op).skip(3).collect()),
            region_iter_args: Some(|ir, op| args_from(ir, ir.region(op, 0), 1)),
            yielded_values: Some(|ir, op| terminator_operands(ir, ir.region(op, 0), 0)),
            loop_results: Some(|ir, op| ir.results(op).collect()),
            listed_after_region_branch: false,
            leading_block_args: 1,
        }),
        "scf.while" => Some(LoopLikeOpInterface {
            loop_regions: |ir, op| vec![ir.region(op, 0), ir.region(op, 1)],
            inits: Some(|ir, op| ir.operands(op).collect()),
            region_iter_args: Some(|ir, op| args_from(ir, ir.region(op, 0), 0)),
            yielded_values: Some(|ir, op| terminator_operands(ir, ir.region(op, 1), 0)),
            loop_results: None,
            listed_after_region_branch: true,
            leading_block_args: 0,
        }),
        "scf.parallel" | "scf.forall" => Some(LoopLikeOpInterface {
            loop_regions: body_only,
            inits: None,
            region_iter_args: None,
            yielded_values: None,
            loop_results: None,
            listed_after_region_branch: false,
            leading_block_args: 0,
        }),
        _ => None,
    }
}
