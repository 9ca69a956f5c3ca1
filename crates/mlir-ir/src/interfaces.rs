//! Op interfaces that transformations query: memory effects (MLIR's
//! `MemoryEffectOpInterface`) and branches (`BranchOpInterface`) here, the
//! others in the submodules, and the uniform typed query
//! [`Ir::interface`] over all of them.
//!
//! Interfaces are plain structs of function pointers attached to an op's
//! [`crate::OpInfo`] with `with_interface` and looked up by type, so that a
//! dialect crate can implement them without depending on the crates that
//! use them (dead code elimination and region simplification live in
//! `mlir-transforms`). The structs listed in [`OpInterface`] implementors
//! can be queried with `ir.interface::<I>(op)`, which returns an
//! [`OpView`] pairing the op with its implementation, whose methods are the
//! interface's methods and helpers.

pub mod call;
pub mod cast;
pub mod function;
pub mod infer_type;
pub mod inliner;
pub mod loop_like;
pub mod region_branch;
pub mod speculation;
pub mod symbol;

use smallvec::SmallVec;

use crate::context::OpInfo;
use crate::ir::{Ir, OpRef, Value};
use crate::traits::TraitSet;

/// An op interface that [`Ir::interface`] can query: a `Copy` struct of
/// function pointers, attached to ops with [`OpInfo::with_interface`].
pub trait OpInterface: Copy + Send + Sync + 'static {
    /// The interface's name upstream (`"FunctionOpInterface"`), as `.td`
    /// files declare it (`DeclareOpInterfaceMethods<FunctionOpInterface>`).
    const NAME: &'static str;
    /// The implementation `op` has without attaching one, when one of its
    /// traits implies the interface (e.g. `NoMemoryEffect` implies memory
    /// effects with no effects). `None` by default.
    fn implied(_ir: &Ir, _op: OpRef, _info: &OpInfo) -> Option<Self> {
        None
    }
    /// Whether `op` counts as implementing the interface once it has an
    /// implementation (upstream's `extraClassOf`, e.g. an optional symbol
    /// without a name is not a symbol). True by default.
    fn applies(_ir: &Ir, _op: OpRef) -> bool {
        true
    }
}

/// An op seen through one of its interfaces (MLIR's
/// `dyn_cast<SomeOpInterface>(op)`): the op and its implementation. The
/// interface's methods and helpers are methods of the view; the
/// implementation's hooks are reachable through `Deref`.
#[derive(Copy, Clone)]
pub struct OpView<I> {
    pub op: OpRef,
    pub imp: I,
}

impl<I> std::ops::Deref for OpView<I> {
    type Target = I;
    fn deref(&self) -> &I {
        &self.imp
    }
}

impl Ir {
    /// `op` seen through interface `I`, if it implements it (attached to
    /// its `OpInfo`, or implied by one of its traits): MLIR's
    /// `dyn_cast<I>(op)`. One hash lookup in the op's interface map.
    pub fn interface<I: OpInterface>(&self, op: OpRef) -> Option<OpView<I>> {
        let info = self.ctx().op_info(self.op_name(op));
        let imp = match info.interface::<I>() {
            Some(i) => *i,
            None => I::implied(self, op, info)?,
        };
        I::applies(self, op).then_some(OpView { op, imp })
    }
}

/// Whether an op's info carries an implementation of some interface.
pub type HasImplementation = fn(&OpInfo) -> bool;

/// The interfaces [`Ir::interface`] knows by name, with whether an op's
/// info carries an implementation; used to report ops whose `.td` declares
/// one of them without the Rust implementation being attached.
pub const KNOWN_INTERFACES: &[(&str, HasImplementation)] = &[
    (function::FunctionOpInterface::NAME, |i| {
        i.interface::<function::FunctionOpInterface>().is_some()
    }),
    (call::CallableOpInterface::NAME, |i| {
        i.interface::<call::CallableOpInterface>().is_some()
    }),
    (call::CallOpInterface::NAME, |i| {
        i.interface::<call::CallOpInterface>().is_some()
    }),
    (BranchOpInterface::NAME, |i| {
        i.interface::<BranchOpInterface>().is_some()
    }),
    (region_branch::RegionBranchOpInterface::NAME, |i| {
        i.interface::<region_branch::RegionBranchOpInterface>()
            .is_some()
    }),
    (infer_type::InferTypeOpInterface::NAME, |i| {
        i.interface::<infer_type::InferTypeOpInterface>().is_some()
    }),
    (MemoryEffectsInterface::NAME, |i| {
        i.interface::<MemoryEffectsInterface>().is_some()
    }),
    (loop_like::LoopLikeOpInterface::NAME, |i| {
        i.interface::<loop_like::LoopLikeOpInterface>().is_some()
    }),
    (cast::CastOpInterface::NAME, |i| {
        i.interface::<cast::CastOpInterface>().is_some()
    }),
];

