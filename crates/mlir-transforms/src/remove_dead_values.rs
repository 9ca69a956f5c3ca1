//! The `-remove-dead-values` pass (MLIR's `RemoveDeadValues`): a backward
//! liveness analysis over the whole module, then a cleanup that erases
//! what no live computation needs: effect-free ops whose results are all
//! dead, the dead arguments and results of private functions whose every
//! use is a call (with the matching call operands and results), and the
//! dead operands of branches with the matching successor block arguments
//! (as upstream's `processBranchOp`: an argument fed a live value stays,
//! dead or not, and a branch whose condition is dead, in code that never
//! runs, becomes `ub.unreachable`). As upstream, what goes drops its uses;
//! a use left in code that never runs gets a `ub.poison` (upstream leaves a
//! null operand there, which the canonicalization patterns usually erase).
//!
//! Liveness (MLIR's `LivenessAnalysis`): a value is live when an op with
//! memory effects uses it, when an effect-free op with a live result uses
//! it, when it is a non-forwarded operand of a branch (a condition), when
//! it is returned by a function callers outside the module may see, or
//! when it is forwarded (by a call, a return, a branch) to a live value.
//!
//! As upstream, the liveness only looks at code that can run: the SCCP
//! solver (`sccp::Executability`, upstream's dead-code analysis with
//! constant propagation) finds the executable blocks and control edges; an
//! op in a block that never runs makes none of its operands live, and
//! values flow back only along edges control takes. Such an op goes when
//! one of its operands is dead, even with memory effects (mlir-opt 22
//! erases those), and a value only code that never runs forwards becomes
//! poison though what receives it may be live.
//!
//! Region-branching ops (`scf.if`, `scf.for`, `scf.while`,
//! `scf.index_switch`, any `RegionBranchOpInterface` op) are analysed edge
//! by edge, as upstream's liveness does: a result or region argument is
//! live only when something live uses it, and then so are the values
//! forwarded to it along every edge taken (the op's operands on entry, its
//! terminators' operands); the non-forwarded operands (a condition, loop
//! bounds, a switch selector) are live once the op is needed (it has
//! memory effects, or a result or region argument is live). The cleanup
//! then does what mlir-opt 22 does: every forwarded operand whose
//! receivers are all dead is replaced by a `ub.poison` of its type (made
//! just before the op or the terminator), dead effect-free ops go, and the
//! canonicalization patterns run on the region-branching ops (a worklist
//! seeded with those ops in post-order, plus what their rewrites touch),
//! which drops the results, iteration arguments and yielded values that
//! only carried poison, and simplifies what is left (an `scf.if` choosing between two
//! values becomes an `arith.select`). One that has no memory effects and
//! only dead results is erased like any other op.

use std::collections::{HashMap, HashSet};

use mlir_ir::interfaces::call::{call_arguments, call_op, callable_op, resolve_callable};
use mlir_ir::interfaces::region_branch::{
    all_region_branch_points, region_branch_op, RegionBranchOpInterface, RegionBranchPoint,
};
use mlir_ir::interfaces::BranchOpInterface;
use mlir_ir::ir::WalkOrder;
use mlir_ir::symbol_table::Visibility;
use mlir_ir::symbol_table::{
    symbol_name, symbol_uses_in, symbol_visibility, SymbolTableCollection,
};
use mlir_ir::{AttrKind, BlockRef, Ir, OpRef, OperationState, TraitSet, Value};

use crate::pass::PassContext;
use crate::sccp::Executability;
use crate::side_effects::is_memory_effect_free;

/// The `-remove-dead-values` pass; declared in `td/Passes.td`.
#[derive(Clone, Default)]
pub struct RemoveDeadValuesPass {
    pub(crate) base: crate::passes::RemoveDeadValuesBase,
}

impl crate::pass::PassImpl for RemoveDeadValuesPass {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        _cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let facts = Facts::collect(ir, op);
        let live = facts.liveness(ir);
        cleanup(ir, &facts, &live, self.base.canonicalize());
        Ok(())
    }
}

/// What the analysis needs to know about the module besides the IR: every
/// op in walk order, the resolved callee of each call, and the functions
/// whose callers are all known (private, referenced only by calls).
struct Facts {
    /// The op the pass runs on.
    top: OpRef,
    ops: Vec<OpRef>,
    /// The code control can reach (dead-code analysis with constant
    /// propagation): code that never runs makes nothing live.
    exec: Executability,
    callee: HashMap<OpRef, OpRef>,
    /// The calls of each function whose callers are all known.
    closed: HashMap<OpRef, Vec<OpRef>>,
}

