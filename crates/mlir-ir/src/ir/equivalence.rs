//! Structural equivalence and hashing of operations (MLIR's
//! `OperationEquivalence`), used by CSE and by expensive pattern checks.

use std::hash::{Hash, Hasher};

use hashbrown::HashMap;

use smallvec::SmallVec;

use super::{BlockRef, Ir, OpRef, Value};
use crate::traits::TraitSet;

/// A fingerprint of an operation and everything nested in it (MLIR's
/// `OperationFingerPrint`): name, location, attributes, properties, operand
/// values, result types, successors, and the same for every nested op and
/// block argument. Two fingerprints differ if the subtree changed in any way
/// a rewrite could observe; drivers use it to check that a pattern which
/// reported "no change" really changed nothing.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct OperationFingerprint(u64);

impl OperationFingerprint {
    pub fn compute(ir: &Ir, root: OpRef) -> OperationFingerprint {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        ir.walk(root, super::WalkOrder::PreOrder, |op| {
            op.hash(&mut h);
            ir.op_name(op).hash(&mut h);
            ir.op_loc(op).hash(&mut h);
            ir.op_properties(op).hash(&mut h);
            ir.op_attributes(op).hash(&mut h);
            for v in ir.operands(op) {
                v.hash(&mut h);
            }
            for t in ir.result_types(op) {
                t.hash(&mut h);
            }
            for b in ir.successors(op) {
                b.hash(&mut h);
            }
            for &r in ir.regions(op) {
                r.hash(&mut h);
                for b in ir.region_blocks(r) {
                    b.hash(&mut h);
                    for a in ir.arguments(b) {
                        ir.value_type(a).hash(&mut h);
                        ir.value_loc(a).hash(&mut h);
                    }
                }
            }
            super::WalkResult::Advance
        });
        OperationFingerprint(h.finish())
    }
}

/// Equivalence and hashing of operations.
pub struct OperationEquivalence;

impl OperationEquivalence {
    /// A hash of `op`'s name, attributes, properties, result types and operand
    /// values (not its regions), consistent with [`Self::is_equivalent`]:
    /// the operands of a commutative op are hashed in any order (their
    /// hashes are summed, as MLIR's `computeHash` does).
    pub fn hash(ir: &Ir, op: OpRef) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        ir.op_name(op).hash(&mut h);
        ir.op_properties(op).hash(&mut h);
        ir.op_attributes(op).hash(&mut h);
        for t in ir.result_types(op) {
            t.hash(&mut h);
        }
        if ir.op_has_trait(op, TraitSet::COMMUTATIVE) {
            let mut sum = 0u64;
            for v in ir.operands(op) {
                let mut vh = std::collections::hash_map::DefaultHasher::new();
                v.hash(&mut vh);
                sum = sum.wrapping_add(vh.finish());
            }
            sum.hash(&mut h);
        } else {
            for v in ir.operands(op) {
                v.hash(&mut h);
            }
        }
        h.finish()
    }

    /// Whether `a` and `b` are the same computation: same name, properties,
    /// attributes, result types, operands, successors, and equivalent regions
    /// (blocks matched in order, values defined inside the regions matched by position).
    pub fn is_equivalent(ir: &Ir, a: OpRef, b: OpRef) -> bool {
        let mut map = HashMap::new();
        let mut blocks = HashMap::new();
        Self::equivalent_with(ir, a, b, &mut map, &mut blocks)
    }

    fn equivalent_with(
        ir: &Ir,
        a: OpRef,
        b: OpRef,
        values: &mut HashMap<Value, Value>,
        blocks: &mut HashMap<BlockRef, BlockRef>,
    ) -> bool {
        if a == b {
            return true;
        }
        if ir.op_name(a) != ir.op_name(b)
            || ir.op_properties(a) != ir.op_properties(b)
            || ir.op_attributes(a) != ir.op_attributes(b)
            || ir.num_operands(a) != ir.num_operands(b)
            || ir.num_results(a) != ir.num_results(b)
            || ir.num_successors(a) != ir.num_successors(b)
            || ir.num_regions(a) != ir.num_regions(b)
            || !ir.result_types(a).eq(ir.result_types(b))
        {
            return false;
        }
        if ir.op_has_trait(a, TraitSet::COMMUTATIVE) {
            // The operands of a commutative op match in any order (MLIR
            // sorts both operand lists before comparing them).
            let mut xs: SmallVec<[Value; 4]> = ir
                .operands(a)
                .map(|x| values.get(&x).copied().unwrap_or(x))
                .collect();
            let mut ys: SmallVec<[Value; 4]> = ir.operands(b).collect();
            xs.sort_unstable();
            ys.sort_unstable();
            if xs != ys {
                return false;
            }
        } else {
            for (x, y) in ir.operands(a).zip(ir.operands(b)) {
                let x = values.get(&x).copied().unwrap_or(x);
                if x != y {
                    return false;
                }
            }
        }
        for (x, y) in ir.successors(a).zip(ir.successors(b)) {
            let x = blocks.get(&x).copied().unwrap_or(x);
            if x != y {
                return false;
            }
        }
        for (x, y) in ir.results(a).zip(ir.results(b)) {
            values.insert(x, y);
        }
        let ra: Vec<_> = ir.regions(a).to_vec();
        let rb: Vec<_> = ir.regions(b).to_vec();
        for (r1, r2) in ra.into_iter().zip(rb) {
            let b1: Vec<_> = ir.region_blocks(r1).collect();
            let b2: Vec<_> = ir.region_blocks(r2).collect();
            if b1.len() != b2.len() {
                return false;
            }
            for (&x, &y) in b1.iter().zip(&b2) {
                if !ir.argument_types(x).eq(ir.argument_types(y)) {
                    return false;
                }
                blocks.insert(x, y);
                for (p, q) in ir.arguments(x).zip(ir.arguments(y)) {
                    values.insert(p, q);
                }
            }
            for (&x, &y) in b1.iter().zip(&b2) {
                let o1: Vec<_> = ir.block_ops(x).collect();
                let o2: Vec<_> = ir.block_ops(y).collect();
                if o1.len() != o2.len() {
                    return false;
                }
                for (p, q) in o1.into_iter().zip(o2) {
                    if !Self::equivalent_with(ir, p, q, values, blocks) {
                        return false;
                    }
                }
            }
        }
        true
    }
}
