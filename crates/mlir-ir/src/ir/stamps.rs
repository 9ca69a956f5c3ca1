//! Change stamps: which parts of the IR changed since a driver last saw them.
//!
//! Every op, block and region carries the [`Context::change_epoch`] current
//! at its last change, and a region keeps a few *fixpoint records*: (key,
//! epoch) pairs that a driver stores when it has brought the region to a
//! fixpoint under a configuration identified by `key`. A later run of the
//! same driver with the same key can then ask which entities changed after
//! that epoch and revisit only those (and their neighbours), or skip the
//! region entirely when nothing changed. MLIR has no such mechanism: its
//! canonicalizer re-matches every op on every run.
//!
//! # What counts as a change, and what it stamps
//!
//! The stamping happens in the few primitives every mutation goes through,
//! so no caller can forget it:
//!
//! * an op is stamped when it is created, inserted, removed or moved, when
//!   one of its operands or successors is set or dropped, and when its
//!   location, properties or attributes are set;
//! * the *definer* of a value (its op, or the block of a block argument) is
//!   stamped when the value gains or loses a use, and the users are stamped
//!   when its type changes: patterns read use counts and operand types;
//! * a block is stamped when an op is inserted into or removed from it, when
//!   its arguments change, and when a branch to it is added or removed (its
//!   predecessors changed);
//! * a region is stamped when a block is inserted into or removed from it.
//!
//! Moving region contents between arenas ([`Ir::move_region_contents`]) is
//! not a change: stamps and records move with the contents.
//!
//! While the context's epoch is 0 (no driver has recorded anything) the
//! stamping is skipped: parsing and passes that never record pay one load
//! and a branch per change.

use super::{Ir, OpRef, RegionRef, Value, ValueDef, MAX_REGION_RECORDS, NONE};
use crate::context::Context;

impl Ir {
    #[inline]
    pub(super) fn stamp_op(&mut self, op: u32) {
        let e = self.ctx.change_epoch();
        if e != 0 {
            self.ops.at_mut(op).stamp = e;
        }
    }

    #[inline]
    pub(super) fn stamp_block(&mut self, block: u32) {
        let e = self.ctx.change_epoch();
        if e != 0 {
            self.blocks.at_mut(block).stamp = e;
        }
    }

    #[inline]
    pub(super) fn stamp_region(&mut self, region: u32) {
        let e = self.ctx.change_epoch();
        if e != 0 {
            self.regions.at_mut(region).stamp = e;
        }
    }

    /// Stamps the definer of `v`: its op, or the block owning the argument.
    #[inline]
    pub(super) fn stamp_value_def(&mut self, v: Value) {
        match v.def() {
            ValueDef::OpResult(op, _) => self.stamp_op(op.index),
            ValueDef::BlockArgument(b, _) => self.stamp_block(b.index),
        }
    }

    /// Stamps `op` and the definer of `v`, when operand `v` of `op` is set
    /// or dropped: the use-list hot path, so the epoch is read once.
    #[inline]
    pub(super) fn stamp_use(&mut self, op: u32, v: Value) {
        let e = self.ctx.change_epoch();
        if e != 0 {
            self.ops.at_mut(op).stamp = e;
            match v.def() {
                ValueDef::OpResult(d, _) => self.ops.at_mut(d.index).stamp = e,
                ValueDef::BlockArgument(b, _) => self.blocks.at_mut(b.index).stamp = e,
            }
        }
    }

    /// The epoch of `op`'s last change.
    #[inline]
    pub fn op_stamp(&self, op: OpRef) -> u32 {
        self.op_data(op).stamp
    }

    /// Sets `op`'s change stamp. Only for infrastructure that stands one op
    /// in for another (the parallel pass manager's stand-ins in private
    /// arenas): a stamp set by hand can hide a change from incremental
    /// drivers.
    pub fn set_op_stamp(&mut self, op: OpRef, stamp: u32) {
        self.op_data_mut(op).stamp = stamp;
    }

    /// Stamps `op` as changed now, though it did not change: for a driver
    /// whose pattern succeeded on `op` while leaving it as it was (by
    /// inserting ops elsewhere, say), so that the pattern, which may well
    /// apply again, is given the chance. Incremental drivers would
    /// otherwise never look at `op` again; a full driver re-matches it in
    /// its next iteration anyway.
    pub fn mark_op_changed(&mut self, op: OpRef) {
        self.stamp_op(op.index);
    }

    /// The epoch of `block`'s last change (ops inserted or removed,
    /// arguments, predecessors).
    #[inline]
    pub fn block_stamp(&self, block: super::BlockRef) -> u32 {
        self.block_data(block).stamp
    }

    /// The epoch of `region`'s last change (blocks inserted or removed).
    #[inline]
    pub fn region_stamp(&self, region: RegionRef) -> u32 {
        self.region_data(region).stamp
    }

    /// Whether anything in `region` (the region itself, its blocks, their
    /// ops and everything nested in them) changed after epoch `epoch`.
    /// Visits each entity once, without recursion.
    pub fn region_changed_since(&self, region: RegionRef, epoch: u32) -> bool {
        let mut stack = vec![region.index];
        while let Some(r) = stack.pop() {
            let rd = self.regions.at(r);
            if rd.stamp > epoch {
                return true;
            }
            let mut b = rd.first_block;
            while b != NONE {
                let bd = self.blocks.at(b);
                if bd.stamp > epoch {
                    return true;
                }
                let mut o = bd.first_op;
                while o != NONE {
                    let od = self.ops.at(o);
                    if od.stamp > epoch {
                        return true;
                    }
                    if let Some(extra) = self.op_extra(od) {
                        stack.extend(extra.regions.iter().map(|r| r.index));
                    }
                    o = od.next;
                }
                b = bd.next;
            }
        }
        false
    }

    /// The epoch of the newest fixpoint record of `region` under `key`.
    pub fn region_record(&self, region: RegionRef, key: u64) -> Option<u32> {
        self.region_data(region)
            .records
            .iter()
            .rev()
            .find(|&&(k, _)| k == key)
            .map(|&(_, e)| e)
    }

    /// Records that `region` reached a fixpoint under `key`: the context's
    /// epoch is advanced and the returned epoch stored, so that any later
    /// change stamps above it. Older records of `key` are replaced; the
    /// oldest record is dropped beyond a few keys. Returns `None` (and
    /// records nothing) once the context's epochs are exhausted.
    pub fn record_region_fixpoint(&mut self, region: RegionRef, key: u64) -> Option<u32> {
        let epoch = Context::advance_change_epoch(&self.ctx)?;
        let records = &mut self.region_data_mut(region).records;
        records.retain(|&(k, _)| k != key);
        if records.len() == MAX_REGION_RECORDS {
            records.remove(0);
        }
        records.push((key, epoch));
        Some(epoch)
    }

    /// Drops every fixpoint record of `region`.
    pub fn clear_region_records(&mut self, region: RegionRef) {
        self.region_data_mut(region).records.clear();
    }
}