fn branch_iface(ir: &Ir, op: OpRef) -> Option<BranchOpInterface> {
    ir.ctx()
        .op_info(ir.op_name(op))
        .interface::<BranchOpInterface>()
        .copied()
}

fn is_region_branch(ir: &Ir, op: OpRef) -> bool {
    ir.ctx()
        .op_info(ir.op_name(op))
        .interface::<RegionBranchOpInterface>()
        .is_some()
}

/// The callable region of `f`, if it is a callable with a body.
fn body(ir: &Ir, f: OpRef) -> Option<mlir_ir::RegionRef> {
    callable_op(ir, f).and_then(|c| (c.callable_region)(ir, f))
}

impl Facts {
    fn collect(ir: &Ir, top: OpRef) -> Facts {
        let ops = ir.walk_collect(top, WalkOrder::PreOrder);
        let mut tables = SymbolTableCollection::new();
        let mut callee = HashMap::new();
        let mut calls_of: HashMap<OpRef, Vec<OpRef>> = HashMap::new();
        for &op in &ops {
            if call_op(ir, op).is_none() {
                continue;
            }
            if let Some(f) = resolve_callable(ir, op, &mut tables) {
                if body(ir, f).is_some() {
                    callee.insert(op, f);
                    calls_of.entry(f).or_default().push(op);
                }
            }
        }
        // A private function is closed when every reference to it is one
        // of the calls resolved to it.
        let mut refs: HashMap<String, usize> = HashMap::new();
        for u in symbol_uses_in(ir, ir.regions(top)) {
            if let AttrKind::SymbolRef { root, .. } = ir.ctx().attr(u.symbol_ref) {
                *refs
                    .entry(ir.ctx().ident_str(*root).to_string())
                    .or_default() += 1;
            }
        }
        let mut closed = HashMap::new();
        for &op in &ops {
            if body(ir, op).is_none() || symbol_visibility(ir, op) != Visibility::Private {
                continue;
            }
            let Some(name) = symbol_name(ir, op) else {
                continue;
            };
            let calls = calls_of.get(&op).cloned().unwrap_or_default();
            if refs.get(&*name).copied().unwrap_or(0) == calls.len() {
                closed.insert(op, calls);
            }
        }
        Facts {
            top,
            exec: Executability::of(ir, top),
            ops,
            callee,
            closed,
        }
    }

