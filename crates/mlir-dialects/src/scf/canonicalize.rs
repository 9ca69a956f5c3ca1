//! Canonicalization patterns of the `scf` ops, after upstream's SCF.cpp
//! (mlir-opt 22's set): for `scf.if`, `CombineIfs`, `CombineNestedIfs`,
//! `ConditionPropagation`, `ConvertTrivialIfToSelect`,
//! `RemoveEmptyElseBranch`, `RemoveStaticCondition` and
//! `ReplaceIfYieldWithConditionOrValue`, and its fold; for `scf.for`,
//! `ForOpTensorCastFolder` and `SimplifyTrivialLoops`; for
//! `scf.execute_region`, `SingleBlockExecuteInliner` and
//! `MultiBlockExecuteInliner`; for `scf.index_switch`, `FoldConstantCase`;
//! for `scf.while`, `WhileConditionTruth`, `WhileCmpCond`,
//! `WhileOpAlignBeforeArgs` and `WhileMoveIfDown`; for `scf.parallel`,
//! `ParallelOpSingleOrZeroIterationDimsFolder` and
//! `MergeNestedParallelLoops`. `scf.for`, `scf.while`, `scf.if`,
//! `scf.index_switch` and `scf.execute_region` also get the generic
//! region-branch patterns of `region_branch.rs` (which remove unused,
//! duplicated and forwarded loop and result values); `scf.forall`'s
//! patterns are in `forall_canonicalize.rs`.
//!
//! Debug names are upstream's: classes in an anonymous namespace as
//! `llvm::getTypeName` spells them, the bare class name for those upstream
//! declares outside any namespace.

use super::ops::{ExecuteRegionOp, ForOp, ForallOp, IfOp, IndexSwitchOp, ParallelOp, WhileOp};
use mlir_ir::{AttrKind, Context, Ir, OpRef, OperationState, RegionRef, Value};

use super::forall_canonicalize::{self as forall, Ofr};
use super::region_branch;
use mlir_rewrite::{LogicalResult, Pattern, PatternRewriter, RewritePatternSet};

// The hooks `td/SCF.td` declares (`hasCanonicalizer`, `hasFolder`).
mlir_rewrite::canonicalization_hooks! {
    IfOp => if_patterns,
    ForOp => for_patterns,
    ExecuteRegionOp => execute_region_patterns,
    IndexSwitchOp => index_switch_patterns,
    WhileOp => while_patterns,
    ParallelOp => parallel_patterns,
    ForallOp => forall_patterns,
}

mlir_ir::multi_result_fold_hooks! {
    IfOp => fold_if,
}

