//! Canonicalization patterns of `scf.forall`, after upstream's SCF.cpp, in
//! its registration order: `DimOfForallOp` (rooted at `tensor.dim`),
//! `FoldTensorCastOfOutputIntoForallOp`, `ForallOpControlOperandsFolder`,
//! `ForallOpIterArgsFolder`, `ForallOpSingleOrZeroIterationDimsFolder` and
//! `ForallOpReplaceConstantInductionVar`.
//!
//! Loop bounds are mixed: each is a static integer (in the
//! `static{Lower,Upper}Bound`/`staticStep` arrays) or, where the array holds
//! the dynamic sentinel, the next operand of its group.

use mlir_ir::{
    Attribute, Context, Ir, IrMapping, Location, OpRef, OperationState, Type, Value, DYNAMIC,
};
use mlir_rewrite::{LogicalResult, PatternRewriter};

use super::canonicalize::{const_bound, mixed_trip_count};
use crate::scf::dense_array;

/// A loop bound: a static integer or an index value (`OpFoldResult`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Ofr {
    Int(i64),
    Val(Value),
}

/// The pieces of an `scf.forall`.
struct Forall {
    lbs: Vec<Ofr>,
    ubs: Vec<Ofr>,
    steps: Vec<Ofr>,
    outputs: Vec<Value>,
    /// Entry block: `rank` induction variables, then one argument per output.
    body: mlir_ir::BlockRef,
}

impl Forall {
    fn rank(&self) -> usize {
        self.ubs.len()
    }
}

/// Reads `op`'s bounds and outputs; `None` if they are inconsistent.
fn forall(ir: &Ir, op: OpRef) -> Option<Forall> {
    let ctx = ir.ctx();
    let sizes = dense_array(ctx, ir.attr(op, "operandSegmentSizes"));
    if sizes.len() != 4 || sizes.iter().any(|&s| s < 0) {
        return None;
    }
    let operands: Vec<Value> = ir.operands(op).collect();
    if sizes.iter().sum::<i64>() as usize != operands.len() {
        return None;
    }
    let mut start = 0usize;
    let mut group = |k: usize| {
        let g = operands[start..start + sizes[k] as usize].to_vec();
        start += sizes[k] as usize;
        g
    };
    let (dl, du, ds, outs) = (group(0), group(1), group(2), group(3));
    let mixed = |name: &str, dynamic: &[Value]| -> Option<Vec<Ofr>> {
        let statics = dense_array(ctx, ir.attr(op, name));
        let mut next = dynamic.iter();
        let v: Vec<Ofr> = statics
            .iter()
            .map(|&s| {
                if s == DYNAMIC {
                    next.next().map(|&v| Ofr::Val(v))
                } else {
                    Some(Ofr::Int(s))
                }
            })
            .collect::<Option<_>>()?;
        next.next().is_none().then_some(v)
    };
    let f = Forall {
        lbs: mixed("staticLowerBound", &dl)?,
        ubs: mixed("staticUpperBound", &du)?,
        steps: mixed("staticStep", &ds)?,
        outputs: outs,
        body: ir.first_block(ir.region(op, 0))?,
    };
    let consistent = f.lbs.len() == f.rank()
        && f.steps.len() == f.rank()
        && ir.num_arguments(f.body) == f.rank() + f.outputs.len()
        && ir.num_results(op) == f.outputs.len();
    consistent.then_some(f)
}

/// The static arrays and dynamic operands of mixed bounds
/// (`dispatchIndexOpFoldResults`).
fn dispatch(bounds: &[Ofr]) -> (Vec<Value>, Vec<i64>) {
    let mut dynamic = Vec::new();
    let statics = bounds
        .iter()
        .map(|b| match *b {
            Ofr::Int(i) => i,
            Ofr::Val(v) => {
                dynamic.push(v);
                DYNAMIC
            }
        })
        .collect();
    (dynamic, statics)
}

/// The operands and inherent attributes of an `scf.forall` with these
/// bounds and outputs, plus `extra` properties (`mapping`).
fn forall_properties(
    ctx: &Context,
    base: Option<Attribute>,
    lbs: &[Ofr],
    ubs: &[Ofr],
    steps: &[Ofr],
    outputs: &[Value],
) -> (Vec<Value>, Attribute) {
    let (dl, sl) = dispatch(lbs);
    let (du, su) = dispatch(ubs);
    let (ds, ss) = dispatch(steps);
    let sizes = [dl.len(), du.len(), ds.len(), outputs.len()].map(|s| s as i64);
    let mut props = base.unwrap_or_else(|| ctx.empty_dictionary());
    for (k, v, w) in [
        ("staticLowerBound", sl, 64),
        ("staticUpperBound", su, 64),
        ("staticStep", ss, 64),
        ("operandSegmentSizes", sizes.to_vec(), 32),
    ] {
        let a = mlir_ir::ods::preds::dense_int_array(ctx, w, &v);
        props = ctx.dictionary_with(props, ctx.ident(k), Some(a));
    }
    let mut operands = dl;
    operands.extend(du);
    operands.extend(ds);
    operands.extend_from_slice(outputs);
    (operands, props)
}

