//! Folding (MLIR's `Operation::fold`, `OpFoldResult`, the fold hooks of
//! registered ops, the `Involution`/`Idempotent` trait folds, the dialect
//! fallback `DialectFoldInterface::fold`, and the `m_Constant` matcher).
//!
//! # How a fold is described
//!
//! A fold hook sees the IR read-only through a [`FoldCtx`], together with the
//! constant value of every operand (`Some(attribute)` when the operand is
//! produced by a constant-like op, as MLIR's `FoldAdaptor`). It either
//!
//! * returns replacement results ([`OpFoldResult::Attr`] for a constant to be
//!   materialized, [`OpFoldResult::Value`] for an existing value), one per
//!   result; or
//! * updates the op in place: it records [`InPlaceEdit`]s on the context and
//!   succeeds with no results (single-result hooks return the op's own
//!   result, as MLIR's `return getResult();`).
//!
//! Describing in-place updates as data rather than handing the hook `&mut Ir`
//! keeps folding usable from read-only code: [`Ir::constant_value`]
//! (`m_Constant`) folds constant-like ops through `&Ir`, exactly like
//! MLIR's matcher calls `fold` on them. [`Ir::fold_op`] applies the edits.
//!
//! # Order (MLIR's `foldSingleResultHook`/`foldHook` and `Operation::fold`)
//!
//! 1. The op's own fold hook. If it fails or folds in place, the trait folds
//!    (`Commutative`: constants moved to the end in place, then
//!    `Involution`, then `Idempotent`) are tried; a trait fold that succeeds
//!    provides the results (after an in-place update, whose edits are still
//!    applied, as the update has already happened in MLIR).
//! 2. If that fails, the dialect's [`crate::Dialect::fold`] fallback.

use smallvec::SmallVec;

use crate::attributes::{Attribute, Location};
use crate::context::OpName;
use crate::ir::{Ir, OpRef, Value};
use crate::traits::TraitSet;
use crate::types::Type;

/// The result of folding one op result (MLIR's `OpFoldResult`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum OpFoldResult {
    /// A constant; the driver materializes it through the dialect.
    Attr(Attribute),
    /// An existing value replacing the result.
    Value(Value),
}

/// One in-place change requested by a fold hook (applied by [`Ir::fold_op`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum InPlaceEdit {
    /// Sets operand `index`.
    SetOperand(usize, Value),
    /// Replaces every operand.
    SetOperands(SmallVec<[Value; 4]>),
    /// Erases operand `index`.
    EraseOperand(usize),
    /// Sets (or removes) an attribute where it belongs (property or discardable).
    SetAttr(Box<str>, Option<Attribute>),
    /// Replaces the properties.
    SetProperties(Option<Attribute>),
    /// Sets the type of result `index`.
    SetResultType(usize, Type),
    /// Sets the location.
    SetLoc(Location),
    /// Exchanges the blocks of regions `a` and `b` of the op (what upstream
    /// folds do by splicing the block lists, as `scf.if`'s fold on a negated
    /// condition).
    SwapRegions(usize, usize),
}

impl InPlaceEdit {
    /// Whether applying the edit to `op` would change it: an edit that sets
    /// what is already there does not ([`fold_readonly`] drops such edits).
    pub fn changes(&self, ir: &Ir, op: OpRef) -> bool {
        match self {
            InPlaceEdit::SetOperand(i, v) => ir.operand(op, *i) != *v,
            InPlaceEdit::SetOperands(vs) => !ir.operands(op).eq(vs.iter().copied()),
            InPlaceEdit::EraseOperand(_) | InPlaceEdit::SwapRegions(..) => true,
            InPlaceEdit::SetAttr(name, a) => ir.attr(op, name) != *a,
            InPlaceEdit::SetProperties(p) => ir.op_properties(op) != *p,
            InPlaceEdit::SetResultType(i, ty) => ir.value_type(Value::result(op, *i as u32)) != *ty,
            InPlaceEdit::SetLoc(l) => ir.op_loc(op) != *l,
        }
    }
}

