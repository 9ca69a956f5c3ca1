//! The rewriter (MLIR's `RewriterBase`, `PatternRewriter` and `IRRewriter`):
//! the only way a pattern can change IR.
//!
//! A [`PatternRewriter`] owns the `&mut Ir` for as long as it lives and hands
//! out only `&Ir`; every mutation is one of its methods, and each method
//! sends the listener exactly the notifications MLIR 22's `RewriterBase`
//! sends, in the same order (documented per method). It also offers
//! everything `OpBuilder` does: insertion points, op and block creation,
//! cloning.
//!
//! In-place modification is bracketed: [`PatternRewriter::start_op_modification`]
//! snapshots the op, [`PatternRewriter::modify`] then gives an [`OpMut`] that
//! can edit only that op, and [`PatternRewriter::finalize_op_modification`]
//! (notifies "modified") or [`PatternRewriter::cancel_op_modification`]
//! (restores the snapshot) ends it. [`PatternRewriter::modify_op_in_place`]
//! does all three around a closure.

use crate::abort::misuse;
use std::any::Any;
use std::ops::{Deref, DerefMut};

use hashbrown::HashSet;
use smallvec::SmallVec;

use mlir_ir::PreviousPosition;
use mlir_ir::{
    Attribute, BlockOperand, BlockRef, BuilderListener, Context, Diagnostic, InsertPoint, Ir,
    IrMapping, Location, OpBuilder, OpOperand, OpRef, OperationState, RegionRef, Severity, Type,
    Value, WalkOrder, WalkResult,
};

use crate::listener::RewriterListener;
use crate::pattern::Pattern;
use crate::LogicalResult;

/// Checks a precondition of a rewriter method; a pattern that breaks it
/// aborts with a located report instead of corrupting the IR (see
/// [`crate::abort`]).
macro_rules! require {
    ($cond:expr, $($msg:tt)+) => {
        if !$cond {
            misuse(format!($($msg)+))
        }
    };
}

/// The state of an op saved by `start_op_modification`, restored by
/// `cancel_op_modification`.
struct OpSnapshot {
    op: OpRef,
    loc: Location,
    operands: SmallVec<[Value; 4]>,
    successors: SmallVec<[BlockRef; 2]>,
    result_types: SmallVec<[Type; 2]>,
    properties: Option<Attribute>,
    attributes: Attribute,
}

/// What the rewriter does after asking its hooks about a replacement or an
/// erasure (see [`RewriteHooks::replace_op`]).
pub enum HookAction {
    /// The hooks took the change over: the rewriter does not touch the IR.
    Handled,
    /// The rewriter replaces (or erases) as usual.
    Proceed,
    /// The rewriter replaces the op's results with these values (one per
    /// result) instead, notifying as usual, then erases the op. A result
    /// without uses may be given any value.
    ReplaceWith(SmallVec<[Value; 4]>),
}

/// A driver's hooks into the rewriter (used by the dialect conversion, whose
/// `ConversionPatternRewriter` is a `PatternRewriter` with hooks installed).
///
/// MLIR's conversion rewriter overrides the virtual methods of
/// `RewriterBase` so that replacements and erasures are deferred and every
/// change can be rolled back (or, without rollback, so that type mismatches
/// are bridged by materializations). Our `PatternRewriter` is a concrete
/// type, so the few methods that must behave differently ask the hooks
/// first, and the hooks say whether they took the change over. The other
/// hooks observe changes (before they happen, unlike listeners, so that they
/// can be undone). Without hooks the cost is one branch per method.
pub trait RewriteHooks: Any {
    /// `op` is about to be replaced by `values` (one per result), or erased
    /// when `values` is `None`.
    fn replace_op(&mut self, ir: &mut Ir, op: OpRef, values: Option<&[Value]>) -> HookAction;
    /// Every use of `from` is about to be replaced with `to`. Returns whether
    /// the hook took over.
    fn replace_all_uses_with(&mut self, ir: &mut Ir, from: Value, to: Value) -> bool;
    /// Whether erasures are deferred (the hooks keep erased ops and blocks
    /// alive to be able to restore them): then erasing a block only asks
    /// [`Self::replace_op`] for each of its ops and [`Self::erase_block`],
    /// and block moves skip the structural checks that erased-but-present
    /// IR would fail.
    fn defers_erasure(&self) -> bool {
        true
    }
    /// `block` (now empty of ops the hook has not already taken over) is about
    /// to be erased. Returns whether the hook took over.
    fn erase_block(&mut self, ir: &mut Ir, block: BlockRef) -> bool;
    /// `block` is to be erased at once although branches still name it (a
    /// pattern broke `erase_block`'s contract). Return true to take over:
    /// the block is then left alone, and the hooks are expected to report
    /// the misuse. By default the rewriter's contract check fails (a panic,
    /// as MLIR's assertion).
    fn erase_used_block(&mut self, _ir: &Ir, _block: BlockRef) -> bool {
        false
    }
    /// An in-place modification of `op` is starting.
    fn op_modification_started(&mut self, ir: &Ir, op: OpRef);
    /// `op` was inserted (created, or moved from `previous`).
    fn op_inserted(&mut self, ir: &Ir, op: OpRef, previous: Option<InsertPoint>);
    /// `block` was inserted (created, or moved from `previous`).
    fn block_inserted(
        &mut self,
        ir: &Ir,
        block: BlockRef,
        previous: Option<(RegionRef, Option<BlockRef>)>,
    );
    /// The hooks as `Any`, so that their owner can reach its own state
    /// through the rewriter.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// Forwards builder notifications to the hooks and then to the listener.
struct HookedListener<'x, 'l> {
    hooks: &'x mut (dyn RewriteHooks + 'static),
    listener: Option<&'x mut (dyn RewriterListener + 'l)>,
}

impl BuilderListener for HookedListener<'_, '_> {
    fn notify_operation_inserted(&mut self, ir: &Ir, op: OpRef, previous: PreviousPosition) {
        let known = match previous {
            PreviousPosition::At(ip) => Some(ip),
            _ => None,
        };
        self.hooks.op_inserted(ir, op, known);
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_operation_inserted(ir, op, previous);
        }
    }
    fn notify_block_inserted(
        &mut self,
        ir: &Ir,
        block: BlockRef,
        previous: Option<(RegionRef, Option<BlockRef>)>,
    ) {
        self.hooks.block_inserted(ir, block, previous);
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_block_inserted(ir, block, previous);
        }
    }
}

/// What happened to the root op of a pattern application, recorded for the
/// contract checks of [`crate::PatternApplicator`].
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct RootEvents {
    pub modified: bool,
    pub replaced: bool,
}

