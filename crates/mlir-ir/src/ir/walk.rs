//! Pre- and post-order walks over nested operations.
//!
//! Walks are iterative and follow the intrusive parent/sibling links, so
//! they use no stack proportional to nesting depth (deeply nested input must
//! not overflow the native stack) and allocate nothing.

use super::{Ir, OpRef};

/// The order in which a walk visits an op relative to its nested ops.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum WalkOrder {
    PreOrder,
    PostOrder,
}

/// What a walk callback asks for next.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum WalkResult {
    Advance,
    /// Do not visit the ops nested in this one (pre-order only; in post-order
    /// it is the same as `Advance`).
    Skip,
    Interrupt,
}

impl Ir {
    /// The first op nested directly in `op`'s regions, in region/block order.
    pub fn first_nested_op(&self, op: OpRef) -> Option<OpRef> {
        for &r in self.regions(op) {
            for b in self.region_blocks(r) {
                if let Some(f) = self.first_op(b) {
                    return Some(f);
                }
            }
        }
        None
    }

    /// The op after `op` among the ops nested directly in `op`'s parent op:
    /// its next sibling, else the first op of a following non-empty block or region.
    fn next_in_parent(&self, op: OpRef) -> Option<OpRef> {
        if let Some(n) = self.next_op(op) {
            return Some(n);
        }
        let block = self.op_block(op)?;
        let mut b = self.next_block(block);
        while let Some(bb) = b {
            if let Some(f) = self.first_op(bb) {
                return Some(f);
            }
            b = self.next_block(bb);
        }
        let region = self.block_parent_region(block)?;
        let parent = self.region_parent_op(region)?;
        let regions = self.regions(parent);
        let pos = regions.iter().position(|&r| r == region)?;
        for &r in &regions[pos + 1..] {
            for bb in self.region_blocks(r) {
                if let Some(f) = self.first_op(bb) {
                    return Some(f);
                }
            }
        }
        None
    }

    /// Visits `root` and every op nested in it. Returns `Interrupt` if the callback did.
    pub fn walk(
        &self,
        root: OpRef,
        order: WalkOrder,
        mut f: impl FnMut(OpRef) -> WalkResult,
    ) -> WalkResult {
        match order {
            WalkOrder::PreOrder => {
                let mut cur = root;
                loop {
                    let r = f(cur);
                    if r == WalkResult::Interrupt {
                        return r;
                    }
                    if r == WalkResult::Advance {
                        if let Some(child) = self.first_nested_op(cur) {
                            cur = child;
                            continue;
                        }
                    }
                    // Climb until a next op exists below root.
                    loop {
                        if cur == root {
                            return WalkResult::Advance;
                        }
                        if let Some(n) = self.next_in_parent(cur) {
                            cur = n;
                            break;
                        }
                        match self.op_parent_op(cur) {
                            Some(p) => cur = p,
                            None => return WalkResult::Advance,
                        }
                    }
                }
            }
            WalkOrder::PostOrder => {
                let descend = |mut op: OpRef| {
                    while let Some(c) = self.first_nested_op(op) {
                        op = c;
                    }
                    op
                };
                let mut cur = descend(root);
                loop {
                    // Compute the successor before the callback runs.
                    let next = if cur == root {
                        None
                    } else {
                        match self.next_in_parent(cur) {
                            Some(n) => Some(descend(n)),
                            None => self.op_parent_op(cur),
                        }
                    };
                    if f(cur) == WalkResult::Interrupt {
                        return WalkResult::Interrupt;
                    }
                    match next {
                        Some(n) => cur = n,
                        None => return WalkResult::Advance,
                    }
                }
            }
        }
    }

    /// The ops of `root`'s subtree (including `root`) in the given order; use
    /// this when the IR will be changed while going through them.
    pub fn walk_collect(&self, root: OpRef, order: WalkOrder) -> Vec<OpRef> {
        let mut v = Vec::new();
        self.walk(root, order, |op| {
            v.push(op);
            WalkResult::Advance
        });
        v
    }
}