/// What a fold hook sees (MLIR's `FoldAdaptor` plus the op).
pub struct FoldCtx<'a> {
    /// The IR, read-only.
    pub ir: &'a Ir,
    /// The op being folded.
    pub op: OpRef,
    /// The constant value of each operand, `None` for non-constant operands.
    /// Empty when the caller passes no operand constants (as `m_Constant`
    /// does for constant-like ops, which have no operands).
    pub operands: &'a [Option<Attribute>],
    edits: SmallVec<[InPlaceEdit; 1]>,
}

impl<'a> FoldCtx<'a> {
    /// A context for folding `op` with the given operand constants.
    pub fn new(ir: &'a Ir, op: OpRef, operands: &'a [Option<Attribute>]) -> Self {
        FoldCtx {
            ir,
            op,
            operands,
            edits: SmallVec::new(),
        }
    }
    /// The constant value of operand `i`, if known.
    pub fn operand_constant(&self, i: usize) -> Option<Attribute> {
        self.operands.get(i).copied().flatten()
    }
    /// Operand `i` of the op.
    pub fn operand(&self, i: usize) -> Value {
        self.ir.operand(self.op, i)
    }
    /// Result `i` of the op.
    pub fn result(&self, i: usize) -> Value {
        self.ir.result(self.op, i)
    }
    /// Records an in-place update; the fold must then succeed with no
    /// results (or, for single-result hooks, return the op's own result).
    pub fn update_in_place(&mut self, edit: InPlaceEdit) {
        self.edits.push(edit);
    }
    /// The in-place updates recorded so far.
    pub fn edits(&self) -> &[InPlaceEdit] {
        &self.edits
    }
    /// Takes the recorded in-place updates.
    pub fn take_edits(&mut self) -> SmallVec<[InPlaceEdit; 1]> {
        std::mem::take(&mut self.edits)
    }
}

/// A single-result fold (MLIR's `OpFoldResult fold(FoldAdaptor)`): `None` on
/// failure, the op's own result for an in-place update.
pub type SingleFoldFn = fn(&mut FoldCtx<'_>) -> Option<OpFoldResult>;
/// A multi-result fold (MLIR's `LogicalResult fold(FoldAdaptor,
/// SmallVectorImpl<OpFoldResult> &)`): success with no results is an
/// in-place update.
pub type MultiFoldFn = fn(&mut FoldCtx<'_>, &mut SmallVec<[OpFoldResult; 1]>) -> Result<(), ()>;

/// The fold hook of a registered op.
#[derive(Copy, Clone)]
pub enum FoldHook {
    /// For ops with exactly one result.
    Single(SingleFoldFn),
    /// For any number of results.
    Multi(MultiFoldFn),
}

impl std::fmt::Debug for FoldHook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FoldHook::Single(_) => f.write_str("FoldHook::Single"),
            FoldHook::Multi(_) => f.write_str("FoldHook::Multi"),
        }
    }
}

/// MLIR's `OpTrait::impl::foldInvolution`: `op(op(x)) -> x`.
fn fold_involution(ir: &Ir, op: OpRef) -> Option<OpFoldResult> {
    if ir.num_operands(op) == 0 {
        return None;
    }
    let arg = ir.operand(op, 0).defining_op()?;
    (ir.op_name(arg) == ir.op_name(op)).then(|| OpFoldResult::Value(ir.operand(arg, 0)))
}

/// MLIR's `OpTrait::impl::foldIdempotent`: `op(op(x)) -> op(x)` for unary
/// ops, `op(x, x) -> x` for binary ones.
fn fold_idempotent(ir: &Ir, op: OpRef) -> Option<OpFoldResult> {
    match ir.num_operands(op) {
        1 => {
            let arg = ir.operand(op, 0).defining_op()?;
            (ir.op_name(arg) == ir.op_name(op)).then(|| OpFoldResult::Value(ir.operand(op, 0)))
        }
        n if n >= 2 => {
            let a = ir.operand(op, 0);
            (a == ir.operand(op, 1)).then_some(OpFoldResult::Value(a))
        }
        _ => None,
    }
}