    /// The live values, computed to a fixpoint with a worklist.
    fn liveness(&self, ir: &Ir) -> HashSet<Value> {
        let mut live: HashSet<Value> = HashSet::new();
        let mut kept_region_ops: HashSet<OpRef> = HashSet::new();
        let mut work: Vec<Value> = Vec::new();
        let mark = |v: Value, live: &mut HashSet<Value>, work: &mut Vec<Value>| {
            if live.insert(v) {
                work.push(v);
            }
        };
        // A needed region-branching op needs its non-forwarded operands
        // (conditions, bounds, selectors) and those of its terminators
        // (`scf.condition`'s condition); forwarded values follow the
        // liveness of what receives them.
        let exec = &self.exec;
        let keep_region_op = |op: OpRef,
                              kept: &mut HashSet<OpRef>,
                              live: &mut HashSet<Value>,
                              work: &mut Vec<Value>| {
            if !kept.insert(op) {
                return;
            }
            for (owner, forwarded) in forwarded_operands(ir, op) {
                if !exec.op_executable(ir, owner) {
                    continue;
                }
                for (i, v) in ir.operands(owner).enumerate() {
                    if !forwarded.contains_key(&i) {
                        mark(v, live, work);
                    }
                }
            }
        };
        for &op in &self.ops {
            // Code that never runs needs nothing.
            if !exec.op_executable(ir, op) {
                continue;
            }
            let parent = ir.op_parent_op(op);
            if is_region_branch(ir, op) {
                if !is_memory_effect_free(ir, op) {
                    keep_region_op(op, &mut kept_region_ops, &mut live, &mut work);
                }
                continue;
            }
            if self.callee.contains_key(&op) {
                // Forwarded call operands follow the callee's arguments;
                // the others (e.g. a device operand) are live.
                let args = call_arguments(ir, op);
                for v in ir.operands(op) {
                    if !args.contains(&v) {
                        mark(v, &mut live, &mut work);
                    }
                }
                continue;
            }
            if ir.op_has_trait(op, TraitSet::IS_TERMINATOR) {
                if let Some(b) = branch_iface(ir, op) {
                    // Conditions and other non-forwarded operands are live.
                    let mut forwarded = HashSet::new();
                    for s in 0..ir.num_successors(op) {
                        let so = (b.successor_operands)(ir, op, s);
                        forwarded.extend(so.start..so.start + so.len);
                    }
                    for (i, v) in ir.operands(op).enumerate() {
                        if !forwarded.contains(&i) {
                            mark(v, &mut live, &mut work);
                        }
                    }
                    continue;
                }
                if let Some(p) = parent {
                    if is_region_branch(ir, p) {
                        // Decided with the parent.
                        continue;
                    }
                    if body(ir, p).is_some() && ir.op_has_trait(op, TraitSet::RETURN_LIKE) {
                        // Returned values are live for callers the
                        // analysis cannot see.
                        if !self.closed.contains_key(&p) {
                            for v in ir.operands(op) {
                                mark(v, &mut live, &mut work);
                            }
                        }
                        continue;
                    }
                }
            }
            if !is_memory_effect_free(ir, op) {
                for v in ir.operands(op) {
                    mark(v, &mut live, &mut work);
                }
            }
        }
        while let Some(v) = work.pop() {
            match v.defining_op() {
                // An op that never runs makes none of its operands live.
                Some(d) if !exec.op_executable(ir, d) => {}
                Some(d) => {
                    if is_region_branch(ir, d) {
                        keep_region_op(d, &mut kept_region_ops, &mut live, &mut work);
                        for u in senders_to(ir, d, v, exec) {
                            mark(u, &mut live, &mut work);
                        }
                    } else if let Some(&f) = self.callee.get(&d) {
                        // A live call result makes the callee's returned
                        // value live.
                        let i = (0..ir.num_results(d)).position(|k| ir.result(d, k) == v);
                        if let (Some(i), Some(r)) = (i, body(ir, f)) {
                            for b in ir.region_blocks(r) {
                                if !exec.blocks.contains(&b) {
                                    continue;
                                }
                                if let Some(t) = ir.last_op(b) {
                                    if ir.op_has_trait(t, TraitSet::RETURN_LIKE)
                                        && i < ir.num_operands(t)
                                    {
                                        mark(ir.operand(t, i), &mut live, &mut work);
                                    }
                                }
                            }
                        }
                    } else {
                        for o in ir.operands(d) {
                            mark(o, &mut live, &mut work);
                        }
                    }
                }
                None => {
                    let Some(b) = ir.value_parent_block(v) else {
                        continue;
                    };
                    let i = (0..ir.num_arguments(b)).position(|k| ir.argument(b, k) == v);
                    let Some(i) = i else { continue };
                    let region = ir.block_parent_region(b);
                    let owner = region.and_then(|r| ir.region_parent_op(r));
                    let is_entry = region.and_then(|r| ir.first_block(r)) == Some(b);
                    if is_entry {
                        let Some(owner) = owner else { continue };
                        if is_region_branch(ir, owner) {
                            if !exec.op_executable(ir, owner) {
                                continue;
                            }
                            keep_region_op(owner, &mut kept_region_ops, &mut live, &mut work);
                            for u in senders_to(ir, owner, v, exec) {
                                mark(u, &mut live, &mut work);
                            }
                        } else if body(ir, owner).is_some() {
                            // Every known call passes the argument.
                            for (&call, &f) in &self.callee {
                                if f == owner && exec.op_executable(ir, call) {
                                    let args = call_arguments(ir, call);
                                    if let Some(&a) = args.get(i) {
                                        mark(a, &mut live, &mut work);
                                    }
                                }
                            }
                        }
                        continue;
                    }
                    // A block argument: the operands that branches which run
                    // forward to it, along any of their successors (upstream's
                    // backward analysis does not ask whether an edge is taken).
                    for p in predecessors(ir, b) {
                        let Some(bi) = branch_iface(ir, p) else {
                            continue;
                        };
                        for s in 0..ir.num_successors(p) {
                            if ir.successor(p, s) != b || !exec.op_executable(ir, p) {
                                continue;
                            }
                            let so = (bi.successor_operands)(ir, p, s);
                            if i >= so.produced && i - so.produced < so.len {
                                mark(
                                    ir.operand(p, so.start + i - so.produced),
                                    &mut live,
                                    &mut work,
                                );
                            }
                        }
                    }
                }
            }
        }
        live
    }
}

