//! `-sccp` (MLIR's `SCCP` pass on `SparseConstantPropagation` and
//! `DeadCodeAnalysis`): sparse conditional constant propagation.
//!
//! The analysis simulates execution optimistically. Each value has a
//! lattice state: not reached yet, one known constant (with the dialect
//! that materializes it), or unknown. Blocks become executable when control
//! can reach them: the entry blocks of the op the pass runs on, the
//! successors a branch can take given its constant operands
//! (`BranchSuccessorForOperands`; every successor otherwise), the regions a
//! `RegionBranchOpInterface` op enters given its constant operands and the
//! regions or parent its terminators go to. Ops of executable blocks are
//! folded on the constants of their operands (never in place); values
//! flowing along control edges are joined into block arguments and region
//! results. Ops with regions that do not describe their control flow,
//! calls, and arguments nothing forwards to are unknown.
//!
//! The rewrite then replaces every value with a known constant by a
//! constant materialized through the `OperationFolder` (uniqued, at the
//! front of the insertion region) and erases ops whose results were all
//! replaced and that would be trivially dead. Unreachable blocks are left
//! for other passes, as upstream does.

use hashbrown::{HashMap, HashSet};
use mlir_ir::interfaces::call::{
    call_arguments, call_op, callable_region, callables_with_unknown_callers, resolve_callable,
};
use mlir_ir::interfaces::region_branch::{
    region_branch_op, region_branch_terminator, terminator_successors, RegionBranchPoint,
    RegionSuccessor,
};
use mlir_ir::interfaces::symbol::as_symbol;
use mlir_ir::interfaces::{BranchOpInterface, BranchSuccessorForOperands};
use mlir_ir::symbol_table::SymbolTableCollection;
use mlir_ir::{Attribute, BlockRef, Ident, Ir, OpFoldResult, OpRef, RegionRef, Value};
use smallvec::SmallVec;

use crate::folder::OperationFolder;
use crate::pass::PassContext;
use crate::side_effects::would_op_be_trivially_dead;

/// The `-sccp` pass.
#[derive(Clone, Default)]
pub struct SccpPass;

impl crate::pass::PassImpl for SccpPass {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        _cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let constants = {
            let mut solver = Solver::new(ir);
            solver.run(op);
            solver.lattice
        };
        rewrite(ir, op, &constants);
        Ok(())
    }
}

/// What control can reach, as the analysis found it (upstream's
/// `DeadCodeAnalysis` run with constant propagation): the executable
/// blocks, and the region-branch edges taken. Other analyses
/// (`-remove-dead-values`) use it to ignore code that never runs.
pub(crate) struct Executability {
    /// The blocks control can reach.
    pub blocks: HashSet<BlockRef>,
    /// The region-branch edges taken: the op (for entry) or region
    /// terminator they leave from, and the region entered (`None` for the
    /// parent op).
    pub region_edges: HashSet<(OpRef, Option<RegionRef>)>,
}

impl Executability {
    /// Runs the analysis on `top` (whose regions are entered).
    pub fn of(ir: &Ir, top: OpRef) -> Executability {
        let mut solver = Solver::new(ir);
        solver.run(top);
        Executability {
            blocks: solver.executable,
            region_edges: solver.region_edges,
        }
    }

    /// Whether `op` is in a block control reaches (an op outside any block,
    /// the top op, counts as reached).
    pub fn op_executable(&self, ir: &Ir, op: OpRef) -> bool {
        ir.op_block(op).is_none_or(|b| self.blocks.contains(&b))
    }
}

/// The lattice state of one value.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ConstantLattice {
    /// No value has reached it yet.
    Uninitialized,
    /// Always this constant; the dialect materializes it.
    Constant(Attribute, Ident),
    /// Not a single known constant.
    Unknown,
}

impl ConstantLattice {
    fn join(self, other: ConstantLattice) -> ConstantLattice {
        use ConstantLattice::*;
        match (self, other) {
            (Uninitialized, x) | (x, Uninitialized) => x,
            (a, b) if a == b => a,
            _ => Unknown,
        }
    }
}

