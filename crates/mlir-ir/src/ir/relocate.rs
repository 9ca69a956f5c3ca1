//! Moving the bodies of operations between two [`Ir`] arenas.
//!
//! The parallel pass manager gives each worker thread exclusive mutable
//! access to one `IsolatedFromAbove` operation by moving that operation's
//! region contents into a fresh, private `Ir`, running the nested pipeline
//! there and moving the contents back (see "Parallelism over isolated ops"
//! in `docs/ARCHITECTURE.md`). This module is the move: every block, nested
//! op and nested region is transferred record by record into the other
//! arena's slabs and list pools, and every internal link (values, use
//! lists, successor lists, op and block lists, region owners) is rewritten
//! to the new slot numbers. No allocation per entity besides the slots
//! themselves, no cloning of attributes (they live in the shared context).
//!
//! Slots are allocated in the destination in a fixed traversal order (the
//! blocks of a region in order with their ops, then the regions nested in
//! them), so the layout of a fresh destination depends only on the moved IR.

use super::{Ir, Link, OpExtra, OpRef, Operand, ResultData, Successor, Value, ARG_BIT, NONE};

/// Old-slot to new-slot tables of one move, reused across moves.
///
/// Each entry carries the number of the move that wrote it, so the tables
/// never need clearing and a link to an entity that was not moved (a value
/// defined outside the moved regions, which isolation forbids) is detected
/// instead of being silently mapped through a stale entry.
#[derive(Default)]
pub(crate) struct RelocScratch {
    epoch: u32,
    ops: Vec<(u32, u32)>,
    blocks: Vec<(u32, u32)>,
    regions: Vec<(u32, u32)>,
}

fn set(table: &mut Vec<(u32, u32)>, epoch: u32, old: u32, new: u32) {
    let i = old as usize;
    if table.len() <= i {
        table.resize(i + 1, (u32::MAX, 0));
    }
    table[i] = (new, epoch);
}

fn get(table: &[(u32, u32)], epoch: u32, old: u32, what: &str) -> u32 {
    match table.get(old as usize) {
        Some(&(new, e)) if e == epoch => new,
        _ => panic!(
            "move_region_contents: the moved IR refers to a {what} outside of it \
             (the op is not isolated from above)"
        ),
    }
}

