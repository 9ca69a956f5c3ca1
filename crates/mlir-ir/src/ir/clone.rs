//! Cloning operations and regions with a value/block mapping (MLIR's
//! `IRMapping`, `Operation::clone`, `Region::cloneInto`).

use hashbrown::HashMap;

use super::{BlockRef, Ir, OpRef, OperationState, RegionRef, Value};

/// A mapping from original values, blocks and ops to their replacements.
#[derive(Default, Debug, Clone)]
pub struct IrMapping {
    values: HashMap<Value, Value>,
    blocks: HashMap<BlockRef, BlockRef>,
    ops: HashMap<OpRef, OpRef>,
}

impl IrMapping {
    pub fn new() -> Self {
        Self::default()
    }
    pub fn map_value(&mut self, from: Value, to: Value) {
        self.values.insert(from, to);
    }
    pub fn map_block(&mut self, from: BlockRef, to: BlockRef) {
        self.blocks.insert(from, to);
    }
    pub fn map_op(&mut self, from: OpRef, to: OpRef) {
        self.ops.insert(from, to);
    }
    pub fn lookup_value(&self, v: Value) -> Option<Value> {
        self.values.get(&v).copied()
    }
    pub fn lookup_value_or_default(&self, v: Value) -> Value {
        self.values.get(&v).copied().unwrap_or(v)
    }
    pub fn lookup_block_or_default(&self, b: BlockRef) -> BlockRef {
        self.blocks.get(&b).copied().unwrap_or(b)
    }
    pub fn lookup_op(&self, op: OpRef) -> Option<OpRef> {
        self.ops.get(&op).copied()
    }
    pub fn contains_value(&self, v: Value) -> bool {
        self.values.contains_key(&v)
    }
}

impl Ir {
    /// Deep-clones `op` (detached), remapping operands and successors through
    /// `mapping` (values not in the mapping are used as is) and recording the
    /// clone's results, blocks and nested ops in it.
    pub fn clone_op(&mut self, op: OpRef, mapping: &mut IrMapping) -> OpRef {
        let new_op = self.clone_op_shallow(op, mapping, true);
        let pairs: Vec<_> = self
            .regions(op)
            .iter()
            .copied()
            .zip(self.regions(new_op).iter().copied())
            .collect();
        for (src, dst) in pairs {
            self.clone_region_into(src, dst, None, mapping);
        }
        new_op
    }

    /// Clones `op` with empty regions (the same number); operands are
    /// remapped when `with_operands`, else the clone has none yet.
    fn clone_op_shallow(
        &mut self,
        op: OpRef,
        mapping: &mut IrMapping,
        with_operands: bool,
    ) -> OpRef {
        let mut state = OperationState::new(self.op_name(op), self.op_loc(op));
        if with_operands {
            state.operands.extend(
                self.operands(op)
                    .map(|v| mapping.lookup_value_or_default(v)),
            );
        }
        state.result_types.extend(self.result_types(op));
        state.successors.extend(
            self.successors(op)
                .map(|b| mapping.lookup_block_or_default(b)),
        );
        state.num_empty_regions = self.num_regions(op) as u32;
        state.properties = self.op_properties(op);
        state.attributes = Some(self.op_attributes(op));
        let new_op = self.create_op(state);
        for i in 0..self.num_results(op) {
            mapping.map_value(self.result(op, i), self.result(new_op, i));
        }
        mapping.map_op(op, new_op);
        new_op
    }

    /// Clones the blocks of `src` into `dest` before `before` (or at the end),
    /// as MLIR's `Region::cloneInto`: blocks and arguments first, then ops
    /// without operands, then operands and nested regions, so that uses of
    /// values defined in later blocks resolve.
    pub fn clone_region_into(
        &mut self,
        src: RegionRef,
        dest: RegionRef,
        before: Option<BlockRef>,
        mapping: &mut IrMapping,
    ) {
        let src_blocks: Vec<BlockRef> = self.region_blocks(src).collect();
        let mut new_blocks = Vec::with_capacity(src_blocks.len());
        for &b in &src_blocks {
            let nb = self.create_block();
            mapping.map_block(b, nb);
            for i in 0..self.num_arguments(b) {
                let a = self.argument(b, i);
                let ty = self.value_type(a);
                let loc = self.value_loc(a);
                let na = self.add_argument(nb, ty, loc);
                mapping.map_value(a, na);
            }
            self.insert_block(dest, before, nb);
            new_blocks.push(nb);
        }
        let mut pairs = Vec::new();
        for (&b, &nb) in src_blocks.iter().zip(&new_blocks) {
            let ops: Vec<OpRef> = self.block_ops(b).collect();
            for o in ops {
                let c = self.clone_op_shallow(o, mapping, false);
                self.append_op(nb, c);
                pairs.push((o, c));
            }
        }
        for (o, c) in pairs {
            let operands: Vec<Value> = self
                .operands(o)
                .map(|v| mapping.lookup_value_or_default(v))
                .collect();
            self.set_operands(c, &operands);
            let regions: Vec<_> = self
                .regions(o)
                .iter()
                .copied()
                .zip(self.regions(c).iter().copied())
                .collect();
            for (sr, dr) in regions {
                self.clone_region_into(sr, dr, None, mapping);
            }
        }
    }
}
