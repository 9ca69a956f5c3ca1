//! Dominance and post-dominance over the regions of an [`Ir`], with MLIR's
//! semantics for nested regions and graph regions (MLIR's `DominanceInfo`
//! and `PostDominanceInfo`).
//!
//! Block-level dominator trees are computed lazily per region with the
//! Cooper–Harvey–Kennedy iterative algorithm over a reverse post-order, then
//! numbered by a DFS of the tree so that each block query is O(1). Trees are
//! cached until [`DominanceInfo::invalidate`] (or `invalidate_region`) is
//! called; the caller must invalidate after changing the CFG of a region.
//! Queries take the IR as a parameter so that an analysis can be kept while
//! the IR changes in ways that do not affect the CFG (e.g. erasing ops).
//!
//! Semantics, as upstream:
//! - Ops in the same block follow block order; in a graph region (see
//!   [`DominanceInfo::has_ssa_dominance`]) every op of a block dominates every other.
//! - For ops in different regions, the second op is replaced by its ancestor
//!   in the first op's region; an op encloses (and "dominates") the ops
//!   nested in it except for `properly_dominates` on values.
//! - An unreachable block is dominated by every block; it dominates none.
//!
//! Everything is iterative: deep nesting or long CFGs cannot overflow the stack.

use std::cell::RefCell;
use std::sync::Arc;

use hashbrown::HashMap;

use crate::ir::{BlockRef, Ir, OpRef, RegionRef, Value, ValueDef};
use crate::traits::TraitSet;

/// Whether the ops of `region` must obey SSA dominance: regions of
/// registered ops unless the op declares graph regions, multi-block regions
/// always, and single-block regions of unregistered ops never (MLIR cannot
/// know their kind and is permissive).
pub fn region_has_ssa_dominance(ir: &Ir, region: RegionRef) -> bool {
    let Some(op) = ir.region_parent_op(region) else {
        return true;
    };
    let single = ir
        .first_block(region)
        .is_some_and(|b| ir.next_block(b).is_none());
    if !single {
        return true;
    }
    ir.op_is_registered(op) && !ir.op_has_trait(op, TraitSet::GRAPH_REGION_KIND)
}

/// The dominator tree of one region's CFG.
struct RegionTree {
    /// Local index of each block (in region order).
    index: HashMap<BlockRef, u32>,
    blocks: Vec<BlockRef>,
    /// Immediate dominator (local index); `u32::MAX` for the entry (or
    /// exits, for post-dominance) and unreachable blocks.
    idom: Vec<u32>,
    /// DFS numbering of the dominator tree; `u32::MAX` when unreachable.
    pre: Vec<u32>,
    post: Vec<u32>,
    /// Children in the dominator tree, in the order LLVM's tree lists them
    /// (DFS preorder of the CFG, successors in order); what CSE walks.
    children: Vec<Vec<u32>>,
}

const NONE: u32 = u32::MAX;