/// Rewrites IR and reports every change to its listener (MLIR's
/// `PatternRewriter`, which is a `RewriterBase`, which is an `OpBuilder`).
///
/// Patterns receive `&mut PatternRewriter` and never `&mut Ir`: they read IR
/// with [`PatternRewriter::ir`] and change it only through these methods,
/// so a driver listening to the rewriter sees every change.
pub struct PatternRewriter<'a> {
    ir: &'a mut Ir,
    ip: Option<InsertPoint>,
    listener: Option<&'a mut dyn RewriterListener>,
    pending: SmallVec<[OpSnapshot; 1]>,
    tracked_root: Option<(OpRef, RootEvents)>,
    hooks: Option<&'a mut (dyn RewriteHooks + 'static)>,
    nested: Option<&'a (dyn NestedLegalizer + 'a)>,
}

/// A legalization in progress that the patterns it applies may call back
/// into (MLIR's `ConversionPatternRewriter::legalize`). The dialect
/// conversion driver installs it on its rewriter; this crate only carries
/// it, as it carries the driver's hooks.
pub trait NestedLegalizer {
    /// Legalizes `op` now, with the conversion's target and patterns.
    fn legalize_op(&self, rw: &mut PatternRewriter<'_>, op: OpRef) -> LogicalResult;
}

/// A rewriter used outside of patterns (MLIR's `IRRewriter`); the same type.
pub type IrRewriter<'a> = PatternRewriter<'a>;

impl<'a> PatternRewriter<'a> {
    /// A rewriter on `ir` without a listener and without an insertion point.
    pub fn new(ir: &'a mut Ir) -> Self {
        PatternRewriter {
            ir,
            ip: None,
            listener: None,
            pending: SmallVec::new(),
            tracked_root: None,
            hooks: None,
            nested: None,
        }
    }
    /// Installs (or removes) the legalization patterns may call back into.
    pub fn set_nested_legalizer(&mut self, l: Option<&'a (dyn NestedLegalizer + 'a)>) {
        self.nested = l;
    }
    /// The legalization patterns may call back into, if a conversion
    /// driver installed one.
    pub fn nested_legalizer(&self) -> Option<&'a (dyn NestedLegalizer + 'a)> {
        self.nested
    }
    /// Installs (or removes) the driver hooks, returning the previous ones.
    pub fn set_hooks(
        &mut self,
        hooks: Option<&'a mut (dyn RewriteHooks + 'static)>,
    ) -> Option<&'a mut (dyn RewriteHooks + 'static)> {
        std::mem::replace(&mut self.hooks, hooks)
    }
    /// The installed driver hooks, if any.
    pub fn hooks(&mut self) -> Option<&mut (dyn RewriteHooks + 'static)> {
        self.hooks.as_deref_mut()
    }
    /// The installed hooks downcast to `T` (a driver reaching its state).
    pub fn hooks_as<T: Any>(&mut self) -> Option<&mut T> {
        self.hooks.as_deref_mut()?.as_any_mut().downcast_mut::<T>()
    }
    /// The IR together with the hooks downcast to `T` (a driver reading
    /// its state and the IR at once).
    pub fn ir_and_hooks_as<T: Any>(&mut self) -> (&Ir, Option<&mut T>) {
        let hooks = self
            .hooks
            .as_deref_mut()
            .and_then(|h| h.as_any_mut().downcast_mut::<T>());
        (&*self.ir, hooks)
    }
    /// The IR, mutably, together with the hooks downcast to `T`: for the
    /// owner of the hooks only (the conversion state changing the IR on
    /// behalf of its conversion-only rewriter methods); patterns never get
    /// `&mut Ir`.
    pub fn ir_mut_and_hooks_as<T: Any>(&mut self) -> (&mut Ir, Option<&mut T>) {
        let hooks = self
            .hooks
            .as_deref_mut()
            .and_then(|h| h.as_any_mut().downcast_mut::<T>());
        (&mut *self.ir, hooks)
    }
    /// Whether the slow, one-step-at-a-time paths must be taken (a
    /// listener or hooks observe every step).
    #[inline]
    fn observed(&self) -> bool {
        self.listener.is_some() || self.hooks.is_some()
    }
    /// Mutable access to the IR for the owner of the hooks (the conversion
    /// driver undoes and commits its journal through it). Panics without
    /// hooks: patterns never get `&mut Ir`.
    pub fn ir_mut_for_hooks(&mut self) -> &mut Ir {
        assert!(self.hooks.is_some(), "ir_mut_for_hooks without hooks");
        self.ir
    }
    /// A rewriter on `ir` reporting to `listener`.
    pub fn with_listener(ir: &'a mut Ir, listener: &'a mut dyn RewriterListener) -> Self {
        let mut r = Self::new(ir);
        r.listener = Some(listener);
        r
    }

    /// A rewriter reporting to `listener` when there is one (utilities such
    /// as the folder take their caller's optional listener).
    pub fn with_optional_listener<'b: 'a>(
        ir: &'a mut Ir,
        listener: Option<&'a mut (dyn RewriterListener + 'b)>,
    ) -> Self {
        match listener {
            Some(l) => Self::with_listener(ir, l),
            None => Self::new(ir),
        }
    }

    /// The IR, read-only.
    #[inline]
    pub fn ir(&self) -> &Ir {
        self.ir
    }
    /// The context of the IR.
    #[inline]
    pub fn ctx(&self) -> &Context {
        self.ir.ctx()
    }
    /// The listener, if any.
    pub fn listener(&mut self) -> Option<&mut (dyn RewriterListener + 'a)> {
        self.listener.as_deref_mut()
    }
    /// Whether a listener is attached.
    pub fn has_listener(&self) -> bool {
        self.listener.is_some()
    }
    /// Replaces the listener, returning the previous one.
    pub fn set_listener(
        &mut self,
        listener: Option<&'a mut dyn RewriterListener>,
    ) -> Option<&'a mut dyn RewriterListener> {
        std::mem::replace(&mut self.listener, listener)
    }
    /// Whether this rewriter can recover when a pattern fails after changing
    /// IR (MLIR's `canRecoverFromRewriteFailure`); it cannot.
    pub fn can_recover_from_rewrite_failure(&self) -> bool {
        false
    }

    // ------------------------------------------------------------------
    // Notification dispatch. Every notification goes through one of these,
    // so the contract-check bookkeeping costs one branch when it is off.
    // ------------------------------------------------------------------

    fn notify_inserted(&mut self, op: OpRef, previous: Option<InsertPoint>) {
        if let Some(h) = self.hooks.as_deref_mut() {
            h.op_inserted(self.ir, op, previous);
        }
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_operation_inserted(self.ir, op, PreviousPosition::from_option(previous));
        }
    }
    fn notify_block_inserted(
        &mut self,
        block: BlockRef,
        previous: Option<(RegionRef, Option<BlockRef>)>,
    ) {
        if let Some(h) = self.hooks.as_deref_mut() {
            h.block_inserted(self.ir, block, previous);
        }
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_block_inserted(self.ir, block, previous);
        }
    }
    fn notify_modified(&mut self, op: OpRef) {
        if let Some((root, ev)) = &mut self.tracked_root {
            if *root == op {
                ev.modified = true;
            }
        }
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_operation_modified(self.ir, op);
        }
    }
    fn note_replaced(&mut self, op: OpRef) {
        if let Some((root, ev)) = &mut self.tracked_root {
            if *root == op {
                ev.replaced = true;
            }
        }
    }
    /// Tells the listener that `pattern` is about to be applied to `op`
    /// (drivers call this; MLIR drivers call `notifyPatternBegin`).
    pub fn notify_pattern_begin(&mut self, pattern: &Pattern, op: OpRef) {
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_pattern_begin(self.ir, pattern, op);
        }
    }
    /// Tells the listener that applying `pattern` ended with `result`.
    pub fn notify_pattern_end(&mut self, pattern: &Pattern, result: LogicalResult) {
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_pattern_end(self.ir, pattern, result);
        }
    }

    pub(crate) fn begin_root_tracking(&mut self, root: OpRef) {
        self.tracked_root = Some((root, RootEvents::default()));
    }
    pub(crate) fn end_root_tracking(&mut self) -> RootEvents {
        self.tracked_root.take().map(|(_, e)| e).unwrap_or_default()
    }

    // ------------------------------------------------------------------
    // Insertion points (OpBuilder)
    // ------------------------------------------------------------------

    /// The insertion point, if set.
    pub fn insertion_point(&self) -> Option<InsertPoint> {
        self.ip
    }
    /// Sets (or clears) the insertion point.
    pub fn set_insertion_point(&mut self, ip: Option<InsertPoint>) {
        self.ip = ip;
    }
    /// Clears the insertion point: created ops stay detached.
    pub fn clear_insertion_point(&mut self) {
        self.ip = None;
    }
    /// Inserts before `op`.
    pub fn set_insertion_point_before(&mut self, op: OpRef) {
        self.ip = Some(InsertPoint::before(self.ir, op));
    }
    /// Inserts after `op`.
    pub fn set_insertion_point_after(&mut self, op: OpRef) {
        self.ip = Some(InsertPoint::after(self.ir, op));
    }
    /// Inserts after the definition of `v` (at the start of its block for arguments).
    pub fn set_insertion_point_after_value(&mut self, v: Value) {
        self.ip = Some(InsertPoint::after_value(self.ir, v));
    }
    /// Inserts at the start of `block`.
    pub fn set_insertion_point_to_start(&mut self, block: BlockRef) {
        self.ip = Some(InsertPoint::block_start(self.ir, block));
    }
    /// Inserts at the end of `block`.
    pub fn set_insertion_point_to_end(&mut self, block: BlockRef) {
        self.ip = Some(InsertPoint::block_end(block));
    }
    /// The block ops are inserted into.
    pub fn insertion_block(&self) -> Option<BlockRef> {
        self.ip.map(|ip| ip.block)
    }
    /// The insertion point, to be restored later (MLIR's `saveInsertionPoint`).
    pub fn save_insertion_point(&self) -> Option<InsertPoint> {
        self.ip
    }
    /// Restores a saved insertion point.
    pub fn restore_insertion_point(&mut self, ip: Option<InsertPoint>) {
        self.ip = ip;
    }
    /// A guard that restores the current insertion point when dropped
    /// (MLIR's `InsertionGuard`); use the rewriter through it meanwhile.
    pub fn insertion_guard(&mut self) -> InsertionGuard<'_, 'a> {
        let saved = self.ip;
        InsertionGuard { rw: self, saved }
    }
    /// Runs `f` and restores the insertion point afterwards.
    pub fn with_insertion_guard<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        let saved = self.ip;
        let r = f(self);
        self.ip = saved;
        r
    }

    // ------------------------------------------------------------------
    // Creation (OpBuilder)
    // ------------------------------------------------------------------

    /// Inserts detached `op` at the insertion point and notifies "inserted"
    /// (with no previous position). Without an insertion point the op stays
    /// detached and nothing is notified, as in MLIR.
    pub fn insert(&mut self, op: OpRef) -> OpRef {
        if let Some(ip) = self.ip {
            self.ir.insert_op(ip.block, ip.before, op);
            self.notify_inserted(op, None);
        }
        op
    }
    /// Creates an op from `state` at the insertion point.
    pub fn create(&mut self, state: OperationState) -> OpRef {
        let op = self.ir.create_op(state);
        self.insert(op)
    }
    /// Creates an op by name at the insertion point.
    pub fn create_named(
        &mut self,
        name: &str,
        loc: Location,
        operands: &[Value],
        result_types: &[Type],
        attributes: Option<Attribute>,
    ) -> OpRef {
        let name = self.ir.ctx().op_name(name);
        let mut state = OperationState::new(name, loc)
            .operands(operands)
            .results(result_types);
        state.attributes = attributes;
        self.create(state)
    }
    /// Creates a block with the given arguments in `region` before `before`
    /// (or at the end), moves the insertion point to its end and notifies
    /// "block inserted" (no previous position).
    pub fn create_block(
        &mut self,
        region: RegionRef,
        before: Option<BlockRef>,
        arg_types: &[Type],
        arg_locs: &[Location],
    ) -> BlockRef {
        let b = self.ir.create_block();
        for (i, &ty) in arg_types.iter().enumerate() {
            let loc = arg_locs
                .get(i)
                .copied()
                .unwrap_or_else(|| self.ir.ctx().unknown_loc());
            self.ir.add_argument(b, ty, loc);
        }
        self.ir.insert_block(region, before, b);
        self.ip = Some(InsertPoint::block_end(b));
        self.notify_block_inserted(b, None);
        b
    }
    /// Creates a block right before `before` in its region.
    pub fn create_block_before(
        &mut self,
        before: BlockRef,
        arg_types: &[Type],
        arg_locs: &[Location],
    ) -> BlockRef {
        let region = self
            .ir
            .block_parent_region(before)
            .unwrap_or_else(|| misuse("insertion block is not in a region"));
        self.create_block(region, Some(before), arg_types, arg_locs)
    }

    /// Runs `f` with an `OpBuilder` sharing this rewriter's IR, listener and
    /// insertion point (for APIs such as `Dialect::materialize_constant`
    /// that take a builder); the insertion point is copied back afterwards.
    pub fn with_builder<R>(&mut self, f: impl FnOnce(&mut OpBuilder<'_>) -> R) -> R {
        let ip = self.ip;
        if let Some(hooks) = self.hooks.as_deref_mut() {
            // The hooks must see what the builder inserts as well.
            let mut both = HookedListener {
                hooks,
                listener: self.listener.as_deref_mut(),
            };
            let mut b = OpBuilder::with_listener(self.ir, &mut both);
            b.set_insertion_point(ip);
            let r = f(&mut b);
            self.ip = b.insertion_point();
            return r;
        }
        let (r, new_ip) = match self.listener.as_deref_mut() {
            Some(l) => {
                let l: &mut dyn BuilderListener = l;
                let mut b = OpBuilder::with_listener(self.ir, l);
                b.set_insertion_point(ip);
                let r = f(&mut b);
                (r, b.insertion_point())
            }
            None => {
                let mut b = OpBuilder::new(self.ir);
                b.set_insertion_point(ip);
                let r = f(&mut b);
                (r, b.insertion_point())
            }
        };
        self.ip = new_ip;
        r
    }

    /// Creates an op from `state` at the insertion point and folds it if
    /// possible (MLIR's `createOrFold`); see `OpBuilder::create_or_fold`.
    /// The listener hears "inserted" for the op only if it is kept, and for
    /// each materialized constant.
    pub fn create_or_fold(&mut self, state: OperationState) -> SmallVec<[Value; 1]> {
        self.with_builder(|b| b.create_or_fold(state))
    }

    /// Sends "block inserted" for every block directly in `op`'s regions.
    fn notify_block_insertions(&mut self, op: OpRef) {
        if let Some(l) = self.listener.as_deref_mut() {
            notify_blocks_of(&mut *l, self.ir, op);
        }
    }
    /// Sends "inserted" for every op nested in `block` in pre-order, each
    /// followed by "block inserted" for the blocks of its regions (what
    /// MLIR's clone helpers do for freshly cloned IR).
    fn notify_nested_in_block(&mut self, block: BlockRef) {
        if let Some(l) = self.listener.as_deref_mut() {
            let ir: &Ir = self.ir;
            for top in ir.block_ops(block) {
                ir.walk(top, WalkOrder::PreOrder, |o| {
                    l.notify_operation_inserted(ir, o, PreviousPosition::Unlinked);
                    notify_blocks_of(&mut *l, ir, o);
                    WalkResult::Advance
                });
            }
        }
    }

    /// Deep-clones `op` at the insertion point (MLIR's `OpBuilder::clone`).
    /// Notifies "inserted" for the clone (if it was inserted), then "block
    /// inserted" for its blocks, then each nested op in pre-order followed by
    /// its blocks.
    pub fn clone_with_mapping(&mut self, op: OpRef, mapping: &mut IrMapping) -> OpRef {
        let c = self.ir.clone_op(op, mapping);
        self.insert(c);
        if self.listener.is_some() {
            self.notify_block_insertions(c);
            let regions: SmallVec<[RegionRef; 2]> = self.ir.regions(c).iter().copied().collect();
            for r in regions {
                let mut b = self.ir.first_block(r);
                while let Some(block) = b {
                    self.notify_nested_in_block(block);
                    b = self.ir.next_block(block);
                }
            }
        }
        c
    }
    /// Deep-clones `op` at the insertion point.
    pub fn clone(&mut self, op: OpRef) -> OpRef {
        let mut mapping = IrMapping::new();
        self.clone_with_mapping(op, &mut mapping)
    }

    /// Clones the blocks of `region` into `parent` before `before` (or at
    /// the end), recording the mapping (MLIR's `cloneRegionBefore`). For each
    /// new block, in order: "block inserted", then its ops in pre-order, each
    /// followed by the blocks of its regions.
    pub fn clone_region_before(
        &mut self,
        region: RegionRef,
        parent: RegionRef,
        before: Option<BlockRef>,
        mapping: &mut IrMapping,
    ) {
        let Some(first) = self.ir.first_block(region) else {
            return;
        };
        self.ir.clone_region_into(region, parent, before, mapping);
        if !self.observed() {
            return;
        }
        let mut cur = Some(mapping.lookup_block_or_default(first));
        while let Some(b) = cur {
            if Some(b) == before {
                break;
            }
            self.notify_block_inserted(b, None);
            self.notify_nested_in_block(b);
            cur = self.ir.next_block(b);
        }
    }
    /// Clones the blocks of `region` before block `before`.
    pub fn clone_region_before_block(&mut self, region: RegionRef, before: BlockRef) {
        let parent = self
            .ir
            .block_parent_region(before)
            .unwrap_or_else(|| misuse("block is not in a region"));
        let mut mapping = IrMapping::new();
        self.clone_region_before(region, parent, Some(before), &mut mapping);
    }

    // ------------------------------------------------------------------
    // In-place modification
    // ------------------------------------------------------------------

    /// Starts an in-place modification of `op`: saves its operands,
    /// successors, result types, attributes, properties and location so that
    /// [`Self::cancel_op_modification`] can restore them, and allows
    /// [`Self::modify`] on it. Must be followed by finalize or cancel.
    pub fn start_op_modification(&mut self, op: OpRef) {
        if let Some(h) = self.hooks.as_deref_mut() {
            h.op_modification_started(self.ir, op);
        }
        let ir = &*self.ir;
        self.pending.push(OpSnapshot {
            op,
            loc: ir.op_loc(op),
            operands: ir.operands(op).collect(),
            successors: ir.successors(op).collect(),
            result_types: ir.result_types(op).collect(),
            properties: ir.op_properties(op),
            attributes: ir.op_attributes(op),
        });
    }
    /// Ends an in-place modification of `op` and notifies "modified".
    pub fn finalize_op_modification(&mut self, op: OpRef) {
        if let Some(i) = self.pending.iter().rposition(|s| s.op == op) {
            self.pending.remove(i);
        }
        self.notify_modified(op);
    }
    /// Cancels an in-place modification of `op`, restoring what
    /// [`Self::start_op_modification`] saved. Nothing is notified.
    pub fn cancel_op_modification(&mut self, op: OpRef) {
        let i = self
            .pending
            .iter()
            .rposition(|s| s.op == op)
            .unwrap_or_else(|| misuse("cancel_op_modification without start_op_modification"));
        let s = self.pending.remove(i);
        let ir = &mut *self.ir;
        ir.set_op_loc(op, s.loc);
        if !ir.operands(op).eq(s.operands.iter().copied()) {
            ir.set_operands(op, &s.operands);
        }
        for (i, &b) in s.successors.iter().enumerate() {
            if ir.successor(op, i) != b {
                ir.set_successor(op, i, b);
            }
        }
        for (i, &ty) in s.result_types.iter().enumerate() {
            ir.set_value_type(Value::result(op, i as u32), ty);
        }
        ir.set_op_properties(op, s.properties);
        ir.set_op_attributes(op, s.attributes);
    }
    /// Edits `op`, which must be under an in-place modification started with
    /// [`Self::start_op_modification`] (panics otherwise: edits outside a
    /// modification would bypass the listener).
    pub fn modify(&mut self, op: OpRef) -> OpMut<'_> {
        require!(
            self.pending.iter().any(|s| s.op == op),
            "modifying operation '{}' outside start_op_modification/finalize_op_modification",
            self.ir.op_name_str(op)
        );
        OpMut { ir: self.ir, op }
    }
    /// Starts a modification of `op`, runs `f` on it and finalizes
    /// (notifies "modified"), as MLIR's `modifyOpInPlace`.
    pub fn modify_op_in_place<R>(&mut self, op: OpRef, f: impl FnOnce(&mut OpMut<'_>) -> R) -> R {
        self.start_op_modification(op);
        let r = f(&mut OpMut { ir: self.ir, op });
        self.finalize_op_modification(op);
        r
    }

    // ------------------------------------------------------------------
    // Use replacement
    // ------------------------------------------------------------------

    /// Sets operand `index` of `user` to `to` as an in-place modification
    /// ("modified" for the user).
    fn set_use(&mut self, u: OpOperand, to: Value) {
        self.ir.set_operand(u.op, u.index as usize, to);
        self.notify_modified(u.op);
    }

    /// Replaces every use of `from` with `to`, notifying "modified" for the
    /// user of each use, in use-list order (MLIR's `replaceAllUsesWith`).
    pub fn replace_all_uses_with(&mut self, from: Value, to: Value) {
        if let Some(h) = self.hooks.as_deref_mut() {
            if h.replace_all_uses_with(self.ir, from, to) {
                return;
            }
        }
        self.replace_uses_notifying(from, to);
    }
    /// The plain use replacement, without asking the hooks.
    fn replace_uses_notifying(&mut self, from: Value, to: Value) {
        let uses: SmallVec<[OpOperand; 8]> = self.ir.uses(from).collect();
        for u in uses {
            self.set_use(u, to);
        }
    }
    /// Replaces the uses of each `from[i]` with `to[i]`.
    pub fn replace_all_values_with(&mut self, from: &[Value], to: &[Value]) {
        require!(from.len() == to.len(), "incorrect number of replacements");
        for (&f, &t) in from.iter().zip(to) {
            self.replace_all_uses_with(f, t);
        }
    }
    /// Redirects every branch to `from` to `to`, notifying "modified" for
    /// each branching op.
    pub fn replace_all_block_uses_with(&mut self, from: BlockRef, to: BlockRef) {
        let uses: SmallVec<[BlockOperand; 4]> = self.ir.block_uses(from).collect();
        for u in uses {
            self.ir.set_successor(u.op, u.index as usize, to);
            self.notify_modified(u.op);
        }
    }
    /// Replaces the uses of `from` for which `pred` holds, notifying
    /// "modified" for each changed user; returns whether all uses were
    /// replaced (MLIR's `replaceUsesWithIf` with `allUsesReplaced`).
    pub fn replace_uses_with_if(
        &mut self,
        from: Value,
        to: Value,
        mut pred: impl FnMut(&Ir, OpOperand) -> bool,
    ) -> bool {
        let uses: SmallVec<[OpOperand; 8]> = self.ir.uses(from).collect();
        let mut all = true;
        for u in uses {
            let replace = pred(self.ir, u);
            if replace {
                self.set_use(u, to);
            }
            all &= replace;
        }
        all
    }
    /// [`Self::replace_uses_with_if`] for each pair of `from` and `to`.
    pub fn replace_values_with_if(
        &mut self,
        from: &[Value],
        to: &[Value],
        mut pred: impl FnMut(&Ir, OpOperand) -> bool,
    ) -> bool {
        require!(from.len() == to.len(), "incorrect number of replacements");
        let mut all = true;
        for (&f, &t) in from.iter().zip(to) {
            all &= self.replace_uses_with_if(f, t, &mut pred);
        }
        all
    }
    /// Replaces the uses of `op`'s results with `to` where `pred` holds
    /// (MLIR's `replaceOpUsesWithIf`; no "replaced" notification).
    pub fn replace_op_uses_with_if(
        &mut self,
        op: OpRef,
        to: &[Value],
        pred: impl FnMut(&Ir, OpOperand) -> bool,
    ) -> bool {
        let from: SmallVec<[Value; 4]> = self.ir.results(op).collect();
        self.replace_values_with_if(&from, to, pred)
    }
    /// Replaces the uses of `op`'s results nested in `block`'s parent op
    /// (MLIR's `replaceOpUsesWithinBlock`); returns whether all were replaced.
    pub fn replace_op_uses_within_block(
        &mut self,
        op: OpRef,
        to: &[Value],
        block: BlockRef,
    ) -> bool {
        let parent = self
            .ir
            .block_parent_op(block)
            .unwrap_or_else(|| misuse("block has no parent op"));
        self.replace_op_uses_with_if(op, to, |ir, u| ir.is_proper_ancestor(parent, u.op))
    }
    /// Replaces the uses of `from` except those in `excepted`.
    pub fn replace_all_uses_except(&mut self, from: Value, to: Value, excepted: OpRef) {
        self.replace_uses_with_if(from, to, |_, u| u.op != excepted);
    }
    /// Replaces the uses of `from` except those in the `preserved` users.
    pub fn replace_all_uses_except_set(
        &mut self,
        from: Value,
        to: Value,
        preserved: &HashSet<OpRef>,
    ) {
        self.replace_uses_with_if(from, to, |_, u| !preserved.contains(&u.op));
    }
    /// Notifies "replaced" (with values) for `from`, then replaces the uses
    /// of its results with `to` ("modified" per use) — MLIR's
    /// `replaceAllOpUsesWith`. `from` stays in place.
    pub fn replace_all_op_uses_with(&mut self, from: OpRef, to: &[Value]) {
        self.replace_op_uses(from, to, true);
    }
    /// "replaced" for `from`, then each result's uses replaced, through the
    /// hooks' `replace_all_uses_with` or not (once the hooks have chosen the
    /// values themselves).
    fn replace_op_uses(&mut self, from: OpRef, to: &[Value], ask_hooks: bool) {
        require!(
            self.ir.num_results(from) == to.len(),
            "incorrect # of replacement values"
        );
        self.note_replaced(from);
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_operation_replaced(self.ir, from, to);
        }
        for (i, &t) in to.iter().enumerate() {
            let r = Value::result(from, i as u32);
            if ask_hooks {
                self.replace_all_uses_with(r, t);
            } else {
                self.replace_uses_notifying(r, t);
            }
        }
    }
    /// Notifies "replaced" (with an op) for `from`, then replaces the uses of
    /// its results with those of `to`.
    pub fn replace_all_op_uses_with_op(&mut self, from: OpRef, to: OpRef) {
        require!(
            self.ir.num_results(from) == self.ir.num_results(to),
            "ops have different number of results"
        );
        self.note_replaced(from);
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_operation_replaced_by_op(self.ir, from, to);
        }
        for i in 0..self.ir.num_results(from) as u32 {
            self.replace_all_uses_with(Value::result(from, i), Value::result(to, i));
        }
    }

    // ------------------------------------------------------------------
    // Replacement and erasure
    // ------------------------------------------------------------------

    /// Replaces `op`'s results with `values` and erases it: "replaced",
    /// "modified" per use, then the erase notifications.
    pub fn replace_op(&mut self, op: OpRef, values: &[Value]) {
        if let Some(h) = self.hooks.as_deref_mut() {
            match h.replace_op(self.ir, op, Some(values)) {
                HookAction::Handled => return,
                HookAction::Proceed => {}
                HookAction::ReplaceWith(v) => return self.replace_and_erase_plain(op, &v),
            }
        }
        self.replace_all_op_uses_with(op, values);
        self.erase_op(op);
    }
    /// Replaces `op`'s results with those of `new_op` and erases `op`.
    pub fn replace_op_with_op(&mut self, op: OpRef, new_op: OpRef) {
        if self.hooks.is_some() {
            let values: SmallVec<[Value; 4]> = self.ir.results(new_op).collect();
            let h = self.hooks.as_deref_mut().expect("hooks");
            match h.replace_op(self.ir, op, Some(&values)) {
                HookAction::Handled => return,
                HookAction::Proceed => {}
                HookAction::ReplaceWith(v) => return self.replace_and_erase_plain(op, &v),
            }
        }
        self.replace_all_op_uses_with_op(op, new_op);
        self.erase_op(op);
    }
    /// What a replacement does once the hooks have chosen the values:
    /// "replaced", "modified" per use, then the erase notifications, without
    /// asking the hooks again.
    fn replace_and_erase_plain(&mut self, op: OpRef, values: &[Value]) {
        self.replace_op_uses(op, values, false);
        self.erase_op_plain(op);
    }
    /// Creates an op from `state` at the insertion point and replaces `op`
    /// with it (MLIR's `replaceOpWithNewOp`): "inserted", "replaced",
    /// "modified" per use, "erased".
    pub fn replace_op_with_new_op(&mut self, op: OpRef, state: OperationState) -> OpRef {
        let new_op = self.create(state);
        self.replace_op_with_op(op, new_op);
        new_op
    }
    /// Creates an op of type `O` with its ODS default builder at the
    /// insertion point, at `op`'s location, and replaces `op` with it
    /// (MLIR's `rewriter.replaceOpWithNewOp<OpTy>(op, args...)`); the
    /// notifications are those of [`Self::replace_op_with_new_op`].
    pub fn replace_op_with_new<O: mlir_ir::BuildOp>(&mut self, op: OpRef, args: O::Args<'_>) -> O {
        let loc = self.ir.op_loc(op);
        let new_op = mlir_ir::OpCreator::create_op::<O>(self, loc, args);
        self.replace_op_with_op(op, new_op.op());
        new_op
    }
    /// [`Self::replace_op_with_new_op`] for an op built by name at `op`'s location.
    pub fn replace_op_with_new_named(
        &mut self,
        op: OpRef,
        name: &str,
        operands: &[Value],
        result_types: &[Type],
        attributes: Option<Attribute>,
    ) -> OpRef {
        let loc = self.ir.op_loc(op);
        let new_op = self.create_named(name, loc, operands, result_types, attributes);
        self.replace_op_with_op(op, new_op);
        new_op
    }

    /// Erases `op`, which must have no uses, and everything nested in it
    /// (MLIR's `eraseOp`). With a listener, nested IR goes one piece at a
    /// time so the listener always sees consistent IR: regions last to
    /// first; in each, blocks in post-order of the CFG from the entry block
    /// (successors before predecessors; repeated for unreachable blocks),
    /// the ops of each block last to first (recursively), then those blocks
    /// ("block erased" each); finally "erased" for `op` itself.
    pub fn erase_op(&mut self, op: OpRef) {
        if let Some(h) = self.hooks.as_deref_mut() {
            match h.replace_op(self.ir, op, None) {
                HookAction::Handled => return,
                HookAction::Proceed => {}
                // Results still in use get values from the hooks (the
                // conversion's materializations "out of thin air").
                HookAction::ReplaceWith(v) => return self.replace_and_erase_plain(op, &v),
            }
        }
        self.erase_op_plain(op);
    }

    /// [`Self::erase_op`] without asking the hooks.
    fn erase_op_plain(&mut self, op: OpRef) {
        require!(
            self.ir.op_use_empty(op),
            "expected '{}' to have no uses",
            self.ir.op_name_str(op)
        );
        if self.listener.is_none() {
            self.ir.erase_op(op);
            return;
        }
        self.erase_tree(op);
    }

    fn erase_tree(&mut self, op: OpRef) {
        mlir_ir::stack::ensure_stack(|| self.erase_tree_on_stack(op))
    }

    fn erase_tree_on_stack(&mut self, op: OpRef) {
        let regions: SmallVec<[RegionRef; 2]> = self.ir.regions(op).iter().copied().collect();
        for &r in regions.iter().rev() {
            while let Some(entry) = self.ir.first_block(r) {
                let order = self.post_order_blocks(entry);
                for &b in &order {
                    let ops: SmallVec<[OpRef; 16]> = self.ir.block_ops(b).collect();
                    for &o in ops.iter().rev() {
                        self.erase_tree(o);
                    }
                }
                for &b in &order {
                    // Cycles (graph regions, unreachable blocks) can leave
                    // uses of the block or its arguments from IR that is
                    // about to be erased too; drop them so that erasing the
                    // block is legal, as MLIR drops them explicitly.
                    self.drop_block_uses(b);
                    self.erase_block(b);
                }
            }
        }
        self.erase_single_op(op);
    }

    /// The blocks reachable from `entry` in post-order of successors.
    fn post_order_blocks(&self, entry: BlockRef) -> SmallVec<[BlockRef; 8]> {
        let ir = &*self.ir;
        let mut out = SmallVec::new();
        let mut visited: HashSet<BlockRef> = HashSet::new();
        let mut stack: SmallVec<[(BlockRef, usize); 8]> = SmallVec::new();
        visited.insert(entry);
        stack.push((entry, 0));
        while let Some(&mut (b, ref mut next)) = stack.last_mut() {
            let succ = ir
                .last_op(b)
                .filter(|&t| *next < ir.num_successors(t))
                .map(|t| ir.successor(t, *next));
            match succ {
                Some(s) => {
                    *next += 1;
                    if visited.insert(s) {
                        stack.push((s, 0));
                    }
                }
                None => {
                    out.push(b);
                    stack.pop();
                }
            }
        }
        out
    }

    /// Drops references to `b` and its arguments held by ops that are
    /// themselves being erased (only possible with cyclic IR).
    fn drop_block_uses(&mut self, b: BlockRef) {
        while let Some(u) = self.ir.block_uses(b).next() {
            self.ir.drop_all_references(u.op);
        }
        for i in 0..self.ir.num_arguments(b) {
            let a = self.ir.argument(b, i);
            while let Some(u) = self.ir.uses(a).next() {
                self.ir.drop_all_references(u.op);
            }
        }
    }

    fn erase_single_op(&mut self, op: OpRef) {
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_operation_erased(self.ir, op);
        }
        // In graph regions a result can still be used by an op erased
        // later; MLIR drops such uses (leaving null operands). Our IR has no
        // null values, so the user drops all of its references instead; it
        // is erased later in the same erase.
        for i in 0..self.ir.num_results(op) {
            let v = self.ir.result(op, i);
            while let Some(u) = self.ir.uses(v).next() {
                self.ir.drop_all_references(u.op);
            }
        }
        self.ir.erase_op(op);
    }

    /// Erases `block`, which must have no predecessors: its ops last to
    /// first (each as [`Self::erase_op`]), then "block erased" (MLIR's
    /// `eraseBlock`).
    pub fn erase_block(&mut self, block: BlockRef) {
        if let Some(h) = self.hooks.as_deref_mut().filter(|h| h.defers_erasure()) {
            // The ops go first, last to first, each through the hooks (which
            // defer their erasure), then the block itself.
            let ops: SmallVec<[OpRef; 16]> = self.ir.block_ops(block).collect();
            for &op in ops.iter().rev() {
                h.replace_op(self.ir, op, None);
            }
            if h.erase_block(self.ir, block) {
                return;
            }
        }
        if !self.ir.block_has_no_predecessors(block) {
            let taken = match self.hooks.as_deref_mut() {
                Some(h) => h.erase_used_block(self.ir, block),
                None => false,
            };
            require!(taken, "expected block to have no uses");
            return;
        }
        while let Some(op) = self.ir.last_op(block) {
            self.erase_op(op);
        }
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_block_erased(self.ir, block);
        }
        self.ir.erase_block(block);
    }

    // ------------------------------------------------------------------
    // Moving IR
    // ------------------------------------------------------------------

    /// Moves `op` into `block` before `before` (or at the end), notifying
    /// "inserted" with its previous position (MLIR's `moveOpBefore`; the
    /// previous position is `None` if the op was unlinked).
    pub fn move_op_before_in(&mut self, op: OpRef, block: BlockRef, before: Option<OpRef>) {
        let previous = self.ir.op_block(op).map(|b| InsertPoint {
            block: b,
            before: self.ir.next_op(op),
        });
        if before != Some(op) {
            self.ir.remove_op(op);
            self.ir.insert_op(block, before, op);
        }
        self.notify_inserted(op, previous);
    }
    /// Moves `op` right before `existing`.
    pub fn move_op_before(&mut self, op: OpRef, existing: OpRef) {
        let block = self
            .ir
            .op_block(existing)
            .unwrap_or_else(|| misuse("anchor is not in a block"));
        self.move_op_before_in(op, block, Some(existing));
    }
    /// Moves `op` right after `existing`.
    pub fn move_op_after(&mut self, op: OpRef, existing: OpRef) {
        let block = self
            .ir
            .op_block(existing)
            .unwrap_or_else(|| misuse("anchor is not in a block"));
        let next = self.ir.next_op(existing);
        // Moving an op after itself leaves it where it is.
        let next = if next == Some(op) { Some(op) } else { next };
        self.move_op_before_in(op, block, next);
    }
    /// Moves `block` into `region` before `before` (or at the end), notifying
    /// "block inserted" with its previous region and next block (MLIR's
    /// `moveBlockBefore`).
    pub fn move_block_before_in(
        &mut self,
        block: BlockRef,
        region: RegionRef,
        before: Option<BlockRef>,
    ) {
        let previous = self
            .ir
            .block_parent_region(block)
            .map(|r| (r, self.ir.next_block(block)));
        if before != Some(block) {
            self.ir.remove_block(block);
            self.ir.insert_block(region, before, block);
        }
        self.notify_block_inserted(block, previous);
    }
    /// Moves `block` right before `existing`.
    pub fn move_block_before(&mut self, block: BlockRef, existing: BlockRef) {
        let region = self
            .ir
            .block_parent_region(existing)
            .unwrap_or_else(|| misuse("anchor block is not in a region"));
        self.move_block_before_in(block, region, Some(existing));
    }
    /// Moves all blocks of `region` into `parent` before `before` (MLIR's
    /// `inlineRegionBefore`): with a listener, one at a time from the front,
    /// each notified as a block move.
    pub fn inline_region_before(
        &mut self,
        region: RegionRef,
        parent: RegionRef,
        before: Option<BlockRef>,
    ) {
        if !self.observed() {
            self.ir.splice_blocks(region, parent, before);
            return;
        }
        while let Some(b) = self.ir.first_block(region) {
            self.move_block_before_in(b, parent, before);
        }
    }
    /// Moves all blocks of `region` before block `before`.
    pub fn inline_region_before_block(&mut self, region: RegionRef, before: BlockRef) {
        let parent = self
            .ir
            .block_parent_region(before)
            .unwrap_or_else(|| misuse("block is not in a region"));
        self.inline_region_before(region, parent, Some(before));
    }

    /// Moves the ops of `source` into `dest` before `before` (or at the end)
    /// and erases `source` (MLIR's `inlineBlockBefore`). `arg_values`
    /// replace `source`'s arguments first ("modified" per use); with a
    /// listener each op is moved separately (an "inserted" with its previous
    /// position each); last comes "block erased" for `source`. `source` must
    /// have no predecessors; it must have no successors if inserted before an
    /// op, and `dest` none if inserted at its end.
    pub fn inline_block_before(
        &mut self,
        source: BlockRef,
        dest: BlockRef,
        before: Option<OpRef>,
        arg_values: &[Value],
    ) {
        require!(
            arg_values.len() == self.ir.num_arguments(source),
            "incorrect # of argument replacement values"
        );
        // Under driver hooks (the dialect conversion) erasures are deferred:
        // a branch that was erased still refers to `source` and still ends
        // `dest`, so the structural checks do not apply.
        let deferred = self.hooks.as_deref().is_some_and(|h| h.defers_erasure());
        require!(
            deferred || self.ir.block_has_no_predecessors(source),
            "expected 'source' to have no predecessors"
        );
        let no_successors =
            |ir: &Ir, b: BlockRef| ir.last_op(b).is_none_or(|t| ir.num_successors(t) == 0);
        if !deferred {
            if before.is_some() {
                require!(
                    no_successors(self.ir, source),
                    "expected 'source' to have no successors"
                );
            } else {
                require!(
                    no_successors(self.ir, dest),
                    "expected 'dest' to have no successors"
                );
            }
        }
        for (i, &v) in arg_values.iter().enumerate() {
            let a = self.ir.argument(source, i);
            self.replace_all_uses_with(a, v);
        }
        if !self.observed() {
            self.ir.splice_ops(source, dest, before);
        } else {
            while let Some(op) = self.ir.first_op(source) {
                self.move_op_before_in(op, dest, before);
            }
        }
        self.erase_block(source);
    }
    /// Inlines `source` before `op`.
    pub fn inline_block_before_op(&mut self, source: BlockRef, op: OpRef, arg_values: &[Value]) {
        let dest = self
            .ir
            .op_block(op)
            .unwrap_or_else(|| misuse("op is not in a block"));
        self.inline_block_before(source, dest, Some(op), arg_values);
    }
    /// Inlines `source` at the end of `dest` (MLIR's `mergeBlocks`).
    pub fn merge_blocks(&mut self, source: BlockRef, dest: BlockRef, arg_values: &[Value]) {
        self.inline_block_before(source, dest, None, arg_values);
    }

    /// Splits `block` before `before`: that op and the ones after it move to
    /// a new block right after `block`, which is returned (MLIR's
    /// `splitBlock`). With a listener: "block inserted" for the new block,
    /// then the ops are moved one at a time from the back, each notified as
    /// an insertion with its previous position. The insertion point is kept.
    pub fn split_block(&mut self, block: BlockRef, before: Option<OpRef>) -> BlockRef {
        if !self.observed() {
            return self.ir.split_block(block, before);
        }
        let region = self
            .ir
            .block_parent_region(block)
            .unwrap_or_else(|| misuse("block is not in a region"));
        let next = self.ir.next_block(block);
        let new_block = self.with_insertion_guard(|rw| rw.create_block(region, next, &[], &[]));
        let Some(before) = before else {
            return new_block;
        };
        while self.ir.op_block(before) != Some(new_block) {
            let last = self
                .ir
                .last_op(block)
                .unwrap_or_else(|| misuse("split point is in the block"));
            let first = self.ir.first_op(new_block);
            self.move_op_before_in(last, new_block, first);
        }
        new_block
    }

    // ------------------------------------------------------------------
    // Block arguments (no notifications, as in MLIR)
    // ------------------------------------------------------------------

    /// Appends an argument to `block`.
    pub fn add_block_argument(&mut self, block: BlockRef, ty: Type, loc: Location) -> Value {
        self.ir.add_argument(block, ty, loc)
    }
    /// Inserts an argument into `block` at position `at`.
    pub fn insert_block_argument(
        &mut self,
        block: BlockRef,
        at: usize,
        ty: Type,
        loc: Location,
    ) -> Value {
        self.ir.insert_argument(block, at, ty, loc)
    }
    /// Erases argument `i` of `block`, which must be unused.
    pub fn erase_block_argument(&mut self, block: BlockRef, i: usize) {
        self.ir.erase_argument(block, i)
    }

    // ------------------------------------------------------------------
    // Match failure
    // ------------------------------------------------------------------

    /// Reports why a pattern did not match `op` and returns failure. The
    /// reason is only built if the listener asks for it.
    pub fn notify_match_failure<S: Into<String>>(
        &mut self,
        op: OpRef,
        reason: impl Fn() -> S,
    ) -> LogicalResult {
        let loc = self.ir.op_loc(op);
        self.notify_match_failure_at(loc, reason)
    }
    /// Reports a match failure at `loc` and returns failure.
    pub fn notify_match_failure_at<S: Into<String>>(
        &mut self,
        loc: Location,
        reason: impl Fn() -> S,
    ) -> LogicalResult {
        if let Some(l) = self.listener.as_deref_mut() {
            let fill = |d: &mut Diagnostic| {
                d.severity = Severity::Remark;
                d.message.push_str(&reason().into());
            };
            l.notify_match_failure(loc, &fill);
        }
        Err(())
    }
}

