//! The canonicalizations of the `cf` ops, as upstream's `ControlFlowOps.cpp`
//! defines them: `cf.assert`'s and `cf.br`'s canonicalize methods, the five
//! `cf.cond_br` patterns and the six `cf.switch` patterns.
//!
//! Debug names follow what mlir-opt 22 reports, so that
//! `enable-patterns` / `disable-patterns` select the same patterns: the
//! `cf.cond_br` patterns are C++ classes in an anonymous namespace, named by
//! `llvm::getTypeName` as `(anonymous namespace)::SimplifyConstCondBranchPred`
//! and so on; the `cf.switch` patterns are free functions added to the set
//! as they are, which gives them no debug name at all; `cf.br` and
//! `cf.assert` have canonicalize methods. Every pattern has benefit 1 and the
//! order of a pattern set follows upstream's registration order, which
//! decides between patterns of equal benefit.

use mlir_ir::{AttrKind, Attribute, BlockRef, Context, Ir, OpRef, OperationState, Value};
use mlir_rewrite::HasCanonicalizeMethod;
use mlir_rewrite::{LogicalResult, Pattern, PatternRewriter, RewritePatternSet};

use super::ops::{AssertOp, BranchOp, CondBranchOp, SwitchOp};
use super::{cond_br_segments, elements, segment_sizes};
use crate::arith::fold::{is_one, is_zero, splat_int};

// The hooks `td/ControlFlow.td` declares (`hasCanonicalizer`,
// `hasCanonicalizeMethod`).
mlir_rewrite::canonicalization_hooks! {
    CondBranchOp => cond_br_patterns,
    SwitchOp => switch_patterns,
}

impl HasCanonicalizeMethod for AssertOp {
    fn canonicalize(op: AssertOp, rw: &mut PatternRewriter<'_>) -> LogicalResult {
        assert_canonicalize(op.0, rw)
    }
}

impl HasCanonicalizeMethod for BranchOp {
    fn canonicalize(op: BranchOp, rw: &mut PatternRewriter<'_>) -> LogicalResult {
        br_canonicalize(op.0, rw)
    }
}

// ----- helpers -----

/// The block holding `op`.
fn parent_block(ir: &Ir, op: OpRef) -> Option<BlockRef> {
    ir.op_block(op)
}

/// MLIR's `Block::getSinglePredecessor`: the block of the only edge into
/// `b`, if there is exactly one edge.
fn single_predecessor(ir: &Ir, b: BlockRef) -> Option<BlockRef> {
    let mut preds = ir.predecessors(b);
    let first = preds.next()?;
    if preds.next().is_some() {
        return None;
    }
    ir.op_block(first)
}

/// MLIR's `Block::getUniquePredecessor`: the block every edge into `b`
/// comes from, if there is one.
fn unique_predecessor(ir: &Ir, b: BlockRef) -> Option<BlockRef> {
    let mut unique = None;
    for p in ir.predecessors(b) {
        let pb = ir.op_block(p)?;
        match unique {
            None => unique = Some(pb),
            Some(u) if u == pb => {}
            Some(_) => return None,
        }
    }
    unique
}

/// Whether `v` is a constant integer (or splat) that is not zero
/// (`m_NonZero`).
fn is_non_zero(ctx: &Context, a: Option<Attribute>) -> bool {
    splat_int(ctx, a).is_some_and(|i| !i.is_zero())
}

/// A `cf.br` to `dest` with `operands`.
fn br_state(
    ctx: &Context,
    op: OpRef,
    ir: &Ir,
    dest: BlockRef,
    operands: &[Value],
) -> OperationState {
    let mut state = OperationState::new(ctx.op_name("cf.br"), ir.op_loc(op));
    state.operands.extend_from_slice(operands);
    state.successors.push(dest);
    state
}