/// MLIR's `OpTrait::impl::foldCommutative`: moves the constant operands
/// after the others (a stable partition), in place. Fails if nothing moves.
fn fold_commutative(
    ir: &Ir,
    op: OpRef,
    operands: &[Option<Attribute>],
    edits: &mut SmallVec<[InPlaceEdit; 1]>,
) -> bool {
    let n = ir.num_operands(op);
    if n < 2 || operands.len() != n {
        return false;
    }
    let Some(first_constant) = operands.iter().position(Option::is_some) else {
        return false;
    };
    if operands[first_constant..].iter().all(Option::is_some) {
        return false;
    }
    let values: SmallVec<[Value; 4]> = ir.operands(op).collect();
    let mut reordered: SmallVec<[Value; 4]> = SmallVec::with_capacity(n);
    reordered.extend((0..n).filter(|&i| operands[i].is_none()).map(|i| values[i]));
    reordered.extend((0..n).filter(|&i| operands[i].is_some()).map(|i| values[i]));
    edits.push(InPlaceEdit::SetOperands(reordered));
    true
}

/// The folds of the op's traits, in MLIR's trait order (`foldTraits`):
/// `Commutative` (listed first by the ops that have it; an in-place
/// reordering of the operands), then `Involution` and `Idempotent`.
fn fold_traits(
    ir: &Ir,
    op: OpRef,
    name: OpName,
    operands: &[Option<Attribute>],
    results: &mut SmallVec<[OpFoldResult; 1]>,
    edits: &mut SmallVec<[InPlaceEdit; 1]>,
) -> bool {
    let info = ir.ctx().op_info(name);
    if info.has_trait(TraitSet::COMMUTATIVE) && fold_commutative(ir, op, operands, edits) {
        return true;
    }
    if ir.num_results(op) != 1 {
        return false;
    }
    if info.has_trait(TraitSet::INVOLUTION) {
        if let Some(r) = fold_involution(ir, op) {
            results.push(r);
            return true;
        }
    }
    if info.has_trait(TraitSet::IDEMPOTENT) {
        if let Some(r) = fold_idempotent(ir, op) {
            results.push(r);
            return true;
        }
    }
    false
}

/// Runs the registered fold of `op` (its hook, then its trait folds) and the
/// dialect fallback, without applying edits. Returns the in-place edits.
pub fn fold_readonly(
    ir: &Ir,
    op: OpRef,
    operands: &[Option<Attribute>],
    results: &mut SmallVec<[OpFoldResult; 1]>,
) -> Result<SmallVec<[InPlaceEdit; 1]>, ()> {
    let name = ir.op_name(op);
    let info = ir.ctx().op_info(name);
    if info.registered {
        let mut cx = FoldCtx::new(ir, op, operands);
        // Folders are user code: a panic in one unwinds as a located
        // `HookPanic` (the IR is untouched: folding only reads it).
        let hook_result = crate::diagnostics::catch_hook_panic(ir, op, "folder", || {
            Ok(match info.fold {
                Some(FoldHook::Single(f)) => match f(&mut cx) {
                    // A fold returning the op's own result updated it in place.
                    Some(OpFoldResult::Value(v)) if v == ir.result(op, 0) => Ok(false),
                    Some(r) => {
                        results.push(r);
                        Ok(true)
                    }
                    None => Err(()),
                },
                Some(FoldHook::Multi(f)) => f(&mut cx, results).map(|_| !results.is_empty()),
                None => Err(()),
            })
        })
        .unwrap_or_else(|d| std::panic::resume_unwind(Box::new(crate::diagnostics::HookPanic(d))));
        match hook_result {
            Ok(true) => return Ok(cx.take_edits()),
            Ok(false) => {
                // In place: a successful trait fold still replaces the op.
                results.clear();
                let mut edits = cx.take_edits();
                fold_traits(ir, op, name, operands, results, &mut edits);
                // A fold that claims success in place but changes nothing
                // has not folded: every driver would re-queue or
                // re-legalize the unchanged op forever (MLIR's do, on a
                // test-dialect folder that does this).
                edits.retain(|e| e.changes(ir, op));
                if results.is_empty() && edits.is_empty() {
                    return Err(());
                }
                return Ok(edits);
            }
            Err(()) => {
                results.clear();
                let mut edits = SmallVec::new();
                if fold_traits(ir, op, name, operands, results, &mut edits) {
                    return Ok(edits);
                }
            }
        }
    }
    let dialect = ir.ctx().op_dialect(name).ok_or(())?;
    let mut cx = FoldCtx::new(ir, op, operands);
    results.clear();
    match dialect.fold(&mut cx, results) {
        Ok(()) => Ok(cx.take_edits()),
        Err(()) => {
            results.clear();
            Err(())
        }
    }
}