/// The solver state: value lattices, executable blocks and the work list
/// of ops to (re)visit.
struct Solver<'a> {
    ir: &'a Ir,
    lattice: HashMap<Value, ConstantLattice>,
    executable: HashSet<BlockRef>,
    /// The region-branch edges taken (see [`Executability`]).
    region_edges: HashSet<(OpRef, Option<RegionRef>)>,
    /// Region branch ops whose non-forwarded results and arguments were
    /// set to unknown.
    initialized_branches: HashSet<OpRef>,
    worklist: Vec<OpRef>,
    queued: HashSet<OpRef>,
    /// The op the analysis runs on.
    top: Option<OpRef>,
    tables: SymbolTableCollection,
    /// Symbol callables that may be called from outside the analysis.
    unknown_callers: HashSet<OpRef>,
    /// The live calls of each callable known to the analysis.
    callsites: HashMap<OpRef, Vec<OpRef>>,
}

impl<'a> Solver<'a> {
    fn new(ir: &'a Ir) -> Self {
        Solver {
            ir,
            lattice: HashMap::new(),
            executable: HashSet::new(),
            region_edges: HashSet::new(),
            initialized_branches: HashSet::new(),
            worklist: Vec::new(),
            queued: HashSet::new(),
            top: None,
            tables: SymbolTableCollection::new(),
            unknown_callers: HashSet::new(),
            callsites: HashMap::new(),
        }
    }

    fn get(&self, v: Value) -> ConstantLattice {
        self.lattice
            .get(&v)
            .copied()
            .unwrap_or(ConstantLattice::Uninitialized)
    }

    fn enqueue(&mut self, op: OpRef) {
        if self.queued.insert(op) {
            self.worklist.push(op);
        }
    }

    /// Joins `new` into `v`'s state; its users are revisited on change.
    fn join(&mut self, v: Value, new: ConstantLattice) {
        let old = self.get(v);
        let merged = old.join(new);
        if merged != old {
            self.lattice.insert(v, merged);
            let users: SmallVec<[OpRef; 8]> = self.ir.users(v).collect();
            for u in users {
                self.enqueue(u);
            }
        }
    }

    fn set_unknown(&mut self, v: Value) {
        self.join(v, ConstantLattice::Unknown);
    }

    fn mark_executable(&mut self, b: BlockRef) {
        if self.executable.insert(b) {
            let ops: SmallVec<[OpRef; 16]> = self.ir.block_ops(b).collect();
            for o in ops {
                self.enqueue(o);
            }
        }
    }

    /// Enters the regions of an op whose control flow is not described:
    /// every entry block runs, with unknown arguments.
    fn enter_regions_unknown(&mut self, op: OpRef) {
        for &r in self.ir.regions(op) {
            if let Some(entry) = self.ir.first_block(r) {
                for a in self.ir.arguments(entry).collect::<SmallVec<[Value; 4]>>() {
                    self.set_unknown(a);
                }
                self.mark_executable(entry);
            }
        }
    }

    fn run(&mut self, top: OpRef) {
        self.top = Some(top);
        self.unknown_callers = callables_with_unknown_callers(self.ir, top);
        self.enter_regions_unknown(top);
        while let Some(op) = self.worklist.pop() {
            self.queued.remove(&op);
            self.visit(op);
        }
    }

    /// The constant operands of `op`, or `None` while one is not reached.
    fn operand_constants(&self, op: OpRef) -> Option<SmallVec<[Option<Attribute>; 4]>> {
        self.ir
            .operands(op)
            .map(|v| match self.get(v) {
                ConstantLattice::Uninitialized => None,
                ConstantLattice::Constant(a, _) => Some(Some(a)),
                ConstantLattice::Unknown => Some(None),
            })
            .collect()
    }