/// A `cf.cond_br` keeping `op`'s branch weights.
fn cond_br_state(
    ir: &Ir,
    op: OpRef,
    cond: Value,
    true_dest: BlockRef,
    true_operands: &[Value],
    false_dest: BlockRef,
    false_operands: &[Value],
) -> OperationState {
    let ctx = ir.ctx();
    let mut state = OperationState::new(ctx.op_name("cf.cond_br"), ir.op_loc(op));
    state.operands.push(cond);
    state.operands.extend_from_slice(true_operands);
    state.operands.extend_from_slice(false_operands);
    state.successors.push(true_dest);
    state.successors.push(false_dest);
    let segments = mlir_ir::ods::preds::dense_int_array(
        ctx,
        32,
        &[1, true_operands.len() as i64, false_operands.len() as i64],
    );
    let mut props = Vec::new();
    if let Some(w) = ir.attr(op, "branch_weights") {
        props.push((ctx.ident("branch_weights"), w));
    }
    props.push((ctx.ident(mlir_ir::ods::spec::OPERAND_SEGMENTS), segments));
    state.properties = Some(ctx.dictionary_attr(&props));
    state
}

/// Replaces `op` by a `cf.br` to `dest` with `operands`.
fn replace_with_br(
    rw: &mut PatternRewriter<'_>,
    op: OpRef,
    dest: BlockRef,
    operands: &[Value],
) -> LogicalResult {
    let state = br_state(rw.ctx(), op, rw.ir(), dest, operands);
    rw.set_insertion_point_before(op);
    rw.replace_op_with_new_op(op, state);
    Ok(())
}

/// Upstream `collapseBranch`: if `successor` holds nothing but a `cf.br`
/// that uses the block's arguments only as its operands (and does not
/// branch back to `successor`), the destination and operands a branch to
/// `successor` with `operands` can go to directly. A successor whose
/// branch leads into a cycle of unconditional branches is left alone.
fn collapse_branch(
    ir: &Ir,
    successor: BlockRef,
    operands: &[Value],
) -> Option<(BlockRef, Vec<Value>)> {
    let term = ir.first_op(successor)?;
    if ir.last_op(successor) != Some(term) || ir.op_name_str(term) != "cf.br" {
        return None;
    }
    for arg in ir.arguments(successor) {
        if ir.users(arg).any(|u| u != term) {
            return None;
        }
    }
    let dest = ir.successor(term, 0);
    if dest == successor {
        return None;
    }
    // Nor to a chain of unconditional branches that comes back to a block
    // already seen: collapsing into a cycle would never reach a fixed point.
    let mut visited = vec![successor, dest];
    let mut next = ir.terminator(dest);
    while let Some(br) = next.filter(|&t| ir.op_name_str(t) == "cf.br") {
        let d = ir.successor(br, 0);
        if visited.contains(&d) {
            return None;
        }
        visited.push(d);
        next = ir.terminator(d);
    }
    let forwarded = ir
        .operands(term)
        .map(|v| match v.def() {
            mlir_ir::ValueDef::BlockArgument(b, i) if b == successor => operands[i as usize],
            _ => v,
        })
        .collect();
    Some((dest, forwarded))
}

// ----- cf.assert -----

/// An assertion on a constant true condition always holds: erase it.
fn assert_canonicalize(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let arg = rw.ir().operand(op, 0);
    if !is_one(rw.ctx(), rw.ir().value_constant(arg)) {
        return rw.notify_match_failure(op, || "assertion condition is not the constant true");
    }
    rw.erase_op(op);
    Ok(())
}

// ----- cf.br -----

/// `cf.br`'s canonicalize method: merge the destination into the current
/// block when this branch is its only predecessor, else skip a destination
/// that only branches on.
fn br_canonicalize(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    simplify_br_to_block_with_single_pred(op, rw).or_else(|()| simplify_pass_through_br(op, rw))
}