/// A new `scf.forall` before `op`, with an empty region, `mapping` (when
/// given) and, with `keep_attrs`, `op`'s discardable attributes.
fn create_forall(
    rw: &mut PatternRewriter<'_>,
    op: OpRef,
    bounds: [&[Ofr]; 3],
    outputs: &[Value],
    mapping: Option<Attribute>,
    keep_attrs: bool,
) -> OpRef {
    let ir = rw.ir();
    let ctx = ir.ctx_arc().clone();
    let base = mapping.map(|m| ctx.dictionary_attr(&[(ctx.ident("mapping"), m)]));
    let (operands, props) = forall_properties(&ctx, base, bounds[0], bounds[1], bounds[2], outputs);
    let mut state = OperationState::new(ir.op_name(op), ir.op_loc(op));
    state.operands.extend(operands);
    state
        .result_types
        .extend(outputs.iter().map(|&v| ir.value_type(v)));
    state.properties = Some(props);
    if keep_attrs {
        state.attributes = Some(ir.op_attributes(op));
    }
    state.num_empty_regions = 1;
    rw.set_insertion_point_before(op);
    rw.create(state)
}

/// `arith.constant <v> : index` at the insertion point
/// (`getValueOrCreateConstantIndexOp` for a static bound).
fn index_constant(rw: &mut PatternRewriter<'_>, loc: Location, v: i64) -> Value {
    let ctx = rw.ctx();
    let index = ctx.index_type();
    let mut state = OperationState::new(ctx.op_name("arith.constant"), loc);
    state.result_types.push(index);
    state.properties = Some(ctx.dictionary_attr(&[(ctx.ident("value"), ctx.int_attr(index, v))]));
    let c = rw.create(state);
    rw.ir().result(c, 0)
}

fn value_of(rw: &mut PatternRewriter<'_>, loc: Location, b: Ofr) -> Value {
    match b {
        Ofr::Val(v) => v,
        Ofr::Int(i) => index_constant(rw, loc, i),
    }
}

/// The `tensor.parallel_insert_slice` ops of the loop's terminator.
fn yielding_ops(ir: &Ir, body: mlir_ir::BlockRef) -> Vec<OpRef> {
    ir.terminator(body)
        .filter(|&t| ir.op_name_str(t) == "scf.forall.in_parallel")
        .and_then(|t| ir.first_block(ir.region(t, 0)))
        .map(|b| ir.block_ops(b).collect())
        .unwrap_or_default()
}

/// Upstream `ForallOp::getCombiningOps`: the users of `arg` that implement
/// `ParallelCombiningOpInterface` (`tensor.parallel_insert_slice`).
fn combining_ops(ir: &Ir, arg: Value) -> Vec<OpRef> {
    let mut ops: Vec<OpRef> = Vec::new();
    for u in ir.uses(arg) {
        if ir.op_name_str(u.op) == "tensor.parallel_insert_slice" && !ops.contains(&u.op) {
            ops.push(u.op);
        }
    }
    ops
}

/// Upstream `DimOfForallOp`: `tensor.dim` of a loop result reads the
/// dimension of the tied shared output instead.
pub(crate) fn dim_of_forall(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    let src = ir.operands(op).next().ok_or(())?;
    let mlir_ir::ValueDef::OpResult(def, i) = src.def() else {
        return rw.notify_match_failure(op, || "the source is not an op result");
    };
    if ir.op_name_str(def) != "scf.forall" {
        return rw.notify_match_failure(op, || "the source is not defined by an scf.forall");
    }
    let f = forall(ir, def).ok_or(())?;
    let out = *f.outputs.get(i as usize).ok_or(())?;
    rw.modify_op_in_place(op, |m| m.set_operand(0, out));
    Ok(())
}