impl Ir {
    /// Moves everything inside the regions of `from_op` (in `self`) into the
    /// regions of `to_op` (in `dest`): region `i`'s blocks, with their ops and
    /// everything nested in them, become region `i`'s blocks of `to_op`.
    /// Afterwards `from_op`'s regions are empty and every handle to a moved
    /// entity in `self` is stale; the returned handles are not needed because
    /// the moved IR is reached from `to_op`.
    ///
    /// The moved IR must be closed: no operand may use a value defined
    /// outside the regions and no value defined inside may be used outside,
    /// which holds for the regions of an `IsolatedFromAbove` op. Violations
    /// panic. Both arenas must belong to the same context, `to_op` must have
    /// as many regions as `from_op`, and they must be empty.
    pub fn move_region_contents(&mut self, from_op: OpRef, dest: &mut Ir, to_op: OpRef) {
        assert!(
            std::sync::Arc::ptr_eq(&self.ctx, &dest.ctx),
            "move_region_contents: the arenas belong to different contexts"
        );
        let src_regions: Vec<u32> = self.regions(from_op).iter().map(|r| r.index).collect();
        let dst_regions: Vec<u32> = dest.regions(to_op).iter().map(|r| r.index).collect();
        assert_eq!(
            src_regions.len(),
            dst_regions.len(),
            "move_region_contents: the ops have different numbers of regions"
        );
        for &r in &dst_regions {
            assert!(
                dest.regions.at(r).first_block == NONE,
                "move_region_contents: destination region is not empty"
            );
        }

        let mut scratch = std::mem::take(&mut self.reloc);
        scratch.epoch = scratch.epoch.wrapping_add(1);
        let epoch = scratch.epoch;
        for (&s, &d) in src_regions.iter().zip(&dst_regions) {
            set(&mut scratch.regions, epoch, s, d);
        }

        // Phase 0: size the destination when it is (nearly) fresh, as the
        // parallel pass manager's private arenas are, so that filling it
        // does not reallocate and copy as it grows.
        if dest.ops.slot_bound() < 64 {
            let (mut n_ops, mut n_blocks, mut n_regions) = (0usize, 0usize, 0usize);
            let (mut n_operands, mut n_results) = (0usize, 0usize);
            let mut stack: Vec<u32> = src_regions.clone();
            while let Some(r) = stack.pop() {
                n_regions += 1;
                let mut b = self.regions.at(r).first_block;
                while b != NONE {
                    n_blocks += 1;
                    let bd = self.blocks.at(b);
                    let mut o = bd.first_op;
                    while o != NONE {
                        let d = self.ops.at(o);
                        n_ops += 1;
                        n_operands += d.operands.len.next_power_of_two() as usize;
                        n_results += d.results.len.next_power_of_two() as usize;
                        if d.extra != NONE {
                            stack.extend(
                                self.extras[d.extra as usize]
                                    .regions
                                    .iter()
                                    .map(|r| r.index),
                            );
                        }
                        o = d.next;
                    }
                    b = bd.next;
                }
            }
            dest.ops.reserve_first_chunk(n_ops);
            dest.blocks.reserve_first_chunk(n_blocks);
            dest.regions.reserve_first_chunk(n_regions);
            dest.operand_pool.reserve(n_operands);
            dest.result_pool.reserve(n_results);
        }

        // Phase 1: take every record out of `self` in pre-order and put it
        // into `dest` unchanged, remembering where each one went. Links still
        // name old slots after this phase.
        let mut moved_ops: Vec<u32> = Vec::new();
        let mut moved_blocks: Vec<u32> = Vec::new();
        let mut moved_regions: Vec<u32> = Vec::new();
        let mut region_stack: Vec<u32> = src_regions.clone();
        region_stack.reverse();
        while let Some(r) = region_stack.pop() {
            let mut b = self.regions.at(r).first_block;
            while b != NONE {
                let next_b = self.blocks.at(b).next;
                let data = self.blocks.remove(b);
                let mut o = data.first_op;
                let (nb, _) = dest.blocks.insert(data);
                set(&mut scratch.blocks, epoch, b, nb);
                moved_blocks.push(nb);
                while o != NONE {
                    let next_o = self.ops.at(o).next;
                    let data = self.ops.remove(o);
                    let extra = data.extra;
                    let (no, _) = dest.ops.insert(data);
                    set(&mut scratch.ops, epoch, o, no);
                    moved_ops.push(no);
                    if extra != NONE {
                        // Nested regions are moved after this block's ops; the
                        // slot order stays a deterministic function of the IR.
                        for nr in self.extras[extra as usize].regions.iter().rev() {
                            region_stack.push(nr.index);
                        }
                    }
                    o = next_o;
                }
                b = next_b;
            }
            if !src_regions.contains(&r) {
                let data = self.regions.remove(r);
                let (nr, _) = dest.regions.insert(data);
                set(&mut scratch.regions, epoch, r, nr);
                moved_regions.push(nr);
            }
        }

        // Phase 2: rewrite every link of the moved records to the new slots
        // and move their pooled lists and side tables.
        let op_of = |s: &RelocScratch, old: u32| -> u32 {
            if old == NONE {
                NONE
            } else {
                get(&s.ops, epoch, old, "operation")
            }
        };
        let block_of = |s: &RelocScratch, old: u32| -> u32 {
            if old == NONE {
                NONE
            } else {
                get(&s.blocks, epoch, old, "block")
            }
        };
        let link_of = |s: &RelocScratch, l: Link| -> Link {
            if l.is_none() {
                l
            } else {
                Link {
                    op: get(&s.ops, epoch, l.op, "operation"),
                    index: l.index,
                }
            }
        };
        for &nr in &moved_regions {
            let d = dest.regions.at_mut(nr);
            d.op = op_of(&scratch, d.op);
            d.first_block = block_of(&scratch, d.first_block);
            d.last_block = block_of(&scratch, d.last_block);
        }
        for &nb in &moved_blocks {
            let d = dest.blocks.at_mut(nb);
            d.region = get(&scratch.regions, epoch, d.region, "region");
            d.prev = block_of(&scratch, d.prev);
            d.next = block_of(&scratch, d.next);
            d.first_op = op_of(&scratch, d.first_op);
            d.last_op = op_of(&scratch, d.last_op);
            d.first_pred = link_of(&scratch, d.first_pred);
            for a in d.args.iter_mut() {
                a.first_use = link_of(&scratch, a.first_use);
            }
        }
        let mut operand_buf: Vec<Operand> = Vec::new();
        let mut result_buf: Vec<ResultData> = Vec::new();
        for &no in &moved_ops {
            let (operands, results, extra) = {
                let d = dest.ops.at(no);
                (d.operands, d.results, d.extra)
            };
            operand_buf.clear();
            operand_buf.extend(self.operand_pool.slice(operands).iter().map(|o| {
                let owner = o.value.owner;
                let new_owner = if o.value.slot & ARG_BIT != 0 {
                    get(&scratch.blocks, epoch, owner, "block argument")
                } else {
                    get(&scratch.ops, epoch, owner, "operation result")
                };
                let generation = if o.value.slot & ARG_BIT != 0 {
                    dest.blocks.generation(new_owner)
                } else {
                    dest.ops.generation(new_owner)
                };
                Operand {
                    value: Value {
                        owner: new_owner,
                        generation,
                        slot: o.value.slot,
                    },
                    next: link_of(&scratch, o.next),
                    prev: link_of(&scratch, o.prev),
                }
            }));
            self.operand_pool.free(operands);
            let new_operands = dest.operand_pool.alloc(operand_buf.iter().copied());
            result_buf.clear();
            result_buf.extend(self.result_pool.slice(results).iter().map(|r| ResultData {
                ty: r.ty,
                first_use: link_of(&scratch, r.first_use),
            }));
            self.result_pool.free(results);
            let new_results = dest.result_pool.alloc(result_buf.iter().copied());
            let new_extra = if extra == NONE {
                NONE
            } else {
                let e = std::mem::take(&mut self.extras[extra as usize]);
                self.free_extras.push(extra);
                let successors: Box<[Successor]> = e
                    .successors
                    .iter()
                    .map(|s| Successor {
                        block: {
                            let nb = get(&scratch.blocks, epoch, s.block.index, "successor block");
                            super::BlockRef {
                                index: nb,
                                generation: dest.blocks.generation(nb),
                            }
                        },
                        next: link_of(&scratch, s.next),
                        prev: link_of(&scratch, s.prev),
                    })
                    .collect();
                let regions: Box<[super::RegionRef]> = e
                    .regions
                    .iter()
                    .map(|r| {
                        let nr = get(&scratch.regions, epoch, r.index, "region");
                        super::RegionRef {
                            index: nr,
                            generation: dest.regions.generation(nr),
                        }
                    })
                    .collect();
                dest.push_extra(OpExtra {
                    successors,
                    regions,
                })
            };
            let d = dest.ops.at_mut(no);
            d.operands = new_operands;
            d.results = new_results;
            d.extra = new_extra;
            d.block = get(&scratch.blocks, epoch, d.block, "block");
            d.prev = op_of(&scratch, d.prev);
            d.next = op_of(&scratch, d.next);
        }

        // Phase 3: hang the moved blocks under the destination regions and
        // leave the source regions empty.
        // The move is not a change: the destination regions take over the
        // source regions' change stamps and fixpoint records (see `stamps`).
        for (&s, &d) in src_regions.iter().zip(&dst_regions) {
            let (first, last, stamp, records) = {
                let rd = self.regions.at_mut(s);
                let fl = (
                    rd.first_block,
                    rd.last_block,
                    rd.stamp,
                    std::mem::take(&mut rd.records),
                );
                rd.first_block = NONE;
                rd.last_block = NONE;
                fl
            };
            let rd = dest.regions.at_mut(d);
            rd.first_block = block_of(&scratch, first);
            rd.last_block = block_of(&scratch, last);
            rd.stamp = stamp;
            rd.records = records;
        }
        self.reloc = scratch;
    }

    /// Stores `e` in the side table of successors and regions, reusing a free entry.
    fn push_extra(&mut self, e: OpExtra) -> u32 {
        match self.free_extras.pop() {
            Some(i) => {
                self.extras[i as usize] = e;
                i
            }
            None => {
                self.extras.push(e);
                self.extras.len() as u32 - 1
            }
        }
    }
}