impl Ir {
    /// The constant `op` produces (MLIR's `m_Constant`): `op` has no
    /// operands, one result and the `ConstantLike` trait, and folds to an
    /// attribute.
    pub fn constant_value(&self, op: OpRef) -> Option<Attribute> {
        let info = self.ctx().op_info(self.op_name(op));
        if !info.traits.contains(TraitSet::CONSTANT_LIKE)
            || self.num_operands(op) != 0
            || self.num_results(op) != 1
        {
            return None;
        }
        if let Some(read) = info.constant_value {
            let v = read(self, op);
            debug_assert_eq!(
                v,
                self.fold_constant(op),
                "the constant-value hook of '{}' disagrees with its folder",
                info.name
            );
            return v;
        }
        self.fold_constant(op)
    }

    /// Folds the constant-like `op` to its attribute.
    fn fold_constant(&self, op: OpRef) -> Option<Attribute> {
        let mut results = SmallVec::new();
        fold_readonly(self, op, &[], &mut results).ok()?;
        match results.first() {
            Some(OpFoldResult::Attr(a)) => Some(*a),
            _ => None,
        }
    }
    /// The constant `v` holds, if it is the result of a constant-like op.
    pub fn value_constant(&self, v: Value) -> Option<Attribute> {
        self.constant_value(v.defining_op()?)
    }

    /// Folds `op` given the constant values of its operands (MLIR's
    /// `Operation::fold(ArrayRef<Attribute>, ...)`). On success, `results`
    /// holds one entry per result, or nothing if `op` was updated in place
    /// (the edits have been applied). No listener is told about anything.
    /// A fold that would change nothing in place fails
    /// ([`fold_readonly`]).
    pub fn fold_op_with(
        &mut self,
        op: OpRef,
        operands: &[Option<Attribute>],
        results: &mut SmallVec<[OpFoldResult; 1]>,
    ) -> Result<(), ()> {
        results.clear();
        let edits = fold_readonly(self, op, operands, results)?;
        for e in edits {
            self.apply_edit(op, e);
        }
        Ok(())
    }

    /// Folds `op`, computing the constant operands with
    /// [`Ir::value_constant`] (MLIR's `Operation::fold(results)`).
    pub fn fold_op(
        &mut self,
        op: OpRef,
        results: &mut SmallVec<[OpFoldResult; 1]>,
    ) -> Result<(), ()> {
        let operands: SmallVec<[Option<Attribute>; 4]> =
            self.operands(op).map(|v| self.value_constant(v)).collect();
        self.fold_op_with(op, &operands, results)
    }

    fn apply_edit(&mut self, op: OpRef, e: InPlaceEdit) {
        match e {
            InPlaceEdit::SetOperand(i, v) => self.set_operand(op, i, v),
            InPlaceEdit::SetOperands(vs) => self.set_operands(op, &vs),
            InPlaceEdit::EraseOperand(i) => self.erase_operand(op, i),
            InPlaceEdit::SetAttr(name, a) => self.set_attr(op, &name, a),
            InPlaceEdit::SetProperties(p) => self.set_op_properties(op, p),
            InPlaceEdit::SetResultType(i, ty) => {
                self.set_value_type(Value::result(op, i as u32), ty)
            }
            InPlaceEdit::SetLoc(l) => self.set_op_loc(op, l),
            InPlaceEdit::SwapRegions(a, b) => {
                let (ra, rb) = (self.region(op, a), self.region(op, b));
                self.swap_region_blocks(ra, rb);
            }
        }
    }
}
