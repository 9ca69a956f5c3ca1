//! Rewriter listeners (MLIR's `RewriterBase::Listener`): every change a
//! [`crate::PatternRewriter`] makes is reported to its listener, so that a
//! driver can keep its worklist and other state in step with the IR
//! without patterns having to tell it anything.
//!
//! [`RewriterListener`] extends `mlir_ir::BuilderListener` (insertions) with
//! erasure, modification, replacement, pattern begin/end and match-failure
//! notifications. [`ForwardingListener`] passes everything on to another
//! listener and [`ListenerChain`] to several, in order. Every notification
//! receives the IR read-only: a listener can look at the IR but never change
//! it.

use std::sync::OnceLock;

use smallvec::SmallVec;

use mlir_ir::PreviousPosition;
use mlir_ir::{BlockRef, BuilderListener, Diagnostic, Ir, Location, OpRef, RegionRef, Value};

use crate::pattern::Pattern;
use crate::LogicalResult;

/// Notifications of IR changes made through a rewriter. All methods do
/// nothing by default.
pub trait RewriterListener: BuilderListener {
    /// `block` is about to be erased; it has no uses and no ops left.
    fn notify_block_erased(&mut self, _ir: &Ir, _block: BlockRef) {}
    /// `op` was modified in place (operands, attributes, properties,
    /// successors, location or result types).
    fn notify_operation_modified(&mut self, _ir: &Ir, _op: OpRef) {}
    /// All uses of `op`'s results are about to be replaced with the results
    /// of `replacement`. By default this calls
    /// [`RewriterListener::notify_operation_replaced`] with those results.
    fn notify_operation_replaced_by_op(&mut self, ir: &Ir, op: OpRef, replacement: OpRef) {
        let values: SmallVec<[Value; 4]> = ir.results(replacement).collect();
        self.notify_operation_replaced(ir, op, &values);
    }
    /// All uses of `op`'s results are about to be replaced with `replacement`.
    fn notify_operation_replaced(&mut self, _ir: &Ir, _op: OpRef, _replacement: &[Value]) {}
    /// `op` is about to be erased; its nested ops are already gone. Not
    /// sent when an op is merely unlinked.
    fn notify_operation_erased(&mut self, _ir: &Ir, _op: OpRef) {}
    /// `pattern` is about to be applied to `op` (sent by drivers).
    fn notify_pattern_begin(&mut self, _ir: &Ir, _pattern: &Pattern, _op: OpRef) {}
    /// The application of `pattern` finished with `result` (sent by drivers).
    fn notify_pattern_end(&mut self, _ir: &Ir, _pattern: &Pattern, _result: LogicalResult) {}
    /// A pattern failed to match at `loc`; `reason` fills in a diagnostic
    /// saying why (it is only run if the listener wants the text).
    fn notify_match_failure(&mut self, _loc: Location, _reason: &dyn Fn(&mut Diagnostic)) {}
    /// The driver is about to try folding `op` (sent by drivers, only when
    /// a listener is attached). Changes until the matching
    /// [`RewriterListener::notify_fold_end`] are the fold's.
    fn notify_fold_begin(&mut self, _ir: &Ir, _op: OpRef) {}
    /// The fold attempt announced by the last
    /// [`RewriterListener::notify_fold_begin`] ended with `result` (the
    /// folded op may be gone by now).
    fn notify_fold_end(&mut self, _ir: &Ir, _result: LogicalResult) {}
}

/// Passes every notification on to an inner listener (MLIR's
/// `RewriterBase::ForwardingListener`). Wrap it in your own type to observe
/// some notifications and forward all of them.
#[derive(Default)]
pub struct ForwardingListener<'l> {
    inner: Option<&'l mut dyn RewriterListener>,
}

