//! Region simplification (MLIR's `RegionUtils.cpp`): erasing unreachable
//! blocks, dead code and dead block arguments (`runRegionDCE`), and the
//! level switch used by the greedy driver and the canonicalizer.
//!
//! All changes go through a [`PatternRewriter`] with the caller's listener,
//! except the removal of forwarded branch operands and the dropping of uses
//! inside IR that is about to be erased, which MLIR does directly too.

use hashbrown::HashSet;
use smallvec::SmallVec;

use mlir_ir::interfaces::{AppendSuccessorOperands, BranchOpInterface};
use mlir_ir::{BlockRef, Ir, OpRef, RegionRef, TraitSet, Value};
use mlir_rewrite::{PatternRewriter, RewriterListener};

use crate::side_effects::would_op_be_trivially_dead;

/// How much control-flow simplification the greedy driver does after each
/// iteration (MLIR's `GreedySimplifyRegionLevel`).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum RegionSimplificationLevel {
    /// None.
    Disabled,
    /// Unreachable blocks, dead ops and dead block arguments.
    Normal,
    /// `Normal` plus identical-block merging and redundant block argument
    /// dropping.
    #[default]
    Aggressive,
}

/// The successors of `block` (those of its last op).
fn successors(ir: &Ir, block: BlockRef) -> SmallVec<[BlockRef; 2]> {
    match ir.last_op(block) {
        Some(t) => ir.successors(t).collect(),
        None => SmallVec::new(),
    }
}

/// The blocks reachable from `entry`, in post-order (successors first).
pub(crate) fn post_order(ir: &Ir, entry: BlockRef) -> Vec<BlockRef> {
    let mut out = Vec::new();
    let mut seen: HashSet<BlockRef> = HashSet::new();
    let mut stack: Vec<(BlockRef, SmallVec<[BlockRef; 2]>, usize)> = Vec::new();
    seen.insert(entry);
    stack.push((entry, successors(ir, entry), 0));
    while let Some((b, succs, next)) = stack.last_mut() {
        if let Some(&s) = succs.get(*next) {
            *next += 1;
            if seen.insert(s) {
                let ss = successors(ir, s);
                stack.push((s, ss, 0));
            }
        } else {
            out.push(*b);
            stack.pop();
        }
    }
    out
}