fn simplify_br_to_block_with_single_pred(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    let succ = ir.successor(op, 0);
    let parent = parent_block(ir, op).ok_or(())?;
    if succ == parent || ir.predecessors(succ).take(2).count() != 1 {
        return rw.notify_match_failure(op, || {
            "successor is the branch's own block or has other predecessors"
        });
    }
    let operands: Vec<Value> = ir.operands(op).collect();
    rw.erase_op(op);
    rw.merge_blocks(succ, parent, &operands);
    Ok(())
}

fn simplify_pass_through_br(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    let dest = ir.successor(op, 0);
    if Some(dest) == parent_block(ir, op) {
        return rw.notify_match_failure(op, || "branch targets its own block");
    }
    let operands: Vec<Value> = ir.operands(op).collect();
    let Some((dest, operands)) = collapse_branch(ir, dest, &operands) else {
        return rw.notify_match_failure(op, || "successor is not a block that only branches on");
    };
    replace_with_br(rw, op, dest, &operands)
}

// ----- cf.cond_br -----

/// The parts of a `cf.cond_br`.
struct CondBr {
    cond: Value,
    true_dest: BlockRef,
    true_operands: Vec<Value>,
    false_dest: BlockRef,
    false_operands: Vec<Value>,
}

fn cond_br_parts(ir: &Ir, op: OpRef) -> CondBr {
    let [c, t, f] = cond_br_segments(ir, op);
    let operands: Vec<Value> = ir.operands(op).collect();
    let t_end = (c + t).min(operands.len());
    let f_end = (t_end + f).min(operands.len());
    CondBr {
        cond: operands[0],
        true_dest: ir.successor(op, 0),
        true_operands: operands[c.min(t_end)..t_end].to_vec(),
        false_dest: ir.successor(op, 1),
        false_operands: operands[t_end..f_end].to_vec(),
    }
}