impl RegionTree {
    fn build(ir: &Ir, region: RegionRef, post_dom: bool) -> RegionTree {
        let blocks: Vec<BlockRef> = ir.region_blocks(region).collect();
        let n = blocks.len();
        let index: HashMap<BlockRef, u32> = blocks
            .iter()
            .enumerate()
            .map(|(i, &b)| (b, i as u32))
            .collect();
        // Successor lists of the CFG (reversed for post-dominance). Edges to
        // blocks of other regions are ignored (the verifier rejects them).
        let mut succs: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (i, &b) in blocks.iter().enumerate() {
            if let Some(last) = ir.last_op(b) {
                for s in ir.successors(last) {
                    if let Some(&j) = index.get(&s) {
                        if post_dom {
                            succs[j as usize].push(i as u32);
                            preds[i].push(j);
                        } else {
                            succs[i].push(j);
                            preds[j as usize].push(i as u32);
                        }
                    }
                }
            }
        }
        // Roots: the entry block, or for post-dominance every block without
        // successors (joined under a virtual root at index `n`).
        let roots: Vec<u32> = if post_dom {
            (0..n as u32)
                .filter(|&i| preds[i as usize].is_empty())
                .collect()
        } else if n > 0 {
            vec![0]
        } else {
            Vec::new()
        };
        let virtual_root = n as u32;
        // Reverse post-order from the roots, iteratively.
        let mut rpo_num = vec![NONE; n + 1];
        let mut order: Vec<u32> = Vec::with_capacity(n + 1);
        let mut visited = vec![false; n];
        let mut stack: Vec<(u32, usize)> = Vec::new();
        let mut dfs_pre: Vec<u32> = Vec::with_capacity(n);
        for &r in roots.iter().rev() {
            if visited[r as usize] {
                continue;
            }
            visited[r as usize] = true;
            dfs_pre.push(r);
            stack.push((r, 0));
            while let Some(top) = stack.last_mut() {
                let (b, k) = *top;
                if let Some(&s) = succs[b as usize].get(k) {
                    top.1 += 1;
                    if !visited[s as usize] {
                        visited[s as usize] = true;
                        dfs_pre.push(s);
                        stack.push((s, 0));
                    }
                } else {
                    order.push(b);
                    stack.pop();
                }
            }
        }
        order.reverse();
        let mut idom = vec![NONE; n + 1];
        if post_dom {
            // The virtual root comes first in reverse post-order.
            order.insert(0, virtual_root);
            for &r in &roots {
                idom[r as usize] = virtual_root;
            }
            idom[virtual_root as usize] = virtual_root;
        } else if let Some(&entry) = order.first() {
            idom[entry as usize] = entry;
        }
        for (k, &b) in order.iter().enumerate() {
            rpo_num[b as usize] = k as u32;
        }
        let intersect = |idom: &Vec<u32>, mut a: u32, mut b: u32| {
            while a != b {
                while rpo_num[a as usize] > rpo_num[b as usize] {
                    a = idom[a as usize];
                }
                while rpo_num[b as usize] > rpo_num[a as usize] {
                    b = idom[b as usize];
                }
            }
            a
        };
        let mut changed = true;
        while changed {
            changed = false;
            for &b in order.iter().skip(1) {
                if b == virtual_root || (post_dom && roots.contains(&b)) {
                    continue;
                }
                let mut new_idom = NONE;
                for &p in &preds[b as usize] {
                    if idom[p as usize] == NONE {
                        continue;
                    }
                    new_idom = if new_idom == NONE {
                        p
                    } else {
                        intersect(&idom, p, new_idom)
                    };
                }
                if new_idom != NONE && idom[b as usize] != new_idom {
                    idom[b as usize] = new_idom;
                    changed = true;
                }
            }
        }
        // Children lists and a DFS numbering of the tree for O(1) queries.
        let tree_root = if post_dom {
            Some(virtual_root)
        } else {
            order.first().copied()
        };
        let mut children: Vec<Vec<u32>> = vec![Vec::new(); n + 1];
        // LLVM attaches tree nodes in DFS preorder; the post-dominator tree
        // keeps reverse post-order (only its numbering is used).
        let attach_order = if post_dom { &order } else { &dfs_pre };
        for &b in attach_order {
            let d = idom[b as usize];
            if d != NONE && d != b {
                children[d as usize].push(b);
            }
        }
        let mut pre = vec![NONE; n + 1];
        let mut post = vec![NONE; n + 1];
        if let Some(root) = tree_root {
            let mut counter = 0u32;
            let mut stack: Vec<(u32, usize)> = vec![(root, 0)];
            pre[root as usize] = counter;
            counter += 1;
            while let Some(top) = stack.last_mut() {
                let (b, k) = *top;
                if let Some(&c) = children[b as usize].get(k) {
                    top.1 += 1;
                    pre[c as usize] = counter;
                    counter += 1;
                    stack.push((c, 0));
                } else {
                    post[b as usize] = counter;
                    counter += 1;
                    stack.pop();
                }
            }
        }
        for d in idom.iter_mut() {
            if *d == virtual_root {
                *d = NONE;
            }
        }
        if !post_dom {
            if let Some(&entry) = order.first() {
                idom[entry as usize] = NONE;
            }
        }
        idom.truncate(n);
        pre.truncate(n);
        post.truncate(n);
        children.truncate(n);
        RegionTree {
            index,
            blocks,
            idom,
            pre,
            post,
            children,
        }
    }

