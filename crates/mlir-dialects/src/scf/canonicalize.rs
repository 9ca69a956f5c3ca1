//! Canonicalization patterns of the `scf` ops, after upstream's SCF.cpp:
//! for `scf.if`, `RemoveEmptyElseBranch`, `RemoveStaticCondition` and
//! `RemoveUnusedResults`; for `scf.for`, `SimplifyTrivialLoops`.
//!
//! Upstream's other `scf.if` patterns (`CombineIfs`, `CombineNestedIfs`,
//! `ConditionPropagation`, `ConvertTrivialIfToSelect`,
//! `ReplaceIfYieldWithConditionOrValue`) and the other `scf.for` ones are not
//! written yet (see docs/DEVIATIONS.md). Debug names are upstream's:
//! classes in an anonymous namespace, as `llvm::getTypeName` spells them.

use mlir_ir::{AttrKind, Context, Ir, OpRef, OperationState, RegionRef, Value};
use mlir_rewrite::CanonicalizationPatterns;
use mlir_rewrite::{LogicalResult, Pattern, PatternRewriter, RewritePatternSet};

/// The canonicalization patterns of `name`, if it has any.
pub(crate) fn patterns_of(name: &str) -> Option<CanonicalizationPatterns> {
    match name {
        "scf.if" => Some(CanonicalizationPatterns(if_patterns)),
        "scf.for" => Some(CanonicalizationPatterns(for_patterns)),
        _ => None,
    }
}

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
        "(anonymous namespace)::RemoveUnusedResults",
        remove_unused_results,
    );
}

fn for_patterns(set: &mut RewritePatternSet, ctx: &Context) {
    add(
        set,
        ctx,
        "scf.for",
        "(anonymous namespace)::SimplifyTrivialLoops",
        simplify_trivial_loops,
    );
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
    let results: Vec<Value> = rw.ir().operands(term).collect();
    rw.inline_block_before_op(block, op, args);
    rw.replace_op(op, &results);
    rw.erase_op(term);
    Ok(())
}

// ----- scf.if -----

/// An `scf.if` without results whose else block holds only its yield loses
/// the else region.
fn remove_empty_else_branch(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    if ir.num_results(op) != 0 {
        return Err(());
    }
    let else_region = ir.region(op, 1);
    let else_block = ir.first_block(else_region).ok_or(())?;
    if ir.first_op(else_block) != ir.last_op(else_block) {
        return Err(());
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
    let cond = ir.value_constant(ir.operand(op, 0)).ok_or(())?;
    let taken = match ir.ctx().attr(cond) {
        AttrKind::Integer { value, ty } if ir.ctx().int_or_index_width(*ty) == Some(1) => {
            !value.is_zero()
        }
        _ => return Err(()),
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

/// Results without uses are dropped: a new `scf.if` yields only the used
/// ones, taking over both bodies.
fn remove_unused_results(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    let used: Vec<usize> = (0..ir.num_results(op))
        .filter(|&i| !ir.use_empty(ir.result(op, i)))
        .collect();
    if used.len() == ir.num_results(op) {
        return Err(());
    }
    let mut state = OperationState::new(ir.op_name(op), ir.op_loc(op));
    state.operands.push(ir.operand(op, 0));
    state
        .result_types
        .extend(used.iter().map(|&i| ir.value_type(ir.result(op, i))));
    state.num_empty_regions = 2;
    let old_blocks = [
        ir.first_block(ir.region(op, 0)).ok_or(())?,
        ir.first_block(ir.region(op, 1)).ok_or(())?,
    ];
    rw.set_insertion_point_before(op);
    let new_op = rw.create(state);
    for (i, &old) in old_blocks.iter().enumerate() {
        let region = rw.ir().region(new_op, i);
        let dest = rw.create_block(region, None, &[], &[]);
        rw.merge_blocks(old, dest, &[]);
        let yield_op = rw.ir().terminator(dest).ok_or(())?;
        let operands: Vec<Value> = used
            .iter()
            .map(|&r| rw.ir().operand(yield_op, r))
            .collect();
        rw.modify_op_in_place(yield_op, |m| m.set_operands(&operands));
    }
    for (k, &i) in used.iter().enumerate() {
        let (from, to) = (rw.ir().result(op, i), rw.ir().result(new_op, k));
        rw.replace_all_uses_with(from, to);
    }
    rw.erase_op(op);
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

/// Upstream `computeConstDiff`: `ub - lb` when both are constants or `ub`
/// is `arith.addi lb, c` with a constant `c`.
fn const_diff(ir: &Ir, lb: Value, ub: Value) -> Option<i64> {
    if let (Some(l), Some(u)) = (const_int(ir, lb), const_int(ir, ub)) {
        return Some(u.to_i64().wrapping_sub(l.to_i64()));
    }
    let add = ub.defining_op().filter(|&d| ir.op_name_str(d) == "arith.addi")?;
    if ir.operand(add, 0) != lb {
        return None;
    }
    Some(const_int(ir, ir.operand(add, 1))?.to_i64())
}

/// Upstream `SimplifyTrivialLoops`: an `scf.for` with equal bounds or a
/// constant trip count of zero is replaced by its initial values; one with
/// a single iteration by its body; an empty one that iterates and yields
/// only values from outside by those values.
fn simplify_trivial_loops(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    let (lb, ub, step) = (ir.operand(op, 0), ir.operand(op, 1), ir.operand(op, 2));
    let inits: Vec<Value> = ir.operands(op).skip(3).collect();
    if lb == ub {
        rw.replace_op(op, &inits);
        return Ok(());
    }
    let diff = const_diff(ir, lb, ub).ok_or(())?;
    if diff <= 0 {
        rw.replace_op(op, &inits);
        return Ok(());
    }
    let step = const_int(ir, step).ok_or(())?.to_i64();
    let body = ir.region(op, 0);
    if step >= diff {
        let mut args = vec![lb];
        args.extend_from_slice(&inits);
        return replace_op_with_region(rw, op, body, &args);
    }
    let block = single_block(ir, body).ok_or(())?;
    let term = ir.terminator(block).ok_or(())?;
    if ir.first_op(block) != Some(term) {
        return Err(());
    }
    let yielded: Vec<Value> = ir.operands(term).collect();
    let inside = |v: Value| {
        let mut r = ir.value_parent_region(v);
        while let Some(reg) = r {
            if reg == body {
                return true;
            }
            r = ir.region_parent_op(reg).and_then(|o| ir.op_parent_region(o));
        }
        false
    };
    if yielded.iter().any(|&v| inside(v)) {
        return Err(());
    }
    rw.replace_op(op, &yielded);
    Ok(())
}
