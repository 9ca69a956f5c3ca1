//! Test ops and passes of the standard passes beside the canonicalizer
//! (topological sort, symbol DCE, inlining, SCCP, LICM, control-flow
//! sinking): upstream's `TestTopologicalSort.cpp` and the test ops those
//! passes' upstream tests use.

use mlir_ir::asm::{OpAsmParser, OpAsmPrinter};
use mlir_ir::interfaces::loop_like::LoopLikeOpInterface;
use mlir_ir::interfaces::region_branch::{
    InvocationBounds, RegionBranchOpInterface, RegionBranchPoint, RegionSuccessor,
};
use mlir_ir::interfaces::speculation::{
    ConditionallySpeculatable, Speculatability, RECURSIVELY_SPECULATABLE,
};
use mlir_ir::interfaces::{BranchOpInterface, SuccessorOperands};
use mlir_ir::ir::WalkOrder;
use mlir_ir::{ApInt, Ir, OpInfo, OpRef, OperationState};
use mlir_transforms::pass::{Pass, PassContext, PassRegistry};
use mlir_transforms::topological_sort::{compute_topological_sorting, no_extra_ready};

/// The generated op definitions of `td/TestOpsPasses.td`. Generated code
/// keeps the shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, unused_imports, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/passes_ops.rs"));
}

/// The ops of this area, with their interfaces attached.
pub fn operations() -> Vec<OpInfo> {
    let rb = |successor_regions| RegionBranchOpInterface {
        successor_regions,
        entry_successor_regions: None,
        entry_successor_operands: None,
        region_invocation_bounds: None,
        are_types_compatible: None,
    };
    ops::operations()
        .into_iter()
        .map(|info| match &*info.name {
            "test.region_if" => info.with_interface(RegionBranchOpInterface {
                entry_successor_operands: Some(|ir, op, _| 0..ir.num_operands(op)),
                region_invocation_bounds: Some(|ir, op, _| {
                    vec![
                        InvocationBounds {
                            lower: 0,
                            upper: Some(1)
                        };
                        ir.num_regions(op)
                    ]
                }),
                ..rb(region_if_successors)
            }),
            "test.any_cond" => info.with_interface(RegionBranchOpInterface {
                region_invocation_bounds: Some(|_, _, _| {
                    vec![InvocationBounds {
                        lower: 1,
                        upper: Some(1),
                    }]
                }),
                ..rb(any_cond_successors)
            }),
            "test.graph_loop" => info
                .with_interface(LoopLikeOpInterface {
                    loop_regions: |ir, op| vec![ir.region(op, 0)],
                    inits: None,
                    region_iter_args: None,
                    yielded_values: None,
                    loop_results: None,
                    listed_after_region_branch: false,
                })
                .with_interface(RECURSIVELY_SPECULATABLE),
            "test.recursively_speculatable_op" => info.with_interface(RECURSIVELY_SPECULATABLE),
            "test.never_speculatable_op" => info.with_interface(ConditionallySpeculatable {
                speculatability: |_, _| Speculatability::NotSpeculatable,
            }),
            "test.conditionally_speculatable_op" => {
                info.with_interface(ConditionallySpeculatable {
                    speculatability: conditionally_speculatable,
                })
            }
            "test.internal_br" => info.with_interface(BranchOpInterface {
                successor_operands: internal_br_successor_operands,
                erase_successor_operand: None,
            }),
            _ => info,
        })
        .collect()
}

/// The operand segments of `test.internal_br`: (start, len) of each.
fn internal_br_segments(ir: &Ir, op: OpRef) -> [(usize, usize); 2] {
    let sizes = ir
        .attr(op, "operandSegmentSizes")
        .map(|a| match ir.ctx().attr(a) {
            mlir_ir::AttrKind::DenseArray { elements, .. } => elements
                .iter()
                .map(|&e| ir.ctx().int_attr_value(e).unwrap_or(0))
                .collect::<Vec<i64>>(),
            _ => Vec::new(),
        })
        .unwrap_or_default();
    let first = sizes.first().map_or(0, |&n| n.max(0) as usize);
    let second = sizes
        .get(1)
        .map_or(ir.num_operands(op).saturating_sub(first), |&n| {
            n.max(0) as usize
        });
    [(0, first), (first, second)]
}

/// Successor 1 gets one produced value before its forwarded operands.
fn internal_br_successor_operands(ir: &Ir, op: OpRef, succ: usize) -> SuccessorOperands {
    let [(s0, l0), (s1, l1)] = internal_br_segments(ir, op);
    if succ == 0 {
        SuccessorOperands {
            produced: 0,
            start: s0,
            len: l0,
        }
    } else {
        SuccessorOperands {
            produced: 1,
            start: s1,
            len: l1,
        }
    }
}