/// The terminators that branch to `b`.
fn predecessors(ir: &Ir, b: BlockRef) -> Vec<OpRef> {
    let Some(r) = ir.block_parent_region(b) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for pb in ir.region_blocks(r) {
        if let Some(t) = ir.last_op(pb) {
            if (0..ir.num_successors(t)).any(|s| ir.successor(t, s) == b) {
                out.push(t);
            }
        }
    }
    out
}

/// For each branch point of region-branching `op` (the op itself, then its
/// region terminators): the op that owns the operands, and for each
/// forwarded operand index the values that receive it along some edge.
fn forwarded_operands(ir: &Ir, op: OpRef) -> Vec<(OpRef, HashMap<usize, Vec<Value>>)> {
    forwarded_edges(ir, op)
        .into_iter()
        .map(|(owner, edges)| {
            let mut forwarded: HashMap<usize, Vec<Value>> = HashMap::new();
            for (i, input, _) in edges {
                let receivers = forwarded.entry(i).or_default();
                if let Some(input) = input {
                    receivers.push(input);
                }
            }
            (owner, forwarded)
        })
        .collect()
}

/// For each branch point of region-branching `op`: the op owning the
/// operands, and each forwarding as (operand index, receiving value, region
/// entered or `None` for the parent).
#[allow(clippy::type_complexity)]
fn forwarded_edges(
    ir: &Ir,
    op: OpRef,
) -> Vec<(
    OpRef,
    Vec<(usize, Option<Value>, Option<mlir_ir::RegionRef>)>,
)> {
    let Some(iface) = region_branch_op(ir, op) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for point in all_region_branch_points(ir, op) {
        let owner = match point {
            RegionBranchPoint::Parent => op,
            RegionBranchPoint::Terminator(t) => t,
        };
        let mut edges = Vec::new();
        for succ in iface.successors(ir, op, point) {
            let range = iface.successor_operand_range(ir, op, point, &succ);
            for (k, i) in range.enumerate() {
                edges.push((i, succ.inputs.get(k).copied(), succ.region));
            }
        }
        out.push((owner, edges));
    }
    out
}

/// The values region-branching `op` forwards to `input` (one of its
/// results or an entry argument of one of its regions) along any edge.
fn senders_to(ir: &Ir, op: OpRef, input: Value, exec: &Executability) -> Vec<Value> {
    let mut out = Vec::new();
    for (owner, edges) in forwarded_edges(ir, op) {
        // Only edges control takes carry liveness back.
        for (i, receiver, region) in edges {
            if receiver == Some(input)
                && i < ir.num_operands(owner)
                && exec.region_edges.contains(&(owner, region))
            {
                out.push(ir.operand(owner, i));
            }
        }
    }
    out
}

/// Replaces every operand that region-branching `op` forwards only to dead
/// values by a fresh `ub.poison` made just before the op or terminator
/// that owns the operand (mlir-opt 22's placeholder; the canonicalization
/// patterns then drop the edge). Returns whether anything changed.
fn poison_dead_forwards(ir: &mut Ir, op: OpRef, live: &HashSet<Value>) -> bool {
    let mut changed = false;
    for (owner, forwarded) in forwarded_operands(ir, op) {
        // A forwarded operand is dead when every value receiving it is
        // dead, or when it is dead itself: a value only code that never
        // runs forwards (mlir-opt 22 makes it poison even though what
        // receives it is live).
        let mut dead: Vec<usize> = forwarded
            .iter()
            .filter(|(&i, receivers)| {
                !receivers.is_empty()
                    && (receivers.iter().all(|r| !live.contains(r))
                        || (i < ir.num_operands(owner) && !live.contains(&ir.operand(owner, i))))
            })
            .map(|(&i, _)| i)
            .collect();
        dead.sort_unstable();
        for i in dead {
            if i >= ir.num_operands(owner) {
                continue;
            }
            let v = ir.operand(owner, i);
            let ty = ir.value_type(v);
            let mut state = OperationState::new(ir.ctx().op_name("ub.poison"), ir.op_loc(owner));
            state.result_types.push(ty);
            let poison = ir.create_op(state);
            ir.insert_op_before(owner, poison);
            let pv = ir.result(poison, 0);
            ir.set_operand(owner, i, pv);
            changed = true;
        }
    }
    changed
}