    fn local(&self, b: BlockRef) -> Option<usize> {
        self.index.get(&b).map(|&i| i as usize)
    }

    fn reachable(&self, b: BlockRef) -> bool {
        self.local(b).is_some_and(|i| self.pre[i] != NONE)
    }

    /// LLVM's `DominatorTree::properlyDominates` on blocks of this region.
    fn properly_dominates(&self, a: BlockRef, b: BlockRef) -> bool {
        if a == b {
            return false;
        }
        let (Some(ia), Some(ib)) = (self.local(a), self.local(b)) else {
            return false;
        };
        if self.pre[ib] == NONE {
            // An unreachable block is dominated by anything.
            return true;
        }
        if self.pre[ia] == NONE {
            return false;
        }
        self.pre[ia] <= self.pre[ib] && self.post[ib] <= self.post[ia]
    }
}

/// A position in a block: before `op`, or the end of the block when `op` is `None`.
#[derive(Copy, Clone)]
struct Pos {
    block: BlockRef,
    op: Option<OpRef>,
}

fn pos(block: BlockRef, op: Option<OpRef>) -> Pos {
    Pos { block, op }
}

/// Shared machinery of dominance and post-dominance.
#[derive(Default)]
struct DomBase {
    trees: RefCell<HashMap<RegionRef, Arc<RegionTree>>>,
}

impl DomBase {
    fn tree(&self, ir: &Ir, region: RegionRef, post_dom: bool) -> Arc<RegionTree> {
        if let Some(t) = self.trees.borrow().get(&region) {
            return t.clone();
        }
        let t = Arc::new(RegionTree::build(ir, region, post_dom));
        self.trees.borrow_mut().insert(region, t.clone());
        t
    }

    /// MLIR's `properlyDominatesImpl` over positions `(block, op)`, where
    /// `op == None` means the end of the block.
    fn properly_dominates_impl(
        &self,
        ir: &Ir,
        post_dom: bool,
        a: Pos,
        b: Pos,
        enclosing_ok: bool,
    ) -> bool {
        let Pos {
            block: a_block,
            op: a_it,
        } = a;
        let Pos {
            block: mut b_block,
            op: mut b_it,
        } = b;
        if a_block == b_block && a_it == b_it {
            return !self.has_ssa_dominance_block(ir, a_block);
        }
        let a_region = ir.block_parent_region(a_block);
        if a_region != ir.block_parent_region(b_block) {
            // Move b up to its ancestor position in a's region.
            let Some(a_region) = a_region else {
                return false;
            };
            // The position of an op's nested block (or of its end) is, in an
            // enclosing region, the position of that op.
            while ir.block_parent_region(b_block) != Some(a_region) {
                let Some(op) = ir.block_parent_op(b_block) else {
                    return false;
                };
                let Some(ob) = ir.op_block(op) else {
                    return false;
                };
                b_block = ob;
                b_it = Some(op);
            }
            if a_block == b_block && a_it == b_it && enclosing_ok {
                return true;
            }
        }
        if a_block == b_block {
            if !self.has_ssa_dominance_block(ir, a_block) {
                return true;
            }
            let before = |x: Option<OpRef>, y: Option<OpRef>| match (x, y) {
                (None, _) => false,
                (Some(_), None) => true,
                (Some(x), Some(y)) => ir.is_before_in_block(x, y),
            };
            return if post_dom {
                before(b_it, a_it)
            } else {
                before(a_it, b_it)
            };
        }
        // Two different detached blocks have no dominance relation.
        let Some(region) = a_region else {
            return false;
        };
        self.tree(ir, region, post_dom)
            .properly_dominates(a_block, b_block)
    }