/// Erases the blocks of `regions` (and of the regions nested in their
/// reachable blocks) that cannot be reached from their region's entry
/// block (MLIR's `eraseUnreachableBlocks`). Returns whether any was erased.
pub fn erase_unreachable_blocks(
    ir: &mut Ir,
    mut listener: Option<&mut (dyn RewriterListener + '_)>,
    regions: &[RegionRef],
) -> bool {
    let mut erased = false;
    let mut worklist: Vec<RegionRef> = regions.to_vec();
    while let Some(region) = worklist.pop() {
        let Some(entry) = ir.first_block(region) else {
            continue;
        };
        if ir.next_block(entry).is_none() {
            for op in ir.block_ops(entry) {
                worklist.extend_from_slice(ir.regions(op));
            }
            continue;
        }
        let reachable: HashSet<BlockRef> = post_order(ir, entry).into_iter().collect();
        let blocks: Vec<BlockRef> = ir.region_blocks(region).collect();
        let dead: Vec<BlockRef> = blocks
            .iter()
            .copied()
            .filter(|b| !reachable.contains(b))
            .collect();
        // MLIR's `dropAllDefinedValueUses`: dead blocks may use each other's
        // values and branch to each other; those uses go first. Our IR has
        // no null operands, so each such user drops all of its references
        // (it is erased with its block).
        for &b in &dead {
            drop_defined_value_uses(ir, b);
        }
        for &b in &blocks {
            if reachable.contains(&b) {
                for op in ir.block_ops(b) {
                    worklist.extend_from_slice(ir.regions(op));
                }
            } else {
                PatternRewriter::with_optional_listener(ir, listener.as_deref_mut()).erase_block(b);
                erased = true;
            }
        }
    }
    erased
}

/// Drops every use of a value defined in `block` (arguments, results of
/// its ops) and every branch to it.
fn drop_defined_value_uses(ir: &mut Ir, block: BlockRef) {
    let mut values: Vec<Value> = ir.arguments(block).collect();
    for op in ir.block_ops(block) {
        values.extend(ir.results(op));
    }
    for v in values {
        while let Some(u) = ir.uses(v).next() {
            ir.drop_all_references(u.op);
        }
    }
    while let Some(u) = ir.block_uses(block).next() {
        ir.drop_all_references(u.op);
    }
}

/// Liveness facts of `runRegionDCE`. As in MLIR, an op result is live iff
/// its op is: results are not tracked separately.
///
/// Live ops are a bit per op slot: nothing is erased while liveness is
/// computed, so slots are unambiguous, and a vector avoids hashing every op.
#[derive(Default)]
struct LiveMap {
    changed: bool,
    ops: Vec<bool>,
    values: HashSet<Value>,
}

impl LiveMap {
    fn op_live(&self, op: OpRef) -> bool {
        self.ops.get(op.index() as usize).copied().unwrap_or(false)
    }
    fn value_live(&self, v: Value) -> bool {
        match v.defining_op() {
            Some(op) => self.op_live(op),
            None => self.values.contains(&v),
        }
    }
    fn set_op(&mut self, op: OpRef) {
        let i = op.index() as usize;
        if self.ops.len() <= i {
            self.ops.resize(i + 1, false);
        }
        self.changed |= !self.ops[i];
        self.ops[i] = true;
    }
    fn set_value(&mut self, v: Value) {
        match v.defining_op() {
            Some(op) => self.set_op(op),
            None => self.changed |= self.values.insert(v),
        }
    }
}

fn branch_iface(ir: &Ir, op: OpRef) -> Option<BranchOpInterface> {
    ir.ctx()
        .op_info(ir.op_name(op))
        .interface::<BranchOpInterface>()
        .copied()
}

/// Whether `use` only feeds a successor argument that is not live (MLIR's
/// `isUseSpeciallyKnownDead`).
fn use_known_dead(ir: &Ir, user: OpRef, operand: usize, live: &LiveMap) -> bool {
    if !ir.op_has_trait(user, TraitSet::IS_TERMINATOR) {
        return false;
    }
    let Some(iface) = branch_iface(ir, user) else {
        return false;
    };
    match iface.successor_block_argument(ir, user, operand) {
        Some((s, a)) => !live.value_live(ir.argument(ir.successor(user, s), a)),
        None => false,
    }
}

fn process_value(ir: &Ir, v: Value, live: &mut LiveMap) {
    let proved = ir
        .uses(v)
        .any(|u| !use_known_dead(ir, u.op, u.index as usize, live) && live.op_live(u.op));
    if proved {
        live.set_value(v);
    }
}

fn propagate_terminator(ir: &Ir, op: OpRef, live: &mut LiveMap) {
    live.set_op(op);
    match branch_iface(ir, op) {
        None => {
            for s in ir.successors(op) {
                for a in ir.arguments(s) {
                    live.set_value(a);
                }
            }
        }
        Some(iface) => {
            // Arguments the branch produces itself cannot be removed.
            for s in 0..ir.num_successors(op) {
                let so = (iface.successor_operands)(ir, op, s);
                let succ = ir.successor(op, s);
                for i in 0..so.produced {
                    live.set_value(ir.argument(succ, i));
                }
            }
        }
    }
}

fn propagate_op(ir: &Ir, op: OpRef, live: &mut LiveMap) {
    for &r in ir.regions(op) {
        propagate_region(ir, r, live);
    }
    if ir.op_has_trait(op, TraitSet::IS_TERMINATOR) {
        return propagate_terminator(ir, op, live);
    }
    if live.op_live(op) {
        return;
    }
    if !would_op_be_trivially_dead(ir, op) {
        return live.set_op(op);
    }
    for v in ir.results(op) {
        process_value(ir, v, live);
    }
}

fn propagate_region(ir: &Ir, region: RegionRef, live: &mut LiveMap) {
    let Some(entry) = ir.first_block(region) else {
        return;
    };
    for b in post_order(ir, entry) {
        // Nothing changes while liveness is computed, so the ops are
        // followed backwards in place rather than gathered first (which
        // was a second sweep over a large block, missing the cache).
        let mut cur = ir.last_op(b);
        while let Some(op) = cur {
            propagate_op(ir, op, live);
            cur = ir.prev_op(op);
        }
        if b == entry {
            continue;
        }
        for a in ir.arguments(b) {
            if !live.value_live(a) {
                process_value(ir, a, live);
            }
        }
    }
}

fn erase_successor_operands(ir: &mut Ir, term: OpRef, live: &LiveMap) {
    let Some(iface) = branch_iface(ir, term) else {
        return;
    };
    for s in (0..ir.num_successors(term)).rev() {
        let so = (iface.successor_operands)(ir, term, s);
        let succ = ir.successor(term, s);
        for i in (0..so.len).rev() {
            if !live.value_live(ir.argument(succ, so.produced + i)) {
                iface.erase_operand(ir, term, s, i);
            }
        }
    }
}

fn delete_deadness(
    ir: &mut Ir,
    mut listener: Option<&mut (dyn RewriterListener + '_)>,
    regions: &[RegionRef],
    live: &LiveMap,
) -> bool {
    let mut erased = false;
    for &region in regions {
        let Some(entry) = ir.first_block(region) else {
            continue;
        };
        let single = ir.next_block(entry).is_none();
        for b in post_order(ir, entry) {
            if !single {
                if let Some(t) = ir.last_op(b) {
                    erase_successor_operands(ir, t, live);
                }
            }
            // Backwards in place: erasing an op leaves the one before it
            // (taken first) in the block, and only dead ops are erased.
            let mut cur = ir.last_op(b);
            while let Some(op) = cur {
                cur = ir.prev_op(op);
                if !live.op_live(op) {
                    erased = true;
                    // Graph regions can have use cycles; uses by other dead
                    // ops are dropped first, as MLIR's `dropAllUses`.
                    for v in ir.results(op).collect::<SmallVec<[Value; 2]>>() {
                        while let Some(u) = ir.uses(v).next() {
                            ir.drop_all_references(u.op);
                        }
                    }
                    PatternRewriter::with_optional_listener(ir, listener.as_deref_mut())
                        .erase_op(op);
                } else {
                    let nested: SmallVec<[RegionRef; 2]> = ir.regions(op).iter().copied().collect();
                    erased |= delete_deadness(ir, listener.as_deref_mut(), &nested, live);
                }
            }
        }
        let blocks: Vec<BlockRef> = ir.region_blocks(region).skip(1).collect();
        for b in blocks {
            for i in (0..ir.num_arguments(b)).rev() {
                if !live.value_live(ir.argument(b, i)) {
                    ir.erase_argument(b, i);
                }
            }
        }
    }
    erased
}

/// Erases dead ops and dead non-entry block arguments (with the branch
/// operands feeding them) in `regions` (MLIR's `runRegionDCE`).
pub fn run_region_dce(
    ir: &mut Ir,
    listener: Option<&mut (dyn RewriterListener + '_)>,
    regions: &[RegionRef],
) -> bool {
    let mut live = LiveMap {
        ops: vec![false; ir.op_slot_bound() as usize],
        ..Default::default()
    };
    loop {
        live.changed = false;
        for &r in regions {
            propagate_region(ir, r, &mut live);
        }
        if !live.changed {
            break;
        }
    }
    delete_deadness(ir, listener, regions, &live)
}

/// Simplifies `regions` (MLIR's `simplifyRegions`): unreachable blocks,
/// then dead code; with `merge_blocks` (the aggressive level), identical
/// blocks are merged and redundant block arguments dropped as well.
/// Returns whether anything changed.
pub fn simplify_regions(
    ir: &mut Ir,
    mut listener: Option<&mut (dyn RewriterListener + '_)>,
    regions: &[RegionRef],
    merge_blocks: bool,
) -> bool {
    let a = erase_unreachable_blocks(ir, listener.as_deref_mut(), regions);
    let b = run_region_dce(ir, listener.as_deref_mut(), regions);
    let mut c = false;
    let mut d = false;
    if merge_blocks {
        c = merge_identical_blocks(ir, listener.as_deref_mut(), regions);
        d = drop_redundant_arguments(ir, listener, regions);
    }
    a || b || c || d
}

// ---------------------------------------------------------------------------
// Block merging (MLIR's `mergeIdenticalBlocks`)
// ---------------------------------------------------------------------------

/// What is compared between blocks (MLIR's `BlockEquivalenceData`): a hash
/// of the block's ops ignoring operand values and locations, and for each
/// op with results the position of its first result among the values the
/// block defines (arguments first).
struct BlockEquivalenceData {
    block: BlockRef,
    hash: u64,
    order: hashbrown::HashMap<OpRef, usize>,
}

impl BlockEquivalenceData {
    fn new(ir: &Ir, block: BlockRef) -> Self {
        use std::hash::{Hash, Hasher};
        let mut order = hashbrown::HashMap::new();
        let mut next = ir.num_arguments(block);
        let mut h = std::collections::hash_map::DefaultHasher::new();
        for op in ir.block_ops(block) {
            let n = ir.num_results(op);
            if n > 0 {
                order.insert(op, next);
                next += n;
            }
            op_shape_hash(ir, op).hash(&mut h);
        }
        BlockEquivalenceData {
            block,
            hash: h.finish(),
            order,
        }
    }

    /// The position of `v` (defined in this block) among the block's values.
    fn order_of(&self, v: Value) -> usize {
        match v.defining_op() {
            None => v.number() as usize,
            Some(op) => self.order[&op] + v.number() as usize,
        }
    }
}

/// A hash of what `OperationEquivalence::computeHash` looks at when operand
/// and result values are ignored: name, attributes, properties, result
/// types and the number of operands.
fn op_shape_hash(ir: &Ir, op: OpRef) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    ir.op_name(op).hash(&mut h);
    ir.op_properties(op).hash(&mut h);
    ir.op_attributes(op).hash(&mut h);
    for t in ir.result_types(op) {
        t.hash(&mut h);
    }
    ir.num_operands(op).hash(&mut h);
    h.finish()
}

/// `OperationEquivalence::isEquivalentTo` with operand values ignored and
/// locations ignored, for ops without (non-empty) regions: same name,
/// attributes, properties, operand and result types, successors.
fn ops_shape_equivalent(ir: &Ir, a: OpRef, b: OpRef) -> bool {
    ir.op_name(a) == ir.op_name(b)
        && ir.op_properties(a) == ir.op_properties(b)
        && ir.op_attributes(a) == ir.op_attributes(b)
        && ir.num_operands(a) == ir.num_operands(b)
        && ir.operand_types(a).eq(ir.operand_types(b))
        && ir.result_types(a).eq(ir.result_types(b))
        && ir.num_regions(a) == ir.num_regions(b)
        && ir.successors(a).eq(ir.successors(b))
}

/// Whether some user of `v` is not directly in `block`.
fn value_used_outside_block(ir: &Ir, v: Value, block: BlockRef) -> bool {
    ir.uses(v).any(|u| ir.op_block(u.op) != Some(block))
}

/// Whether some result of `op` is used outside `block`.
fn op_used_outside_block(ir: &Ir, op: OpRef, block: BlockRef) -> bool {
    ir.results(op)
        .any(|v| value_used_outside_block(ir, v, block))
}

/// A cluster of blocks to merge into its leader (MLIR's `BlockMergeCluster`).
struct BlockMergeCluster {
    leader: BlockEquivalenceData,
    to_merge: Vec<BlockRef>,
    /// (op position, operand index) pairs that differ between the blocks
    /// and become new arguments of the leader, sorted.
    operands_to_merge: std::collections::BTreeSet<(usize, usize)>,
}

impl BlockMergeCluster {
    fn add(&mut self, ir: &Ir, data: &BlockEquivalenceData) -> bool {
        if self.leader.hash != data.hash {
            return false;
        }
        let (leader, merge) = (self.leader.block, data.block);
        if !ir.argument_types(leader).eq(ir.argument_types(merge)) {
            return false;
        }
        let lhs: SmallVec<[OpRef; 8]> = ir.block_ops(leader).collect();
        let rhs: SmallVec<[OpRef; 8]> = ir.block_ops(merge).collect();
        if lhs.len() != rhs.len() {
            return false;
        }
        let mut mismatched: SmallVec<[(usize, usize); 8]> = SmallVec::new();
        for (i, (&l, &r)) in lhs.iter().zip(&rhs).enumerate() {
            if !ops_shape_equivalent(ir, l, r) {
                return false;
            }
            for k in 0..ir.num_operands(l) {
                let (lv, rv) = (ir.operand(l, k), ir.operand(r, k));
                if lv == rv {
                    continue;
                }
                if ir.value_type(lv) != ir.value_type(rv) {
                    return false;
                }
                let l_in = ir.value_parent_block(lv) == Some(leader);
                let r_in = ir.value_parent_block(rv) == Some(merge);
                if l_in != r_in {
                    return false;
                }
                if !l_in {
                    // A value produced by the terminator of a predecessor
                    // cannot be forwarded as a branch operand.
                    let valid = |block: BlockRef, v: Value| {
                        let Some(def) = v.defining_op() else {
                            return true;
                        };
                        let Some(def_block) = ir.op_block(def) else {
                            return true;
                        };
                        if ir.last_op(def_block) != Some(def) {
                            return true;
                        }
                        !ir.predecessors(block)
                            .any(|p| ir.op_block(p) == Some(def_block))
                    };
                    if !valid(leader, lv) || !valid(merge, rv) {
                        return false;
                    }
                    mismatched.push((i, k));
                    continue;
                }
                if self.leader.order_of(lv) != data.order_of(rv) {
                    return false;
                }
            }
            if op_used_outside_block(ir, r, merge) || op_used_outside_block(ir, l, leader) {
                return false;
            }
        }
        self.operands_to_merge.extend(mismatched);
        if !self.to_merge.contains(&merge) {
            self.to_merge.push(merge);
        }
        true
    }

    fn merge(self, ir: &mut Ir, mut listener: Option<&mut (dyn RewriterListener + '_)>) -> bool {
        if self.to_merge.is_empty() {
            return false;
        }
        let leader = self.leader.block;
        if !self.operands_to_merge.is_empty() {
            if !can_update_pred_operands(ir, leader)
                || !self
                    .to_merge
                    .iter()
                    .all(|&b| can_update_pred_operands(ir, b))
            {
                return false;
            }
            let blocks: SmallVec<[BlockRef; 4]> = std::iter::once(leader)
                .chain(self.to_merge.iter().copied())
                .collect();
            let ops: Vec<SmallVec<[OpRef; 8]>> =
                blocks.iter().map(|&b| ir.block_ops(b).collect()).collect();
            let num_old = ir.num_arguments(leader);
            let mut new_args: Vec<Vec<Value>> = vec![Vec::new(); blocks.len()];
            for &(op_i, operand_i) in &self.operands_to_merge {
                for (bi, block_ops) in ops.iter().enumerate() {
                    let op = block_ops[op_i];
                    let v = ir.operand(op, operand_i);
                    new_args[bi].push(v);
                    if bi == 0 {
                        let ty = ir.value_type(v);
                        let loc = ir.value_loc(v);
                        let arg = ir.add_argument(leader, ty, loc);
                        ir.set_operand(op, operand_i, arg);
                    }
                }
            }
            let new_args =
                prune_redundant_arguments(ir, listener.as_deref_mut(), new_args, num_old, leader);
            for (bi, &b) in blocks.iter().enumerate() {
                let edges: SmallVec<[(OpRef, usize); 4]> =
                    ir.block_uses(b).map(|u| (u.op, u.index as usize)).collect();
                for (term, succ) in edges {
                    append_successor_operands(ir, term, succ, &new_args[bi]);
                }
            }
        }
        for b in self.to_merge {
            ir.replace_all_block_uses_with(b, leader);
            PatternRewriter::with_optional_listener(ir, listener.as_deref_mut()).erase_block(b);
        }
        true
    }
}

/// The op's [`AppendSuccessorOperands`] hook, if it has one.
fn append_iface(ir: &Ir, op: OpRef) -> Option<AppendSuccessorOperands> {
    ir.ctx()
        .op_info(ir.op_name(op))
        .interface::<AppendSuccessorOperands>()
        .copied()
}

/// Whether every predecessor of `block` is a branch whose forwarded
/// operands can be extended (MLIR's `ableToUpdatePredOperands`): it
/// implements [`BranchOpInterface`] and either has no operand segments or
/// provides [`AppendSuccessorOperands`] to update them.
fn can_update_pred_operands(ir: &Ir, block: BlockRef) -> bool {
    ir.predecessors(block).all(|term| {
        branch_iface(ir, term).is_some()
            && (append_iface(ir, term).is_some()
                || ir
                    .attr(term, mlir_ir::ods::spec::OPERAND_SEGMENTS)
                    .is_none())
    })
}

/// Appends `values` to the operands `term` forwards to successor `succ`.
fn append_successor_operands(ir: &mut Ir, term: OpRef, succ: usize, values: &[Value]) {
    if let Some(append) = append_iface(ir, term) {
        return (append.0)(ir, term, succ, values);
    }
    let Some(iface) = branch_iface(ir, term) else {
        return;
    };
    let so = (iface.successor_operands)(ir, term, succ);
    ir.insert_operands(term, so.start + so.len, values);
}

/// MLIR's `pruneRedundantArguments`: a new argument that receives, from
/// every block of the cluster, the same value as an earlier new argument
/// is replaced by that earlier argument. Returns the pruned lists.
fn prune_redundant_arguments(
    ir: &mut Ir,
    listener: Option<&mut (dyn RewriterListener + '_)>,
    new_args: Vec<Vec<Value>>,
    num_old: usize,
    block: BlockRef,
) -> Vec<Vec<Value>> {
    let Some(first) = new_args.first() else {
        return new_args;
    };
    let num_args = first.len();
    let mut first_index: hashbrown::HashMap<Value, usize> = hashbrown::HashMap::new();
    for (j, &v) in first.iter().enumerate() {
        first_index.entry(v).or_insert(j);
    }
    let mut replacement: Vec<Option<usize>> = vec![None; num_args];
    for j in 0..num_args {
        let k = first_index[&first[j]];
        if k == j {
            continue;
        }
        if new_args[1..].iter().all(|list| list[k] == list[j]) {
            replacement[j] = Some(k);
        }
    }
    let pruned: Vec<Vec<Value>> = new_args
        .iter()
        .map(|list| {
            list.iter()
                .enumerate()
                .filter(|(j, _)| replacement[*j].is_none())
                .map(|(_, &v)| v)
                .collect()
        })
        .collect();
    let mut rw = PatternRewriter::with_optional_listener(ir, listener);
    let mut to_erase = Vec::new();
    for (j, r) in replacement.iter().enumerate() {
        if let Some(k) = r {
            let old = rw.ir().argument(block, num_old + j);
            let new = rw.ir().argument(block, num_old + k);
            rw.replace_all_uses_with(old, new);
            to_erase.push(num_old + j);
        }
    }
    drop(rw);
    for i in to_erase.into_iter().rev() {
        ir.erase_argument(block, i);
    }
    pruned
}

/// Merges identical blocks of one region. Blocks other than the entry are
/// grouped by their successor lists (in order of first appearance, so the
/// result does not depend on hashing), and each group is split into
/// clusters of equivalent blocks.
fn merge_identical_blocks_in_region(
    ir: &mut Ir,
    mut listener: Option<&mut (dyn RewriterListener + '_)>,
    region: RegionRef,
) -> bool {
    let blocks: Vec<BlockRef> = ir.region_blocks(region).skip(1).collect();
    if blocks.is_empty() {
        return false;
    }
    let mut groups: Vec<(SmallVec<[BlockRef; 2]>, Vec<BlockRef>)> = Vec::new();
    let mut group_of: hashbrown::HashMap<SmallVec<[BlockRef; 2]>, usize> =
        hashbrown::HashMap::new();
    for &b in &blocks {
        let succs = successors(ir, b);
        let idx = *group_of.entry(succs.clone()).or_insert_with(|| {
            groups.push((succs, Vec::new()));
            groups.len() - 1
        });
        groups[idx].1.push(b);
    }
    let mut merged = false;
    for (_, group) in groups {
        if group.len() < 2 {
            continue;
        }
        let mut clusters: Vec<BlockMergeCluster> = Vec::new();
        for b in group {
            if !ir.is_live_block(b) {
                continue;
            }
            let has_region = ir
                .block_ops(b)
                .any(|op| ir.regions(op).iter().any(|&r| !ir.region_is_empty(r)));
            if has_region {
                continue;
            }
            if ir.arguments(b).any(|a| value_used_outside_block(ir, a, b)) {
                continue;
            }
            let data = BlockEquivalenceData::new(ir, b);
            let mut added = false;
            for c in clusters.iter_mut() {
                if c.add(ir, &data) {
                    added = true;
                    break;
                }
            }
            if !added {
                clusters.push(BlockMergeCluster {
                    leader: data,
                    to_merge: Vec::new(),
                    operands_to_merge: Default::default(),
                });
            }
        }
        for c in clusters {
            merged |= c.merge(ir, listener.as_deref_mut());
        }
    }
    merged
}

/// Merges identical blocks in `regions` and the regions nested in them
/// (MLIR's `mergeIdenticalBlocks`), inserting block arguments for operands
/// that differ. Returns whether any block was merged.
pub fn merge_identical_blocks(
    ir: &mut Ir,
    mut listener: Option<&mut (dyn RewriterListener + '_)>,
    regions: &[RegionRef],
) -> bool {
    let mut worklist: Vec<RegionRef> = Vec::new();
    for &r in regions {
        if !worklist.contains(&r) {
            worklist.push(r);
        }
    }
    let mut queued: HashSet<RegionRef> = worklist.iter().copied().collect();
    let mut changed = false;
    while let Some(region) = worklist.pop() {
        queued.remove(&region);
        if merge_identical_blocks_in_region(ir, listener.as_deref_mut(), region) {
            changed = true;
            if queued.insert(region) {
                worklist.push(region);
            }
        }
        let blocks: Vec<BlockRef> = ir.region_blocks(region).collect();
        for b in blocks {
            for op in ir.block_ops(b) {
                for &r in ir.regions(op) {
                    if queued.insert(r) {
                        worklist.push(r);
                    }
                }
            }
        }
    }
    changed
}

// ---------------------------------------------------------------------------
// Redundant block arguments (MLIR's `dropRedundantArguments`)
// ---------------------------------------------------------------------------

/// Drops the arguments of `block` that receive the same value from every
/// predecessor, using that value directly.
fn drop_redundant_arguments_in_block(
    ir: &mut Ir,
    listener: Option<&mut (dyn RewriterListener + '_)>,
    block: BlockRef,
) -> bool {
    let edges: SmallVec<[(OpRef, usize); 4]> = ir
        .block_uses(block)
        .map(|u| (u.op, u.index as usize))
        .collect();
    let mut to_erase: SmallVec<[usize; 4]> = SmallVec::new();
    let mut replacements: SmallVec<[(Value, Value); 4]> = SmallVec::new();
    for arg_i in 0..ir.num_arguments(block) {
        let mut common: Option<Value> = None;
        let mut same = true;
        for &(term, succ) in &edges {
            let Some(iface) = branch_iface(ir, term) else {
                same = false;
                break;
            };
            let so = (iface.successor_operands)(ir, term, succ);
            if arg_i < so.produced || arg_i - so.produced >= so.len {
                same = false;
                break;
            }
            let v = ir.operand(term, so.start + arg_i - so.produced);
            match common {
                None => common = Some(v),
                Some(c) if c != v => {
                    same = false;
                    break;
                }
                Some(_) => {}
            }
        }
        if let (Some(c), true) = (common, same) {
            to_erase.push(arg_i);
            replacements.push((ir.argument(block, arg_i), c));
        }
    }
    if to_erase.is_empty() {
        return false;
    }
    let mut rw = PatternRewriter::with_optional_listener(ir, listener);
    for (from, to) in replacements {
        rw.replace_all_uses_with(from, to);
    }
    drop(rw);
    for &arg_i in to_erase.iter().rev() {
        ir.erase_argument(block, arg_i);
        for &(term, succ) in &edges {
            if let Some(iface) = branch_iface(ir, term) {
                let so = (iface.successor_operands)(ir, term, succ);
                iface.erase_operand(ir, term, succ, arg_i - so.produced);
            }
        }
    }
    true
}

/// Drops redundant block arguments in `regions` and the regions nested in
/// them (MLIR's `dropRedundantArguments`). Returns whether any was dropped.
pub fn drop_redundant_arguments(
    ir: &mut Ir,
    mut listener: Option<&mut (dyn RewriterListener + '_)>,
    regions: &[RegionRef],
) -> bool {
    let mut worklist: Vec<RegionRef> = regions.to_vec();
    let mut changed = false;
    while let Some(region) = worklist.pop() {
        let blocks: Vec<BlockRef> = ir.region_blocks(region).collect();
        for b in blocks {
            changed |= drop_redundant_arguments_in_block(ir, listener.as_deref_mut(), b);
            for op in ir.block_ops(b) {
                worklist.extend_from_slice(ir.regions(op));
            }
        }
    }
    changed
}