/// Adds a `cf.cond_br` pattern named as upstream's class in an anonymous
/// namespace.
fn add_cond_br(
    set: &mut RewritePatternSet,
    ctx: &Context,
    name: &'static str,
    f: fn(OpRef, &mut PatternRewriter<'_>) -> LogicalResult,
) {
    let p = Pattern::new(ctx, "cf.cond_br", 1).with_debug_name(name);
    set.add_fn(p, f);
}

fn cond_br_patterns(set: &mut RewritePatternSet, ctx: &Context) {
    add_cond_br(
        set,
        ctx,
        "(anonymous namespace)::SimplifyConstCondBranchPred",
        simplify_const_cond_branch_pred,
    );
    add_cond_br(
        set,
        ctx,
        "(anonymous namespace)::SimplifyPassThroughCondBranch",
        simplify_pass_through_cond_branch,
    );
    add_cond_br(
        set,
        ctx,
        "(anonymous namespace)::SimplifyCondBranchIdenticalSuccessors",
        simplify_cond_branch_identical_successors,
    );
    add_cond_br(
        set,
        ctx,
        "(anonymous namespace)::SimplifyCondBranchFromCondBranchOnSameCondition",
        simplify_cond_branch_from_cond_branch_on_same_condition,
    );
    add_cond_br(
        set,
        ctx,
        "(anonymous namespace)::CondBranchTruthPropagation",
        cond_branch_truth_propagation,
    );
}

/// `cf.cond_br` on a constant condition becomes a `cf.br` to the
/// destination taken.
fn simplify_const_cond_branch_pred(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let p = cond_br_parts(rw.ir(), op);
    let c = rw.ir().value_constant(p.cond);
    if is_non_zero(rw.ctx(), c) {
        return replace_with_br(rw, op, p.true_dest, &p.true_operands);
    }
    if is_zero(rw.ctx(), c) {
        return replace_with_br(rw, op, p.false_dest, &p.false_operands);
    }
    rw.notify_match_failure(op, || "condition is not a constant")
}

/// Successors that only branch on are skipped.
fn simplify_pass_through_cond_branch(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    let p = cond_br_parts(ir, op);
    let t = collapse_branch(ir, p.true_dest, &p.true_operands);
    let f = collapse_branch(ir, p.false_dest, &p.false_operands);
    if t.is_none() && f.is_none() {
        return rw
            .notify_match_failure(op, || "neither successor is a block that only branches on");
    }
    let (td, to) = t.unwrap_or((p.true_dest, p.true_operands));
    let (fd, fo) = f.unwrap_or((p.false_dest, p.false_operands));
    let state = cond_br_state(ir, op, p.cond, td, &to, fd, &fo);
    rw.set_insertion_point_before(op);
    rw.replace_op_with_new_op(op, state);
    Ok(())
}

/// Both edges go to the same block: a `cf.br`, with `arith.select`s for
/// operands that differ when this block is the destination's only
/// predecessor.
fn simplify_cond_branch_identical_successors(
    op: OpRef,
    rw: &mut PatternRewriter<'_>,
) -> LogicalResult {
    let ir = rw.ir();
    let p = cond_br_parts(ir, op);
    if p.true_dest != p.false_dest {
        return rw.notify_match_failure(op, || "successors differ");
    }
    if p.true_operands == p.false_operands {
        return replace_with_br(rw, op, p.true_dest, &p.true_operands);
    }
    if unique_predecessor(ir, p.true_dest) != parent_block(ir, op) {
        return rw.notify_match_failure(op, || "successor has other predecessors");
    }
    let loc = ir.op_loc(op);
    let select = rw.ctx().op_name("arith.select");
    rw.set_insertion_point_before(op);
    let mut merged = Vec::with_capacity(p.true_operands.len());
    for (&t, &f) in p.true_operands.iter().zip(&p.false_operands) {
        if t == f {
            merged.push(t);
            continue;
        }
        let mut state = OperationState::new(select, loc);
        state.operands.extend_from_slice(&[p.cond, t, f]);
        state.result_types.push(rw.ir().value_type(t));
        let s = rw.create(state);
        merged.push(rw.ir().result(s, 0));
    }
    replace_with_br(rw, op, p.true_dest, &merged)
}

/// A `cf.cond_br` whose block is reached only from a `cf.cond_br` on the
/// same condition takes the same direction.
fn simplify_cond_branch_from_cond_branch_on_same_condition(
    op: OpRef,
    rw: &mut PatternRewriter<'_>,
) -> LogicalResult {
    let ir = rw.ir();
    let current = parent_block(ir, op).ok_or(())?;
    let Some(pred) = single_predecessor(ir, current) else {
        return rw.notify_match_failure(op, || "block has no single predecessor");
    };
    let pred_br = ir.terminator(pred).ok_or(())?;
    if ir.op_name_str(pred_br) != "cf.cond_br" {
        return rw.notify_match_failure(op, || "single predecessor does not end in cf.cond_br");
    }
    let p = cond_br_parts(ir, op);
    if ir.operand(pred_br, 0) != p.cond {
        return rw.notify_match_failure(op, || "predecessor branches on another condition");
    }
    if ir.successor(pred_br, 0) == current {
        replace_with_br(rw, op, p.true_dest, &p.true_operands)
    } else {
        replace_with_br(rw, op, p.false_dest, &p.false_operands)
    }
}

/// Inside a destination reached only through this branch, the condition is
/// known: its uses there become `arith.constant true` / `false`.
fn cond_branch_truth_propagation(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let p = cond_br_parts(rw.ir(), op);
    let loc = rw.ir().op_loc(op);
    let mut replaced = false;
    for (dest, value) in [(p.true_dest, true), (p.false_dest, false)] {
        if single_predecessor(rw.ir(), dest).is_none() {
            continue;
        }
        let uses: Vec<_> = rw
            .ir()
            .uses(p.cond)
            .filter(|u| rw.ir().op_block(u.op) == Some(dest))
            .collect();
        if uses.is_empty() {
            continue;
        }
        replaced = true;
        let ctx = rw.ctx();
        let mut state = OperationState::new(ctx.op_name("arith.constant"), loc);
        state.result_types.push(ctx.i1_type());
        state.properties = Some(ctx.dictionary_attr(&[(ctx.ident("value"), ctx.bool_attr(value))]));
        rw.set_insertion_point_before(op);
        let c = rw.create(state);
        let c = rw.ir().result(c, 0);
        for u in uses {
            rw.modify_op_in_place(u.op, |m| m.set_operand(u.index as usize, c));
        }
    }
    if replaced {
        Ok(())
    } else {
        rw.notify_match_failure(op, || {
            "condition has no use in a successor reached only from this branch"
        })
    }
}

// ----- cf.switch -----

/// The parts of a `cf.switch`.
struct Switch {
    flag: Value,
    default_dest: BlockRef,
    default_operands: Vec<Value>,
    /// The case values attribute (`vector<N x T>`), if any.
    case_values_attr: Option<Attribute>,
    /// One attribute per case value.
    case_values: Vec<Attribute>,
    case_dests: Vec<BlockRef>,
    case_operands: Vec<Vec<Value>>,
}

fn switch_parts(ir: &Ir, op: OpRef) -> Switch {
    let s = super::SwitchOp(op);
    let case_values_attr = s.case_values_attr(ir);
    let case_values = case_values_attr
        .map(|a| elements(ir.ctx(), a).1)
        .unwrap_or_default();
    let all: Vec<Value> = s.case_operands(ir).collect();
    let mut start = 0usize;
    let mut case_operands = Vec::new();
    for n in segment_sizes(ir, op, "case_operand_segments") {
        let end = (start + n).min(all.len());
        case_operands.push(all[start.min(end)..end].to_vec());
        start = end;
    }
    let case_dests: Vec<BlockRef> = s.case_destinations(ir).collect();
    case_operands.resize(case_dests.len(), Vec::new());
    Switch {
        flag: s.flag(ir),
        default_dest: s.default_destination(ir),
        default_operands: s.default_operands(ir).collect(),
        case_values_attr,
        case_values,
        case_dests,
        case_operands,
    }
}

/// Replaces `op` by a `cf.switch` on `flag`; the case values become a
/// `vector<N x flag-type>` attribute, absent when there are none (upstream's
/// `ArrayRef<APInt>` builder).
fn replace_with_switch(
    rw: &mut PatternRewriter<'_>,
    op: OpRef,
    s: &Switch,
    case_values: &[Attribute],
    case_dests: &[BlockRef],
    case_operands: &[Vec<Value>],
) -> LogicalResult {
    let ir = rw.ir();
    let ctx = ir.ctx();
    let values_attr = if case_values.is_empty() {
        None
    } else if case_values.len() == s.case_values.len() && s.case_values_attr.is_some() {
        s.case_values_attr
    } else {
        let ty = ctx.vector_type(&[case_values.len() as i64], ir.value_type(s.flag));
        let mut elems = case_values.to_vec();
        if elems.iter().all(|&e| e == elems[0]) {
            elems.truncate(1);
        }
        Some(ctx.intern_attr(AttrKind::DenseElements {
            ty,
            elements: elems.into(),
        }))
    };
    let flat: Vec<Value> = case_operands.iter().flatten().copied().collect();
    let sizes: Vec<i64> = case_operands.iter().map(|o| o.len() as i64).collect();
    let mut state = OperationState::new(ctx.op_name("cf.switch"), ir.op_loc(op));
    state.operands.push(s.flag);
    state.operands.extend_from_slice(&s.default_operands);
    state.operands.extend_from_slice(&flat);
    let mut props = Vec::new();
    if let Some(a) = values_attr {
        props.push((ctx.ident("case_values"), a));
    }
    props.push((
        ctx.ident("case_operand_segments"),
        mlir_ir::ods::preds::dense_int_array(ctx, 32, &sizes),
    ));
    props.push((
        ctx.ident(mlir_ir::ods::spec::OPERAND_SEGMENTS),
        mlir_ir::ods::preds::dense_int_array(
            ctx,
            32,
            &[1, s.default_operands.len() as i64, flat.len() as i64],
        ),
    ));
    state.properties = Some(ctx.dictionary_attr(&props));
    state.successors.push(s.default_dest);
    state.successors.extend_from_slice(case_dests);
    rw.set_insertion_point_before(op);
    rw.replace_op_with_new_op(op, state);
    Ok(())
}

fn switch_patterns(set: &mut RewritePatternSet, ctx: &Context) {
    let fns: [fn(OpRef, &mut PatternRewriter<'_>) -> LogicalResult; 6] = [
        simplify_switch_with_only_default,
        drop_switch_cases_that_match_default,
        simplify_const_switch_value,
        simplify_pass_through_switch,
        simplify_switch_from_switch_on_same_condition,
        simplify_switch_from_default_switch_on_same_condition,
    ];
    for f in fns {
        set.add_fn(Pattern::new(ctx, "cf.switch", 1), f);
    }
}

/// A switch without cases is a `cf.br` to its default.
fn simplify_switch_with_only_default(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let s = switch_parts(rw.ir(), op);
    if !s.case_dests.is_empty() {
        return rw.notify_match_failure(op, || "switch has cases");
    }
    replace_with_br(rw, op, s.default_dest, &s.default_operands)
}

/// Cases that go where the default goes, with the same operands, are
/// dropped.
fn drop_switch_cases_that_match_default(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let s = switch_parts(rw.ir(), op);
    let mut values = Vec::new();
    let mut dests = Vec::new();
    let mut operands = Vec::new();
    let mut changed = false;
    for (i, &v) in s.case_values.iter().enumerate() {
        if s.case_dests[i] == s.default_dest && s.case_operands[i] == s.default_operands {
            changed = true;
            continue;
        }
        values.push(v);
        dests.push(s.case_dests[i]);
        operands.push(s.case_operands[i].clone());
    }
    if !changed {
        return rw.notify_match_failure(op, || "no case goes where the default goes");
    }
    replace_with_switch(rw, op, &s, &values, &dests, &operands)
}

/// The integer value of an integer attribute.
fn int_value(ctx: &Context, a: Attribute) -> Option<&mlir_ir::ApInt> {
    match ctx.attr(a) {
        AttrKind::Integer { value, .. } => Some(value),
        _ => None,
    }
}

/// Upstream `foldSwitch`: replaces `op` by a `cf.br` to the case of
/// `value`, or to the default if no case matches.
fn fold_switch(
    rw: &mut PatternRewriter<'_>,
    op: OpRef,
    s: &Switch,
    value: &mlir_ir::ApInt,
) -> LogicalResult {
    let ctx = rw.ctx();
    let hit = s
        .case_values
        .iter()
        .position(|&c| int_value(ctx, c) == Some(value));
    match hit {
        Some(i) => {
            let (d, o) = (s.case_dests[i], s.case_operands[i].clone());
            replace_with_br(rw, op, d, &o)
        }
        None => replace_with_br(rw, op, s.default_dest, &s.default_operands),
    }
}

/// A switch on a constant becomes a `cf.br` to the case taken.
fn simplify_const_switch_value(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let s = switch_parts(rw.ir(), op);
    let Some(c) = rw.ir().value_constant(s.flag) else {
        return rw.notify_match_failure(op, || "flag is not a constant");
    };
    let Some(value) = int_value(rw.ctx(), c).cloned() else {
        return rw.notify_match_failure(op, || "flag is not an integer constant");
    };
    fold_switch(rw, op, &s, &value)
}

/// Successors that only branch on are skipped.
fn simplify_pass_through_switch(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    let s = switch_parts(ir, op);
    let mut changed = false;
    let mut dests = Vec::new();
    let mut operands = Vec::new();
    for (i, &d) in s.case_dests.iter().enumerate() {
        match collapse_branch(ir, d, &s.case_operands[i]) {
            Some((nd, no)) => {
                changed = true;
                dests.push(nd);
                operands.push(no);
            }
            None => {
                dests.push(d);
                operands.push(s.case_operands[i].clone());
            }
        }
    }
    let mut s2 = Switch {
        flag: s.flag,
        default_dest: s.default_dest,
        default_operands: s.default_operands.clone(),
        case_values_attr: s.case_values_attr,
        case_values: s.case_values.clone(),
        case_dests: Vec::new(),
        case_operands: Vec::new(),
    };
    if let Some((nd, no)) = collapse_branch(ir, s.default_dest, &s.default_operands) {
        changed = true;
        s2.default_dest = nd;
        s2.default_operands = no;
    }
    if !changed {
        return rw.notify_match_failure(op, || "no successor is a block that only branches on");
    }
    replace_with_switch(rw, op, &s2, &s.case_values, &dests, &operands)
}

/// The predecessor's `cf.switch` on the same flag, if this block is
/// reached only from one.
fn pred_switch_on_same_flag(ir: &Ir, op: OpRef, flag: Value) -> Option<(BlockRef, Switch)> {
    let current = parent_block(ir, op)?;
    let pred = single_predecessor(ir, current)?;
    let term = ir.terminator(pred)?;
    if ir.op_name_str(term) != "cf.switch" {
        return None;
    }
    let ps = switch_parts(ir, term);
    (ps.flag == flag).then_some((current, ps))
}

/// A switch reached through a non-default case of a switch on the same
/// flag knows the flag's value.
fn simplify_switch_from_switch_on_same_condition(
    op: OpRef,
    rw: &mut PatternRewriter<'_>,
) -> LogicalResult {
    let s = switch_parts(rw.ir(), op);
    let Some((current, ps)) = pred_switch_on_same_flag(rw.ir(), op, s.flag) else {
        return rw.notify_match_failure(op, || {
            "block is not reached only from a cf.switch on the same flag"
        });
    };
    if ps.default_dest == current {
        return rw.notify_match_failure(op, || {
            "block is reached through the default of the predecessor's switch"
        });
    }
    match ps.case_dests.iter().position(|&d| d == current) {
        Some(i) => {
            let value = int_value(rw.ctx(), ps.case_values[i]).ok_or(())?.clone();
            fold_switch(rw, op, &s, &value)
        }
        None => replace_with_br(rw, op, s.default_dest, &s.default_operands),
    }
}

/// A switch reached through the default of a switch on the same flag drops
/// the cases that switch already handled elsewhere.
fn simplify_switch_from_default_switch_on_same_condition(
    op: OpRef,
    rw: &mut PatternRewriter<'_>,
) -> LogicalResult {
    let s = switch_parts(rw.ir(), op);
    let Some((current, ps)) = pred_switch_on_same_flag(rw.ir(), op, s.flag) else {
        return rw.notify_match_failure(op, || {
            "block is not reached only from a cf.switch on the same flag"
        });
    };
    if ps.default_dest != current {
        return rw.notify_match_failure(op, || {
            "block is reached through a case of the predecessor's switch"
        });
    }
    let ctx = rw.ctx();
    let to_remove: Vec<&mlir_ir::ApInt> = ps
        .case_values
        .iter()
        .zip(&ps.case_dests)
        .filter(|(_, &d)| d != current)
        .filter_map(|(&v, _)| int_value(ctx, v))
        .collect();
    let mut values = Vec::new();
    let mut dests = Vec::new();
    let mut operands = Vec::new();
    let mut changed = false;
    for (i, &v) in s.case_values.iter().enumerate() {
        if int_value(ctx, v).is_some_and(|x| to_remove.contains(&x)) {
            changed = true;
            continue;
        }
        values.push(v);
        dests.push(s.case_dests[i]);
        operands.push(s.case_operands[i].clone());
    }
    if !changed {
        return rw.notify_match_failure(op, || {
            "no case value is one the predecessor's switch already handles"
        });
    }
    replace_with_switch(rw, op, &s, &values, &dests, &operands)
}