/// Replaces `call` by a copy whose results are only those at `keep`.
fn drop_call_results(ir: &mut Ir, call: OpRef, keep: &[usize]) -> OpRef {
    let mut state = OperationState::new(ir.op_name(call), ir.op_loc(call));
    state.operands = ir.operands(call).collect();
    state.result_types = keep
        .iter()
        .map(|&k| ir.value_type(ir.result(call, k)))
        .collect();
    state.properties = ir.op_properties(call);
    let attrs = ir.op_attributes(call);
    state.attributes = Some(attrs);
    let new = ir.create_op(state);
    ir.insert_op_before(call, new);
    for (j, &k) in keep.iter().enumerate() {
        let (old, nv) = (ir.result(call, k), ir.result(new, j));
        ir.replace_all_uses_with(old, nv);
    }
    ir.erase_op(call);
    new
}

/// The `function_type` of `f` without the inputs and results not kept.
fn shrink_function_type(ir: &mut Ir, f: OpRef, keep_args: &[bool], keep_results: &[bool]) {
    let Some(t) = ir.attr(f, "function_type") else {
        return;
    };
    let ctx = ir.ctx();
    let (inputs, results) = match ctx.attr(t) {
        AttrKind::Type(ty) => match ctx.ty(*ty) {
            mlir_ir::TypeKind::Function { inputs, results } => (inputs.to_vec(), results.to_vec()),
            _ => return,
        },
        _ => return,
    };
    let pick = |v: &[mlir_ir::Type], keep: &[bool]| -> Vec<mlir_ir::Type> {
        v.iter()
            .zip(keep.iter().chain(std::iter::repeat(&true)))
            .filter(|(_, &k)| k)
            .map(|(t, _)| *t)
            .collect()
    };
    let ft = ctx.function_type(&pick(&inputs, keep_args), &pick(&results, keep_results));
    let a = ctx.type_attr(ft);
    ir.set_attr(f, "function_type", Some(a));
    for (name, keep) in [("arg_attrs", keep_args), ("res_attrs", keep_results)] {
        if let Some(arr) = ir.attr(f, name) {
            if let AttrKind::Array(elems) = ir.ctx().attr(arr) {
                let kept: Vec<_> = elems
                    .iter()
                    .zip(keep.iter().chain(std::iter::repeat(&true)))
                    .filter(|(_, &k)| k)
                    .map(|(e, _)| *e)
                    .collect();
                let na = ir.ctx().array_attr(&kept);
                ir.set_attr(f, name, Some(na));
            }
        }
    }
}

/// Whether `op`, once its results are dead, may go (upstream's rule for
/// ops that are not functions, calls, branches or terminators): it has no
/// memory effects, or one of its operands is dead. Liveness makes every
/// operand of an effecting op that runs live, so a dead operand means code
/// that never runs (mlir-opt 22 erases such ops whatever their effects).
/// Region-branching ops only go that way when they never run themselves.
fn removable(ir: &Ir, facts: &Facts, live: &HashSet<Value>, op: OpRef) -> bool {
    if is_memory_effect_free(ir, op) {
        return true;
    }
    let dead_operand = ir.operands(op).any(|v| !live.contains(&v));
    if is_region_branch(ir, op) {
        dead_operand && !facts.exec.op_executable(ir, op)
    } else {
        dead_operand
    }
}

/// Whether step 4 of the cleanup considers erasing `op`: a removable op
/// with dead results that is none of the ops upstream treats apart
/// (terminators, calls, functions, the op the pass runs on).
fn doomed(ir: &Ir, facts: &Facts, live: &HashSet<Value>, op: OpRef) -> bool {
    ir.is_live_op(op)
        && !ir.op_has_trait(op, TraitSet::IS_TERMINATOR)
        && call_op(ir, op).is_none()
        && callable_op(ir, op).is_none()
        && ir.op_parent_op(op).is_some()
        && !ir.results(op).any(|v| live.contains(&v))
        && removable(ir, facts, live, op)
}

/// What upstream's `processBranchOp` decides for the branches of the
/// module, in its post-order walk: the branches whose condition (a
/// non-forwarded operand) is dead, which become `ub.unreachable`, and for
/// every successor of the others which forwarded operands go (the dead
/// ones), as a mask over the successor's arguments.
struct BranchPlan {
    unreachable: Vec<OpRef>,
    /// (branch, successor index, dead mask over the successor's arguments).
    edges: Vec<(OpRef, usize, Vec<bool>)>,
}