impl<'l> ForwardingListener<'l> {
    /// A listener forwarding to `inner` (or nowhere).
    pub fn new(inner: Option<&'l mut dyn RewriterListener>) -> Self {
        ForwardingListener { inner }
    }
    /// The listener notifications go to.
    pub fn inner(&mut self) -> Option<&mut (dyn RewriterListener + 'l)> {
        self.inner.as_deref_mut()
    }
}

impl BuilderListener for ForwardingListener<'_> {
    fn notify_operation_inserted(&mut self, ir: &Ir, op: OpRef, previous: PreviousPosition) {
        if let Some(l) = self.inner.as_deref_mut() {
            l.notify_operation_inserted(ir, op, previous)
        }
    }
    fn notify_block_inserted(
        &mut self,
        ir: &Ir,
        block: BlockRef,
        previous: Option<(RegionRef, Option<BlockRef>)>,
    ) {
        if let Some(l) = self.inner.as_deref_mut() {
            l.notify_block_inserted(ir, block, previous)
        }
    }
}

impl RewriterListener for ForwardingListener<'_> {
    fn notify_block_erased(&mut self, ir: &Ir, block: BlockRef) {
        if let Some(l) = self.inner.as_deref_mut() {
            l.notify_block_erased(ir, block)
        }
    }
    fn notify_operation_modified(&mut self, ir: &Ir, op: OpRef) {
        if let Some(l) = self.inner.as_deref_mut() {
            l.notify_operation_modified(ir, op)
        }
    }
    fn notify_operation_replaced_by_op(&mut self, ir: &Ir, op: OpRef, replacement: OpRef) {
        if let Some(l) = self.inner.as_deref_mut() {
            l.notify_operation_replaced_by_op(ir, op, replacement)
        }
    }
    fn notify_operation_replaced(&mut self, ir: &Ir, op: OpRef, replacement: &[Value]) {
        if let Some(l) = self.inner.as_deref_mut() {
            l.notify_operation_replaced(ir, op, replacement)
        }
    }
    fn notify_operation_erased(&mut self, ir: &Ir, op: OpRef) {
        if let Some(l) = self.inner.as_deref_mut() {
            l.notify_operation_erased(ir, op)
        }
    }
    fn notify_pattern_begin(&mut self, ir: &Ir, pattern: &Pattern, op: OpRef) {
        if let Some(l) = self.inner.as_deref_mut() {
            l.notify_pattern_begin(ir, pattern, op)
        }
    }
    fn notify_pattern_end(&mut self, ir: &Ir, pattern: &Pattern, result: LogicalResult) {
        if let Some(l) = self.inner.as_deref_mut() {
            l.notify_pattern_end(ir, pattern, result)
        }
    }
    fn notify_match_failure(&mut self, loc: Location, reason: &dyn Fn(&mut Diagnostic)) {
        if let Some(l) = self.inner.as_deref_mut() {
            l.notify_match_failure(loc, reason)
        }
    }
    fn notify_fold_begin(&mut self, ir: &Ir, op: OpRef) {
        if let Some(l) = self.inner.as_deref_mut() {
            l.notify_fold_begin(ir, op)
        }
    }
    fn notify_fold_end(&mut self, ir: &Ir, result: LogicalResult) {
        if let Some(l) = self.inner.as_deref_mut() {
            l.notify_fold_end(ir, result)
        }
    }
}

/// Sends every notification to several listeners, in the order they were
/// added (e.g. a driver's worklist listener and a
/// [`crate::RecursionTracker`]).
#[derive(Default)]
pub struct ListenerChain<'l> {
    listeners: SmallVec<[&'l mut dyn RewriterListener; 2]>,
}

impl<'l> ListenerChain<'l> {
    /// An empty chain.
    pub fn new() -> Self {
        ListenerChain::default()
    }
    /// Appends `listener`; it is notified after the ones already present.
    pub fn with(mut self, listener: &'l mut dyn RewriterListener) -> Self {
        self.listeners.push(listener);
        self
    }
    /// Appends `listener`.
    pub fn push(&mut self, listener: &'l mut dyn RewriterListener) {
        self.listeners.push(listener);
    }
}