    fn visit(&mut self, op: OpRef) {
        let ir = self.ir;
        if !ir
            .op_block(op)
            .is_some_and(|b| self.executable.contains(&b))
        {
            return;
        }
        if region_branch_op(ir, op).is_some() {
            self.visit_region_branch(op);
        } else if callable_region(ir, op).is_some() && Some(op) != self.top {
            self.visit_callable(op);
        } else if ir.num_regions(op) > 0 {
            self.enter_regions_unknown(op);
            for r in ir.results(op).collect::<SmallVec<[Value; 4]>>() {
                self.set_unknown(r);
            }
        } else if call_op(ir, op).is_some() {
            self.visit_call(op);
        } else {
            self.visit_plain(op);
        }
        if ir.num_successors(op) > 0 {
            self.visit_branch(op);
        }
        // A return of a callable updates the results of its live calls.
        if let Some(parent) = ir.op_parent_op(op) {
            let is_last = ir.op_block(op).and_then(|b| ir.last_op(b)) == Some(op);
            if is_last && ir.num_successors(op) == 0 {
                let calls = self.callsites.get(&parent).cloned().unwrap_or_default();
                for c in calls {
                    self.enqueue(c);
                }
            }
        }
        let in_branch_region = ir
            .op_parent_op(op)
            .is_some_and(|p| region_branch_op(ir, p).is_some());
        let is_last = ir.op_block(op).and_then(|b| ir.last_op(b)) == Some(op);
        if in_branch_region && is_last && region_branch_terminator(ir, op).is_some() {
            self.visit_region_terminator(op);
        }
    }

    /// A callable of the analysed IR runs when a live call reaches it or
    /// when it may be called from outside (then with unknown arguments).
    fn visit_callable(&mut self, op: OpRef) {
        let ir = self.ir;
        let Some(region) = callable_region(ir, op) else {
            return;
        };
        let Some(entry) = ir.first_block(region) else {
            return;
        };
        if self.unknown_callers.contains(&op) {
            for a in ir.arguments(entry).collect::<SmallVec<[Value; 4]>>() {
                self.set_unknown(a);
            }
            self.mark_executable(entry);
        } else if self.callsites.get(&op).is_some_and(|c| !c.is_empty()) {
            self.mark_executable(entry);
        }
    }

    /// A call: when it resolves to a symbol callable defined in the
    /// analysed IR, its arguments flow into the callee (unless the callee
    /// has unknown callers) and the callee's returns into its results;
    /// otherwise its results are unknown.
    fn visit_call(&mut self, call: OpRef) {
        let ir = self.ir;
        let results: SmallVec<[Value; 4]> = ir.results(call).collect();
        let top = self.top.expect("the solver runs on an op");
        let callee = resolve_callable(ir, call, &mut self.tables).filter(|&c| {
            as_symbol(ir, c).is_some() && ir.is_ancestor(top, c) && callable_region(ir, c).is_some()
        });
        let Some(callee) = callee else {
            for r in results {
                self.set_unknown(r);
            }
            return;
        };
        let region = callable_region(ir, callee).expect("checked above");
        let Some(entry) = ir.first_block(region) else {
            return;
        };
        let sites = self.callsites.entry(callee).or_default();
        if !sites.contains(&call) {
            sites.push(call);
        }
        if self.unknown_callers.contains(&callee) {
            for a in ir.arguments(entry).collect::<SmallVec<[Value; 4]>>() {
                self.set_unknown(a);
            }
        } else {
            let args = call_arguments(ir, call);
            for (i, v) in args.into_iter().enumerate() {
                if i >= ir.num_arguments(entry) {
                    break;
                }
                let s = self.get(v);
                self.join(ir.argument(entry, i), s);
            }
        }
        self.mark_executable(entry);
        let blocks: SmallVec<[BlockRef; 8]> = ir.region_blocks(region).collect();
        for b in blocks {
            if !self.executable.contains(&b) {
                continue;
            }
            let Some(t) = ir.last_op(b) else { continue };
            if ir.num_successors(t) > 0 {
                continue;
            }
            if !ir.op_has_trait(t, mlir_ir::TraitSet::RETURN_LIKE) {
                for &r in &results {
                    self.set_unknown(r);
                }
                continue;
            }
            let operands: SmallVec<[Value; 4]> = ir.operands(t).collect();
            for (&r, v) in results.iter().zip(operands) {
                let s = self.get(v);
                self.join(r, s);
            }
        }
    }