fn plan_branches(ir: &Ir, top: OpRef, live: &HashSet<Value>) -> BranchPlan {
    let mut plan = BranchPlan {
        unreachable: Vec::new(),
        edges: Vec::new(),
    };
    for op in ir.walk_collect(top, WalkOrder::PostOrder) {
        if is_region_branch(ir, op) || callable_op(ir, op).is_some() {
            continue;
        }
        let Some(bi) = branch_iface(ir, op) else {
            continue;
        };
        let n = ir.num_successors(op);
        let sos: Vec<_> = (0..n).map(|s| (bi.successor_operands)(ir, op, s)).collect();
        let forwarded: HashSet<usize> = sos
            .iter()
            .flat_map(|so| so.start..so.start + so.len)
            .collect();
        let dead_condition = ir
            .operands(op)
            .enumerate()
            .any(|(i, v)| !forwarded.contains(&i) && !live.contains(&v));
        if dead_condition {
            plan.unreachable.push(op);
            continue;
        }
        for (s, so) in sos.iter().enumerate() {
            // Produced operands (none for `cf`) are not the branch's to drop.
            let mut mask = vec![false; so.produced + so.len];
            for i in 0..so.len {
                mask[so.produced + i] = !live.contains(&ir.operand(op, so.start + i));
            }
            plan.edges.push((op, s, mask));
        }
    }
    plan
}

/// Applies `plan` as upstream's cleanup does, where that gives valid IR:
/// a block loses the arguments of the first mask (in walk order) over it
/// that drops any, each edge loses its own dead operands. A block where
/// that would leave an edge out of step with the arguments is left alone
/// with all its edges (mlir-opt 22 breaks the IR there). Returns the
/// arguments to erase in step 4.
fn apply_branch_plan(ir: &mut Ir, plan: &BranchPlan) -> Vec<Value> {
    let mut erased: HashMap<BlockRef, Vec<bool>> = HashMap::new();
    let mut order: Vec<BlockRef> = Vec::new();
    for (op, s, mask) in &plan.edges {
        let b = ir.successor(*op, *s);
        if !erased.contains_key(&b) {
            order.push(b);
        }
        let slot = erased
            .entry(b)
            .or_insert_with(|| vec![false; ir.num_arguments(b)]);
        if !slot.iter().any(|&e| e) && mask.len() == slot.len() && mask.iter().any(|&e| e) {
            *slot = mask.clone();
        }
    }
    let kept = |mask: &[bool], i: usize| !mask.get(i).copied().unwrap_or(false);
    let mut out = Vec::new();
    for &b in &order {
        let args_mask = erased[&b].clone();
        if !args_mask.iter().any(|&e| e) {
            continue;
        }
        let kept_arg_types: Vec<_> = (0..ir.num_arguments(b))
            .filter(|&i| kept(&args_mask, i))
            .map(|i| ir.value_type(ir.argument(b, i)))
            .collect();
        // Every edge into the block still lines up with its arguments.
        let in_step = plan
            .edges
            .iter()
            .filter(|(op, s, _)| ir.successor(*op, *s) == b)
            .all(|(op, s, mask)| {
                let Some(bi) = branch_iface(ir, *op) else {
                    return false;
                };
                let so = (bi.successor_operands)(ir, *op, *s);
                let types: Vec<_> = (0..so.produced + so.len)
                    .filter(|&i| kept(mask, i))
                    .map(|i| {
                        if i < so.produced {
                            ir.value_type(ir.argument(b, i))
                        } else {
                            ir.value_type(ir.operand(*op, so.start + i - so.produced))
                        }
                    })
                    .collect();
                types == kept_arg_types
            });
        if !in_step {
            erased.insert(b, vec![false; args_mask.len()]);
            continue;
        }
        for (i, &gone) in args_mask.iter().enumerate() {
            if gone {
                out.push(ir.argument(b, i));
            }
        }
    }
    // Each edge into a block that loses arguments drops its dead operands
    // (which the checks above matched to those arguments). Edges into a
    // block that keeps its arguments keep their operands, dead or not.
    for (op, s, mask) in plan.edges.iter().rev() {
        let b = ir.successor(*op, *s);
        let args_mask = &erased[&b];
        if !args_mask.iter().any(|&e| e) {
            continue;
        }
        let Some(bi) = branch_iface(ir, *op) else {
            continue;
        };
        let so = (bi.successor_operands)(ir, *op, *s);
        for i in (0..so.len).rev() {
            if mask[so.produced + i] {
                bi.erase_operand(ir, *op, *s, i);
            }
        }
    }
    out
}

