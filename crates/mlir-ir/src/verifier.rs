//! The IR verifier: structural invariants (terminators, successors, graph
//! regions, isolation, symbols, SSA dominance), the trait verifiers and the
//! per-op `verify` / `verify_regions` hooks, in mlir-opt 22's order and with
//! its wording.
//!
//! # Order (as MLIR's `OperationVerifier`)
//!
//! The ops of an isolated-from-above op (or of the root) are visited depth
//! first. On entering an op: its invariants (trait verifiers, then the
//! `verify` hook), the block count of graph regions, and that entry blocks
//! have no predecessors. On entering a block: that it has a terminator and
//! that only its last op has successors. On leaving a block: successors in
//! the same region, and a terminator last. On leaving an op: every
//! isolated-from-above op directly in its regions is verified in full (all
//! of them, even after a failure, as the parallel upstream verifier does),
//! then the region invariants (region trait verifiers, then the
//! `verify_regions` hook), then the unregistered-op checks. The first
//! failure within one isolated op stops its verification. Dominance of an
//! isolated op's regions is checked once all of that is done.
//!
//! Trait verifiers run in a fixed order approximating ODS's: counts of
//! regions, results, successors and operands; `SingleBlock`; `HasParent`;
//! the same-type/shape traits; `Elementwise`; `Symbol`; `IsTerminator`; then
//! the op's `verify` hook. Region traits: `SingleBlockImplicitTerminator`,
//! `IsolatedFromAbove`, `SymbolTable`, then `verify_regions`.
//!
//! Everything uses explicit stacks: deeply nested IR cannot overflow the
//! native stack.

use crate::diagnostics::catch_hook_panic;
use crate::diagnostics::{Diagnostic, Severity};
use crate::dominance::DominanceInfo;
use crate::ir::{BlockRef, Ir, OpRef, RegionRef, Value, ValueDef};
use crate::symbol_table::{
    SymbolTableCollection, SymbolUserOpInterface, SYM_NAME_ATTR, SYM_VISIBILITY_ATTR,
};
use crate::traits::TraitSet;
use crate::types::{TypeKind, DYNAMIC};
use crate::{AttrKind, Type};

/// A per-op verification hook: returns the first problem found.
pub type Verify = fn(&Ir, OpRef) -> Result<(), Diagnostic>;

/// Verifies `root` and everything nested in it, emitting every problem
/// through `ir.ctx().emit`. Returns `Err(())` if anything failed.
// The problems were already reported through the context; the caller only
// needs success or failure (MLIR's `LogicalResult`).
#[allow(clippy::result_unit_err)]
pub fn verify(ir: &Ir, root: OpRef) -> Result<(), ()> {
    verify_with(ir, root, true)
}

/// Verifies `root`; when `recursive` is false only `root` itself (and the
/// structure of its regions' blocks) is checked, as MLIR's
/// `verify(op, /*verifyRecursively=*/false)`.
#[allow(clippy::result_unit_err)]
pub fn verify_with(ir: &Ir, root: OpRef, recursive: bool) -> Result<(), ()> {
    verify_threads(ir, root, recursive, 1)
}

/// [`verify_with`] (recursive) on up to `threads` threads, as MLIR's
/// verifier with multithreading on: the isolated-from-above ops directly in
/// the regions of an op (the functions of a module) are verified in
/// parallel, each on a read-only view of the arena, and the diagnostics of
/// each are emitted afterwards in op order, so the report is the same for
/// any thread count.
#[allow(clippy::result_unit_err)]
pub fn verify_parallel(ir: &Ir, root: OpRef, threads: usize) -> Result<(), ()> {
    verify_threads(ir, root, true, threads)
}

