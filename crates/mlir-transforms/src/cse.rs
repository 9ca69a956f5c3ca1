//! Common sub-expression elimination (MLIR's `mlir/lib/Transforms/CSE.cpp`).
//!
//! The driver walks each region's dominator tree depth first with a scoped
//! table of the side-effect-free ops seen on the path from the entry block;
//! an op equivalent to one in the table (same name, properties, attributes,
//! operands and result types, equivalent regions, locations ignored) is
//! replaced by the earlier, dominating one and erased. Ops that are
//! trivially dead when visited are erased as well. Isolated ops start a
//! fresh table, regions without SSA dominance are handled as upstream
//! (single-block graph regions replace only uses that were not visited
//! yet; multi-block graph regions are skipped), and ops with multi-block
//! regions are never eliminated. Ops whose only effects are reads are
//! eliminated too when an equivalent op earlier in the same block reaches
//! them with no op in between that may write (MLIR 22's
//! `hasOtherSideEffectingOpInBetween`, with nested effects of ops with
//! recursive memory effects). Erasure happens after the walk, in the order
//! the ops were found.

use hashbrown::HashMap;
use mlir_ir::dominance::{region_has_ssa_dominance, DominanceInfo};
use mlir_ir::{AttrKind, BlockRef, Ir, OpRef, OperationEquivalence, RegionRef, TraitSet};

use crate::pass::PassContext;

// Side effects come from `crate::side_effects` (the same rules the greedy
// driver's dead-code elimination uses).
use crate::side_effects::{
    effects_recursively, is_memory_effect_free, is_op_trivially_dead, op_memory_effects,
};
use mlir_ir::interfaces::MemoryEffectKind;

/// MLIR's `mightHaveTrait`: registered ops have exactly their traits, an
/// unregistered op might have any.
fn might_have_trait(ir: &Ir, op: OpRef, t: TraitSet) -> bool {
    !ir.op_is_registered(op) || ir.op_has_trait(op, t)
}

// ----------------------------------------------------------------------
// The scoped table of known ops
// ----------------------------------------------------------------------

/// Ops by structural hash, with scopes (LLVM's `ScopedHashTable`): a lookup
/// finds the most recently inserted equivalent op still in scope.
#[derive(Default)]
struct KnownOps {
    map: HashMap<u64, Vec<OpRef>>,
    /// Hashes inserted in each open scope, innermost last.
    scopes: Vec<Vec<u64>>,
}

impl KnownOps {
    fn push_scope(&mut self) {
        self.scopes.push(Vec::new());
    }
    fn pop_scope(&mut self) {
        for h in self
            .scopes
            .pop()
            .expect("scope underflow")
            .into_iter()
            .rev()
        {
            if let Some(v) = self.map.get_mut(&h) {
                v.pop();
            }
        }
    }
    fn lookup(&self, ir: &Ir, op: OpRef) -> Option<OpRef> {
        let h = OperationEquivalence::hash(ir, op);
        self.map
            .get(&h)?
            .iter()
            .rev()
            .copied()
            .find(|&k| k == op || OperationEquivalence::is_equivalent(ir, k, op))
    }
    fn insert(&mut self, ir: &Ir, op: OpRef) {
        let h = OperationEquivalence::hash(ir, op);
        self.map.entry(h).or_default().push(op);
        self.scopes
            .last_mut()
            .expect("insert outside of any scope")
            .push(h);
    }
}

// ----------------------------------------------------------------------
// The driver
// ----------------------------------------------------------------------

/// What one CSE run did.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct CseResult {
    pub changed: bool,
    /// Upstream's `numCSE` (which counts a side-effect-free op twice; kept
    /// so that statistics match upstream's).
    pub num_cse: u64,
    pub num_dce: u64,
}

struct CseDriver<'d> {
    dom: &'d DominanceInfo,
    /// Per read-only op of the current block: how far after it the block
    /// was scanned, and whether a possible write was found there (MLIR's
    /// `memEffectsCache`, cleared after each block).
    mem_effects_cache: HashMap<OpRef, (OpRef, bool)>,
    ops_to_erase: Vec<OpRef>,
    num_cse: u64,
    num_dce: u64,
}

