//! Test ops and passes of the standard passes beside the canonicalizer
//! (topological sort, symbol DCE, inlining, SCCP, LICM, control-flow
//! sinking): upstream's `TestTopologicalSort.cpp` and the test ops those
//! passes' upstream tests use.

use mlir_ir::asm::{OpAsmParser, OpAsmPrinter};
use mlir_ir::interfaces::call::{CallOpInterface, CallableOpInterface, Callee};
use mlir_ir::interfaces::inliner::{
    replace_with_terminator_operands, DialectInlinerInterface, ALL_LEGAL,
};
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
use mlir_rewrite::{Pattern, PatternRewriter, RewritePatternSet};
use mlir_transforms::pass::{PassContext, PassRegistry};
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
                    leading_block_args: 0,
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
            "test.conversion_call_op" => info.with_interface(CallOpInterface {
                callee: |ir, op| ir.attr(op, "callee").map(Callee::Symbol),
                arg_operands: |ir, op| 0..ir.num_operands(op),
                set_callee: Some(|ir, op, sym| ir.set_attr(op, "callee", Some(sym))),
            }),
            "test.conversion_func_op" => info.with_interface(CallableOpInterface {
                callable_region: |ir, op| {
                    let r = ir.region(op, 0);
                    (!ir.region_is_empty(r)).then_some(r)
                },
                result_types: |ir, op| conversion_func_type(ir, op).1,
                argument_types: |ir, op| conversion_func_type(ir, op).0,
            }),
            "test.functional_region_op" => info.with_interface(CallableOpInterface {
                callable_region: |ir, op| Some(ir.region(op, 0)),
                result_types: |ir, op| function_type_of_result(ir, op).1,
                argument_types: |ir, op| function_type_of_result(ir, op).0,
            }),
            "test.internal_br" => info.with_interface(BranchOpInterface {
                successor_operands: internal_br_successor_operands,
                erase_successor_operand: None,
            }),
            _ => info,
        })
        .collect()
}

/// The inputs and results of the `function_type` of `test.conversion_func_op`.
fn conversion_func_type(ir: &Ir, op: OpRef) -> (Vec<mlir_ir::Type>, Vec<mlir_ir::Type>) {
    let ty = ir
        .attr(op, "function_type")
        .and_then(|a| match ir.ctx().attr(a) {
            mlir_ir::AttrKind::Type(t) => Some(*t),
            _ => None,
        });
    match ty.map(|t| ir.ctx().ty(t)) {
        Some(mlir_ir::TypeKind::Function { inputs, results }) => {
            (inputs.to_vec(), results.to_vec())
        }
        _ => (Vec::new(), Vec::new()),
    }
}

impl ops::ConversionFuncOp {
    /// The custom form of function ops (upstream uses
    /// `function_interface_impl::parseFunctionOp`).
    pub fn parse(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> Result<(), ()> {
        mlir_dialects::func::parse_func(p, state)
    }
    /// Upstream `function_interface_impl::printFunctionOp`.
    pub fn print(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
        mlir_dialects::func::print_func(p, op)
    }
}

/// The inputs and results of the function type `op` produces.
fn function_type_of_result(ir: &Ir, op: OpRef) -> (Vec<mlir_ir::Type>, Vec<mlir_ir::Type>) {
    match ir.ctx().ty(ir.value_type(ir.result(op, 0))) {
        mlir_ir::TypeKind::Function { inputs, results } => (inputs.to_vec(), results.to_vec()),
        _ => (Vec::new(), Vec::new()),
    }
}

// The hook `td/TestOpsPasses.td` declares (`hasCanonicalizer`).
mlir_rewrite::canonicalization_hooks! {
    ops::FoldToCallOp => fold_to_call_patterns,
}

/// `test.fold_to_call_op` becomes `func.call @callee()` (upstream's
/// `FoldToCallOpPattern`).
fn fold_to_call_patterns(set: &mut RewritePatternSet, ctx: &mlir_ir::Context) {
    set.add_fn(
        Pattern::new(ctx, "test.fold_to_call_op", 1).with_debug_name("FoldToCallOpPattern"),
        |op, rw: &mut PatternRewriter<'_>| {
            let Some(callee) = rw.ir().attr(op, "callee") else {
                return Err(());
            };
            let ctx = rw.ir().ctx();
            let props = ctx.dictionary_attr(&[(ctx.ident("callee"), callee)]);
            let name = ctx.op_name("func.call");
            let state = OperationState::new(name, rw.ir().op_loc(op)).properties(props);
            rw.replace_op_with_new_op(op, state);
            Ok(())
        },
    );
}