/// Upstream `tensor::preservesStaticInformation(source, target)`: both are
/// ranked tensors of one element type, rank and encoding, and `target` is
/// static wherever `source` is.
pub(crate) fn preserves_static_information(ctx: &Context, source: Type, target: Type) -> bool {
    use mlir_ir::TypeKind;
    let (
        TypeKind::RankedTensor {
            shape: s,
            element: se,
            encoding: sn,
            ..
        },
        TypeKind::RankedTensor {
            shape: t,
            element: te,
            encoding: tn,
            ..
        },
    ) = (ctx.ty(source), ctx.ty(target))
    else {
        return false;
    };
    se == te
        && sn == tn
        && s.len() == t.len()
        && s.iter()
            .zip(t.iter())
            .all(|(&a, &b)| a == DYNAMIC || b != DYNAMIC)
}

/// A `tensor.cast` of `v` to `ty` at the insertion point.
fn tensor_cast(rw: &mut PatternRewriter<'_>, loc: Location, v: Value, ty: Type) -> Value {
    let mut state = OperationState::new(rw.ctx().op_name("tensor.cast"), loc);
    state.operands.push(v);
    state.result_types.push(ty);
    let c = rw.create(state);
    rw.ir().result(c, 0)
}

/// Upstream `FoldTensorCastOfOutputIntoForallOp`: a shared output produced
/// by a `tensor.cast` that loses static information takes the cast's source
/// instead; the body and the users of the result see casts back.
pub(crate) fn fold_tensor_cast_of_output(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    let ctx = ir.ctx();
    let f = forall(ir, op).ok_or(())?;
    let mut casts: Vec<(usize, Type)> = Vec::new();
    let mut new_outputs = f.outputs.clone();
    for (i, &out) in f.outputs.iter().enumerate() {
        let Some(cast) = out.defining_op() else {
            continue;
        };
        if ir.op_name_str(cast) != "tensor.cast" {
            continue;
        }
        let (src, dst) = (ir.operand(cast, 0), ir.result(cast, 0));
        if !preserves_static_information(ctx, ir.value_type(dst), ir.value_type(src)) {
            continue;
        }
        casts.push((i, ir.value_type(dst)));
        new_outputs[i] = src;
    }
    if casts.is_empty() {
        return rw.notify_match_failure(op, || {
            "no output is a tensor.cast that preserves static information"
        });
    }
    let loc = ir.op_loc(op);
    let rank = f.rank();
    let mapping = ir.attr(op, "mapping");
    let index = ctx.index_type();
    let old_args: Vec<Value> = ir.arguments(f.body).collect();
    let mut arg_types = vec![index; rank];
    arg_types.extend(new_outputs.iter().map(|&v| rw.ir().value_type(v)));
    let arg_locs = vec![loc; arg_types.len()];
    let new_op = create_forall(
        rw,
        op,
        [&f.lbs, &f.ubs, &f.steps],
        &new_outputs,
        mapping,
        false,
    );
    let region = rw.ir().region(new_op, 0);
    let block = rw.with_insertion_guard(|rw| rw.create_block(region, None, &arg_types, &arg_locs));
    let new_args: Vec<Value> = rw.ir().arguments(block).collect();
    let mut repl = new_args.clone();
    rw.with_insertion_guard(|rw| {
        rw.set_insertion_point_to_start(block);
        for &(i, ty) in &casts {
            repl[rank + i] = tensor_cast(rw, loc, new_args[rank + i], ty);
        }
    });
    debug_assert_eq!(old_args.len(), repl.len());
    rw.merge_blocks(f.body, block, &repl);
    // The terminator's destinations now are the casts: point them at the
    // output block arguments (upstream pairs yielding ops and outputs in
    // order).
    let yielding = yielding_ops(rw.ir(), block);
    for (&y, &arg) in yielding.iter().zip(&new_args[rank..]) {
        if rw.ir().num_operands(y) > 1 {
            rw.modify_op_in_place(y, |m| m.set_operand(1, arg));
        }
    }
    rw.set_insertion_point_after(new_op);
    let mut results: Vec<Value> = rw.ir().results(new_op).collect();
    for &(i, ty) in &casts {
        results[i] = tensor_cast(rw, loc, results[i], ty);
    }
    rw.replace_op(op, &results);
    Ok(())
}

/// Upstream `ForallOpControlOperandsFolder`: bound operands that are
/// constants become static entries.
pub(crate) fn control_operands_folder(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    let f = forall(ir, op).ok_or(())?;
    let mut changed = false;
    let mut fold = |bounds: &[Ofr]| -> Vec<Ofr> {
        bounds
            .iter()
            .map(|&b| match b {
                Ofr::Val(v) => match const_bound(ir, v, true) {
                    Some((c, _)) => {
                        changed = true;
                        Ofr::Int(c as i64)
                    }
                    None => b,
                },
                b => b,
            })
            .collect()
    };
    let (lbs, ubs, steps) = (fold(&f.lbs), fold(&f.ubs), fold(&f.steps));
    if !changed {
        return rw
            .notify_match_failure(op, || "no dynamic bound, upper bound or step is a constant");
    }
    let ctx = ir.ctx_arc().clone();
    let (operands, props) =
        forall_properties(&ctx, ir.op_properties(op), &lbs, &ubs, &steps, &f.outputs);
    rw.modify_op_in_place(op, |m| {
        m.set_operands(&operands);
        for k in [
            "staticLowerBound",
            "staticUpperBound",
            "staticStep",
            "operandSegmentSizes",
        ] {
            m.set_inherent_attr(k, ctx.dictionary_get(props, k));
        }
    });
    Ok(())
}

