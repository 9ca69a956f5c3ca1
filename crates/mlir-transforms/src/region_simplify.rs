//! Region simplification (MLIR's `RegionUtils.cpp`): erasing unreachable
//! blocks, dead code and dead block arguments (`runRegionDCE`), and the
//! level switch used by the greedy driver and the canonicalizer.
//!
//! All changes go through a [`PatternRewriter`] with the caller's listener,
//! except the removal of forwarded branch operands and the dropping of uses
//! inside IR that is about to be erased, which MLIR does directly too.

use hashbrown::HashSet;
use smallvec::SmallVec;

use mlir_ir::interfaces::BranchOpInterface;
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
    /// `Normal` plus block merging. (Identical-block merging is not
    /// implemented yet; this level currently does what `Normal` does.)
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
        let ops: SmallVec<[OpRef; 16]> = ir.block_ops(b).collect();
        for &op in ops.iter().rev() {
            propagate_op(ir, op, live);
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
            let ops: SmallVec<[OpRef; 16]> = ir.block_ops(b).collect();
            for &op in ops.iter().rev() {
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
/// then dead code; `merge_blocks` asks for block merging too (not
/// implemented yet). Returns whether anything changed.
pub fn simplify_regions(
    ir: &mut Ir,
    mut listener: Option<&mut (dyn RewriterListener + '_)>,
    regions: &[RegionRef],
    merge_blocks: bool,
) -> bool {
    let _ = merge_blocks;
    let a = erase_unreachable_blocks(ir, listener.as_deref_mut(), regions);
    let b = run_region_dce(ir, listener, regions);
    a || b
}