impl CseDriver<'_> {
    fn replace_uses_and_delete(
        &mut self,
        ir: &mut Ir,
        known: &KnownOps,
        op: OpRef,
        existing: OpRef,
        ssa: bool,
    ) {
        let n = ir.num_results(op);
        if ssa {
            // Every use comes after `op` in dominance order and is unvisited.
            for i in 0..n {
                let (from, to) = (ir.result(op, i), ir.result(existing, i));
                ir.replace_all_uses_with(from, to);
            }
            self.ops_to_erase.push(op);
        } else {
            // Uses by ops already in the table were visited; keep them.
            for i in 0..n {
                let (from, to) = (ir.result(op, i), ir.result(existing, i));
                let uses: Vec<_> = ir.uses(from).collect();
                for u in uses {
                    if known.lookup(ir, u.op).is_none() {
                        ir.set_operand(u.op, u.index as usize, to);
                    }
                }
            }
            if ir.op_use_empty(op) {
                self.ops_to_erase.push(op);
            }
        }
        let unknown =
            |ir: &Ir, o: OpRef| matches!(ir.ctx().attr(ir.op_loc(o).0), AttrKind::UnknownLoc);
        if unknown(ir, existing) && !unknown(ir, op) {
            let loc = ir.op_loc(op);
            ir.set_op_loc(existing, loc);
        }
        self.num_cse += 1;
    }

    /// Whether an op strictly between `from` and `to` (same block, `from`
    /// first) may write memory: it writes, or its effects (with those of
    /// the ops nested in it, for recursive memory effects) are unknown.
    fn has_other_side_effecting_op_in_between(&mut self, ir: &Ir, from: OpRef, to: OpRef) -> bool {
        let mut next = match self.mem_effects_cache.get(&from) {
            Some(&(_, true)) => return true,
            Some(&(reached, false)) => Some(reached),
            None => ir.next_op(from),
        };
        while let Some(n) = next {
            if n == to {
                break;
            }
            let writes = match effects_recursively(ir, n) {
                None => true,
                Some(effects) => effects.iter().any(|e| e.kind == MemoryEffectKind::Write),
            };
            if writes {
                self.mem_effects_cache.insert(from, (n, true));
                return true;
            }
            next = ir.next_op(n);
        }
        self.mem_effects_cache.insert(from, (to, false));
        false
    }

    /// Returns whether `op` was marked for removal.
    fn simplify_operation(
        &mut self,
        ir: &mut Ir,
        known: &mut KnownOps,
        op: OpRef,
        ssa: bool,
    ) -> bool {
        if ir.op_has_trait(op, TraitSet::IS_TERMINATOR) {
            return false;
        }
        if is_op_trivially_dead(ir, op) {
            self.ops_to_erase.push(op);
            self.num_dce += 1;
            return true;
        }
        if ir.regions(op).iter().any(|&r| {
            ir.first_block(r)
                .is_some_and(|b| ir.next_block(b).is_some())
        }) {
            return false;
        }
        if !is_memory_effect_free(ir, op) {
            // Only ops that implement the memory-effects interface and whose
            // every effect is a read (MLIR's `onlyHasEffect<Read>`).
            let only_reads = op_memory_effects(ir, op).is_some_and(|effects| {
                !effects.is_empty() && effects.iter().all(|e| e.kind == MemoryEffectKind::Read)
            });
            if !only_reads {
                return false;
            }
            if let Some(existing) = known.lookup(ir, op) {
                if ir.op_block(existing) == ir.op_block(op)
                    && !self.has_other_side_effecting_op_in_between(ir, existing, op)
                {
                    self.replace_uses_and_delete(ir, known, op, existing, ssa);
                    return true;
                }
            }
            known.insert(ir, op);
            return false;
        }
        if let Some(existing) = known.lookup(ir, op) {
            self.replace_uses_and_delete(ir, known, op, existing, ssa);
            self.num_cse += 1;
            return true;
        }
        known.insert(ir, op);
        false
    }

    fn simplify_block(&mut self, ir: &mut Ir, known: &mut KnownOps, block: BlockRef, ssa: bool) {
        // Nothing is erased during the walk, so the list can be taken up front.
        let ops: Vec<OpRef> = ir.block_ops(block).collect();
        for op in ops {
            if ir.num_regions(op) != 0 {
                let regions: Vec<RegionRef> = ir.regions(op).to_vec();
                if might_have_trait(ir, op, TraitSet::ISOLATED_FROM_ABOVE) {
                    // Values from outside must not become implicit captures.
                    let mut nested = KnownOps::default();
                    for r in regions {
                        self.simplify_region(ir, &mut nested, r);
                    }
                } else {
                    for r in regions {
                        self.simplify_region(ir, known, r);
                    }
                }
            }
            self.simplify_operation(ir, known, op, ssa);
        }
        // The effects cache only describes this block.
        self.mem_effects_cache.clear();
    }

    fn simplify_region(&mut self, ir: &mut Ir, known: &mut KnownOps, region: RegionRef) {
        let Some(entry) = ir.first_block(region) else {
            return;
        };
        let ssa = region_has_ssa_dominance(ir, region);
        if ir.next_block(entry).is_none() {
            known.push_scope();
            self.simplify_block(ir, known, entry, ssa);
            known.pop_scope();
            return;
        }
        if !ssa {
            return;
        }
        // Depth-first over the dominator tree; each node owns a scope.
        struct Node {
            block: BlockRef,
            children: Vec<BlockRef>,
            next_child: usize,
            processed: bool,
        }
        let children = self.dom.dominator_tree_children(ir, entry);
        known.push_scope();
        let mut stack = vec![Node {
            block: entry,
            children,
            next_child: 0,
            processed: false,
        }];
        while let Some(top) = stack.last_mut() {
            if !top.processed {
                top.processed = true;
                let b = top.block;
                self.simplify_block(ir, known, b, ssa);
            }
            let top = stack.last_mut().expect("still on the stack");
            if top.next_child < top.children.len() {
                let child = top.children[top.next_child];
                top.next_child += 1;
                let children = self.dom.dominator_tree_children(ir, child);
                known.push_scope();
                stack.push(Node {
                    block: child,
                    children,
                    next_child: 0,
                    processed: false,
                });
            } else {
                stack.pop();
                known.pop_scope();
            }
        }
    }
}