/// Replaces every use of `v` by a fresh `ub.poison` made just before the
/// user; returns the poison ops.
fn poison_uses(ir: &mut Ir, v: Value) -> Vec<OpRef> {
    let uses: Vec<_> = ir.uses(v).collect();
    let mut made = Vec::new();
    for u in uses {
        let ty = ir.value_type(v);
        let mut state = OperationState::new(ir.ctx().op_name("ub.poison"), ir.op_loc(u.op));
        state.result_types.push(ty);
        let poison = ir.create_op(state);
        ir.insert_op_before(u.op, poison);
        let pv = ir.result(poison, 0);
        ir.set_operand(u.op, u.index as usize, pv);
        made.push(poison);
    }
    made
}

fn cleanup(ir: &mut Ir, facts: &Facts, live: &HashSet<Value>, canonicalize: bool) {
    let mut dead_args: Vec<Value> = Vec::new();
    // 1. Closed functions: dead arguments and results no call uses.
    let mut funcs: Vec<(&OpRef, &Vec<OpRef>)> = facts.closed.iter().collect();
    funcs.sort_by_key(|(f, _)| facts.ops.iter().position(|o| o == *f));
    for (&f, calls) in funcs {
        let Some(r) = body(ir, f) else { continue };
        let Some(entry) = ir.first_block(r) else {
            continue;
        };
        let keep_args: Vec<bool> = ir.arguments(entry).map(|a| live.contains(&a)).collect();
        let n_results = callable_op(ir, f).map_or(0, |c| (c.result_types)(ir, f).len());
        let mut keep_results = vec![false; n_results];
        for &c in calls {
            for (k, keep) in keep_results.iter_mut().enumerate() {
                if k < ir.num_results(c) && live.contains(&ir.result(c, k)) {
                    *keep = true;
                }
            }
        }
        if keep_args.iter().all(|&k| k) && keep_results.iter().all(|&k| k) {
            continue;
        }
        // Returns first (their operands may be arguments).
        let returns: Vec<OpRef> = ir
            .region_blocks(r)
            .filter_map(|b| ir.last_op(b))
            .filter(|&t| ir.op_has_trait(t, TraitSet::RETURN_LIKE))
            .collect();
        for t in returns {
            for k in (0..ir.num_operands(t).min(n_results)).rev() {
                if !keep_results[k] {
                    ir.erase_operand(t, k);
                }
            }
        }
        for &c in calls {
            let Some(range) = call_op(ir, c).map(|i| (i.arg_operands)(ir, c)) else {
                continue;
            };
            for k in (0..range.len()).rev() {
                if !keep_args.get(k).copied().unwrap_or(true) {
                    ir.erase_operand(c, range.start + k);
                }
            }
            let keep: Vec<usize> = (0..ir.num_results(c))
                .filter(|&k| keep_results.get(k).copied().unwrap_or(true))
                .collect();
            if keep.len() != ir.num_results(c) {
                drop_call_results(ir, c, &keep);
            }
        }
        // The arguments go once the dead ops using them are erased.
        for (k, &keep) in keep_args.iter().enumerate() {
            if !keep {
                dead_args.push(ir.argument(entry, k));
            }
        }
        shrink_function_type(ir, f, &keep_args, &keep_results);
    }
    // 2. Branches, as upstream's `processBranchOp`: a forwarded operand
    // that is dead goes with the successor's argument, while an argument
    // whose operand is live stays, dead or not; blocks no branch reaches
    // keep their arguments. A branch with a dead condition (only in code
    // that never runs) becomes `ub.unreachable` in step 4.
    let plan = plan_branches(ir, facts.top, live);
    let block_args = apply_branch_plan(ir, &plan);
    // 3. Region-branching ops that stay: the operands they forward only to
    // dead values become poison (so that what computed them can go).
    let mut region_ops: Vec<OpRef> = Vec::new();
    if ir.ctx().is_dialect_loaded("ub") {
        for &op in &facts.ops {
            if !ir.is_live_op(op) || !is_region_branch(ir, op) || ir.op_parent_op(op).is_none() {
                continue;
            }
            let erased_later =
                removable(ir, facts, live, op) && !ir.results(op).any(|v| live.contains(&v));
            if !erased_later {
                poison_dead_forwards(ir, op, live);
                region_ops.push(op);
            }
        }
    }
    // 4. Removable ops whose results are all dead, users first. Which ops
    // go is decided on the IR before any of them is erased, as upstream
    // does: an op with memory effects that only ops erased here have (an
    // scf.if around dead code) stays for the canonicalization patterns,
    // which also take what computed its operands.
    let doomed: Vec<OpRef> = facts
        .ops
        .iter()
        .rev()
        .copied()
        .filter(|&op| doomed(ir, facts, live, op))
        .collect();
    if ir.ctx().is_dialect_loaded("ub") {
        for &op in &plan.unreachable {
            if !ir.is_live_op(op) {
                continue;
            }
            let state = OperationState::new(ir.ctx().op_name("ub.unreachable"), ir.op_loc(op));
            let u = ir.create_op(state);
            ir.insert_op_before(op, u);
            ir.erase_op(op);
        }
    }
    // Users first. As upstream, an op that goes drops its uses: a use that
    // stays (in code that never runs, which the canonicalization patterns
    // usually remove next) gets a `ub.poison` where mlir-opt 22 leaves a
    // null operand. Without the ub dialect such an op stays.
    let has_ub = ir.ctx().is_dialect_loaded("ub");
    let mut placeholders: Vec<OpRef> = Vec::new();
    for op in doomed {
        if !ir.is_live_op(op) {
            continue;
        }
        let used = ir.results(op).any(|v| ir.users(v).next().is_some());
        if used && !has_ub {
            continue;
        }
        let results: Vec<Value> = ir.results(op).collect();
        for v in results {
            placeholders.extend(poison_uses(ir, v));
        }
        ir.erase_op(op);
    }
    // The block arguments that go, likewise (a block inside an op erased
    // above went with it).
    for a in block_args.into_iter().rev() {
        if !ir.is_live_value(a) || (!has_ub && ir.users(a).next().is_some()) {
            continue;
        }
        placeholders.extend(poison_uses(ir, a));
        if let Some(b) = ir.value_parent_block(a) {
            if let Some(i) = (0..ir.num_arguments(b)).position(|k| ir.argument(b, k) == a) {
                ir.erase_argument(b, i);
            }
        }
    }
    // Placeholders whose users went too go as well.
    for p in placeholders {
        if ir.is_live_op(p) && ir.users(ir.result(p, 0)).next().is_none() {
            ir.erase_op(p);
        }
    }
    for a in dead_args.into_iter().rev() {
        // A block inside an op erased above went with it.
        if ir.is_live_value(a) && ir.users(a).next().is_none() {
            if let Some(b) = ir.value_parent_block(a) {
                if let Some(i) = (0..ir.num_arguments(b)).position(|k| ir.argument(b, k) == a) {
                    ir.erase_argument(b, i);
                }
            }
        }
    }
    // 5. The canonicalization patterns on the region-branching ops left
    // drop the edges that now carry poison. As in mlir-opt 22 the worklist
    // starts with those ops only but is not strict: what the rewrites
    // touch (the operands of an erased op, new ops) is simplified too,
    // while a poison operand erased in place stays as it is.
    // Without `canonicalize` the poison operands stay, as in mlir-opt.
    region_ops.retain(|&op| ir.is_live_op(op));
    // mlir-opt 22 hands the ops to the driver in post-order (nested
    // region-branching ops before the ops holding them); the driver
    // processes them in that order, and the order shows in the output.
    let post: HashMap<OpRef, usize> = ir
        .walk_collect(facts.top, WalkOrder::PostOrder)
        .into_iter()
        .enumerate()
        .map(|(i, o)| (o, i))
        .collect();
    region_ops.sort_by_key(|o| post.get(o).copied());
    if canonicalize && !region_ops.is_empty() {
        let ctx = ir.ctx_arc().clone();
        let patterns = mlir_rewrite::FrozenRewritePatternSet::new(
            crate::canonicalize::collect_canonicalization_patterns(&ctx),
        );
        let config = crate::GreedyRewriteConfig {
            strictness: crate::GreedyRewriteStrictness::AnyOp,
            ..Default::default()
        };
        crate::greedy::apply_op_patterns_greedily(ir, &region_ops, &patterns, config);
    }
}