/// The (op, interface) pairs of registered ops whose definition declares
/// an interface of [`KNOWN_INTERFACES`] (ODS `DeclareOpInterfaceMethods`
/// or the bare interface in the trait list, recorded by
/// [`OpInfo::declare_interfaces`]) that has no Rust implementation
/// attached: `ir.interface` would not see the op, as a C++ build fails
/// to link a declared but undefined interface method.
pub fn missing_declared_interfaces(ctx: &crate::Context) -> Vec<(String, &'static str)> {
    let mut out = Vec::new();
    for name in ctx.op_names() {
        let info = ctx.op_info(name);
        if !info.registered {
            continue;
        }
        for declared in info.declared_interfaces.iter() {
            let Some(&(name, has)) = KNOWN_INTERFACES.iter().find(|(n, _)| **n == **declared)
            else {
                continue;
            };
            if !has(info) && !implied_by_traits(name, info) {
                out.push((info.name.to_string(), name));
            }
        }
    }
    out.sort();
    out
}

/// Whether the traits of `info` imply interface `name` without an attached
/// implementation.
fn implied_by_traits(name: &str, info: &OpInfo) -> bool {
    name == MemoryEffectsInterface::NAME
        && (info.has_trait(TraitSet::NO_MEMORY_EFFECT) || info.has_trait(TraitSet::PURE))
}

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

impl OpInterface for MemoryEffectsInterface {
    const NAME: &'static str = "MemoryEffectsOpInterface";
    /// `NoMemoryEffect` (and `Pure`, which includes it) mean "implements
    /// the interface with no effects".
    fn implied(_: &Ir, _: OpRef, info: &OpInfo) -> Option<Self> {
        (info.has_trait(TraitSet::NO_MEMORY_EFFECT) || info.has_trait(TraitSet::PURE)).then_some(
            MemoryEffectsInterface {
                get_effects: |_, _, _| {},
            },
        )
    }
}

impl OpView<MemoryEffectsInterface> {
    /// The op's own memory effects (`getEffects`).
    pub fn effects(&self, ir: &Ir) -> SmallVec<[MemoryEffect; 4]> {
        let mut out = SmallVec::new();
        (self.imp.get_effects)(ir, self.op, &mut out);
        out
    }
    /// Whether the op has an effect of `kind` (`hasEffect<Kind>`).
    pub fn has_effect(&self, ir: &Ir, kind: MemoryEffectKind) -> bool {
        self.effects(ir).iter().any(|e| e.kind == kind)
    }
    /// Whether the op has no effects at all (`hasNoEffect`).
    pub fn has_no_effect(&self, ir: &Ir) -> bool {
        self.effects(ir).is_empty()
    }
    /// Whether the op only reads memory, if at all (`onlyHasEffect<Read>`).
    pub fn only_reads(&self, ir: &Ir) -> bool {
        self.effects(ir)
            .iter()
            .all(|e| e.kind == MemoryEffectKind::Read)
    }
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

impl OpInterface for BranchOpInterface {
    const NAME: &'static str = "BranchOpInterface";
}

impl OpView<BranchOpInterface> {
    /// The forwarded operands of successor `index` (`getSuccessorOperands`).
    pub fn successor_operands(&self, ir: &Ir, index: usize) -> SuccessorOperands {
        (self.imp.successor_operands)(ir, self.op, index)
    }
    /// The values forwarded to successor `index`.
    pub fn forwarded_values(&self, ir: &Ir, index: usize) -> Vec<Value> {
        let so = self.successor_operands(ir, index);
        (so.start..so.start + so.len)
            .map(|i| ir.operand(self.op, i))
            .collect()
    }
    /// The successor argument operand `operand` is forwarded to
    /// (`getSuccessorBlockArgument`).
    pub fn successor_block_argument(&self, ir: &Ir, operand: usize) -> Option<(usize, usize)> {
        self.imp.successor_block_argument(ir, self.op, operand)
    }
    /// The one successor taken given constant operands, when the op can
    /// tell (`getSuccessorForOperands`).
    pub fn successor_for_operands(
        &self,
        ir: &Ir,
        operands: &[Option<crate::attributes::Attribute>],
    ) -> Option<usize> {
        let info = ir.ctx().op_info(ir.op_name(self.op));
        let f = info.interface::<BranchSuccessorForOperands>()?;
        (f.0)(ir, self.op, operands)
    }
    /// Upstream's verifier of the interface.
    pub fn verify(&self, ir: &Ir) -> Result<(), crate::diagnostics::Diagnostic> {
        verify_branch_successor_operands(ir, self.op)
    }
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