impl BuilderListener for ListenerChain<'_> {
    fn notify_operation_inserted(&mut self, ir: &Ir, op: OpRef, previous: PreviousPosition) {
        for l in self.listeners.iter_mut() {
            l.notify_operation_inserted(ir, op, previous)
        }
    }
    fn notify_block_inserted(
        &mut self,
        ir: &Ir,
        block: BlockRef,
        previous: Option<(RegionRef, Option<BlockRef>)>,
    ) {
        for l in self.listeners.iter_mut() {
            l.notify_block_inserted(ir, block, previous)
        }
    }
}

impl RewriterListener for ListenerChain<'_> {
    fn notify_block_erased(&mut self, ir: &Ir, block: BlockRef) {
        for l in self.listeners.iter_mut() {
            l.notify_block_erased(ir, block)
        }
    }
    fn notify_operation_modified(&mut self, ir: &Ir, op: OpRef) {
        for l in self.listeners.iter_mut() {
            l.notify_operation_modified(ir, op)
        }
    }
    fn notify_operation_replaced_by_op(&mut self, ir: &Ir, op: OpRef, replacement: OpRef) {
        for l in self.listeners.iter_mut() {
            l.notify_operation_replaced_by_op(ir, op, replacement)
        }
    }
    fn notify_operation_replaced(&mut self, ir: &Ir, op: OpRef, replacement: &[Value]) {
        for l in self.listeners.iter_mut() {
            l.notify_operation_replaced(ir, op, replacement)
        }
    }
    fn notify_operation_erased(&mut self, ir: &Ir, op: OpRef) {
        for l in self.listeners.iter_mut() {
            l.notify_operation_erased(ir, op)
        }
    }
    fn notify_pattern_begin(&mut self, ir: &Ir, pattern: &Pattern, op: OpRef) {
        for l in self.listeners.iter_mut() {
            l.notify_pattern_begin(ir, pattern, op)
        }
    }
    fn notify_pattern_end(&mut self, ir: &Ir, pattern: &Pattern, result: LogicalResult) {
        for l in self.listeners.iter_mut() {
            l.notify_pattern_end(ir, pattern, result)
        }
    }
    fn notify_match_failure(&mut self, loc: Location, reason: &dyn Fn(&mut Diagnostic)) {
        for l in self.listeners.iter_mut() {
            l.notify_match_failure(loc, reason)
        }
    }
    fn notify_fold_begin(&mut self, ir: &Ir, op: OpRef) {
        for l in self.listeners.iter_mut() {
            l.notify_fold_begin(ir, op)
        }
    }
    fn notify_fold_end(&mut self, ir: &Ir, result: LogicalResult) {
        for l in self.listeners.iter_mut() {
            l.notify_fold_end(ir, result)
        }
    }
}

/// Makes the listener a rewrite driver attaches when its caller gave it
/// none (`driver` names the driver: `greedy-driver`, `walk-driver`,
/// `dialect-conversion`), or `None`. A tool that records a rewrite trace
/// installs one, so that every driver run reports to the trace whichever
/// pass started it.
pub type DriverListenerFactory = fn(driver: &str) -> Option<Box<dyn RewriterListener>>;

static DRIVER_LISTENER: OnceLock<DriverListenerFactory> = OnceLock::new();

/// Installs the [`DriverListenerFactory`] (once per process; later calls
/// are ignored).
pub fn set_driver_listener_factory(factory: DriverListenerFactory) {
    let _ = DRIVER_LISTENER.set(factory);
}

/// The listener for a run of `driver` whose caller gave none: `None`
/// unless a factory is installed and wants one. Costs one atomic load when
/// no factory is installed.
pub fn driver_listener(driver: &str) -> Option<Box<dyn RewriterListener>> {
    DRIVER_LISTENER.get().and_then(|f| f(driver))
}
