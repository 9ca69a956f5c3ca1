//! mlir-opt 22's generic region-branch canonicalizations
//! (`populateRegionBranchOpInterfaceCanonicalizationPatterns`:
//! `MakeRegionBranchOpSuccessorInputsDead`,
//! `RemoveDuplicateSuccessorInputUses`,
//! `RemoveDeadRegionBranchOpSuccessorInputs`) for the scf ops that register
//! them: `scf.for`, `scf.while`, `scf.if`, `scf.index_switch` and
//! `scf.execute_region`.
//!
//! Upstream computes, through `RegionBranchOpInterface`, which successor
//! operands (init values, yielded values) flow into which successor inputs
//! (region arguments, op results). [`successor_mapping`] spells that flow
//! out per op, as the ops' `getSuccessorRegions` and successor operands
//! define it; once the interface is available on these ops the mapping can
//! come from it instead, and the patterns below stay as they are.

use std::collections::HashMap;

use mlir_ir::{Ir, OpRef, OperationState, Value, ValueDef};
use mlir_rewrite::{LogicalResult, PatternRewriter};

/// A successor operand: operand `.1` of op `.0`.
type Operand = (OpRef, usize);

/// Every successor operand of `op` with the successor inputs it flows into,
/// in a fixed order (entry operands first, then region by region). `None`
/// when `op` is not one of the ops handled here or its regions are not
/// well formed (a pattern may have produced IR that is not verified yet).
fn successor_mapping(ir: &Ir, op: OpRef) -> Option<Vec<(Operand, Vec<Value>)>> {
    let mut map: Vec<(Operand, Vec<Value>)> = Vec::new();
    let results: Vec<Value> = ir.results(op).collect();
    // The operands of terminator `t` (from `first` on) flow into `inputs`
    // (one list of inputs per operand position, all of the same length).
    let mut forward = |t: OpRef, first: usize, inputs: &[&[Value]]| -> Option<()> {
        let n = ir.num_operands(t).checked_sub(first)?;
        if inputs.iter().any(|i| i.len() != n) {
            return None;
        }
        for k in 0..n {
            map.push(((t, first + k), inputs.iter().map(|i| i[k]).collect()));
        }
        Some(())
    };
    let terminator = |r: mlir_ir::RegionRef, name: &str| -> Option<OpRef> {
        let b = ir.first_block(r)?;
        ir.last_op(b).filter(|&t| ir.op_name_str(t) == name)
    };
    match ir.op_name_str(op) {
        "scf.for" => {
            let body = ir.region(op, 0);
            let b = ir.first_block(body)?;
            let iter_args: Vec<Value> = ir.arguments(b).skip(1).collect();
            forward(op, 3, &[&iter_args, &results])?;
            let y = terminator(body, "scf.yield")?;
            forward(y, 0, &[&iter_args, &results])?;
        }
        "scf.while" => {
            let (before, after) = (ir.region(op, 0), ir.region(op, 1));
            let before_args: Vec<Value> = ir.arguments(ir.first_block(before)?).collect();
            let after_args: Vec<Value> = ir.arguments(ir.first_block(after)?).collect();
            forward(op, 0, &[&before_args])?;
            let c = terminator(before, "scf.condition")?;
            if ir.num_operands(c) == 0 {
                return None;
            }
            forward(c, 1, &[&after_args, &results])?;
            let y = terminator(after, "scf.yield")?;
            forward(y, 0, &[&before_args])?;
        }
        "scf.if" | "scf.index_switch" => {
            for &r in ir.regions(op) {
                if ir.region_is_empty(r) {
                    continue;
                }
                let y = terminator(r, "scf.yield")?;
                forward(y, 0, &[&results])?;
            }
        }
        "scf.execute_region" => {
            let r = ir.region(op, 0);
            for b in ir.region_blocks(r) {
                let Some(t) = ir.last_op(b) else { continue };
                if ir.op_name_str(t) == "scf.yield" {
                    forward(t, 0, &[&results])?;
                }
            }
        }
        _ => return None,
    }
    Some(map)
}

/// The successor inputs of the mapping with the operands flowing into each,
/// in first-seen order.
fn inverse(map: &[(Operand, Vec<Value>)]) -> Vec<(Value, Vec<Operand>)> {
    let mut index: HashMap<Value, usize> = HashMap::new();
    let mut inv: Vec<(Value, Vec<Operand>)> = Vec::new();
    for &(operand, ref inputs) in map {
        for &input in inputs {
            let i = *index.entry(input).or_insert_with(|| {
                inv.push((input, Vec::new()));
                inv.len() - 1
            });
            inv[i].1.push(operand);
        }
    }
    inv
}