/// `then` and `else` go to `join`, which returns to the op; the op enters
/// `then` or `else`, each receiving the op's operands.
fn region_if_successors(ir: &Ir, op: OpRef, point: RegionBranchPoint) -> Vec<RegionSuccessor> {
    let join = ir.region(op, 2);
    match point.region(ir) {
        Some(r) if r == join => vec![RegionSuccessor::parent_results(ir, op)],
        Some(_) => vec![RegionSuccessor::region_all_args(ir, join)],
        None => vec![
            RegionSuccessor::region_all_args(ir, ir.region(op, 0)),
            RegionSuccessor::region_all_args(ir, ir.region(op, 1)),
        ],
    }
}

/// The op enters its region, which returns to it.
fn any_cond_successors(ir: &Ir, op: OpRef, point: RegionBranchPoint) -> Vec<RegionSuccessor> {
    match point {
        RegionBranchPoint::Parent => vec![RegionSuccessor::region_no_inputs(ir.region(op, 0))],
        _ => vec![RegionSuccessor::parent_results(ir, op)],
    }
}

/// Speculatable when the input is produced by a constant.
fn conditionally_speculatable(ir: &Ir, op: OpRef) -> Speculatability {
    if ir.value_constant(ir.operand(op, 0)).is_some() {
        Speculatability::Speculatable
    } else {
        Speculatability::NotSpeculatable
    }
}

impl ops::RegionIfOp {
    /// `%a, %b: i32, i32 -> i32 then {...} else {...} join {...}`.
    pub fn parse(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> Result<(), ()> {
        let operands = p.parse_operand_list()?;
        let types = p.parse_colon_type_list()?;
        if !p.at(mlir_ir::asm::lexer::TokenKind::Arrow) {
            return p.error("expected '->'");
        }
        let results = p.parse_optional_arrow_type_list()?;
        state.result_types.extend(results);
        for kw in ["then", "else", "join"] {
            p.parse_keyword(kw)?;
            let r = p.parse_region(&[])?;
            state.regions.push(r);
        }
        let at = p.current_offset();
        p.resolve_operands(&operands, &types, at, state)
    }

    pub fn print(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
        let ir = p.ir();
        p.print_char(' ');
        p.print_operands(ir.operands(op));
        p.print_str(": ");
        p.print_types(ir.operand_types(op));
        p.print_str(" -> ");
        let results: Vec<_> = ir.result_types(op).collect();
        p.print_arrow_type_list(&results);
        for (i, kw) in [" then ", " else ", " join "].into_iter().enumerate() {
            p.print_str(kw);
            p.print_region(ir.region(op, i), true, true, false);
        }
    }
}

/// `-test-topological-sort-analysis`: in every op with a `root` attribute,
/// orders the ops marked `selected` (without moving them) and records each
/// one's position in a `pos` index attribute.
#[derive(Clone, Default)]
pub struct TestTopologicalSortAnalysisPass;

impl Pass for TestTopologicalSortAnalysisPass {
    fn name(&self) -> &str {
        "(anonymous namespace)::TestTopologicalSortAnalysisPass"
    }
    fn argument(&self) -> &str {
        "test-topological-sort-analysis"
    }
    fn description(&self) -> &str {
        "Test topological sorting of ops"
    }
    fn op_name(&self) -> Option<&str> {
        Some("builtin.module")
    }
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        _cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let index = ir.ctx().index_type();
        for root in ir.walk_collect(op, WalkOrder::PostOrder) {
            if ir.attr(root, "root").is_none() {
                continue;
            }
            let Some(block) = ir.regions(root).first().and_then(|&r| ir.first_block(r)) else {
                continue;
            };
            let mut selected: Vec<OpRef> = ir
                .block_ops(block)
                .flat_map(|o| ir.walk_collect(o, WalkOrder::PostOrder))
                .filter(|&o| ir.attr(o, "selected").is_some())
                .collect();
            compute_topological_sorting(ir, &mut selected, &no_extra_ready);
            for (i, o) in selected.into_iter().enumerate() {
                let pos = ir.ctx().integer_attr(index, ApInt::from_i64(64, i as i64));
                ir.set_attr(o, "pos", Some(pos));
            }
        }
        Ok(())
    }
}

/// Registers the test passes of this area.
pub fn register_passes(registry: &mut PassRegistry) {
    registry.register_pass(|| Box::new(TestTopologicalSortAnalysisPass));
}