    fn has_ssa_dominance_block(&self, ir: &Ir, b: BlockRef) -> bool {
        ir.block_parent_region(b)
            .is_none_or(|r| region_has_ssa_dominance(ir, r))
    }
}

/// Dominance information; see the module docs.
#[derive(Default)]
pub struct DominanceInfo {
    base: DomBase,
}

impl DominanceInfo {
    pub fn new() -> Self {
        Self::default()
    }

    /// Drops every cached tree (after CFG changes).
    pub fn invalidate(&mut self) {
        self.base.trees.get_mut().clear();
    }
    /// Drops the cached tree of `region` (after changing its CFG).
    pub fn invalidate_region(&mut self, region: RegionRef) {
        self.base.trees.get_mut().remove(&region);
    }

    /// Whether `region` obeys SSA dominance ([`region_has_ssa_dominance`]).
    pub fn has_ssa_dominance(&self, ir: &Ir, region: RegionRef) -> bool {
        region_has_ssa_dominance(ir, region)
    }

    /// Whether `b` is reachable from the entry of its region (the entry
    /// block and blocks of detached regions count as reachable).
    pub fn is_reachable_from_entry(&self, ir: &Ir, b: BlockRef) -> bool {
        let Some(r) = ir.block_parent_region(b) else {
            return true;
        };
        if ir.first_block(r) == Some(b) {
            return true;
        }
        self.base.tree(ir, r, false).reachable(b)
    }

    /// The children of `b` in the dominator tree of its region, in the order
    /// of MLIR's `DominanceInfoNode` children (the DFS preorder of the CFG);
    /// empty for unreachable blocks.
    pub fn dominator_tree_children(&self, ir: &Ir, b: BlockRef) -> Vec<BlockRef> {
        let Some(r) = ir.block_parent_region(b) else {
            return Vec::new();
        };
        let t = self.base.tree(ir, r, false);
        match t.local(b) {
            Some(i) => t.children[i]
                .iter()
                .map(|&c| t.blocks[c as usize])
                .collect(),
            None => Vec::new(),
        }
    }

    /// The immediate dominator of `b` within its region.
    pub fn immediate_dominator(&self, ir: &Ir, b: BlockRef) -> Option<BlockRef> {
        let r = ir.block_parent_region(b)?;
        let t = self.base.tree(ir, r, false);
        let i = t.local(b)?;
        (t.idom[i] != NONE).then(|| t.blocks[t.idom[i] as usize])
    }

    /// Whether block `a` properly dominates block `b` (`b` may be nested in
    /// `a`'s region; a block encloses the blocks nested in its ops).
    pub fn block_properly_dominates(&self, ir: &Ir, a: BlockRef, b: BlockRef) -> bool {
        self.base.properly_dominates_impl(
            ir,
            false,
            pos(a, ir.first_op(a)),
            pos(b, ir.first_op(b)),
            true,
        )
    }
    /// Whether block `a` dominates block `b`.
    pub fn block_dominates(&self, ir: &Ir, a: BlockRef, b: BlockRef) -> bool {
        a == b || self.block_properly_dominates(ir, a, b)
    }