/// The test dialect's inliner interface (upstream's `TestInlinerInterface`):
/// everything may be inlined, except calls marked `noinline`; the regions
/// of `test.functional_region_op` are their own scope; `test.return`
/// forwards its operands to the call's results.
pub static INLINER: DialectInlinerInterface = DialectInlinerInterface {
    is_legal_to_inline_call: Some(|ir, call, _, _| ir.attr(call, "noinline").is_none()),
    should_analyze_recursively: Some(|ir, op| ir.op_name_str(op) != "test.functional_region_op"),
    handle_terminator_values: Some(|ir, op, values| {
        if ir.op_name_str(op) == "test.return" {
            replace_with_terminator_operands(ir, op, values);
        }
    }),
    materialize_call_conversion: Some(materialize_test_cast),
    process_inlined_call_blocks: Some(mark_inlined_conversion),
    handle_argument: Some(|ir, point, call, _, v, attrs| {
        type_changer_if(ir, point, call, v, attrs, "test.handle_argument")
    }),
    handle_result: Some(|ir, point, call, _, v, attrs| {
        type_changer_if(ir, point, call, v, attrs, "test.handle_result")
    }),
    ..ALL_LEGAL
};

/// A `test.type_changer` of `v` at `point` (located at the call) when
/// `attrs` holds `marker`, else `v` (upstream's
/// `TestInlinerInterface::handleArgument`/`handleResult`).
fn type_changer_if(
    ir: &mut Ir,
    point: (mlir_ir::BlockRef, Option<OpRef>),
    call: OpRef,
    v: mlir_ir::Value,
    attrs: Option<mlir_ir::Attribute>,
    marker: &str,
) -> mlir_ir::Value {
    if attrs.is_none_or(|d| ir.ctx().dictionary_get(d, marker).is_none()) {
        return v;
    }
    let ty = ir.value_type(v);
    let state = OperationState::new(ir.ctx().op_name("test.type_changer"), ir.op_loc(call))
        .operands(&[v])
        .results(&[ty]);
    let op = ir.create_op(state);
    ir.insert_op(point.0, point.1, op);
    ir.result(op, 0)
}

/// Ops inlined for a `test.conversion_call_op` get the unit attribute
/// `inlined_conversion`.
fn mark_inlined_conversion(ir: &mut Ir, call: OpRef, blocks: &[mlir_ir::BlockRef]) {
    if ir.op_name_str(call) != "test.conversion_call_op" {
        return;
    }
    let unit = ir.ctx().unit_attr();
    for &b in blocks {
        let ops: Vec<OpRef> = ir
            .block_ops(b)
            .flat_map(|o| ir.walk_collect(o, WalkOrder::PostOrder))
            .collect();
        for o in ops {
            ir.set_attr(o, "inlined_conversion", Some(unit));
        }
    }
}

/// Conversions between i16 and i32 are `test.cast`s (upstream's
/// `TestInlinerInterface::materializeCallConversion`).
fn materialize_test_cast(
    ir: &mut Ir,
    before: OpRef,
    input: mlir_ir::Value,
    ty: mlir_ir::Type,
    loc: mlir_ir::Location,
) -> Option<OpRef> {
    let ctx = ir.ctx();
    let ok = |t: mlir_ir::Type| t == ctx.int_type(16) || t == ctx.int_type(32);
    if !ok(ty) || !ok(ir.value_type(input)) {
        return None;
    }
    let state = OperationState::new(ctx.op_name("test.cast"), loc)
        .operands(&[input])
        .results(&[ty]);
    let cast = ir.create_op(state);
    ir.insert_op_before(before, cast);
    Some(cast)
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

impl mlir_transforms::pass::PassImpl for TestTopologicalSortAnalysisPass {
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
    crate::pass_decls::register_test_topological_sort_analysis_pass_pass(registry);
}