/// Upstream `ForallOpIterArgsFolder`: a shared output whose result is
/// unused, or that no combining op updates, is dropped: its combining ops
/// are erased and its block argument and result become the output value.
pub(crate) fn iter_args_folder(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    let f = forall(ir, op).ok_or(())?;
    let rank = f.rank();
    let mut dropped = Vec::new();
    let mut kept_outs = Vec::new();
    for (i, &out) in f.outputs.iter().enumerate() {
        let arg = ir.argument(f.body, rank + i);
        if ir.use_empty(ir.result(op, i)) || combining_ops(ir, arg).is_empty() {
            dropped.push(i);
        } else {
            kept_outs.push(out);
        }
    }
    if dropped.is_empty() {
        return rw.notify_match_failure(op, || {
            "every result is used and has a combining op in the terminator"
        });
    }
    for &i in &dropped {
        let arg = rw.ir().argument(f.body, rank + i);
        for c in combining_ops(rw.ir(), arg) {
            rw.erase_op(c);
        }
    }
    for &i in &dropped {
        let (arg, result) = (rw.ir().argument(f.body, rank + i), rw.ir().result(op, i));
        rw.replace_all_uses_with(arg, f.outputs[i]);
        rw.replace_all_uses_with(result, f.outputs[i]);
    }
    rw.start_op_modification(op);
    for &i in dropped.iter().rev() {
        rw.erase_block_argument(f.body, rank + i);
    }
    rw.finalize_op_modification(op);
    let new_op = super::region_branch::erase_op_results(rw, op, &dropped);
    // `getOutputsMutable().assign(newOuts)`: the output group shrinks.
    let ctx = rw.ir().ctx_arc().clone();
    let (operands, props) = forall_properties(
        &ctx,
        rw.ir().op_properties(new_op),
        &f.lbs,
        &f.ubs,
        &f.steps,
        &kept_outs,
    );
    rw.modify_op_in_place(new_op, |m| {
        m.set_operands(&operands);
        m.set_inherent_attr(
            "operandSegmentSizes",
            ctx.dictionary_get(props, "operandSegmentSizes"),
        );
    });
    Ok(())
}

/// Upstream `ForallOpSingleOrZeroIterationDimsFolder`: without a mapping,
/// a dimension with zero iterations makes the loop its outputs, and
/// single-iteration dimensions are dropped (their induction variables
/// become the lower bounds); with none left the body is promoted.
pub(crate) fn single_or_zero_iteration_dims(
    op: OpRef,
    rw: &mut PatternRewriter<'_>,
) -> LogicalResult {
    let ir = rw.ir();
    let ctx = ir.ctx();
    let mapped = ir
        .attr(op, "mapping")
        .is_some_and(|m| matches!(ctx.attr(m), mlir_ir::AttrKind::Array(e) if !e.is_empty()));
    if mapped {
        return rw.notify_match_failure(op, || "the loop is mapped to processing units");
    }
    let f = forall(ir, op).ok_or(())?;
    let loc = ir.op_loc(op);
    let ivs: Vec<Value> = ir.arguments(f.body).take(f.rank()).collect();
    let mut single = Vec::new();
    let mut kept = Vec::new();
    for d in 0..f.rank() {
        match mixed_trip_count(ir, f.lbs[d], f.ubs[d], f.steps[d]) {
            Some(0) => {
                rw.replace_op(op, &f.outputs);
                return Ok(());
            }
            Some(1) => single.push(d),
            _ => kept.push(d),
        }
    }
    if kept.is_empty() {
        return promote(rw, op, &f);
    }
    if kept.len() == f.rank() {
        // Upstream's wording (`ForallOpSingleOrZeroIterationDimsFolder`).
        return rw.notify_match_failure(op, || "no dimensions have 0 or 1 iterations");
    }
    rw.set_insertion_point_before(op);
    let mut mapping = IrMapping::new();
    for &d in &single {
        let lb = value_of(rw, loc, f.lbs[d]);
        mapping.map_value(ivs[d], lb);
    }
    let pick = |v: &[Ofr]| -> Vec<Ofr> { kept.iter().map(|&d| v[d]).collect() };
    let (lbs, ubs, steps) = (pick(&f.lbs), pick(&f.ubs), pick(&f.steps));
    // The new loop keeps the old one's attributes but the bounds (an empty
    // mapping included).
    let mapping_attr = rw.ir().attr(op, "mapping");
    let new_op = create_forall(rw, op, [&lbs, &ubs, &steps], &f.outputs, mapping_attr, true);
    let ir = rw.ir();
    let old_args: Vec<Value> = ir.arguments(f.body).collect();
    let kept_args: Vec<Value> = kept
        .iter()
        .map(|&d| old_args[d])
        .chain(old_args[f.rank()..].iter().copied())
        .collect();
    let types: Vec<Type> = kept_args.iter().map(|&a| ir.value_type(a)).collect();
    let locs: Vec<Location> = kept_args.iter().map(|&a| ir.value_loc(a)).collect();
    let ops: Vec<OpRef> = ir.block_ops(f.body).collect();
    let region = ir.region(new_op, 0);
    let block = rw.with_insertion_guard(|rw| rw.create_block(region, None, &types, &locs));
    for (k, &a) in kept_args.iter().enumerate() {
        let na = rw.ir().argument(block, k);
        mapping.map_value(a, na);
    }
    rw.with_insertion_guard(|rw| {
        rw.set_insertion_point_to_end(block);
        for o in ops {
            rw.clone_with_mapping(o, &mut mapping);
        }
    });
    let results: Vec<Value> = rw.ir().results(new_op).collect();
    rw.replace_op(op, &results);
    Ok(())
}