    /// Folds `op` on the constants of its operands.
    fn visit_plain(&mut self, op: OpRef) {
        let ir = self.ir;
        if ir.num_results(op) == 0 {
            return;
        }
        let Some(operands) = self.operand_constants(op) else {
            return;
        };
        let results: SmallVec<[Value; 4]> = ir.results(op).collect();
        let mut folded: SmallVec<[OpFoldResult; 1]> = SmallVec::new();
        let ok = match mlir_ir::fold::fold_readonly(ir, op, &operands, &mut folded) {
            // In-place folds are not simulated.
            Ok(edits) => edits.is_empty() && folded.len() == results.len(),
            Err(()) => false,
        };
        if !ok {
            for r in results {
                self.set_unknown(r);
            }
            return;
        }
        let dialect = ir.ctx().op_dialect_ident(ir.op_name(op));
        for (r, f) in results.into_iter().zip(folded) {
            match f {
                OpFoldResult::Attr(a) => self.join(r, ConstantLattice::Constant(a, dialect)),
                OpFoldResult::Value(v) => {
                    let s = self.get(v);
                    self.join(r, s);
                }
            }
        }
    }

    /// Marks the successors `op` can take executable and forwards its
    /// operands into their arguments.
    fn visit_branch(&mut self, op: OpRef) {
        let ir = self.ir;
        let info = ir.ctx().op_info(ir.op_name(op));
        let Some(iface) = info.interface::<BranchOpInterface>().copied() else {
            // Unknown terminators may go anywhere, with anything.
            for s in ir.successors(op).collect::<SmallVec<[BlockRef; 2]>>() {
                for a in ir.arguments(s).collect::<SmallVec<[Value; 4]>>() {
                    self.set_unknown(a);
                }
                self.mark_executable(s);
            }
            return;
        };
        let Some(operands) = self.operand_constants(op) else {
            return;
        };
        let chosen = info
            .interface::<BranchSuccessorForOperands>()
            .and_then(|f| (f.0)(ir, op, &operands));
        // Upstream's edges join blocks, not successor slots: once the edge
        // to the chosen block is live, every successor slot naming that
        // block forwards its values (a `cf.cond_br %true, ^bb1(%a),
        // ^bb1(%b)` merges both).
        let succs: SmallVec<[usize; 2]> = match chosen {
            Some(i) => {
                let dest = ir.successor(op, i);
                (0..ir.num_successors(op))
                    .filter(|&k| ir.successor(op, k) == dest)
                    .collect()
            }
            None => (0..ir.num_successors(op)).collect(),
        };
        for i in succs {
            let dest = ir.successor(op, i);
            let so = (iface.successor_operands)(ir, op, i);
            let n = ir.num_arguments(dest);
            for k in 0..so.produced.min(n) {
                self.set_unknown(ir.argument(dest, k));
            }
            for k in 0..so.len {
                let arg_index = so.produced + k;
                if arg_index >= n || so.start + k >= ir.num_operands(op) {
                    break;
                }
                let s = self.get(ir.operand(op, so.start + k));
                self.join(ir.argument(dest, arg_index), s);
            }
            self.mark_executable(dest);
        }
    }

    /// Flows values along the edges `succs` leave from `point` of `op`.
    fn flow(&mut self, op: OpRef, point: RegionBranchPoint, succs: &[RegionSuccessor]) {
        let ir = self.ir;
        let Some(iface) = region_branch_op(ir, op) else {
            return;
        };
        let from = match point {
            RegionBranchPoint::Parent => op,
            RegionBranchPoint::Terminator(t) => t,
        };
        for s in succs {
            self.region_edges.insert((from, s.region));
            let values = iface.successor_operands(ir, op, point, s);
            for (&input, &v) in s.inputs.iter().zip(&values) {
                let st = self.get(v);
                self.join(input, st);
            }
            if let Some(r) = s.region {
                if let Some(entry) = ir.first_block(r) {
                    self.mark_executable(entry);
                }
            }
        }
    }