/// A pattern's `matchAndRewrite`.
type PatternFn = fn(OpRef, &mut PatternRewriter<'_>) -> LogicalResult;

fn add(
    set: &mut RewritePatternSet,
    ctx: &Context,
    root: &str,
    name: &'static str,
    f: fn(OpRef, &mut PatternRewriter<'_>) -> LogicalResult,
) {
    set.add_fn(Pattern::new(ctx, root, 1).with_debug_name(name), f);
}

fn if_patterns(set: &mut RewritePatternSet, ctx: &Context) {
    // Upstream's registration order, which decides between patterns of
    // equal benefit.
    add(
        set,
        ctx,
        "scf.if",
        "(anonymous namespace)::CombineIfs",
        combine_ifs,
    );
    add(
        set,
        ctx,
        "scf.if",
        "(anonymous namespace)::CombineNestedIfs",
        combine_nested_ifs,
    );
    add(
        set,
        ctx,
        "scf.if",
        "(anonymous namespace)::ConditionPropagation",
        condition_propagation,
    );
    add(
        set,
        ctx,
        "scf.if",
        "(anonymous namespace)::ConvertTrivialIfToSelect",
        convert_trivial_if_to_select,
    );
    add(
        set,
        ctx,
        "scf.if",
        "(anonymous namespace)::RemoveEmptyElseBranch",
        remove_empty_else_branch,
    );
    add(
        set,
        ctx,
        "scf.if",
        "(anonymous namespace)::RemoveStaticCondition",
        remove_static_condition,
    );
    add(
        set,
        ctx,
        "scf.if",
        "(anonymous namespace)::ReplaceIfYieldWithConditionOrValue",
        replace_if_yield_with_condition_or_value,
    );
    add_region_branch_patterns(set, ctx, "scf.if");
}

fn for_patterns(set: &mut RewritePatternSet, ctx: &Context) {
    add(
        set,
        ctx,
        "scf.for",
        "(anonymous namespace)::ForOpTensorCastFolder",
        for_op_tensor_cast_folder,
    );
    add(
        set,
        ctx,
        "scf.for",
        "(anonymous namespace)::SimplifyTrivialLoops",
        simplify_trivial_loops,
    );
    add_region_branch_patterns(set, ctx, "scf.for");
}

/// mlir-opt 22's `populateRegionBranchOpInterfaceCanonicalizationPatterns`
/// for op `root` (see `region_branch.rs`).
fn add_region_branch_patterns(set: &mut RewritePatternSet, ctx: &Context, root: &str) {
    let patterns: [(&'static str, PatternFn); 3] = [
        (
            "(anonymous namespace)::MakeRegionBranchOpSuccessorInputsDead",
            region_branch::make_successor_inputs_dead,
        ),
        (
            "(anonymous namespace)::RemoveDuplicateSuccessorInputUses",
            region_branch::remove_duplicate_successor_input_uses,
        ),
        (
            "(anonymous namespace)::RemoveDeadRegionBranchOpSuccessorInputs",
            region_branch::remove_dead_successor_inputs,
        ),
    ];
    for (name, f) in patterns {
        add(set, ctx, root, name, f);
    }
}

fn execute_region_patterns(set: &mut RewritePatternSet, ctx: &Context) {
    // Upstream declares these two outside any namespace, so their debug
    // names are the bare class names.
    add(
        set,
        ctx,
        "scf.execute_region",
        "SingleBlockExecuteInliner",
        single_block_execute_inliner,
    );
    add(
        set,
        ctx,
        "scf.execute_region",
        "MultiBlockExecuteInliner",
        multi_block_execute_inliner,
    );
    add_region_branch_patterns(set, ctx, "scf.execute_region");
}

fn while_patterns(set: &mut RewritePatternSet, ctx: &Context) {
    let patterns: [(&'static str, PatternFn); 4] = [
        (
            "(anonymous namespace)::WhileConditionTruth",
            while_condition_truth,
        ),
        ("(anonymous namespace)::WhileCmpCond", while_cmp_cond),
        (
            "(anonymous namespace)::WhileOpAlignBeforeArgs",
            while_op_align_before_args,
        ),
        ("(anonymous namespace)::WhileMoveIfDown", while_move_if_down),
    ];
    for (name, f) in patterns {
        add(set, ctx, "scf.while", name, f);
    }
    add_region_branch_patterns(set, ctx, "scf.while");
}

fn forall_patterns(set: &mut RewritePatternSet, ctx: &Context) {
    // Upstream's registration order; the first is rooted at `tensor.dim`.
    add(
        set,
        ctx,
        "tensor.dim",
        "(anonymous namespace)::DimOfForallOp",
        forall::dim_of_forall,
    );
    let patterns: [(&'static str, PatternFn); 5] = [
        (
            "(anonymous namespace)::FoldTensorCastOfOutputIntoForallOp",
            forall::fold_tensor_cast_of_output,
        ),
        (
            "(anonymous namespace)::ForallOpControlOperandsFolder",
            forall::control_operands_folder,
        ),
        (
            "(anonymous namespace)::ForallOpIterArgsFolder",
            forall::iter_args_folder,
        ),
        (
            "(anonymous namespace)::ForallOpSingleOrZeroIterationDimsFolder",
            forall::single_or_zero_iteration_dims,
        ),
        (
            "(anonymous namespace)::ForallOpReplaceConstantInductionVar",
            forall::replace_constant_induction_var,
        ),
    ];
    for (name, f) in patterns {
        add(set, ctx, "scf.forall", name, f);
    }
}

fn parallel_patterns(set: &mut RewritePatternSet, ctx: &Context) {
    add(
        set,
        ctx,
        "scf.parallel",
        "(anonymous namespace)::ParallelOpSingleOrZeroIterationDimsFolder",
        parallel_single_or_zero_iteration_dims,
    );
    add(
        set,
        ctx,
        "scf.parallel",
        "(anonymous namespace)::MergeNestedParallelLoops",
        merge_nested_parallel_loops,
    );
}

fn index_switch_patterns(set: &mut RewritePatternSet, ctx: &Context) {
    // Declared outside any namespace upstream: the bare class name.
    add(
        set,
        ctx,
        "scf.index_switch",
        "FoldConstantCase",
        fold_constant_case,
    );
    add_region_branch_patterns(set, ctx, "scf.index_switch");
}

/// The single block of `region`, if it has exactly one.
fn single_block(ir: &Ir, region: RegionRef) -> Option<mlir_ir::BlockRef> {
    let b = ir.first_block(region)?;
    (ir.last_block(region) == Some(b)).then_some(b)
}

/// Upstream `replaceOpWithRegion`: inlines the single block of `region`
/// before `op` (its arguments bound to `args`) and replaces `op` by what
/// the block's terminator yields; the terminator goes away.
fn replace_op_with_region(
    rw: &mut PatternRewriter<'_>,
    op: OpRef,
    region: RegionRef,
    args: &[Value],
) -> LogicalResult {
    let block = single_block(rw.ir(), region).ok_or(())?;
    let term = rw.ir().terminator(block).ok_or(())?;
    rw.inline_block_before_op(block, op, args);
    // The terminator's operands are read after inlining: a yielded block
    // argument has been replaced by its value from `args` by then, while
    // the argument itself is gone with its block.
    let results: Vec<Value> = rw.ir().operands(term).collect();
    rw.replace_op(op, &results);
    rw.erase_op(term);
    Ok(())
}

// ----- scf.if -----

/// `scf.if`'s fold (upstream `IfOp::fold`): `if (!c) A else B` becomes
/// `if c B else A` in place when the condition is an `arith.xori` with a
/// one and there is an else region.
pub(crate) fn fold_if(
    cx: &mut mlir_ir::FoldCtx<'_>,
    _results: &mut smallvec::SmallVec<[mlir_ir::OpFoldResult; 1]>,
) -> Result<(), ()> {
    let ir = cx.ir;
    if ir.first_block(ir.region(cx.op, 1)).is_none() {
        return Err(());
    }
    let lhs = negated(ir, cx.operand(0)).ok_or(())?;
    cx.update_in_place(mlir_ir::InPlaceEdit::SetOperand(0, lhs));
    cx.update_in_place(mlir_ir::InPlaceEdit::SwapRegions(0, 1));
    Ok(())
}

/// An `scf.if` without results whose else block holds only its yield loses
/// the else region.
fn remove_empty_else_branch(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    if ir.num_results(op) != 0 {
        return rw.notify_match_failure(op, || "the op has results");
    }
    let else_region = ir.region(op, 1);
    let Some(else_block) = ir.first_block(else_region) else {
        return rw.notify_match_failure(op, || "there is no else region");
    };
    if ir.first_op(else_block) != ir.last_op(else_block) {
        return rw.notify_match_failure(op, || "the else region is not empty");
    }
    // A copy of the op without regions receives the then region.
    let mut state = OperationState::new(ir.op_name(op), ir.op_loc(op));
    state.operands.extend(ir.operands(op));
    state.properties = ir.op_properties(op);
    state.attributes = Some(ir.op_attributes(op));
    state.num_empty_regions = ir.regions(op).len() as u32;
    let then_region = ir.region(op, 0);
    rw.set_insertion_point_before(op);
    let new_op = rw.create(state);
    let new_then = rw.ir().region(new_op, 0);
    rw.inline_region_before(then_region, new_then, None);
    rw.erase_op(op);
    Ok(())
}

/// An `scf.if` on a constant condition becomes the region taken.
fn remove_static_condition(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    let Some(cond) = ir.value_constant(ir.operand(op, 0)) else {
        return rw.notify_match_failure(op, || "the condition is not a constant");
    };
    let taken = match ir.ctx().attr(cond) {
        AttrKind::Integer { value, ty } if ir.ctx().int_or_index_width(*ty) == Some(1) => {
            !value.is_zero()
        }
        _ => return rw.notify_match_failure(op, || "the condition is not a constant i1"),
    };
    let (then_region, else_region) = (ir.region(op, 0), ir.region(op, 1));
    if taken {
        replace_op_with_region(rw, op, then_region, &[])
    } else if ir.first_block(else_region).is_some() {
        replace_op_with_region(rw, op, else_region, &[])
    } else {
        rw.erase_op(op);
        Ok(())
    }
}

/// An empty `scf.if` on `cond` with two empty regions, created at the
/// insertion point.
fn create_if(
    rw: &mut PatternRewriter<'_>,
    loc: mlir_ir::Location,
    cond: Value,
    types: &[mlir_ir::Type],
) -> OpRef {
    let mut state = OperationState::new(rw.ctx().op_name("scf.if"), loc);
    state.operands.push(cond);
    state.result_types.extend_from_slice(types);
    state.num_empty_regions = 2;
    rw.create(state)
}

/// `v` is `arith.xori %x, <one>`: returns `%x` (a negation).
fn negated(ir: &Ir, v: Value) -> Option<Value> {
    let d = v.defining_op()?;
    if ir.op_name_str(d) != "arith.xori" {
        return None;
    }
    let rhs = ir.value_constant(ir.operand(d, 1));
    crate::arith::fold::is_one(ir.ctx(), rhs).then(|| ir.operand(d, 0))
}

/// Whether `region` is `ancestor` or nested in it.
fn region_within(ir: &Ir, mut region: Option<RegionRef>, ancestor: RegionRef) -> bool {
    while let Some(r) = region {
        if r == ancestor {
            return true;
        }
        region = ir.region_parent_op(r).and_then(|o| ir.op_parent_region(o));
    }
    false
}

/// Two consecutive `scf.if`s on the same (or the negated) condition become
/// one.
fn combine_ifs(next_if: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    let block = ir.op_block(next_if).ok_or(())?;
    if ir.first_op(block) == Some(next_if) {
        return rw.notify_match_failure(next_if, || "the op is the first in its block");
    }
    let prev_if = ir.prev_op(next_if).ok_or(())?;
    if ir.op_name_str(prev_if) != "scf.if" {
        return rw.notify_match_failure(next_if, || "the op before is not an scf.if");
    }
    let (prev_cond, next_cond) = (ir.operand(prev_if, 0), ir.operand(next_if, 0));
    let next_then_block = ir.last_block(ir.region(next_if, 0));
    let next_else_block = ir.last_block(ir.region(next_if, 1));
    let (mut next_then, mut next_else) = (None, None);
    if next_cond == prev_cond {
        next_then = next_then_block;
        next_else = next_else_block;
    }
    if negated(ir, next_cond) == Some(prev_cond) || negated(ir, prev_cond) == Some(next_cond) {
        next_else = next_then_block;
        next_then = next_else_block;
    }
    if next_then.is_none() && next_else.is_none() {
        return rw.notify_match_failure(next_if, || {
            "the conditions are neither the same nor negations of each other"
        });
    }
    let prev_then_yield = region_yield(ir, ir.region(prev_if, 0)).ok_or(())?;
    let prev_else_yielded: Vec<Value> = match region_yield(ir, ir.region(prev_if, 1)) {
        Some(y) => ir.operands(y).collect(),
        None => Vec::new(),
    };
    // Uses of the first op's results inside the second one's regions see
    // the values yielded on the same side.
    let mut rewires = Vec::new();
    for (i, (t, &e)) in ir
        .operands(prev_then_yield)
        .zip(&prev_else_yielded)
        .enumerate()
    {
        for u in ir.uses(ir.result(prev_if, i)) {
            let r = ir.op_parent_region(u.op);
            let in_then = next_then
                .and_then(|b| ir.block_parent_region(b))
                .is_some_and(|p| region_within(ir, r, p));
            let in_else = next_else
                .and_then(|b| ir.block_parent_region(b))
                .is_some_and(|p| region_within(ir, r, p));
            if in_then {
                rewires.push((u, t));
            } else if in_else {
                rewires.push((u, e));
            }
        }
    }
    let mut types: Vec<mlir_ir::Type> = ir.results(prev_if).map(|v| ir.value_type(v)).collect();
    types.extend(ir.results(next_if).map(|v| ir.value_type(v)));
    let n_prev = ir.num_results(prev_if);
    let loc = ir.op_loc(next_if);
    let (prev_then_r, prev_else_r) = (ir.region(prev_if, 0), ir.region(prev_if, 1));
    for (u, v) in rewires {
        rw.modify_op_in_place(u.op, |m| m.set_operand(u.index as usize, v));
    }
    rw.set_insertion_point_before(next_if);
    let combined = create_if(rw, loc, prev_cond, &types);
    let (c_then, c_else) = (rw.ir().region(combined, 0), rw.ir().region(combined, 1));
    rw.inline_region_before(prev_then_r, c_then, None);
    if let Some(nt) = next_then {
        merge_with_yields(rw, nt, c_then)?;
    }
    rw.inline_region_before(prev_else_r, c_else, None);
    if let Some(ne) = next_else {
        if rw.ir().first_block(c_else).is_none() {
            let r = rw.ir().block_parent_region(ne).ok_or(())?;
            rw.inline_region_before(r, c_else, None);
        } else {
            merge_with_yields(rw, ne, c_else)?;
        }
    }
    let results: Vec<Value> = rw.ir().results(combined).collect();
    rw.replace_op(prev_if, &results[..n_prev]);
    rw.replace_op(next_if, &results[n_prev..]);
    Ok(())
}

/// Appends `block` (ending in a yield) to the last block of `region`
/// (ending in a yield too): one yield with both operand lists remains, at
/// the location of `block`'s yield.
fn merge_with_yields(
    rw: &mut PatternRewriter<'_>,
    block: mlir_ir::BlockRef,
    region: RegionRef,
) -> LogicalResult {
    let dest = rw.ir().last_block(region).ok_or(())?;
    let first_yield = rw.ir().terminator(dest).ok_or(())?;
    let second_yield = rw.ir().terminator(block).ok_or(())?;
    rw.merge_blocks(block, dest, &[]);
    let mut operands: Vec<Value> = rw.ir().operands(first_yield).collect();
    operands.extend(rw.ir().operands(second_yield));
    let mut state =
        OperationState::new(rw.ir().op_name(second_yield), rw.ir().op_loc(second_yield));
    state.operands.extend_from_slice(&operands);
    rw.set_insertion_point_to_end(dest);
    rw.create(state);
    rw.erase_op(first_yield);
    rw.erase_op(second_yield);
    Ok(())
}

/// An `scf.if` whose then block holds only another `scf.if` (and whose
/// else blocks, if any, only yield) becomes one `scf.if` on the `arith.andi`
/// of both conditions.
fn combine_nested_ifs(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    let then_block = ir.last_block(ir.region(op, 0)).ok_or(())?;
    let then_yield = ir.terminator(then_block).ok_or(())?;
    let nested = ir.first_op(then_block).ok_or(())?;
    if nested == then_yield || ir.next_op(nested) != Some(then_yield) {
        return rw.notify_match_failure(op, || {
            "the then block holds more than one op besides its yield"
        });
    }
    let else_block = ir.last_block(ir.region(op, 1));
    if let Some(b) = else_block {
        if ir.first_op(b) != ir.last_op(b) {
            return rw.notify_match_failure(op, || "the else block is not empty");
        }
    }
    if ir.op_name_str(nested) != "scf.if" {
        return rw.notify_match_failure(op, || "the op in the then block is not an scf.if");
    }
    let nested_else = ir.last_block(ir.region(nested, 1));
    if let Some(b) = nested_else {
        if ir.first_op(b) != ir.last_op(b) {
            return rw
                .notify_match_failure(op, || "the else block of the nested scf.if is not empty");
        }
    }
    let mut then_values: Vec<Value> = ir.operands(then_yield).collect();
    let else_values: Vec<Value> = match else_block.and_then(|b| ir.terminator(b)) {
        Some(y) => ir.operands(y).collect(),
        None => Vec::new(),
    };
    let nested_then_block = ir.last_block(ir.region(nested, 0)).ok_or(())?;
    let nested_then_yield = ir.terminator(nested_then_block).ok_or(())?;
    let then_region = ir.region(op, 0);
    let mut to_select = Vec::new();
    for (i, v) in then_values.clone().into_iter().enumerate() {
        if v.defining_op() == Some(nested) {
            let k = v.number() as usize;
            let nested_else_yield = nested_else.and_then(|b| ir.terminator(b)).ok_or(())?;
            if Some(&ir.operand(nested_else_yield, k)) != else_values.get(i) {
                return rw.notify_match_failure(op, || "a value the nested scf.if yields on its else side differs from the outer else value");
            }
            then_values[i] = ir.operand(nested_then_yield, k);
            continue;
        }
        if def_region(ir, v) == Some(then_region) {
            return rw.notify_match_failure(op, || "a yielded value is defined in the then region");
        }
        to_select.push(i);
    }
    let loc = ir.op_loc(op);
    let (outer_cond, inner_cond) = (ir.operand(op, 0), ir.operand(nested, 0));
    let types: Vec<mlir_ir::Type> = ir.results(op).map(|v| ir.value_type(v)).collect();
    let ctx = rw.ctx();
    let mut and = OperationState::new(ctx.op_name("arith.andi"), loc);
    and.operands.extend_from_slice(&[outer_cond, inner_cond]);
    and.result_types.push(ctx.i1_type());
    rw.set_insertion_point_before(op);
    let and = rw.create(and);
    let cond = rw.ir().result(and, 0);
    let new_if = create_if(rw, loc, cond, &types);
    let new_then = rw.ir().region(new_if, 0);
    let new_block = rw.create_block(new_then, None, &[], &[]);
    let mut results: Vec<Value> = rw.ir().results(new_if).collect();
    rw.set_insertion_point_before(new_if);
    let select = rw.ctx().op_name("arith.select");
    for i in to_select {
        let mut s = OperationState::new(select, loc);
        s.operands
            .extend_from_slice(&[outer_cond, then_values[i], else_values[i]]);
        s.result_types.push(rw.ir().value_type(then_values[i]));
        let s = rw.create(s);
        results[i] = rw.ir().result(s, 0);
    }
    rw.merge_blocks(nested_then_block, new_block, &[]);
    let merged_yield = rw.ir().terminator(new_block).ok_or(())?;
    rw.set_insertion_point_to_end(new_block);
    let mut y = OperationState::new(rw.ir().op_name(merged_yield), rw.ir().op_loc(merged_yield));
    y.operands.extend_from_slice(&then_values);
    rw.replace_op_with_new_op(merged_yield, y);
    if !else_values.is_empty() {
        let new_else = rw.ir().region(new_if, 1);
        let b = rw.create_block(new_else, None, &[], &[]);
        rw.set_insertion_point_to_end(b);
        let mut y = OperationState::new(rw.ir().op_name(then_yield), loc);
        y.operands.extend_from_slice(&else_values);
        rw.create(y);
    }
    rw.replace_op(op, &results);
    Ok(())
}

/// The region holding the block that defines `v`.
fn def_region(ir: &Ir, v: Value) -> Option<RegionRef> {
    ir.value_parent_region(v)
}

/// The yield ending the last block of `region`.
fn region_yield(ir: &Ir, region: RegionRef) -> Option<OpRef> {
    ir.terminator(ir.last_block(region)?)
}

/// An `arith.constant` of the `i1` value `value` at the insertion point.
fn i1_constant(rw: &mut PatternRewriter<'_>, loc: mlir_ir::Location, value: bool) -> Value {
    let ctx = rw.ctx();
    let mut state = OperationState::new(ctx.op_name("arith.constant"), loc);
    state.result_types.push(ctx.i1_type());
    state.properties = Some(ctx.dictionary_attr(&[(ctx.ident("value"), ctx.bool_attr(value))]));
    let c = rw.create(state);
    rw.ir().result(c, 0)
}

/// Inside the then region the condition is true, inside the else region
/// false: its uses there (at any depth) become constants.
fn condition_propagation(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    let cond = ir.operand(op, 0);
    if ir.value_constant(cond).is_some() {
        return rw.notify_match_failure(op, || "the condition is a constant");
    }
    let (then_r, else_r) = (ir.region(op, 0), ir.region(op, 1));
    let end = def_region(ir, cond);
    // Which region of `op` each use sits in, if any.
    let side = |user: OpRef| -> Option<bool> {
        let mut r = ir.op_parent_region(user);
        while r != end {
            let reg = r?;
            if reg == then_r {
                return Some(true);
            }
            if reg == else_r {
                return Some(false);
            }
            r = ir
                .region_parent_op(reg)
                .and_then(|o| ir.op_parent_region(o));
        }
        None
    };
    let uses: Vec<(mlir_ir::OpOperand, bool)> = ir
        .uses(cond)
        .filter_map(|u| side(u.op).map(|s| (u, s)))
        .collect();
    if uses.is_empty() {
        return rw.notify_match_failure(op, || "the condition has no use in the regions");
    }
    let loc = ir.op_loc(op);
    let (mut t, mut f) = (None, None);
    rw.set_insertion_point_before(op);
    for (u, s) in uses {
        let slot = if s { &mut t } else { &mut f };
        let c = match *slot {
            Some(c) => c,
            None => {
                let c = i1_constant(rw, loc, s);
                *slot = Some(c);
                c
            }
        };
        rw.modify_op_in_place(u.op, |m| m.set_operand(u.index as usize, c));
    }
    Ok(())
}

/// Results whose yielded values are both defined outside the `scf.if`
/// become `arith.select`s (or the value itself when both are the same);
/// a new `scf.if` keeps the others.
fn convert_trivial_if_to_select(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    let n = ir.num_results(op);
    if n == 0 {
        return rw.notify_match_failure(op, || "the op has no results");
    }
    let cond = ir.operand(op, 0);
    let (then_r, else_r) = (ir.region(op, 0), ir.region(op, 1));
    let then_yield = region_yield(ir, then_r).ok_or(())?;
    let else_yield = region_yield(ir, else_r).ok_or(())?;
    let pairs: Vec<(Value, Value)> = ir
        .operands(then_yield)
        .zip(ir.operands(else_yield))
        .collect();
    if pairs.len() != n {
        return rw.notify_match_failure(op, || "the yields do not match the results");
    }
    let inside: Vec<bool> = pairs
        .iter()
        .map(|&(t, f)| def_region(ir, t) == Some(then_r) || def_region(ir, f) == Some(else_r))
        .collect();
    let non_hoistable: Vec<mlir_ir::Type> = pairs
        .iter()
        .zip(&inside)
        .filter(|(_, &i)| i)
        .map(|(&(t, _), _)| ir.value_type(t))
        .collect();
    if non_hoistable.len() == n {
        return rw.notify_match_failure(op, || {
            "every yielded value is defined in the region that yields it"
        });
    }
    let loc = ir.op_loc(op);
    let mut state = OperationState::new(ir.op_name(op), loc);
    state.operands.push(cond);
    state.result_types.extend_from_slice(&non_hoistable);
    state.num_empty_regions = 2;
    rw.set_insertion_point_before(op);
    let new_op = rw.create(state);
    let (new_then, new_else) = (rw.ir().region(new_op, 0), rw.ir().region(new_op, 1));
    rw.inline_region_before(then_r, new_then, None);
    rw.inline_region_before(else_r, new_else, None);
    rw.set_insertion_point_before(new_op);
    let select = rw.ctx().op_name("arith.select");
    let mut results = Vec::with_capacity(n);
    let (mut true_yields, mut false_yields) = (Vec::new(), Vec::new());
    for (&(t, f), &i) in pairs.iter().zip(&inside) {
        if i {
            results.push(rw.ir().result(new_op, true_yields.len()));
            true_yields.push(t);
            false_yields.push(f);
        } else if t == f {
            results.push(t);
        } else {
            let mut s = OperationState::new(select, loc);
            s.operands.extend_from_slice(&[cond, t, f]);
            s.result_types.push(rw.ir().value_type(t));
            let s = rw.create(s);
            results.push(rw.ir().result(s, 0));
        }
    }
    for (y, values) in [(then_yield, true_yields), (else_yield, false_yields)] {
        let block = rw.ir().op_block(y).ok_or(())?;
        rw.set_insertion_point_to_end(block);
        let mut state = OperationState::new(rw.ir().op_name(y), rw.ir().op_loc(y));
        state.operands.extend_from_slice(&values);
        rw.replace_op_with_new_op(y, state);
    }
    rw.replace_op(op, &results);
    Ok(())
}

/// The value of a constant `i1` (a `BoolAttr`).
fn const_bool(ir: &Ir, v: Value) -> Option<bool> {
    let a = ir.value_constant(v)?;
    match ir.ctx().attr(a) {
        AttrKind::Integer { value, ty } if ir.ctx().int_or_index_width(*ty) == Some(1) => {
            Some(!value.is_zero())
        }
        _ => None,
    }
}

/// Results yielding the same value on both sides become that value;
/// results yielding `true`/`false` become the condition, and
/// `false`/`true` its negation.
fn replace_if_yield_with_condition_or_value(
    op: OpRef,
    rw: &mut PatternRewriter<'_>,
) -> LogicalResult {
    let ir = rw.ir();
    let n = ir.num_results(op);
    if n == 0 {
        return rw.notify_match_failure(op, || "the op has no results");
    }
    let cond = ir.operand(op, 0);
    let then_yield = region_yield(ir, ir.region(op, 0)).ok_or(())?;
    let else_yield = region_yield(ir, ir.region(op, 1)).ok_or(())?;
    let pairs: Vec<(Value, Value)> = ir
        .operands(then_yield)
        .zip(ir.operands(else_yield))
        .collect();
    let loc = ir.op_loc(op);
    rw.set_insertion_point_before(op);
    let mut changed = false;
    for (i, (t, f)) in pairs.into_iter().enumerate() {
        let result = rw.ir().result(op, i);
        if t == f {
            if !rw.ir().use_empty(result) {
                rw.replace_all_uses_with(result, t);
                changed = true;
            }
            continue;
        }
        let (Some(tv), Some(fv)) = (const_bool(rw.ir(), t), const_bool(rw.ir(), f)) else {
            continue;
        };
        if rw.ir().use_empty(result) {
            continue;
        }
        if !tv && fv {
            // The constant comes from the dialect of the yielded `false`.
            let ctx = rw.ir().ctx_arc().clone();
            let def = t.defining_op().ok_or(())?;
            let info = ctx.op_info(rw.ir().op_name(def));
            let dialect = ctx.dialect(&info.dialect).ok_or(())?;
            let i1 = ctx.i1_type();
            let one = ctx.bool_attr(true);
            let c = rw
                .with_builder(|b| dialect.materialize_constant(b, one, i1, loc))
                .ok_or(())?;
            let c = rw.ir().result(c, 0);
            let mut state = OperationState::new(ctx.op_name("arith.xori"), loc);
            state.operands.extend_from_slice(&[cond, c]);
            state.result_types.push(i1);
            let not = rw.create(state);
            let not = rw.ir().result(not, 0);
            rw.replace_all_uses_with(result, not);
            changed = true;
        } else if tv && !fv {
            rw.replace_all_uses_with(result, cond);
            changed = true;
        }
    }
    if changed {
        Ok(())
    } else {
        rw.notify_match_failure(op, || {
            "no used result yields one value on both sides or the constants true and false"
        })
    }
}

// ----- scf.execute_region -----

/// Upstream `SingleBlockExecuteInliner`: an `scf.execute_region` with one
/// block (and no `no_inline`) is replaced by its body.
fn single_block_execute_inliner(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    if ir.attr(op, "no_inline").is_some() {
        return rw.notify_match_failure(op, || "the op has the no_inline attribute");
    }
    let region = ir.region(op, 0);
    if single_block(ir, region).is_none() {
        return rw.notify_match_failure(op, || "the region has more than one block");
    }
    replace_op_with_region(rw, op, region, &[])
}

/// Whether `op` is function-like (upstream's `FunctionOpInterface`, which
/// the IR does not model yet): it carries a `function_type`.
fn is_function_like(ir: &Ir, op: OpRef) -> bool {
    ir.attr(op, "function_type").is_some()
}

/// Upstream `MultiBlockExecuteInliner`: inside a function or another
/// `scf.execute_region` (whose regions may hold several blocks), the body's
/// blocks are inlined in place: the block holding the op is split after
/// it, a `cf.br` enters the body, every `scf.yield` becomes a `cf.br` to the
/// continuation, whose arguments replace the results.
fn multi_block_execute_inliner(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    if ir.attr(op, "no_inline").is_some() {
        return rw.notify_match_failure(op, || "the op has the no_inline attribute");
    }
    let parent = ir.op_parent_op(op).ok_or(())?;
    if !(is_function_like(ir, parent) || ir.op_name_str(parent) == "scf.execute_region") {
        return rw.notify_match_failure(op, || {
            "the parent op is neither function-like nor an scf.execute_region"
        });
    }
    let prev_block = ir.op_block(op).ok_or(())?;
    let region = ir.region(op, 0);
    let entry = ir.first_block(region).ok_or(())?;
    let loc = ir.op_loc(op);
    let result_types: Vec<mlir_ir::Type> = ir.results(op).map(|v| ir.value_type(v)).collect();
    let br = rw.ctx().op_name("cf.br");
    let post_block = rw.split_block(prev_block, Some(op));
    rw.set_insertion_point_to_end(prev_block);
    let mut state = OperationState::new(br, loc);
    state.successors.push(entry);
    rw.create(state);
    let blocks: Vec<mlir_ir::BlockRef> = rw.ir().region_blocks(region).collect();
    for blk in blocks {
        let Some(term) = rw.ir().terminator(blk) else {
            continue;
        };
        if rw.ir().op_name_str(term) != "scf.yield" {
            continue;
        }
        let mut state = OperationState::new(br, rw.ir().op_loc(term));
        state.operands.extend(rw.ir().operands(term));
        state.successors.push(post_block);
        rw.set_insertion_point_before(term);
        rw.create(state);
        rw.erase_op(term);
    }
    rw.inline_region_before_block(region, post_block);
    let args: Vec<Value> = result_types
        .into_iter()
        .map(|ty| rw.add_block_argument(post_block, ty, loc))
        .collect();
    rw.replace_op(op, &args);
    Ok(())
}

// ----- scf.index_switch -----

/// Upstream `FoldConstantCase`: an `scf.index_switch` on a constant is
/// replaced by the body of the matching case, or of the default region
/// when no case matches.
fn fold_constant_case(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    let Some(c) = const_int(ir, ir.operand(op, 0)) else {
        return rw.notify_match_failure(op, || "the selector is not a constant");
    };
    if c.width() > 64 {
        return rw.notify_match_failure(op, || "the selector is wider than 64 bits");
    }
    let c = c.to_i64();
    let cases = super::dense_array(ir.ctx(), ir.attr(op, "cases"));
    // Region 0 is the default region, the cases follow in order.
    let index = cases.iter().position(|&v| v == c).map_or(0, |i| i + 1);
    let region = ir.region(op, index);
    replace_op_with_region(rw, op, region, &[])
}

// ----- scf.while -----

/// The parts of an `scf.while`: before block, its `scf.condition`, after
/// block (which must end in a terminator).
struct WhileParts {
    before: mlir_ir::BlockRef,
    cond: OpRef,
    after: mlir_ir::BlockRef,
}

fn while_parts(ir: &Ir, op: OpRef) -> Option<WhileParts> {
    let before = ir.first_block(ir.region(op, 0))?;
    let after = ir.first_block(ir.region(op, 1))?;
    ir.terminator(after)?;
    Some(WhileParts {
        before,
        cond: ir.terminator(before)?,
        after,
    })
}

/// The values `scf.condition` forwards (its operands after the condition).
fn condition_args(ir: &Ir, cond: OpRef) -> Vec<Value> {
    ir.operands(cond).skip(1).collect()
}

/// A new `scf.while` before `op` with empty regions (upstream's ODS
/// builder, without blocks).
fn create_while(
    rw: &mut PatternRewriter<'_>,
    op: OpRef,
    types: &[mlir_ir::Type],
    inits: &[Value],
) -> OpRef {
    let ir = rw.ir();
    let mut state = OperationState::new(ir.op_name(op), ir.op_loc(op));
    state.operands.extend_from_slice(inits);
    state.result_types.extend_from_slice(types);
    state.num_empty_regions = 2;
    rw.set_insertion_point_before(op);
    rw.create(state)
}

/// Upstream's `WhileOp::build` with body builders: like [`create_while`],
/// plus a before block taking the inits' types (at their locations) and an
/// after block taking the result types (at the op's location).
fn create_while_with_blocks(
    rw: &mut PatternRewriter<'_>,
    op: OpRef,
    types: &[mlir_ir::Type],
    inits: &[Value],
) -> (OpRef, mlir_ir::BlockRef, mlir_ir::BlockRef) {
    let ir = rw.ir();
    let init_locs: Vec<mlir_ir::Location> = inits.iter().map(|&v| ir.value_loc(v)).collect();
    let after_locs = vec![ir.op_loc(op); types.len()];
    create_while_with_arg_locs(rw, op, types, inits, &init_locs, &after_locs)
}

/// [`create_while_with_blocks`] with the given block argument locations.
fn create_while_with_arg_locs(
    rw: &mut PatternRewriter<'_>,
    op: OpRef,
    types: &[mlir_ir::Type],
    inits: &[Value],
    before_locs: &[mlir_ir::Location],
    after_locs: &[mlir_ir::Location],
) -> (OpRef, mlir_ir::BlockRef, mlir_ir::BlockRef) {
    let new_op = create_while(rw, op, types, inits);
    let ir = rw.ir();
    let init_types: Vec<mlir_ir::Type> = inits.iter().map(|&v| ir.value_type(v)).collect();
    let (r0, r1) = (ir.region(new_op, 0), ir.region(new_op, 1));
    let before = rw.with_insertion_guard(|rw| rw.create_block(r0, None, &init_types, before_locs));
    let after = rw.with_insertion_guard(|rw| rw.create_block(r1, None, types, after_locs));
    (new_op, before, after)
}

/// Replaces terminator `term` by a copy with other operands (upstream's
/// `replaceOpWithNewOp<ConditionOp/YieldOp>` at the terminator).
fn replace_terminator(rw: &mut PatternRewriter<'_>, term: OpRef, operands: &[Value]) {
    let ir = rw.ir();
    let mut state = OperationState::new(ir.op_name(term), ir.op_loc(term));
    state.operands.extend_from_slice(operands);
    rw.with_insertion_guard(|rw| {
        rw.set_insertion_point_before(term);
        rw.replace_op_with_new_op(term, state);
    });
}

/// Upstream `WhileMoveIfDown`: an `scf.if` right before `scf.condition`,
/// on the same condition and with an else block that only yields, moves
/// into the after region: the condition forwards the else values, plus the
/// before-region values the then block uses, which the after block receives
/// as new arguments.
fn while_move_if_down(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    let p = while_parts(ir, op).ok_or(())?;
    let Some(if_op) = ir.prev_op(p.cond) else {
        return rw.notify_match_failure(op, || "no op comes before the scf.condition");
    };
    if ir.op_name_str(if_op) != "scf.if" || ir.operand(if_op, 0) != ir.operand(p.cond, 0) {
        return rw.notify_match_failure(op, || {
            "the op before the scf.condition is not an scf.if on the same condition"
        });
    }
    let then_region = ir.region(if_op, 0);
    let else_region = ir.region(if_op, 1);
    let then_block = single_block(ir, then_region).ok_or(())?;
    let then_yield = ir.terminator(then_block).ok_or(())?;
    let else_yield = match ir.first_block(else_region) {
        Some(b) => {
            let t = ir.terminator(b).ok_or(())?;
            if ir.first_op(b) != Some(t) {
                return rw.notify_match_failure(op, || "the else block of the scf.if is not empty");
            }
            Some(t)
        }
        None => None,
    };
    let n = ir.num_results(if_op);
    let else_ok = match else_yield {
        Some(e) => ir.num_operands(e) == n,
        None => n == 0,
    };
    if ir.num_operands(then_yield) != n || !else_ok {
        return rw.notify_match_failure(op, || "the yields of the scf.if do not match its results");
    }
    // The if's results may only feed the condition.
    if ir
        .results(if_op)
        .any(|r| ir.uses(r).any(|u| u.op != p.cond))
    {
        return rw.notify_match_failure(op, || {
            "a result of the scf.if has a use other than the scf.condition"
        });
    }
    let loc = ir.op_loc(op);
    let before_region = ir.region(op, 0);
    let cond_args = condition_args(ir, p.cond);
    let after_args: Vec<Value> = ir.arguments(p.after).collect();
    let results: Vec<Value> = ir.results(if_op).collect();
    for (idx, arg) in cond_args.iter().enumerate() {
        let Some(k) = results.iter().position(|r| r == arg) else {
            continue;
        };
        let ir = rw.ir();
        let then_value = ir.operand(then_yield, k);
        let Some(else_value) = else_yield.map(|e| ir.operand(e, k)) else {
            continue;
        };
        rw.replace_all_uses_with(results[k], else_value);
        if let Some(&a) = after_args.get(idx) {
            rw.replace_all_uses_with(a, then_value);
        }
    }
    // The values of the before region the then block uses, in the order
    // upstream's `visitUsedValuesDefinedAbove` meets them (a post-order
    // walk).
    let ir = rw.ir();
    let mut additional: Vec<Value> = Vec::new();
    for top in ir.block_ops(then_block) {
        for o in ir.walk_collect(top, mlir_ir::WalkOrder::PostOrder) {
            for v in ir.operands(o) {
                if ir.value_parent_region(v) == Some(before_region) && !additional.contains(&v) {
                    additional.push(v);
                }
            }
        }
    }
    let mut new_types: Vec<mlir_ir::Type> = ir.results(op).map(|v| ir.value_type(v)).collect();
    new_types.extend(additional.iter().map(|&v| ir.value_type(v)));
    let inits: Vec<Value> = ir.operands(op).collect();
    let new_op = create_while(rw, op, &new_types, &inits);
    let (nb, na) = (rw.ir().region(new_op, 0), rw.ir().region(new_op, 1));
    let old_after_region = rw.ir().region(op, 1);
    rw.start_op_modification(new_op);
    rw.inline_region_before(before_region, nb, None);
    rw.inline_region_before(old_after_region, na, None);
    let new_after_args: Vec<Value> = additional
        .iter()
        .map(|&v| {
            let ty = rw.ir().value_type(v);
            rw.add_block_argument(p.after, ty, loc)
        })
        .collect();
    rw.finalize_op_modification(new_op);
    let mut cond_operands: Vec<Value> = rw.ir().operands(p.cond).collect();
    cond_operands.extend(additional.iter().copied());
    rw.modify_op_in_place(p.cond, |m| m.set_operands(&cond_operands));
    for (&v, &a) in additional.iter().zip(&new_after_args) {
        rw.replace_uses_with_if(v, a, |ir, u| {
            region_within(ir, ir.op_parent_region(u.op), then_region)
        });
    }
    rw.erase_op(then_yield);
    let first = rw.ir().first_op(p.after);
    rw.inline_block_before(then_block, p.after, first, &[]);
    rw.erase_op(if_op);
    let kept: Vec<Value> = rw
        .ir()
        .results(new_op)
        .take(rw.ir().num_results(op))
        .collect();
    rw.replace_op(op, &kept);
    Ok(())
}

/// Upstream `WhileConditionTruth`: after-block arguments that receive the
/// condition itself are `true` wherever they are used.
fn while_condition_truth(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    let p = while_parts(ir, op).ok_or(())?;
    let cond_value = ir.operand(p.cond, 0);
    let targets: Vec<Value> = condition_args(ir, p.cond)
        .into_iter()
        .zip(ir.arguments(p.after))
        .filter(|&(v, arg)| v == cond_value && !ir.use_empty(arg))
        .map(|(_, arg)| arg)
        .collect();
    if targets.is_empty() {
        return rw.notify_match_failure(op, || {
            "the condition is not forwarded to a used argument of the after region"
        });
    }
    let loc = ir.op_loc(op);
    rw.set_insertion_point_before(op);
    let t = i1_constant(rw, loc, true);
    for arg in targets {
        rw.replace_all_uses_with(arg, t);
    }
    Ok(())
}

/// The inverse of an `arith.cmpi` predicate (upstream `invertPredicate`).
fn invert_cmpi_predicate(p: i64) -> Option<i64> {
    // eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge.
    const INVERSE: [i64; 10] = [1, 0, 5, 4, 3, 2, 9, 8, 7, 6];
    INVERSE.get(usize::try_from(p).ok()?).copied()
}

/// Upstream `WhileCmpCond`: in the after block, an `arith.cmpi` repeating
/// the loop condition's comparison on the forwarded value (same other
/// operand, same or inverted predicate) is a constant.
fn while_cmp_cond(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    let p = while_parts(ir, op).ok_or(())?;
    let Some(cmp) = ir.operand(p.cond, 0).defining_op() else {
        return rw.notify_match_failure(op, || "the condition is not defined by an op");
    };
    if ir.op_name_str(cmp) != "arith.cmpi" {
        return rw.notify_match_failure(op, || "the condition is not an arith.cmpi");
    }
    let pred = crate::arith::fold::predicate(ir, cmp).ok_or(())?;
    let mut rewrites: Vec<(OpRef, bool)> = Vec::new();
    for (v, arg) in condition_args(ir, p.cond)
        .into_iter()
        .zip(ir.arguments(p.after))
    {
        for idx in 0..2 {
            if v != ir.operand(cmp, idx) {
                continue;
            }
            for u in ir.uses(arg) {
                let cmp2 = u.op;
                if ir.op_name_str(cmp2) != "arith.cmpi" || rewrites.iter().any(|&(o, _)| o == cmp2)
                {
                    continue;
                }
                if ir.operand(cmp2, 1 - idx) != ir.operand(cmp, 1 - idx) {
                    continue;
                }
                let Some(pred2) = crate::arith::fold::predicate(ir, cmp2) else {
                    continue;
                };
                let same = if pred2 == pred {
                    true
                } else if Some(pred2) == invert_cmpi_predicate(pred) {
                    false
                } else {
                    continue;
                };
                rewrites.push((cmp2, same));
            }
        }
    }
    if rewrites.is_empty() {
        return rw.notify_match_failure(op, || {
            "no comparison in the after region repeats the condition's"
        });
    }
    // The constants are created at the pattern's insertion point, before
    // the loop, as upstream's `replaceOpWithNewOp` does.
    rw.set_insertion_point_before(op);
    for (cmp2, same) in rewrites {
        let loc = rw.ir().op_loc(cmp2);
        let c = i1_constant(rw, loc, same);
        rw.replace_op(cmp2, &[c]);
    }
    Ok(())
}

/// Upstream `WhileOpAlignBeforeArgs`: when `scf.condition` forwards exactly
/// the before-block arguments, each once, in another order, it is made to
/// forward them in order; after-block arguments and results follow.
fn while_op_align_before_args(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    let p = while_parts(ir, op).ok_or(())?;
    let before_args: Vec<Value> = ir.arguments(p.before).collect();
    let term_args = condition_args(ir, p.cond);
    if before_args == term_args {
        return rw.notify_match_failure(op, || {
            "the condition forwards the before arguments in order"
        });
    }
    let has_duplicates = term_args
        .iter()
        .enumerate()
        .any(|(i, v)| term_args[..i].contains(v));
    if has_duplicates || before_args.len() != term_args.len() {
        return rw.notify_match_failure(op, || {
            "the condition forwards a value twice or not one value per before argument"
        });
    }
    // mapping[k] = position of term_args[k] among the before arguments.
    let mut mapping = vec![0usize; before_args.len()];
    for (i, a) in before_args.iter().enumerate() {
        let Some(k) = term_args.iter().position(|t| t == a) else {
            return rw.notify_match_failure(op, || {
                "the condition does not forward every before argument"
            });
        };
        mapping[k] = i;
    }
    let mut new_types = vec![ir.value_type(before_args[0]); before_args.len()];
    for (i, &j) in mapping.iter().enumerate() {
        new_types[j] = ir.value_type(ir.result(op, i));
    }
    let cond_value = ir.operand(p.cond, 0);
    let inits: Vec<Value> = ir.operands(op).collect();
    let mut cond_operands = vec![cond_value];
    cond_operands.extend_from_slice(&before_args);
    replace_terminator(rw, p.cond, &cond_operands);
    let (new_op, new_before, new_after) = create_while_with_blocks(rw, op, &new_types, &inits);
    let results: Vec<Value> = mapping.iter().map(|&j| rw.ir().result(new_op, j)).collect();
    let after_repl: Vec<Value> = mapping
        .iter()
        .map(|&j| rw.ir().argument(new_after, j))
        .collect();
    let before_repl: Vec<Value> = rw.ir().arguments(new_before).collect();
    let first = rw.ir().first_op(new_before);
    rw.inline_block_before(p.before, new_before, first, &before_repl);
    let first = rw.ir().first_op(new_after);
    rw.inline_block_before(p.after, new_after, first, &after_repl);
    rw.replace_op(op, &results);
    Ok(())
}

// ----- scf.parallel -----

/// The operand groups of an `scf.parallel` (lower bounds, upper bounds,
/// steps, initial values), by its `operandSegmentSizes`.
fn parallel_operands(ir: &Ir, op: OpRef) -> Option<[Vec<Value>; 4]> {
    let sizes = super::dense_array(ir.ctx(), ir.attr(op, "operandSegmentSizes"));
    if sizes.len() != 4 {
        return None;
    }
    let all: Vec<Value> = ir.operands(op).collect();
    let mut start = 0usize;
    let mut groups: [Vec<Value>; 4] = Default::default();
    for (g, &n) in groups.iter_mut().zip(&sizes) {
        let n = usize::try_from(n).ok()?;
        *g = all.get(start..start + n)?.to_vec();
        start += n;
    }
    Some(groups)
}

/// A new `scf.parallel` at the insertion point with the given operand
/// groups, one empty region and the op's location.
fn create_parallel(
    rw: &mut PatternRewriter<'_>,
    op: OpRef,
    groups: [&[Value]; 4],
    result_types: &[mlir_ir::Type],
) -> OpRef {
    let ctx = rw.ir().ctx_arc().clone();
    let name = rw.ir().op_name(op);
    let mut state = OperationState::new(name, rw.ir().op_loc(op));
    for g in groups {
        state.operands.extend_from_slice(g);
    }
    state.result_types.extend_from_slice(result_types);
    let sizes: Vec<i64> = groups.iter().map(|g| g.len() as i64).collect();
    let seg = mlir_ir::ods::preds::dense_int_array(&ctx, 32, &sizes);
    let key = ctx.ident("operandSegmentSizes");
    let slot = if ctx.op_info(name).is_inherent_attr("operandSegmentSizes") {
        &mut state.properties
    } else {
        &mut state.attributes
    };
    *slot = Some(ctx.dictionary_with(ctx.empty_dictionary(), key, Some(seg)));
    state.num_empty_regions = 1;
    rw.create(state)
}

/// Upstream `ParallelOpSingleOrZeroIterationDimsFolder`: a dimension with a
/// constant trip count of zero makes the loop its initial values; one with
/// a single iteration is dropped, its induction variable becoming the lower
/// bound. When no dimension remains, the body and the reductions are
/// inlined.
fn parallel_single_or_zero_iteration_dims(
    op: OpRef,
    rw: &mut PatternRewriter<'_>,
) -> LogicalResult {
    let ir = rw.ir();
    let [lbs, ubs, steps, inits] = parallel_operands(ir, op).ok_or(())?;
    let body = single_block(ir, ir.region(op, 0)).ok_or(())?;
    let ivs: Vec<Value> = ir.arguments(body).collect();
    if ivs.len() != lbs.len() {
        return rw.notify_match_failure(op, || "the body does not have one argument per dimension");
    }
    let mut mapping = mlir_ir::IrMapping::new();
    let mut kept = Vec::new();
    for (d, &iv) in ivs.iter().enumerate() {
        match constant_trip_count(ir, lbs[d], ubs[d], steps[d], true) {
            Some(0) => {
                rw.replace_op(op, &inits);
                return Ok(());
            }
            Some(1) => mapping.map_value(iv, lbs[d]),
            _ => kept.push(d),
        }
    }
    if kept.len() == lbs.len() {
        return rw.notify_match_failure(op, || "no dimension has 0 or 1 iterations");
    }
    let term = ir.terminator(body).ok_or(())?;
    let body_ops: Vec<OpRef> = ir.block_ops(body).filter(|&o| o != term).collect();
    let all_ops: Vec<OpRef> = ir.block_ops(body).collect();
    let result_types: Vec<mlir_ir::Type> = ir.results(op).map(|v| ir.value_type(v)).collect();
    let arg_types: Vec<mlir_ir::Type> = kept.iter().map(|&d| ir.value_type(ivs[d])).collect();
    let arg_locs: Vec<mlir_ir::Location> = kept.iter().map(|&d| ir.value_loc(ivs[d])).collect();
    rw.set_insertion_point_before(op);
    if kept.is_empty() {
        for o in body_ops {
            rw.clone_with_mapping(o, &mut mapping);
        }
        let mut results = Vec::with_capacity(inits.len());
        let reductions = rw.ir().regions(term).len();
        for i in 0..reductions {
            let ir = rw.ir();
            let block = ir.first_block(ir.region(term, i)).ok_or(())?;
            let ret = ir.terminator(block).ok_or(())?;
            let (a0, a1) = (ir.argument(block, 0), ir.argument(block, 1));
            let operand = mapping.lookup_value_or_default(ir.operand(term, i));
            let ops: Vec<OpRef> = ir.block_ops(block).filter(|&o| o != ret).collect();
            mapping.map_value(a0, inits[results.len()]);
            mapping.map_value(a1, operand);
            for o in ops {
                rw.clone_with_mapping(o, &mut mapping);
            }
            let ret_value = rw.ir().operand(ret, 0);
            results.push(mapping.lookup_value_or_default(ret_value));
        }
        rw.replace_op(op, &results);
        return Ok(());
    }
    let pick = |v: &[Value]| -> Vec<Value> { kept.iter().map(|&d| v[d]).collect() };
    let (new_lbs, new_ubs, new_steps) = (pick(&lbs), pick(&ubs), pick(&steps));
    let new_op = create_parallel(
        rw,
        op,
        [&new_lbs, &new_ubs, &new_steps, &inits],
        &result_types,
    );
    // The body is cloned (not moved), as upstream does, with the collapsed
    // induction variables mapped to their lower bounds.
    let region = rw.ir().region(new_op, 0);
    let block = rw.with_insertion_guard(|rw| rw.create_block(region, None, &arg_types, &arg_locs));
    for (k, &d) in kept.iter().enumerate() {
        let arg = rw.ir().argument(block, k);
        mapping.map_value(ivs[d], arg);
    }
    rw.with_insertion_guard(|rw| {
        rw.set_insertion_point_to_end(block);
        for o in all_ops {
            rw.clone_with_mapping(o, &mut mapping);
        }
    });
    let results: Vec<Value> = rw.ir().results(new_op).collect();
    rw.replace_op(op, &results);
    Ok(())
}

/// Upstream `MergeNestedParallelLoops`: an `scf.parallel` whose body is only
/// another `scf.parallel` with bounds independent of the outer induction
/// variables (and neither has reductions) becomes one loop over both sets
/// of dimensions.
fn merge_nested_parallel_loops(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    let outer_body = single_block(ir, ir.region(op, 0)).ok_or(())?;
    let outer_term = ir.terminator(outer_body).ok_or(())?;
    let inner = ir.first_op(outer_body).ok_or(())?;
    if inner == outer_term || ir.next_op(inner) != Some(outer_term) {
        return rw.notify_match_failure(op, || {
            "the body holds more than one op besides its terminator"
        });
    }
    if ir.op_name(inner) != ir.op_name(op) {
        return rw.notify_match_failure(op, || "the op in the body is not an scf.parallel");
    }
    let [olbs, oubs, osteps, oinits] = parallel_operands(ir, op).ok_or(())?;
    let [ilbs, iubs, isteps, iinits] = parallel_operands(ir, inner).ok_or(())?;
    let outer_ivs: Vec<Value> = ir.arguments(outer_body).collect();
    if outer_ivs
        .iter()
        .any(|v| ilbs.contains(v) || iubs.contains(v) || isteps.contains(v))
    {
        return rw.notify_match_failure(op, || {
            "the bounds of the nested loop use the induction variables"
        });
    }
    if !oinits.is_empty() || !iinits.is_empty() {
        return rw.notify_match_failure(op, || "a loop has reductions");
    }
    let inner_body = single_block(ir, ir.region(inner, 0)).ok_or(())?;
    let inner_term = ir.terminator(inner_body).ok_or(())?;
    let inner_ivs: Vec<Value> = ir.arguments(inner_body).collect();
    let inner_ops: Vec<OpRef> = ir
        .block_ops(inner_body)
        .filter(|&o| o != inner_term)
        .collect();
    let cat = |a: &[Value], b: &[Value]| -> Vec<Value> { a.iter().chain(b).copied().collect() };
    let (lbs, ubs, steps) = (cat(&olbs, &ilbs), cat(&oubs, &iubs), cat(&osteps, &isteps));
    let loc = ir.op_loc(op);
    let index = ir.ctx().index_type();
    let reduce = ir.op_name(outer_term);
    rw.set_insertion_point_before(op);
    let new_op = create_parallel(rw, op, [&lbs, &ubs, &steps, &[]], &[]);
    let region = rw.ir().region(new_op, 0);
    let n = lbs.len();
    let block =
        rw.with_insertion_guard(|rw| rw.create_block(region, None, &vec![index; n], &vec![loc; n]));
    let mut mapping = mlir_ir::IrMapping::new();
    for (k, &v) in outer_ivs.iter().chain(&inner_ivs).enumerate() {
        let arg = rw.ir().argument(block, k);
        mapping.map_value(v, arg);
    }
    rw.with_insertion_guard(|rw| {
        rw.set_insertion_point_to_end(block);
        for o in inner_ops {
            rw.clone_with_mapping(o, &mut mapping);
        }
        // Upstream's builder ends a body without reductions with an empty
        // `scf.reduce`.
        rw.create(OperationState::new(reduce, loc));
    });
    rw.replace_op(op, &[]);
    Ok(())
}

// ----- scf.for -----

/// A constant index or integer.
fn const_int(ir: &Ir, v: Value) -> Option<mlir_ir::ApInt> {
    match ir.ctx().attr(ir.value_constant(v)?) {
        AttrKind::Integer { value, .. } => Some(value.clone()),
        _ => None,
    }
}

/// A constant bound or step as an integer of its type's width (index is
/// 64 bits), read signed or unsigned; `None` if not a constant or wider
/// than 64 bits.
pub(crate) fn const_bound(ir: &Ir, v: Value, signed: bool) -> Option<(i128, u32)> {
    let c = const_int(ir, v)?;
    let w = c.width();
    if w == 0 || w > 64 {
        return None;
    }
    let x = if signed {
        c.to_i64() as i128
    } else {
        c.to_u64() as i128
    };
    Some((x, w))
}

/// `x` wrapped to `w` bits and read signed or unsigned.
fn wrap(x: i128, w: u32, signed: bool) -> i128 {
    let m = (1i128 << w) - 1;
    let u = x & m;
    if signed && u >> (w - 1) != 0 {
        u - (1i128 << w)
    } else {
        u
    }
}

/// Upstream `constantTripCount` for constant bounds: zero when the bounds
/// are equal, the step is zero or negative (signed), or the upper bound is
/// not above the lower one; otherwise `ceil((ub - lb) / step)` with `ub -
/// lb` computed at the bounds' width (a signed difference that wraps to a
/// negative number also counts as zero trips). `None` when unknown.
fn constant_trip_count(ir: &Ir, lb: Value, ub: Value, step: Value, signed: bool) -> Option<i128> {
    if lb == ub {
        return Some(0);
    }
    let step_c = const_int(ir, step);
    if let Some(s) = &step_c {
        if s.is_zero() || s.is_negative() {
            return Some(0);
        }
    }
    let diff = match (const_bound(ir, lb, signed), const_bound(ir, ub, signed)) {
        (Some((l, w)), Some((u, _))) => {
            if u <= l {
                return Some(0);
            }
            wrap(u - l, w, signed)
        }
        (None, None) => compute_ub_minus_lb(ir, lb, ub, signed)?,
        _ => return None,
    };
    if diff <= 0 {
        return Some(0);
    }
    let (st, _) = const_bound(ir, step, signed)?;
    if st <= 0 {
        return None;
    }
    Some((diff + st - 1) / st)
}

/// Upstream `constantTripCount` (signed) over mixed bounds, as
/// `scf.forall`'s patterns call it.
pub(crate) fn mixed_trip_count(ir: &Ir, lb: Ofr, ub: Ofr, step: Ofr) -> Option<i128> {
    if lb == ub {
        return Some(0);
    }
    let cst = |b: Ofr| match b {
        Ofr::Int(i) => Some(i as i128),
        Ofr::Val(v) => const_bound(ir, v, true).map(|(x, _)| x),
    };
    if cst(step).is_some_and(|s| s <= 0) {
        return Some(0);
    }
    let diff = match (cst(lb), cst(ub), lb, ub) {
        (Some(l), Some(u), _, _) => {
            if u <= l {
                return Some(0);
            }
            u - l
        }
        (None, None, Ofr::Val(l), Ofr::Val(u)) => compute_ub_minus_lb(ir, l, u, true)?,
        _ => return None,
    };
    if diff <= 0 {
        return Some(0);
    }
    let s = cst(step)?;
    Some((diff + s - 1) / s)
}

/// Upstream `ForOpTensorCastFolder`: an init value produced by a
/// `tensor.cast` that loses static information, whose loop result has one
/// use, is replaced by the cast's source; the body and the result see casts
/// back to the old type (`replaceAndCastForOpIterArg`).
fn for_op_tensor_cast_folder(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    let ctx = ir.ctx();
    let inits: Vec<Value> = ir.operands(op).skip(3).collect();
    let mut found = None;
    for (i, &init) in inits.iter().enumerate() {
        let Some(cast) = init.defining_op() else {
            continue;
        };
        if ir.op_name_str(cast) != "tensor.cast" {
            continue;
        }
        let (src, dst) = (ir.operand(cast, 0), ir.result(cast, 0));
        if ir.value_type(src) == ir.value_type(dst) {
            continue;
        }
        if !forall::preserves_static_information(ctx, ir.value_type(dst), ir.value_type(src)) {
            continue;
        }
        let Some(result) = (i < ir.num_results(op)).then(|| ir.result(op, i)) else {
            continue;
        };
        if !ir.has_one_use(result) {
            continue;
        }
        found = Some((i, src));
        break;
    }
    let Some((idx, replacement)) = found else {
        return rw.notify_match_failure(op, || {
            "no init is a tensor.cast preserving static information whose result has one use"
        });
    };
    let body = single_block(ir, ir.region(op, 0)).ok_or(())?;
    // Everything is checked before the rewrite starts: the body's yield
    // carries one value per init.
    let term = ir.terminator(body).ok_or(())?;
    if ir.num_operands(term) != inits.len() || ir.num_arguments(body) != inits.len() + 1 {
        return rw.notify_match_failure(op, || "the yield does not carry one value per init");
    }
    let loc = ir.op_loc(op);
    let old_type = ir.value_type(inits[idx]);
    let new_type = ir.value_type(replacement);
    let mut new_inits = inits.clone();
    new_inits[idx] = replacement;
    // The new loop: same bounds and attributes, a block with the induction
    // variable (at the loop's location) and one argument per init (at the
    // init's location), no terminator yet.
    let mut state = OperationState::new(ir.op_name(op), loc);
    state.operands.extend(ir.operands(op).take(3));
    state.operands.extend(new_inits.iter().copied());
    state
        .result_types
        .extend(new_inits.iter().map(|&v| ir.value_type(v)));
    state.properties = ir.op_properties(op);
    state.attributes = Some(ir.op_attributes(op));
    state.num_empty_regions = 1;
    let mut arg_types = vec![ir.value_type(ir.operand(op, 0))];
    arg_types.extend(new_inits.iter().map(|&v| ir.value_type(v)));
    let mut arg_locs = vec![loc];
    arg_locs.extend(new_inits.iter().map(|&v| ir.value_loc(v)));
    rw.set_insertion_point_before(op);
    let new_op = rw.create(state);
    let region = rw.ir().region(new_op, 0);
    let block = rw.with_insertion_guard(|rw| rw.create_block(region, None, &arg_types, &arg_locs));
    let mut transfer: Vec<Value> = rw.ir().arguments(block).collect();
    let cast = |rw: &mut PatternRewriter<'_>, v: Value, ty: mlir_ir::Type| {
        let mut s = OperationState::new(rw.ctx().op_name("tensor.cast"), loc);
        s.operands.push(v);
        s.result_types.push(ty);
        let c = rw.create(s);
        rw.ir().result(c, 0)
    };
    rw.with_insertion_guard(|rw| {
        rw.set_insertion_point_to_start(block);
        transfer[idx + 1] = cast(rw, transfer[idx + 1], old_type);
    });
    rw.merge_blocks(body, block, &transfer);
    let yield_op = rw.ir().terminator(block).ok_or(())?;
    let mut yielded: Vec<Value> = rw.ir().operands(yield_op).collect();
    rw.with_insertion_guard(|rw| {
        rw.set_insertion_point_before(yield_op);
        yielded[idx] = cast(rw, yielded[idx], new_type);
        let mut y = OperationState::new(rw.ir().op_name(yield_op), loc);
        y.operands.extend(yielded.iter().copied());
        rw.create(y);
    });
    rw.erase_op(yield_op);
    rw.set_insertion_point_after(new_op);
    let mut results: Vec<Value> = rw.ir().results(new_op).collect();
    results[idx] = cast(rw, results[idx], old_type);
    rw.replace_op(op, &results);
    Ok(())
}

/// Upstream `computeUbMinusLb`: `ub - lb` when `ub` is `lb` plus a
/// constant through an `arith.addi` that cannot wrap in the comparison's
/// signedness (`nsw` for signed, `nuw` for unsigned loops).
fn compute_ub_minus_lb(ir: &Ir, lb: Value, ub: Value, signed: bool) -> Option<i128> {
    let add = ub.defining_op()?;
    if ir.op_name_str(add) != "arith.addi" || ir.operand(add, 0) != lb {
        return None;
    }
    let flags = crate::arith::canonicalize::overflow_flags(ir, add);
    if flags & (if signed { 1 } else { 2 }) == 0 {
        return None;
    }
    let (d, _) = const_bound(ir, ir.operand(add, 1), signed)?;
    Some(d)
}

/// Upstream `SimplifyTrivialLoops`: an `scf.for` with a constant trip count
/// of zero is replaced by its initial values; one with a single iteration
/// by its body; an empty one that iterates and yields only values from
/// outside by those values.
fn simplify_trivial_loops(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    let (lb, ub, step) = (ir.operand(op, 0), ir.operand(op, 1), ir.operand(op, 2));
    let inits: Vec<Value> = ir.operands(op).skip(3).collect();
    let unsigned = ir.attr(op, "unsignedCmp").is_some();
    let Some(trips) = constant_trip_count(ir, lb, ub, step, !unsigned) else {
        return rw.notify_match_failure(op, || "the trip count is not a known constant");
    };
    if trips == 0 {
        rw.replace_op(op, &inits);
        return Ok(());
    }
    let body = ir.region(op, 0);
    if trips == 1 {
        let mut args = vec![lb];
        args.extend_from_slice(&inits);
        return replace_op_with_region(rw, op, body, &args);
    }
    let block = single_block(ir, body).ok_or(())?;
    let term = ir.terminator(block).ok_or(())?;
    if ir.first_op(block) != Some(term) {
        return rw.notify_match_failure(op, || {
            "the loop runs more than once and its body is not empty"
        });
    }
    let yielded: Vec<Value> = ir.operands(term).collect();
    let inside = |v: Value| {
        let mut r = ir.value_parent_region(v);
        while let Some(reg) = r {
            if reg == body {
                return true;
            }
            r = ir
                .region_parent_op(reg)
                .and_then(|o| ir.op_parent_region(o));
        }
        false
    };
    if yielded.iter().any(|&v| inside(v)) {
        return rw.notify_match_failure(op, || "a yielded value is defined in the loop body");
    }
    rw.replace_op(op, &yielded);
    Ok(())
}