/// Upstream `computeReachableValuesFromSuccessorInput`: the values that are
/// not successor inputs and may flow, directly or through other successor
/// inputs, into `value`.
fn reachable_values(ir: &Ir, value: Value, inv: &HashMap<Value, &Vec<Operand>>) -> Vec<Value> {
    let mut reachable = Vec::new();
    let mut visited = std::collections::HashSet::new();
    let mut worklist = vec![value];
    while let Some(next) = worklist.pop() {
        let Some(operands) = inv.get(&next) else {
            if !reachable.contains(&next) {
                reachable.push(next);
            }
            continue;
        };
        for &(owner, i) in operands.iter() {
            let v = ir.operand(owner, i);
            if visited.insert(v) {
                worklist.push(v);
            }
        }
    }
    reachable
}

/// Upstream `isDefinedBefore`: whether `a`, a reachable value of successor
/// input `b`, may replace `b` (it is in scope wherever `b` is).
fn is_defined_before(ir: &Ir, op: OpRef, a: Value, b: Value) -> bool {
    let parent_op_of = |v: Value| -> Option<OpRef> {
        let region = match v.def() {
            ValueDef::OpResult(d, _) => ir.op_parent_region(d),
            ValueDef::BlockArgument(blk, _) => ir.block_parent_region(blk),
        }?;
        ir.region_parent_op(region)
    };
    if parent_op_of(a) == Some(op) {
        return match (a.def(), b.def()) {
            (ValueDef::BlockArgument(ba, _), ValueDef::BlockArgument(bb, _)) => ba == bb,
            _ => false,
        };
    }
    true
}

/// Upstream `MakeRegionBranchOpSuccessorInputsDead`: a successor input
/// that can only ever hold one value defined before it is replaced by that
/// value.
pub(crate) fn make_successor_inputs_dead(op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
    let ir = rw.ir();
    let map = successor_mapping(ir, op).ok_or(())?;
    let inv = inverse(&map);
    let lookup: HashMap<Value, &Vec<Operand>> = inv.iter().map(|(v, o)| (*v, o)).collect();
    let mut replacements = Vec::new();
    for (value, _) in &inv {
        if ir.use_empty(*value) {
            continue;
        }
        let reachable = reachable_values(ir, *value, &lookup);
        if reachable.len() != 1 {
            continue;
        }
        if !is_defined_before(ir, op, reachable[0], *value) {
            continue;
        }
        replacements.push((*value, reachable[0]));
    }
    if replacements.is_empty() {
        return rw.notify_match_failure(op, || {
            "no used successor input has a single reachable value defined before it"
        });
    }
    for (from, to) in replacements {
        rw.replace_all_uses_with(from, to);
    }
    Ok(())
}

/// The block or op owning `v`, and `v`'s position there.
fn owner_and_number(v: Value) -> (Result<mlir_ir::BlockRef, OpRef>, usize) {
    match v.def() {
        ValueDef::OpResult(o, i) => (Err(o), i as usize),
        ValueDef::BlockArgument(b, i) => (Ok(b), i as usize),
    }
}

/// Upstream `RemoveDuplicateSuccessorInputUses`: of two successor inputs of
/// the same block or op that receive the same value from every
/// predecessor, the later one's uses move to the earlier one.
pub(crate) fn remove_duplicate_successor_input_uses(
    op: OpRef,
    rw: &mut PatternRewriter<'_>,
) -> LogicalResult {
    let ir = rw.ir();
    let map = successor_mapping(ir, op).ok_or(())?;
    let mut inv = inverse(&map);
    inv.sort_by_key(|(v, _)| owner_and_number(*v).1);
    // The value each predecessor (terminator or the op itself) forwards.
    let forwarded = |ir: &Ir, operands: &[Operand]| -> Vec<(OpRef, Value)> {
        let mut v: Vec<(OpRef, Value)> = operands
            .iter()
            .map(|&(owner, i)| (owner, ir.operand(owner, i)))
            .collect();
        v.sort_by_key(|(o, _)| *o);
        v
    };
    let mut changed = false;
    for i in 0..inv.len() {
        for j in i + 1..inv.len() {
            let ir = rw.ir();
            let (input1, input2) = (inv[i].0, inv[j].0);
            if ir.use_empty(input2) {
                continue;
            }
            if owner_and_number(input1).0 != owner_and_number(input2).0 {
                continue;
            }
            if forwarded(ir, &inv[i].1) == forwarded(ir, &inv[j].1) {
                rw.replace_all_uses_with(input2, input1);
                changed = true;
            }
        }
    }
    if changed {
        Ok(())
    } else {
        rw.notify_match_failure(op, || {
            "no two successor inputs of one owner receive the same values"
        })
    }
}

/// A minimal union-find over indices.
fn find(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}

