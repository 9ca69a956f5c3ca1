//! Op interfaces that transformations query: memory effects (MLIR's
//! `MemoryEffectOpInterface`) and branches (`BranchOpInterface`).
//!
//! Interfaces are plain structs of function pointers attached to an op's
//! [`crate::OpInfo`] with `with_interface` and looked up by type, so that a
//! dialect crate can implement them without depending on the crates that
//! use them (dead code elimination and region simplification live in
//! `mlir-transforms`).

pub mod call;
pub mod loop_like;
pub mod region_branch;
pub mod speculation;
pub mod symbol;

use smallvec::SmallVec;

use crate::ir::{Ir, OpRef, Value};

/// The kind of a memory effect (MLIR's `MemoryEffects::Effect` subclasses).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum MemoryEffectKind {
    /// Memory is allocated (`MemoryEffects::Allocate`).
    Allocate,
    /// Memory is released (`MemoryEffects::Free`).
    Free,
    /// Memory is read (`MemoryEffects::Read`).
    Read,
    /// Memory is written (`MemoryEffects::Write`).
    Write,
}

/// One effect of an op (MLIR's `EffectInstance`): what happens, and to
/// which value, if the effect is on a specific value.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct MemoryEffect {
    /// The kind of effect.
    pub kind: MemoryEffectKind,
    /// The value affected, if known (an operand, a result or a block argument).
    pub value: Option<Value>,
    /// The resource affected (MLIR's `SideEffects::Resource`); `"<Default>"`
    /// for the default resource.
    pub resource: &'static str,
}

impl MemoryEffect {
    /// An effect on the default resource.
    pub fn new(kind: MemoryEffectKind, value: Option<Value>) -> Self {
        MemoryEffect {
            kind,
            value,
            resource: "<Default>",
        }
    }
}

/// MLIR's `MemoryEffectOpInterface`: the memory effects of one op (not of
/// the ops nested in it; ops with `RECURSIVE_MEMORY_EFFECTS` have their
/// nested ops' effects too). Ops with the `NO_MEMORY_EFFECT` trait need not
/// implement it: the trait means "implements it with no effects".
#[derive(Copy, Clone)]
pub struct MemoryEffectsInterface {
    /// Appends the effects of `op`.
    pub get_effects: fn(&Ir, OpRef, &mut SmallVec<[MemoryEffect; 4]>),
}

/// The forwarded operands of one successor of a branch (MLIR's
/// `SuccessorOperands`): the first `produced` arguments of the successor
/// are produced by the branch itself; the next `len` arguments receive
/// operands `start..start + len` of the branch.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct SuccessorOperands {
    /// Successor arguments produced by the op itself (not forwarded).
    pub produced: usize,
    /// The index of the first forwarded operand in the op's operand list.
    pub start: usize,
    /// How many operands are forwarded.
    pub len: usize,
}

/// MLIR's `BranchOpInterface`: which operands a terminator forwards to each
/// successor's arguments.
#[derive(Copy, Clone)]
pub struct BranchOpInterface {
    /// The forwarded operands of successor `index`.
    pub successor_operands: fn(&Ir, OpRef, usize) -> SuccessorOperands,
    /// Erases forwarded operand `operand` (counted within the forwarded
    /// operands) of successor `succ`, keeping any operand segment sizes
    /// up to date. `None` erases the operand from the operand list only,
    /// which is right for ops without operand segments.
    pub erase_successor_operand: Option<fn(&mut Ir, OpRef, usize, usize)>,
}

/// MLIR's `detail::verifyBranchSuccessorOperands`, the verifier every
/// `BranchOpInterface` op gets: each successor receives as many values
/// (produced and forwarded) as it has arguments, and each forwarded value
/// has its argument's type. Ops without the interface pass.
pub fn verify_branch_successor_operands(
    ir: &Ir,
    op: OpRef,
) -> Result<(), crate::diagnostics::Diagnostic> {
    let info = ir.ctx().op_info(ir.op_name(op));
    let Some(iface) = info.interface::<BranchOpInterface>().copied() else {
        return Ok(());
    };
    let num_operands = ir.num_operands(op);
    for succ in 0..ir.num_successors(op) {
        let mut so = (iface.successor_operands)(ir, op, succ);
        // Malformed operand segments (which the op's own invariants report)
        // must not send the check past the operand list.
        so.start = so.start.min(num_operands);
        so.len = so.len.min(num_operands - so.start);
        let dest = ir.successor(op, succ);
        let count = so.produced + so.len;
        let n = ir.num_arguments(dest);
        if count != n {
            return Err(ir.op_diag(
                op,
                crate::diagnostics::Severity::Error,
                format!(
                    "branch has {count} operands for successor #{succ}, but target block has {n}"
                ),
            ));
        }
        for k in 0..so.len {
            let i = so.produced + k;
            let v = ir.operand(op, so.start + k);
            if ir.value_type(v) != ir.value_type(ir.argument(dest, i)) {
                return Err(ir.op_diag(
                    op,
                    crate::diagnostics::Severity::Error,
                    format!("type mismatch for bb argument #{i} of successor #{succ}"),
                ));
            }
        }
    }
    Ok(())
}

impl BranchOpInterface {
    /// Erases forwarded operand `operand` of successor `succ` of `op`.
    pub fn erase_operand(&self, ir: &mut Ir, op: OpRef, succ: usize, operand: usize) {
        match self.erase_successor_operand {
            Some(f) => f(ir, op, succ, operand),
            None => {
                let so = (self.successor_operands)(ir, op, succ);
                ir.erase_operand(op, so.start + operand);
            }
        }
    }
    /// The successor argument operand `operand` of `op` is forwarded to, if
    /// any: (successor index, argument index) (MLIR's
    /// `getSuccessorBlockArgument`).
    pub fn successor_block_argument(
        &self,
        ir: &Ir,
        op: OpRef,
        operand: usize,
    ) -> Option<(usize, usize)> {
        for s in 0..ir.num_successors(op) {
            let so = (self.successor_operands)(ir, op, s);
            if operand >= so.start && operand < so.start + so.len {
                return Some((s, so.produced + operand - so.start));
            }
        }
        None
    }
}

/// Appends values to the operands a branch forwards to one successor, for
/// branches whose forwarded operands live in operand segments (MLIR's
/// `SuccessorOperands::append`, which updates the segment through a
/// mutable operand range). Branches without segments need not provide it:
/// inserting after the forwarded range is then enough. Attached next to
/// [`BranchOpInterface`].
#[derive(Copy, Clone)]
pub struct AppendSuccessorOperands(pub fn(&mut Ir, OpRef, usize, &[Value]));

/// The one successor a branch takes given the constant values of its
/// operands (`None` for unknown operands), or `None` when it cannot tell
/// (MLIR's `BranchOpInterface::getSuccessorForOperands`). Attached next to
/// [`BranchOpInterface`] by branches that can answer; dataflow analyses
/// (SCCP) treat every successor as possible otherwise.
#[derive(Copy, Clone)]
pub struct BranchSuccessorForOperands(
    pub fn(&Ir, OpRef, &[Option<crate::attributes::Attribute>]) -> Option<usize>,
);