/// Eliminates common sub-expressions in the regions of `op` (MLIR's
/// `eliminateCommonSubExpressions`). `dom` must describe the current CFG;
/// CSE does not change it.
pub fn eliminate_common_sub_expressions(ir: &mut Ir, dom: &DominanceInfo, op: OpRef) -> CseResult {
    let mut driver = CseDriver {
        dom,
        mem_effects_cache: HashMap::new(),
        ops_to_erase: Vec::new(),
        num_cse: 0,
        num_dce: 0,
    };
    let mut known = KnownOps::default();
    let regions: Vec<RegionRef> = ir.regions(op).to_vec();
    for r in regions {
        driver.simplify_region(ir, &mut known, r);
    }
    let changed = !driver.ops_to_erase.is_empty();
    for o in std::mem::take(&mut driver.ops_to_erase) {
        ir.erase_op(o);
    }
    CseResult {
        changed,
        num_cse: driver.num_cse,
        num_dce: driver.num_dce,
    }
}

/// The `cse` pass.
#[derive(Clone, Default)]
pub struct CsePass;

impl CsePass {
    pub fn new() -> Self {
        CsePass
    }
}

impl crate::pass::PassImpl for CsePass {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let dom = cx.analysis("DominanceInfo", DominanceInfo::new);
        let r = eliminate_common_sub_expressions(ir, &dom, op);
        cx.add_statistic("num-cse'd", r.num_cse);
        cx.add_statistic("num-dce'd", r.num_dce);
        if !r.changed {
            cx.mark_all_analyses_preserved();
        }
        Ok(())
    }
}