/// Upstream `scf::promote(rewriter, forallOp)`: the body moves before the
/// loop (induction variables become the lower bounds, output arguments the
/// outputs) and each `tensor.parallel_insert_slice` of the terminator
/// becomes a `tensor.insert_slice` after it, whose results replace the
/// loop's.
fn promote(rw: &mut PatternRewriter<'_>, op: OpRef, f: &Forall) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let terminator = rw.ir().terminator(f.body).ok_or(())?;
    let yielding = yielding_ops(rw.ir(), f.body);
    if yielding
        .iter()
        .any(|&y| rw.ir().op_name_str(y) != "tensor.parallel_insert_slice")
    {
        return rw.notify_match_failure(op, || {
            "the terminator holds an op other than tensor.parallel_insert_slice"
        });
    }
    rw.set_insertion_point_before(op);
    let mut repl = Vec::new();
    for &lb in &f.lbs {
        repl.push(value_of(rw, loc, lb));
    }
    repl.extend_from_slice(&f.outputs);
    rw.inline_block_before_op(f.body, op, &repl);
    rw.set_insertion_point_after(op);
    let mut results = Vec::new();
    for &y in &yielding {
        let ir = rw.ir();
        let mut state = OperationState::new(ir.ctx().op_name("tensor.insert_slice"), ir.op_loc(y));
        state.operands.extend(ir.operands(y));
        state.result_types.push(ir.value_type(ir.operand(y, 1)));
        state.properties = ir.op_properties(y);
        let s = rw.create(state);
        results.push(rw.ir().result(s, 0));
    }
    let old: Vec<Value> = rw.ir().results(op).collect();
    for (&from, &to) in old.iter().zip(&results) {
        rw.replace_all_uses_with(from, to);
    }
    rw.erase_op(terminator);
    rw.erase_op(op);
    Ok(())
}

/// Upstream `ForallOpReplaceConstantInductionVar`: a used induction
/// variable of a single-iteration dimension becomes its lower bound.
pub(crate) fn replace_constant_induction_var(
    op: OpRef,
    rw: &mut PatternRewriter<'_>,
) -> LogicalResult {
    let ir = rw.ir();
    let f = forall(ir, op).ok_or(())?;
    let loc = ir.op_loc(op);
    let mut changed = false;
    for d in 0..f.rank() {
        let iv = rw.ir().argument(f.body, d);
        if rw.ir().use_empty(iv) {
            continue;
        }
        if mixed_trip_count(rw.ir(), f.lbs[d], f.ubs[d], f.steps[d]) != Some(1) {
            continue;
        }
        rw.set_insertion_point_before(op);
        let lb = value_of(rw, loc, f.lbs[d]);
        rw.replace_all_uses_with(iv, lb);
        changed = true;
    }
    if changed {
        Ok(())
    } else {
        rw.notify_match_failure(op, || {
            "no used induction variable belongs to a single-iteration dimension"
        })
    }
}