/// Upstream `RemoveDeadRegionBranchOpSuccessorInputs`: successor inputs
/// that are dead together with every input tied to them (fed by a common
/// successor operand) are erased, with the operands feeding them.
pub(crate) fn remove_dead_successor_inputs(
    op: OpRef,
    rw: &mut PatternRewriter<'_>,
) -> LogicalResult {
    let ir = rw.ir();
    let map = successor_mapping(ir, op).ok_or(())?;
    let inv = inverse(&map);
    let index: HashMap<Value, usize> = inv.iter().enumerate().map(|(i, (v, _))| (*v, i)).collect();
    let mut parent: Vec<usize> = (0..inv.len()).collect();
    for (_, inputs) in &map {
        let first = index[&inputs[0]];
        for input in &inputs[1..] {
            let (a, b) = (find(&mut parent, first), find(&mut parent, index[input]));
            if a != b {
                parent[b] = a;
            }
        }
    }
    let mut live_set = vec![false; inv.len()];
    for (i, (v, _)) in inv.iter().enumerate() {
        if !ir.use_empty(*v) {
            let root = find(&mut parent, i);
            live_set[root] = true;
        }
    }
    let dead: Vec<usize> = (0..inv.len())
        .filter(|&i| !live_set[find(&mut parent, i)])
        .collect();
    if dead.is_empty() {
        // Upstream's wording (`RemoveDeadRegionBranchOpSuccessorInputs`).
        return rw.notify_match_failure(op, || "no values to remove");
    }
    // Group what goes: operands per owner, arguments per block, results.
    let mut operands: Vec<(OpRef, Vec<usize>)> = Vec::new();
    let mut args: Vec<(mlir_ir::BlockRef, Vec<usize>)> = Vec::new();
    let mut results: Vec<usize> = Vec::new();
    for &i in &dead {
        let (v, ref feeding) = inv[i];
        match owner_and_number(v) {
            (Ok(b), n) => match args.iter_mut().find(|(x, _)| *x == b) {
                Some((_, l)) => l.push(n),
                None => args.push((b, vec![n])),
            },
            (Err(_), n) => results.push(n),
        }
        for &(owner, k) in feeding.iter() {
            match operands.iter_mut().find(|(x, _)| *x == owner) {
                Some((_, l)) => l.push(k),
                None => operands.push((owner, vec![k])),
            }
        }
    }
    for (owner, mut list) in operands {
        list.sort_unstable();
        list.dedup();
        rw.modify_op_in_place(owner, |m| {
            for &k in list.iter().rev() {
                m.erase_operand(k);
            }
        });
    }
    for (block, mut list) in args {
        list.sort_unstable();
        list.dedup();
        let Some(parent_op) = rw.ir().block_parent_op(block) else {
            continue;
        };
        rw.start_op_modification(parent_op);
        for &k in list.iter().rev() {
            rw.erase_block_argument(block, k);
        }
        rw.finalize_op_modification(parent_op);
    }
    if !results.is_empty() {
        results.sort_unstable();
        results.dedup();
        erase_op_results(rw, op, &results);
    }
    Ok(())
}

/// Upstream `RewriterBase::eraseOpResults`: `op` is replaced by a copy
/// without results `erase` (which must be unused) that takes over its
/// regions.
pub(crate) fn erase_op_results(rw: &mut PatternRewriter<'_>, op: OpRef, erase: &[usize]) -> OpRef {
    let ir = rw.ir();
    let mut state = OperationState::new(ir.op_name(op), ir.op_loc(op));
    state.operands.extend(ir.operands(op));
    state.result_types.extend(
        ir.results(op)
            .enumerate()
            .filter(|(i, _)| !erase.contains(i))
            .map(|(_, v)| ir.value_type(v)),
    );
    state.successors.extend(ir.successors(op));
    state.properties = ir.op_properties(op);
    state.attributes = Some(ir.op_attributes(op));
    let regions = ir.regions(op).to_vec();
    state.num_empty_regions = regions.len() as u32;
    let new_op = rw.with_insertion_guard(|rw| {
        rw.set_insertion_point_before(op);
        rw.create(state)
    });
    for (k, &r) in regions.iter().enumerate() {
        let to = rw.ir().region(new_op, k);
        rw.inline_region_before(r, to, None);
    }
    // The erased results have no uses: only the kept ones move over.
    let old: Vec<Value> = rw.ir().results(op).collect();
    let kept = old
        .iter()
        .enumerate()
        .filter(|(i, _)| !erase.contains(i))
        .map(|(_, &v)| v);
    for (k, from) in kept.enumerate() {
        let to = rw.ir().result(new_op, k);
        rw.replace_all_uses_with(from, to);
    }
    rw.erase_op(op);
    new_op
}