    /// A region branch op: values nothing forwards to are unknown; on
    /// entry, control goes to the successors its constant operands allow.
    fn visit_region_branch(&mut self, op: OpRef) {
        let ir = self.ir;
        let Some(iface) = region_branch_op(ir, op) else {
            return;
        };
        if self.initialized_branches.insert(op) {
            let mut inputs: HashSet<Value> = HashSet::new();
            for point in mlir_ir::interfaces::region_branch::all_region_branch_points(ir, op) {
                for s in iface.successors(ir, op, point) {
                    inputs.extend(s.inputs);
                }
            }
            let mut others: SmallVec<[Value; 8]> = ir.results(op).collect();
            for &r in ir.regions(op) {
                if let Some(entry) = ir.first_block(r) {
                    others.extend(ir.arguments(entry));
                }
            }
            for v in others {
                if !inputs.contains(&v) {
                    self.set_unknown(v);
                }
            }
        }
        let Some(operands) = self.operand_constants(op) else {
            return;
        };
        let succs = iface.entry_successors(ir, op, &operands);
        self.flow(op, RegionBranchPoint::Parent, &succs);
    }

    /// A terminator of a region branch op's region: control goes to the
    /// successors its constant operands allow.
    fn visit_region_terminator(&mut self, term: OpRef) {
        let ir = self.ir;
        let Some(parent) = ir.op_parent_op(term) else {
            return;
        };
        let Some(operands) = self.operand_constants(term) else {
            return;
        };
        let succs = terminator_successors(ir, term, &operands);
        self.flow(parent, RegionBranchPoint::Terminator(term), &succs);
    }
}

/// Replaces every value with a known constant state by a materialized
/// constant and erases the ops left trivially dead (MLIR's `rewrite` in
/// `SCCP.cpp`): blocks are processed in order, nested regions after their
/// op, block arguments after the block's ops.
fn rewrite(ir: &mut Ir, top: OpRef, lattice: &HashMap<Value, ConstantLattice>) {
    let mut folder = OperationFolder::new();
    let mut worklist: Vec<BlockRef> = Vec::new();
    let push_regions = |ir: &Ir, op: OpRef, worklist: &mut Vec<BlockRef>| {
        for &r in ir.regions(op) {
            let blocks: SmallVec<[BlockRef; 4]> = ir.region_blocks(r).collect();
            worklist.extend(blocks.into_iter().rev());
        }
    };
    push_regions(ir, top, &mut worklist);
    let replace = |ir: &mut Ir, folder: &mut OperationFolder, block: BlockRef, v: Value| {
        let Some(ConstantLattice::Constant(attr, dialect)) = lattice.get(&v).copied() else {
            return false;
        };
        let ty = ir.value_type(v);
        let d = ir.ctx().ident_str(dialect).to_string();
        let Some(c) = folder.get_or_create_constant(ir, None, block, &d, attr, ty) else {
            return false;
        };
        if c != v {
            ir.replace_all_uses_with(v, c);
        }
        true
    };
    while let Some(block) = worklist.pop() {
        if !ir.is_live_block(block) {
            continue;
        }
        let ops: Vec<OpRef> = ir.block_ops(block).collect();
        for op in ops {
            if !ir.is_live_op(op) || folder.is_folder_owned_constant(op) {
                continue;
            }
            let results: SmallVec<[Value; 4]> = ir.results(op).collect();
            let mut replaced_all = !results.is_empty();
            for r in results {
                replaced_all &= replace(ir, &mut folder, block, r);
            }
            if replaced_all && ir.op_use_empty(op) && would_op_be_trivially_dead(ir, op) {
                ir.erase_op(op);
                continue;
            }
            push_regions(ir, op, &mut worklist);
        }
        let args: SmallVec<[Value; 4]> = ir.arguments(block).collect();
        for a in args {
            replace(ir, &mut folder, block, a);
        }
    }
}