fn verify_threads(ir: &Ir, root: OpRef, recursive: bool, threads: usize) -> Result<(), ()> {
    let v = Verifier::new(ir, recursive, threads);
    if v.run(root) {
        Ok(())
    } else {
        Err(())
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Item {
    Op(OpRef),
    Block(BlockRef),
}

/// The exit of an op waiting for its isolated children to be verified.
struct PendingExit {
    op: OpRef,
    children: Vec<OpRef>,
    next: usize,
    failed: bool,
}

/// The verification of one isolated-from-above op (or the root).
struct Frame {
    root: OpRef,
    /// Depth-first worklist; the flag says whether the item was entered.
    worklist: Vec<(Item, bool)>,
    pending: Option<PendingExit>,
}

impl Frame {
    fn new(root: OpRef) -> Frame {
        Frame {
            root,
            worklist: vec![(Item::Op(root), false)],
            pending: None,
        }
    }
}

struct Verifier<'a> {
    ir: &'a Ir,
    recursive: bool,
    dom: DominanceInfo,
    /// Threads for verifying isolated children (1: this thread only).
    threads: usize,
}

type Check = Result<(), Diagnostic>;

impl<'a> Verifier<'a> {
    fn new(ir: &'a Ir, recursive: bool, threads: usize) -> Self {
        Verifier {
            ir,
            recursive,
            dom: DominanceInfo::new(),
            threads,
        }
    }

    fn emit(&self, d: Diagnostic) -> bool {
        self.ir.ctx().emit(d);
        false
    }

    fn check(&self, r: Check) -> bool {
        match r {
            Ok(()) => true,
            Err(d) => self.emit(d),
        }
    }

    /// Runs the frame machine; returns the result of the root frame.
    fn run(&self, root: OpRef) -> bool {
        let mut frames = vec![Frame::new(root)];
        // The result of a child frame that just finished.
        let mut child_result: Option<bool> = None;
        loop {
            let frame = frames
                .last_mut()
                .expect("the loop ends when the last frame finishes");
            let outcome: Option<bool> = if let Some(p) = frame.pending.as_mut() {
                if let Some(r) = child_result.take() {
                    p.failed |= !r;
                }
                if p.next == 0
                    && self.threads > 1
                    && p.children.len() > 1
                    && self.worth_threads(&p.children)
                {
                    p.failed |= !self.verify_children_parallel(&p.children);
                    p.next = p.children.len();
                    continue;
                }
                if p.next < p.children.len() {
                    let c = p.children[p.next];
                    p.next += 1;
                    frames.push(Frame::new(c));
                    continue;
                }
                let p = frame.pending.take().expect("checked above");
                if p.failed || !self.finish_op_exit(p.op) {
                    Some(false)
                } else {
                    None
                }
            } else {
                self.step(frame)
            };
            let Some(result) = outcome else { continue };
            let done = frames.pop().expect("a frame is running");
            let result = result && self.verify_dominance(done.root);
            if frames.is_empty() {
                return result;
            }
            child_result = Some(result);
        }
    }

    /// Advances the depth-first walk of `frame` by one item. Returns the
    /// frame's structural result when it is finished (`Some(false)` on the
    /// first failure); `None` to continue.
    fn step(&self, frame: &mut Frame) -> Option<bool> {
        let Some(&(item, entered)) = frame.worklist.last() else {
            return Some(true);
        };
        if entered {
            frame.worklist.pop();
            match item {
                Item::Block(b) => {
                    if !self.block_exit(b) {
                        return Some(false);
                    }
                }
                Item::Op(op) => {
                    let children = if self.recursive {
                        self.isolated_children(op)
                    } else {
                        Vec::new()
                    };
                    if children.is_empty() {
                        if !self.finish_op_exit(op) {
                            return Some(false);
                        }
                    } else {
                        frame.pending = Some(PendingExit {
                            op,
                            children,
                            next: 0,
                            failed: false,
                        });
                    }
                }
            }
            return None;
        }
        frame.worklist.last_mut().expect("just looked at it").1 = true;
        match item {
            Item::Block(b) => {
                if !self.block_entry(b) {
                    return Some(false);
                }
                let ops: Vec<OpRef> = self.ir.block_ops(b).collect();
                for &o in ops.iter().rev() {
                    if self.ir.num_regions(o) == 0
                        || !self.ir.op_has_trait(o, TraitSet::ISOLATED_FROM_ABOVE)
                    {
                        frame.worklist.push((Item::Op(o), false));
                    }
                }
            }
            Item::Op(op) => {
                if !self.op_entry(op) {
                    return Some(false);
                }
                if self.recursive {
                    for &r in self.ir.regions(op).iter().rev() {
                        let blocks: Vec<BlockRef> = self.ir.region_blocks(r).collect();
                        for &b in blocks.iter().rev() {
                            frame.worklist.push((Item::Block(b), false));
                        }
                    }
                }
            }
        }
        None
    }

    /// Whether `children` hold enough ops (counting those directly in their
    /// blocks, up to a threshold) to pay for starting threads: a few small
    /// functions, as in most split test inputs, are verified in place.
    fn worth_threads(&self, children: &[OpRef]) -> bool {
        const MIN_OPS: usize = 1024;
        let ir = self.ir;
        let mut n = 0;
        for &c in children {
            for &r in ir.regions(c) {
                for b in ir.region_blocks(r) {
                    n += ir.block_ops(b).take(MIN_OPS - n).count();
                    if n >= MIN_OPS {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Verifies each of `children` in full on up to `self.threads` threads
    /// (each child with its own verifier and dominance info: their regions
    /// are disjoint), then emits their diagnostics in order. Whether all
    /// succeeded.
    fn verify_children_parallel(&self, children: &[OpRef]) -> bool {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let next = AtomicUsize::new(0);
        // Per child: whether it verified, and what it reported.
        type Outcome = std::sync::Mutex<Option<(bool, Vec<Diagnostic>)>>;
        let results: Vec<Outcome> = children.iter().map(|_| Default::default()).collect();
        let (ir, recursive) = (self.ir, self.recursive);
        std::thread::scope(|s| {
            for _ in 0..self.threads.min(children.len()) {
                s.spawn(|| loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= children.len() {
                        break;
                    }
                    let v = Verifier::new(ir, recursive, 1);
                    let r = crate::diagnostics::capture_diagnostics(|| v.run(children[i]));
                    *results[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(r);
                });
            }
        });
        let mut ok = true;
        for r in results {
            let r = r.into_inner().unwrap_or_else(|e| e.into_inner());
            let (good, diags) = r.expect("every child was verified");
            ok &= good;
            for d in diags {
                ir.ctx().emit(d);
            }
        }
        ok
    }

    fn isolated_children(&self, op: OpRef) -> Vec<OpRef> {
        let ir = self.ir;
        let mut v = Vec::new();
        for &r in ir.regions(op) {
            for b in ir.region_blocks(r) {
                for o in ir.block_ops(b) {
                    if ir.num_regions(o) != 0 && ir.op_has_trait(o, TraitSet::ISOLATED_FROM_ABOVE) {
                        v.push(o);
                    }
                }
            }
        }
        v
    }

    // ------------------------------------------------------------------
    // Blocks
    // ------------------------------------------------------------------

    /// Whether `b` may lack a terminator: detached, or the only block of a
    /// region of an op that has (or, unregistered, might have) `NoTerminator`.
    fn may_be_valid_without_terminator(&self, b: BlockRef) -> bool {
        let ir = self.ir;
        let Some(r) = ir.block_parent_region(b) else {
            return true;
        };
        if ir.first_block(r) != Some(b) || ir.next_block(b).is_some() {
            return false;
        }
        match ir.region_parent_op(r) {
            None => true,
            Some(op) => !ir.op_is_registered(op) || ir.op_has_trait(op, TraitSet::NO_TERMINATOR),
        }
    }

    fn block_entry(&self, b: BlockRef) -> bool {
        let ir = self.ir;
        let Some(last) = ir.last_op(b) else {
            if self.may_be_valid_without_terminator(b) {
                return true;
            }
            let loc = ir
                .block_parent_op(b)
                .map_or_else(|| ir.ctx().unknown_loc(), |op| ir.op_loc(op));
            return self.emit(Diagnostic::error(
                loc,
                "empty block: expect at least a terminator",
            ));
        };
        for op in ir.block_ops(b) {
            if ir.num_successors(op) != 0 && op != last {
                return self.emit(ir.op_diag(
                    op,
                    Severity::Error,
                    "operation with block successors must terminate its parent block",
                ));
            }
        }
        true
    }

    fn block_exit(&self, b: BlockRef) -> bool {
        let ir = self.ir;
        let Some(last) = ir.last_op(b) else {
            return true;
        };
        let region = ir.block_parent_region(b);
        // MLIR's `Block::getSuccessors` is empty for the only block of a
        // region, so only multi-block regions are checked here.
        // (Checked through the neighbours: counting the blocks here would
        // make verification quadratic in the number of blocks.)
        let single = region.is_some() && ir.prev_block(b).is_none() && ir.next_block(b).is_none();
        if !single
            && ir
                .successors(last)
                .any(|s| ir.block_parent_region(s) != region)
        {
            return self.emit(ir.op_error(last, "branching to block of a different region"));
        }
        if self.may_be_valid_without_terminator(b) {
            return true;
        }
        let might_terminate =
            !ir.op_is_registered(last) || ir.op_has_trait(last, TraitSet::IS_TERMINATOR);
        if !might_terminate {
            let msg = format!(
                "block with no terminator, has {}",
                ir.op_to_diagnostic_string(last, Severity::Error)
            );
            return self.emit(ir.op_diag(last, Severity::Error, msg));
        }
        true
    }

    // ------------------------------------------------------------------
    // Operations
    // ------------------------------------------------------------------

    fn op_entry(&self, op: OpRef) -> bool {
        let ir = self.ir;
        // Dialect attributes first, as upstream's `verifyOnEntrance` checks
        // them before the op's invariants, registered or not.
        if !self.check(verify_dialect_attributes(ir, op)) {
            return false;
        }
        let registered = ir.op_is_registered(op);
        if registered && !self.check(self.verify_invariants(op)) {
            return false;
        }
        for (i, &r) in ir.regions(op).iter().enumerate() {
            if registered
                && ir.op_has_trait(op, TraitSet::GRAPH_REGION_KIND)
                && ir.num_blocks(r) > 1
            {
                return self.emit(ir.op_error(
                    op,
                    format!("expects graph region #{i} to have 0 or 1 blocks"),
                ));
            }
            if let Some(entry) = ir.first_block(r) {
                if !ir.block_has_no_predecessors(entry) {
                    return self.emit(Diagnostic::error(
                        ir.op_loc(op),
                        "entry block of region may not have predecessors",
                    ));
                }
            }
        }
        true
    }

    /// Everything after the isolated children of `op` were verified.
    fn finish_op_exit(&self, op: OpRef) -> bool {
        let ir = self.ir;
        if ir.op_is_registered(op) {
            return self.check(self.verify_region_invariants(op));
        }
        let ctx = ir.ctx();
        let info = ctx.op_info(ir.op_name(op));
        if !ctx.is_dialect_loaded(&info.dialect) {
            if !ctx.allows_unregistered_dialects() {
                return self.emit(ir.op_error(
                    op,
                    "created with unregistered dialect. If this is intended, please call \
                     allowUnregisteredDialects() on the MLIRContext, or use \
                     -allow-unregistered-dialect with the MLIR opt tool used",
                ));
            }
            return true;
        }
        if ctx
            .dialect(&info.dialect)
            .is_some_and(|d| d.allows_unknown_operations())
        {
            return true;
        }
        self.emit(ir.op_diag(
            op,
            Severity::Error,
            format!(
                "unregistered operation '{}' found in dialect ('{}') that does not allow unknown operations",
                ir.op_name_str(op),
                info.dialect
            ),
        ))
    }

    /// Trait verifiers, then the op's `verify` hook.
    fn verify_invariants(&self, op: OpRef) -> Check {
        let ir = self.ir;
        let info = ir.ctx().op_info(ir.op_name(op));
        let t = info.traits;
        let has = |x: TraitSet| t.contains(x);
        if has(TraitSet::ZERO_REGIONS) && ir.num_regions(op) != 0 {
            return Err(ir.op_error(op, "requires zero regions"));
        }
        if has(TraitSet::ONE_REGION) && ir.num_regions(op) != 1 {
            return Err(ir.op_error(op, "requires one region"));
        }
        if has(TraitSet::ZERO_RESULTS) && ir.num_results(op) != 0 {
            return Err(ir.op_error(op, "requires zero results"));
        }
        if has(TraitSet::ONE_RESULT) && ir.num_results(op) != 1 {
            return Err(ir.op_error(op, "requires one result"));
        }
        if has(TraitSet::ZERO_SUCCESSORS) && ir.num_successors(op) != 0 {
            return Err(ir.op_error(
                op,
                format!("requires 0 successors but found {}", ir.num_successors(op)),
            ));
        }
        if has(TraitSet::ZERO_OPERANDS) && ir.num_operands(op) != 0 {
            return Err(ir.op_error(op, "requires zero operands"));
        }
        // Structural traits come before the ODS invariants (upstream's
        // `StructuralOpTrait`s precede `OpInvariants` in the trait list).
        if has(TraitSet::SINGLE_BLOCK) || has(TraitSet::SINGLE_BLOCK_IMPLICIT_TERMINATOR) {
            verify_single_block(ir, op, has(TraitSet::NO_TERMINATOR))?;
        }
        if has(TraitSet::HAS_PARENT) {
            verify_has_parent(ir, op, &info.allowed_parents)?;
        }
        if let Some(f) = info.verify_invariants {
            catch_hook_panic(ir, op, "verifier", || f(ir, op))?;
        }
        // Element types before shapes: the op with both (`memref.copy`)
        // lists them in this order upstream, which verifies traits in
        // declaration order.
        if has(TraitSet::SAME_OPERANDS_ELEMENT_TYPE) {
            verify_same_operands_element_type(ir, op)?;
        }
        if has(TraitSet::SAME_OPERANDS_SHAPE) {
            verify_same_operands_shape(ir, op)?;
        }
        if has(TraitSet::NO_REGION_ARGUMENTS) {
            verify_no_region_arguments(ir, op)?;
        }
        if has(TraitSet::SAME_OPERANDS_AND_RESULT_SHAPE) {
            verify_same_operands_and_result_shape(ir, op)?;
        }
        if has(TraitSet::SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE) {
            verify_same_operands_and_result_element_type(ir, op)?;
        }
        if has(TraitSet::SAME_OPERANDS_AND_RESULT_TYPE) {
            verify_same_operands_and_result_type(ir, op)?;
        }
        if has(TraitSet::SAME_TYPE_OPERANDS) {
            verify_same_type_operands(ir, op)?;
        }
        if has(TraitSet::ELEMENTWISE) {
            verify_elementwise(ir, op)?;
        }
        if has(TraitSet::SYMBOL) {
            verify_symbol(ir, op)?;
        }
        if has(TraitSet::IS_TERMINATOR) {
            let last = ir.op_block(op).and_then(|b| ir.last_op(b));
            if last != Some(op) {
                return Err(ir.op_error(op, "must be the last operation in the parent block"));
            }
        }
        // The verifiers of interfaces with behaviour run after the traits
        // and before the op's own `verify`, as upstream's interface
        // `verifyTrait`s come before `verify`. For an op without the
        // interface each costs one bit test (`OpInfo::with_interface` keeps
        // the bits), not a lookup.
        use crate::context::verified_iface as vi;
        if info.has_verified_interface(vi::FUNCTION) {
            crate::interfaces::function::verify_function_op(ir, op)?;
        }
        if info.has_verified_interface(vi::CAST) {
            crate::interfaces::cast::verify_cast_op(ir, op)?;
        }
        if info.has_verified_interface(vi::INFER_TYPE)
            && info
                .interface::<crate::interfaces::infer_type::InferTypeOpInterface>()
                .is_some_and(|i| i.checked_by_verifier)
        {
            crate::interfaces::infer_type::verify_inferred_result_types(ir, op)?;
        }
        match info.verify {
            Some(f) => catch_hook_panic(ir, op, "verifier", || f(ir, op)),
            None => Ok(()),
        }
    }

    /// Region trait verifiers, then the op's `verify_regions` hook.
    fn verify_region_invariants(&self, op: OpRef) -> Check {
        let ir = self.ir;
        let info = ir.ctx().op_info(ir.op_name(op));
        let t = info.traits;
        if t.contains(TraitSet::SINGLE_BLOCK_IMPLICIT_TERMINATOR) {
            if let Some(term) = &info.implicit_terminator {
                verify_implicit_terminator(ir, op, term)?;
            }
        }
        if t.contains(TraitSet::ISOLATED_FROM_ABOVE) {
            verify_isolated_from_above(ir, op)?;
        }
        if t.contains(TraitSet::SYMBOL_TABLE) {
            verify_symbol_table(ir, op)?;
        }
        // Interface verifiers with regions run before the op's own, as
        // MLIR's `verifyRegionTrait`s do (loop-like first, as the scf ops
        // list it).
        use crate::context::verified_iface as vi;
        let loop_like = info.has_verified_interface(vi::LOOP_LIKE);
        let loop_second = loop_like
            && crate::interfaces::loop_like::loop_like(ir, op)
                .is_some_and(|l| l.listed_after_region_branch);
        if loop_like && !loop_second {
            crate::interfaces::loop_like::verify_loop_like(ir, op)?;
        }
        if info.has_verified_interface(vi::REGION_BRANCH) {
            crate::interfaces::region_branch::verify_region_branch_op(ir, op)?;
        }
        if loop_second {
            crate::interfaces::loop_like::verify_loop_like(ir, op)?;
        }
        match info.verify_regions {
            Some(f) => catch_hook_panic(ir, op, "region verifier", || f(ir, op)),
            None => Ok(()),
        }
    }

    // ------------------------------------------------------------------
    // Dominance
    // ------------------------------------------------------------------

    /// Checks that every operand of a reachable op in `root`'s regions
    /// dominates its use, not entering isolated ops (they have their own frame).
    fn verify_dominance(&self, root: OpRef) -> bool {
        let ir = self.ir;
        if ir.num_regions(root) == 0 {
            return true;
        }
        // The walk keeps the path from `root` down to the ops it checks: for
        // each enclosing region, the op of that region containing them.
        // An operand defined in one of these regions is then compared with
        // that op directly, instead of walking up from the user for every
        // operand, which made verifying deeply nested IR quadratic in the
        // depth (and every "see current operation" note verifies).
        let mut path: Vec<(RegionRef, OpRef)> = Vec::new();
        let mut on_path: hashbrown::HashMap<RegionRef, usize> = hashbrown::HashMap::new();
        // Each item is an op and the length of the path above it.
        let mut worklist = vec![(root, 0usize)];
        while let Some((op, depth)) = worklist.pop() {
            for (r, _) in path.drain(depth..) {
                on_path.remove(&r);
            }
            if op != root {
                if let Some(r) = ir.op_parent_region(op) {
                    on_path.insert(r, path.len());
                    path.push((r, op));
                }
            }
            for &r in ir.regions(op) {
                // Most operands are defined in the user's own block: decided
                // here by block order (what the general query ends in), with
                // the region's dominance kind looked up once.
                let ssa = crate::dominance::region_has_ssa_dominance(ir, r);
                for b in ir.region_blocks(r) {
                    let reachable = self.dom.is_reachable_from_entry(ir, b);
                    for inner in ir.block_ops(b) {
                        if reachable {
                            for (i, v) in ir.operands(inner).enumerate() {
                                let ok = match v.def() {
                                    ValueDef::OpResult(d, _) if ir.op_block(d) == Some(b) => {
                                        !ssa || ir.is_before_in_block(d, inner)
                                    }
                                    ValueDef::BlockArgument(ab, _) if ab == b => true,
                                    _ => self.operand_dominates(v, inner, r, &path, &on_path),
                                };
                                if !ok {
                                    return self.emit(self.operand_dominance_error(inner, i, v));
                                }
                            }
                        }
                        if self.recursive
                            && ir.num_regions(inner) != 0
                            && !ir.op_has_trait(inner, TraitSet::ISOLATED_FROM_ABOVE)
                        {
                            worklist.push((inner, path.len()));
                        }
                    }
                }
            }
        }
        true
    }

    /// Whether `v` properly dominates its use by `user` (which is in
    /// `user_region`), given the `path` of enclosing ops of `user_region`.
    /// Same answer as `DominanceInfo::value_properly_dominates`: the user is
    /// replaced by its ancestor in the region of `v`'s definition, found on
    /// the path in constant time.
    fn operand_dominates(
        &self,
        v: Value,
        user: OpRef,
        user_region: RegionRef,
        path: &[(RegionRef, OpRef)],
        on_path: &hashbrown::HashMap<RegionRef, usize>,
    ) -> bool {
        let ir = self.ir;
        let def_region = match v.def() {
            ValueDef::BlockArgument(b, _) => ir.block_parent_region(b),
            ValueDef::OpResult(d, _) => ir.op_parent_region(d),
        };
        let anchor = match def_region {
            Some(r) if r == user_region => user,
            Some(r) => match on_path.get(&r) {
                Some(&k) => path[k].1,
                None => return self.dom.value_properly_dominates(ir, v, user),
            },
            None => return self.dom.value_properly_dominates(ir, v, user),
        };
        self.dom.value_properly_dominates(ir, v, anchor)
    }

    fn operand_dominance_error(&self, op: OpRef, index: usize, v: Value) -> Diagnostic {
        let ir = self.ir;
        let mut d = ir.op_diag(
            op,
            Severity::Error,
            format!("operand #{index} does not dominate this use"),
        );
        let region1 = ir.op_parent_region(op);
        // Whether region `a` is a proper ancestor of region `b`.
        let proper_ancestor = |a: Option<RegionRef>, b: Option<RegionRef>| {
            let (Some(a), Some(b)) = (a, b) else {
                return false;
            };
            if a == b {
                return false;
            }
            let mut cur = ir.region_parent_op(b).and_then(|o| ir.op_parent_region(o));
            while let Some(c) = cur {
                if c == a {
                    return true;
                }
                cur = ir.region_parent_op(c).and_then(|o| ir.op_parent_region(o));
            }
            false
        };
        match v.def() {
            ValueDef::OpResult(def, _) => {
                let region2 = ir.op_parent_region(def);
                let relation = if ir.op_block(op) == ir.op_block(def) {
                    " (op in the same block)"
                } else if region1 == region2 {
                    " (op in the same region)"
                } else if proper_ancestor(region2, region1) {
                    " (op in a parent region)"
                } else if proper_ancestor(region1, region2) {
                    " (op in a child region)"
                } else {
                    " (op is neither in a parent nor in a child region)"
                };
                d.attach_note(ir.op_loc(def), format!("operand defined here{relation}"));
            }
            ValueDef::BlockArgument(b, _) => {
                let loc = ir
                    .block_parent_op(b)
                    .map_or_else(|| ir.ctx().unknown_loc(), |o| ir.op_loc(o));
                let region2 = ir.block_parent_region(b);
                if region2.is_none() {
                    d.attach_note(loc, " (block without parent)");
                    return d;
                }
                let relation = if region1 == region2 {
                    " in the same region)"
                } else if proper_ancestor(region2, region1) {
                    " in a parent region)"
                } else if proper_ancestor(region1, region2) {
                    " in a child region)"
                } else {
                    " neither in a parent nor in a child region)"
                };
                d.attach_note(
                    loc,
                    format!(
                        "operand defined as a block argument (block #{}{relation}",
                        ir.block_number(b)
                    ),
                );
            }
        }
        d
    }
}

// ----------------------------------------------------------------------
// Trait verifiers (MLIR's `OpTrait::impl::verify*`)
// ----------------------------------------------------------------------

/// Passes each discardable attribute of `op` whose name has a loaded
/// dialect's namespace as prefix to that dialect's
/// [`crate::context::Dialect::verify_operation_attribute`]. An op without
/// discardable attributes costs one dictionary lookup.
fn verify_dialect_attributes(ir: &Ir, op: OpRef) -> Check {
    let ctx = ir.ctx();
    let dict = ir.op_attributes(op);
    if dict == ctx.empty_dictionary() {
        return Ok(());
    }
    for &(name, value) in ctx.dictionary_entries(dict) {
        let n = ctx.ident_str(name);
        if let Some(d) = crate::context::attribute_name_dialect(ctx, n) {
            d.verify_operation_attribute(ir, op, n, value)?;
        }
    }
    Ok(())
}

fn verify_single_block(ir: &Ir, op: OpRef, no_terminator: bool) -> Check {
    for (i, &r) in ir.regions(op).iter().enumerate() {
        let Some(first) = ir.first_block(r) else {
            continue;
        };
        if ir.next_block(first).is_some() {
            return Err(ir.op_error(op, format!("expects region #{i} to have 0 or 1 blocks")));
        }
        if !no_terminator && ir.block_is_empty(first) {
            return Err(ir.op_error(op, "expects a non-empty block"));
        }
    }
    Ok(())
}

/// MLIR's `verifyNoRegionArguments`.
fn verify_no_region_arguments(ir: &Ir, op: OpRef) -> Check {
    let regions = ir.regions(op);
    for (i, &r) in regions.iter().enumerate() {
        let Some(first) = ir.first_block(r) else {
            continue;
        };
        if ir.num_arguments(first) != 0 {
            let msg = if regions.len() > 1 {
                format!("region #{i} should have no arguments")
            } else {
                "region should have no arguments".to_string()
            };
            return Err(ir.op_error(op, msg));
        }
    }
    Ok(())
}

fn verify_has_parent(ir: &Ir, op: OpRef, parents: &[Box<str>]) -> Check {
    if let Some(p) = ir.op_parent_op(op) {
        let name = ir.op_name_str(p);
        if parents.iter().any(|x| &**x == name) {
            return Ok(());
        }
    }
    let list = parents.iter().map(|p| &**p).collect::<Vec<_>>().join(", ");
    let msg = if parents.len() == 1 {
        format!("expects parent op '{list}'")
    } else {
        format!("expects parent op to be one of '{list}'")
    };
    Err(ir.op_error(op, msg))
}

fn at_least_operands(ir: &Ir, op: OpRef, n: usize) -> Check {
    if ir.num_operands(op) < n {
        return Err(ir.op_error(
            op,
            format!(
                "expected {n} or more operands, but found {}",
                ir.num_operands(op)
            ),
        ));
    }
    Ok(())
}

fn at_least_results(ir: &Ir, op: OpRef, n: usize) -> Check {
    if ir.num_results(op) < n {
        return Err(ir.op_error(op, format!("expected {n} or more results")));
    }
    Ok(())
}

/// Whether `ty` is a shaped type (vector, tensor, memref); its shape when ranked.
fn shaped(ir: &Ir, ty: Type) -> Option<Option<&[i64]>> {
    let ctx = ir.ctx();
    match ctx.ty(ty) {
        TypeKind::Vector { .. } | TypeKind::RankedTensor { .. } | TypeKind::MemRef { .. } => {
            Some(ctx.shape(ty))
        }
        TypeKind::UnrankedTensor { .. } | TypeKind::UnrankedMemRef { .. } => Some(None),
        _ => None,
    }
}

fn is_scalable_vector(ir: &Ir, ty: Type) -> bool {
    matches!(ir.ctx().ty(ty), TypeKind::Vector { scalable, .. } if scalable.iter().any(|&s| s))
}

/// MLIR's `verifyCompatibleShape(type1, type2)`.
fn compatible_shape(ir: &Ir, a: Type, b: Type) -> bool {
    match (shaped(ir, a), shaped(ir, b)) {
        (None, None) => true,
        (None, _) | (_, None) => false,
        (Some(Some(sa)), Some(Some(sb))) => {
            sa.len() == sb.len()
                && sa
                    .iter()
                    .zip(sb)
                    .all(|(&x, &y)| x == DYNAMIC || y == DYNAMIC || x == y)
        }
        _ => true,
    }
}

/// MLIR's `verifyCompatibleShapes(types)`.
fn compatible_shapes(ir: &Ir, types: &[Type]) -> bool {
    let shapes: smallvec::SmallVec<[Option<Option<&[i64]>>; 4]> =
        types.iter().map(|&t| shaped(ir, t)).collect();
    if shapes.iter().any(|s| s.is_none()) {
        return shapes.iter().all(|s| s.is_none());
    }
    let scalable = types.iter().filter(|&&t| is_scalable_vector(ir, t)).count();
    if scalable != 0 && scalable != types.len() {
        return false;
    }
    let ranked: smallvec::SmallVec<[&[i64]; 4]> = shapes.into_iter().flatten().flatten().collect();
    let Some(first) = ranked.first() else {
        return true;
    };
    if ranked.iter().any(|s| s.len() != first.len()) {
        return false;
    }
    (0..first.len()).all(|i| {
        let mut fixed = ranked.iter().map(|s| s[i]).filter(|&d| d != DYNAMIC);
        match fixed.next() {
            Some(d) => fixed.all(|e| e == d),
            None => true,
        }
    })
}

fn element_type(ir: &Ir, ty: Type) -> Type {
    ir.ctx().element_type_or_self(ty)
}

fn tensor_encoding(ir: &Ir, ty: Type) -> Option<Option<crate::Attribute>> {
    match ir.ctx().ty(ty) {
        TypeKind::RankedTensor { encoding, .. } => Some(*encoding),
        _ => None,
    }
}

fn verify_same_operands_shape(ir: &Ir, op: OpRef) -> Check {
    at_least_operands(ir, op, 1)?;
    let types: Vec<Type> = ir.operand_types(op).collect();
    if !compatible_shapes(ir, &types) {
        return Err(ir.op_error(op, "requires the same shape for all operands"));
    }
    Ok(())
}

fn verify_same_operands_element_type(ir: &Ir, op: OpRef) -> Check {
    at_least_operands(ir, op, 1)?;
    let first = element_type(ir, ir.value_type(ir.operand(op, 0)));
    if ir.operand_types(op).any(|t| element_type(ir, t) != first) {
        return Err(ir.op_error(op, "requires the same element type for all operands"));
    }
    Ok(())
}

fn verify_same_operands_and_result_shape(ir: &Ir, op: OpRef) -> Check {
    at_least_operands(ir, op, 1)?;
    at_least_results(ir, op, 1)?;
    let types: Vec<Type> = ir.operand_types(op).chain(ir.result_types(op)).collect();
    if !compatible_shapes(ir, &types) {
        return Err(ir.op_error(op, "requires the same shape for all operands and results"));
    }
    Ok(())
}

fn verify_same_operands_and_result_element_type(ir: &Ir, op: OpRef) -> Check {
    at_least_operands(ir, op, 1)?;
    at_least_results(ir, op, 1)?;
    let first = element_type(ir, ir.value_type(ir.result(op, 0)));
    let all_same = ir
        .result_types(op)
        .skip(1)
        .chain(ir.operand_types(op))
        .all(|t| element_type(ir, t) == first);
    if !all_same {
        return Err(ir.op_error(
            op,
            "requires the same element type for all operands and results",
        ));
    }
    Ok(())
}

fn verify_same_operands_and_result_type(ir: &Ir, op: OpRef) -> Check {
    at_least_operands(ir, op, 1)?;
    at_least_results(ir, op, 1)?;
    let ty = ir.value_type(ir.result(op, 0));
    // The common case, every type the same handle, needs no element-type
    // or shape comparison.
    if ir
        .result_types(op)
        .chain(ir.operand_types(op))
        .all(|t| t == ty)
    {
        return Ok(());
    }
    let elem = element_type(ir, ty);
    let encoding = tensor_encoding(ir, ty).flatten();
    for other in ir.result_types(op).skip(1).chain(ir.operand_types(op)) {
        if element_type(ir, other) != elem || !compatible_shape(ir, other, ty) {
            return Err(ir.op_error(op, "requires the same type for all operands and results"));
        }
        if encoding.is_some() && tensor_encoding(ir, other).flatten() != encoding {
            return Err(ir.op_error(
                op,
                "requires the same encoding for all operands and results",
            ));
        }
    }
    Ok(())
}

fn verify_same_type_operands(ir: &Ir, op: OpRef) -> Check {
    if ir.num_operands(op) < 2 {
        return Ok(());
    }
    let first = ir.value_type(ir.operand(op, 0));
    if ir.operand_types(op).skip(1).any(|t| t != first) {
        return Err(ir.op_error(op, "requires all operands to have the same type"));
    }
    Ok(())
}

fn verify_elementwise(ir: &Ir, op: OpRef) -> Check {
    let mappable = |t: &Type| {
        matches!(
            ir.ctx().ty(*t),
            TypeKind::Vector { .. }
                | TypeKind::RankedTensor { .. }
                | TypeKind::UnrankedTensor { .. }
        )
    };
    // Scalars only (the common case): nothing to check, nothing to collect.
    if !ir
        .result_types(op)
        .chain(ir.operand_types(op))
        .any(|t| mappable(&t))
    {
        return Ok(());
    }
    let results: Vec<Type> = ir.result_types(op).filter(mappable).collect();
    let operands: Vec<Type> = ir.operand_types(op).filter(mappable).collect();
    if !results.is_empty() && operands.is_empty() {
        return Err(ir.op_error(
            op,
            "if a result is non-scalar, then at least one operand must be non-scalar",
        ));
    }
    if results.is_empty() {
        return Err(ir.op_error(
            op,
            "if an operand is non-scalar, then there must be at least one non-scalar result",
        ));
    }
    if results.len() != ir.num_results(op) {
        return Err(ir.op_error(
            op,
            "if an operand is non-scalar, then all results must be non-scalar",
        ));
    }
    let types: Vec<Type> = operands.into_iter().chain(results).collect();
    let kind = |t: Type| std::mem::discriminant(ir.ctx().ty(t));
    let base = kind(types[0]);
    if !types.iter().all(|&t| kind(t) == base) || !compatible_shapes(ir, &types) {
        return Err(ir.op_error(
            op,
            "all non-scalar operands/results must have the same shape and base type",
        ));
    }
    Ok(())
}

fn verify_symbol(ir: &Ir, op: OpRef) -> Check {
    let ctx = ir.ctx();
    let is_string = |a| matches!(ctx.attr(a), AttrKind::String { .. });
    if !ir.attr(op, SYM_NAME_ATTR).is_some_and(is_string) {
        return Err(ir.op_error(op, format!("requires string attribute '{SYM_NAME_ATTR}'")));
    }
    if let Some(vis) = ir.attr(op, SYM_VISIBILITY_ATTR) {
        let Some(s) = ctx.string_attr_value(vis).filter(|_| is_string(vis)) else {
            return Err(ir.op_error(
                op,
                format!(
                    "requires visibility attribute '{SYM_VISIBILITY_ATTR}' to be a string attribute, but got {}",
                    ctx.attr_to_diagnostic_string(vis)
                ),
            ));
        };
        if !matches!(&*s, "public" | "private" | "nested") {
            return Err(ir.op_error(
                op,
                format!(
                    "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got {}",
                    ctx.attr_to_diagnostic_string(vis)
                ),
            ));
        }
    }
    // Upstream's `SymbolOpInterface` verifier: a symbol lives directly in a
    // symbol table (an unregistered parent may be one). Its check that a
    // declaration is not public is the op's own (`func.func`'s verifier).
    if let Some(parent) = ir.op_parent_op(op) {
        if ir.op_is_registered(parent) && !ir.op_has_trait(parent, TraitSet::SYMBOL_TABLE) {
            return Err(ir.op_error(op, "symbol's parent must have the SymbolTable trait"));
        }
    }
    Ok(())
}

fn verify_implicit_terminator(ir: &Ir, op: OpRef, term: &str) -> Check {
    for &r in ir.regions(op) {
        let Some(b) = ir.first_block(r) else { continue };
        // An empty block was already rejected by `SingleBlock` (or is fine
        // under `NoTerminator`).
        let Some(last) = ir.last_op(b) else { continue };
        if ir.op_name_str(last) == term {
            continue;
        }
        let mut d = ir.op_error(
            op,
            format!(
                "expects regions to end with '{term}', found '{}'",
                ir.op_name_str(last)
            ),
        );
        d.attach_note(
            ir.op_loc(op),
            format!("in custom textual format, the absence of terminator implies '{term}'"),
        );
        return Err(d);
    }
    Ok(())
}

fn verify_isolated_from_above(ir: &Ir, isolated: OpRef) -> Check {
    // The regions visited so far for `region` are inside it: an operand defined
    // in one of them is known to be inside without walking up from it, which
    // would make the check quadratic in the nesting depth.
    let mut inside: hashbrown::HashSet<RegionRef> = hashbrown::HashSet::new();
    for &region in ir.regions(isolated) {
        inside.clear();
        let mut pending = vec![region];
        while let Some(r) = pending.pop() {
            inside.insert(r);
            for b in ir.region_blocks(r) {
                for op in ir.block_ops(b) {
                    for v in ir.operands(op) {
                        let Some(vr) = ir.value_parent_region(v) else {
                            return Err(ir.op_diag(
                                op,
                                Severity::Error,
                                "operation's operand is unlinked",
                            ));
                        };
                        if !inside.contains(&vr) && !region_is_ancestor(ir, region, vr) {
                            let mut d = ir.op_error(op, "using value defined outside the region");
                            d.attach_note(
                                ir.op_loc(isolated),
                                "required by region isolation constraints",
                            );
                            return Err(d);
                        }
                    }
                    if ir.num_regions(op) != 0
                        && !ir.op_has_trait(op, TraitSet::ISOLATED_FROM_ABOVE)
                    {
                        pending.extend(ir.regions(op).iter().copied());
                    }
                }
            }
        }
    }
    Ok(())
}

/// Whether region `a` is `b` or contains it.
fn region_is_ancestor(ir: &Ir, a: RegionRef, b: RegionRef) -> bool {
    let mut cur = Some(b);
    while let Some(c) = cur {
        if c == a {
            return true;
        }
        cur = ir.region_parent_op(c).and_then(|o| ir.op_parent_region(o));
    }
    false
}

fn verify_symbol_table(ir: &Ir, op: OpRef) -> Check {
    if ir.num_regions(op) != 1 {
        return Err(ir.op_error(
            op,
            "Operations with a 'SymbolTable' must have exactly one region",
        ));
    }
    let region = ir.region(op, 0);
    if ir.num_blocks(region) != 1 {
        return Err(ir.op_error(
            op,
            "Operations with a 'SymbolTable' must have exactly one block",
        ));
    }
    let ctx = ir.ctx();
    let mut seen: hashbrown::HashMap<Vec<u8>, crate::Location> = hashbrown::HashMap::new();
    for b in ir.region_blocks(region) {
        for o in ir.block_ops(b) {
            let Some(name) = ir.attr(o, SYM_NAME_ATTR) else {
                continue;
            };
            let AttrKind::String { value, .. } = ctx.attr(name) else {
                continue;
            };
            if let Some(&first) = seen.get(&**value) {
                let mut d = ir.op_diag(
                    o,
                    Severity::Error,
                    format!(
                        "redefinition of symbol named '{}'",
                        String::from_utf8_lossy(value)
                    ),
                );
                d.attach_note(first, "see existing symbol definition here");
                return Err(d);
            }
            seen.insert(value.to_vec(), ir.op_loc(o));
        }
    }
    // Let the symbol users check their references.
    let mut tables = SymbolTableCollection::new();
    let mut failure = None;
    crate::symbol_table::walk_symbol_table(ir, ir.regions(op), |o| {
        let info = ctx.op_info(ir.op_name(o));
        if let Some(user) = info.interface::<SymbolUserOpInterface>() {
            if let Err(d) = (user.verify_symbol_uses)(ir, o, &mut tables) {
                failure = Some(d);
                return crate::WalkResult::Interrupt;
            }
        }
        crate::WalkResult::Advance
    });
    match failure {
        Some(d) => Err(d),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests;