/// Sends "block inserted" for every block directly in `op`'s regions.
fn notify_blocks_of(l: &mut dyn RewriterListener, ir: &Ir, op: OpRef) {
    for &r in ir.regions(op) {
        for b in ir.region_blocks(r) {
            l.notify_block_inserted(ir, b, None);
        }
    }
}

/// Restores the rewriter's insertion point when dropped (MLIR's
/// `OpBuilder::InsertionGuard`). Dereferences to the rewriter.
pub struct InsertionGuard<'r, 'a> {
    rw: &'r mut PatternRewriter<'a>,
    saved: Option<InsertPoint>,
}

impl<'a> Deref for InsertionGuard<'_, 'a> {
    type Target = PatternRewriter<'a>;
    fn deref(&self) -> &PatternRewriter<'a> {
        self.rw
    }
}

impl<'a> DerefMut for InsertionGuard<'_, 'a> {
    fn deref_mut(&mut self) -> &mut PatternRewriter<'a> {
        self.rw
    }
}

impl Drop for InsertionGuard<'_, '_> {
    fn drop(&mut self) {
        self.rw.ip = self.saved;
    }
}

/// Edits one op under an in-place modification (see
/// [`PatternRewriter::modify_op_in_place`]); it can change nothing else.
pub struct OpMut<'r> {
    ir: &'r mut Ir,
    op: OpRef,
}