    /// Whether op `a` properly dominates op `b`; an op that encloses `b`
    /// counts when `enclosing_ok`.
    pub fn properly_dominates_with(&self, ir: &Ir, a: OpRef, b: OpRef, enclosing_ok: bool) -> bool {
        let (Some(ab), Some(bb)) = (ir.op_block(a), ir.op_block(b)) else {
            return false;
        };
        self.base.properly_dominates_impl(
            ir,
            false,
            pos(ab, Some(a)),
            pos(bb, Some(b)),
            enclosing_ok,
        )
    }
    /// Whether op `a` properly dominates op `b` (enclosing counts).
    pub fn properly_dominates(&self, ir: &Ir, a: OpRef, b: OpRef) -> bool {
        self.properly_dominates_with(ir, a, b, true)
    }
    /// Whether op `a` dominates op `b`.
    pub fn dominates(&self, ir: &Ir, a: OpRef, b: OpRef) -> bool {
        a == b || self.properly_dominates(ir, a, b)
    }

    /// Whether value `v` properly dominates `user`: a block argument
    /// dominates every op of its block and the ops nested in them; an op
    /// result properly dominates ops its op properly dominates, but not the
    /// ops nested in its own op.
    pub fn value_properly_dominates(&self, ir: &Ir, v: Value, user: OpRef) -> bool {
        match v.def() {
            ValueDef::BlockArgument(b, _) => match ir.op_block(user) {
                Some(ub) => self.block_dominates(ir, b, ub),
                None => false,
            },
            ValueDef::OpResult(def, _) => self.properly_dominates_with(ir, def, user, false),
        }
    }
    /// Whether value `v` dominates `user` (its own defining op included).
    pub fn value_dominates(&self, ir: &Ir, v: Value, user: OpRef) -> bool {
        v.defining_op() == Some(user) || self.value_properly_dominates(ir, v, user)
    }

    /// The nearest block dominating both `a` and `b` (same region), if any.
    pub fn nearest_common_dominator(&self, ir: &Ir, a: BlockRef, b: BlockRef) -> Option<BlockRef> {
        let r = ir.block_parent_region(a)?;
        if ir.block_parent_region(b) != Some(r) {
            return None;
        }
        let t = self.base.tree(ir, r, false);
        let (mut x, y) = (t.local(a)?, t.local(b)?);
        if t.pre[x] == NONE || t.pre[y] == NONE {
            return None;
        }
        loop {
            if t.pre[x] <= t.pre[y] && t.post[y] <= t.post[x] {
                return Some(t.blocks[x]);
            }
            if t.idom[x] == NONE {
                return None;
            }
            x = t.idom[x] as usize;
        }
    }
}

/// Post-dominance information (the reverse CFG, blocks without successors
/// as exits), with the same conventions as [`DominanceInfo`].
#[derive(Default)]
pub struct PostDominanceInfo {
    base: DomBase,
}

impl PostDominanceInfo {
    pub fn new() -> Self {
        Self::default()
    }
    pub fn invalidate(&mut self) {
        self.base.trees.get_mut().clear();
    }
    pub fn invalidate_region(&mut self, region: RegionRef) {
        self.base.trees.get_mut().remove(&region);
    }
    /// Whether op `a` properly post-dominates op `b`.
    pub fn properly_post_dominates(&self, ir: &Ir, a: OpRef, b: OpRef) -> bool {
        let (Some(ab), Some(bb)) = (ir.op_block(a), ir.op_block(b)) else {
            return false;
        };
        self.base
            .properly_dominates_impl(ir, true, pos(ab, Some(a)), pos(bb, Some(b)), true)
    }
    pub fn post_dominates(&self, ir: &Ir, a: OpRef, b: OpRef) -> bool {
        a == b || self.properly_post_dominates(ir, a, b)
    }
    /// Whether block `a` properly post-dominates block `b`.
    pub fn block_properly_post_dominates(&self, ir: &Ir, a: BlockRef, b: BlockRef) -> bool {
        self.base
            .properly_dominates_impl(ir, true, pos(a, None), pos(b, None), true)
    }
    pub fn block_post_dominates(&self, ir: &Ir, a: BlockRef, b: BlockRef) -> bool {
        a == b || self.block_properly_post_dominates(ir, a, b)
    }
}