impl OpMut<'_> {
    /// The IR, read-only.
    pub fn ir(&self) -> &Ir {
        self.ir
    }
    /// The op being modified.
    pub fn op(&self) -> OpRef {
        self.op
    }
    /// Sets operand `i`.
    pub fn set_operand(&mut self, i: usize, v: Value) {
        self.ir.set_operand(self.op, i, v)
    }
    /// Replaces all operands.
    pub fn set_operands(&mut self, values: &[Value]) {
        self.ir.set_operands(self.op, values)
    }
    /// Inserts operands at position `at`.
    pub fn insert_operands(&mut self, at: usize, values: &[Value]) {
        self.ir.insert_operands(self.op, at, values)
    }
    /// Erases operand `i`.
    pub fn erase_operand(&mut self, i: usize) {
        self.ir.erase_operand(self.op, i)
    }
    /// Sets successor `i`.
    pub fn set_successor(&mut self, i: usize, block: BlockRef) {
        self.ir.set_successor(self.op, i, block)
    }
    /// Sets (or removes) an attribute where it belongs (properties for
    /// inherent attributes, else the discardable dictionary).
    pub fn set_attr(&mut self, name: &str, value: Option<Attribute>) {
        self.ir.set_attr(self.op, name, value)
    }
    /// Sets (or removes) a discardable attribute.
    pub fn set_discardable_attr(&mut self, name: &str, value: Option<Attribute>) {
        self.ir.set_discardable_attr(self.op, name, value)
    }
    /// Sets (or removes) an inherent attribute.
    pub fn set_inherent_attr(&mut self, name: &str, value: Option<Attribute>) {
        self.ir.set_inherent_attr(self.op, name, value)
    }
    /// Replaces the properties.
    pub fn set_properties(&mut self, props: Option<Attribute>) {
        self.ir.set_op_properties(self.op, props)
    }
    /// Replaces the discardable attribute dictionary.
    pub fn set_attributes(&mut self, dict: Attribute) {
        self.ir.set_op_attributes(self.op, dict)
    }
    /// Sets the location.
    pub fn set_loc(&mut self, loc: Location) {
        self.ir.set_op_loc(self.op, loc)
    }
    /// Sets the type of result `i`.
    pub fn set_result_type(&mut self, i: usize, ty: Type) {
        self.ir.set_value_type(Value::result(self.op, i as u32), ty)
    }
}

/// Typed creation (`rewriter.create_op::<arith::AddFOp>(loc, (lhs, rhs,
/// None))`) goes through [`PatternRewriter::with_builder`], so the
/// listener and the driver hooks hear of every op the builder creates.
impl mlir_ir::OpCreator for PatternRewriter<'_> {
    fn with_op_builder<R>(&mut self, f: impl FnOnce(&mut OpBuilder<'_>) -> R) -> R {
        self.with_builder(f)
    }
}
