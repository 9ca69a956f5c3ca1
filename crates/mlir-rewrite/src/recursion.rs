//! Detection of unbounded recursive pattern application (doc "Application
//! Recursion"): a pattern that is about to be applied to an op it produced
//! itself — directly, or through ops other patterns produced from its
//! output — is refused unless it declared bounded recursion.
//!
//! [`RecursionTracker`] records, for every op created while a pattern runs,
//! the chain of patterns that led to it (the creating pattern plus the chain
//! of the root it was applied to). Drivers chain it with their own listener
//! (it listens for pattern begin/end, insertions and erasures) and call
//! [`RecursionTracker::check`] from their `can_apply` callback; a failed
//! check makes the driver fail, as MLIR's dialect conversion does when a
//! pattern without bounded recursion is applied recursively.

use std::cell::RefCell;
use std::fmt;

use hashbrown::HashMap;

use mlir_ir::PreviousPosition;
use mlir_ir::{BlockRef, BuilderListener, Ir, OpRef, RegionRef};

use crate::listener::RewriterListener;
use crate::pattern::Pattern;
use crate::LogicalResult;

const NO_CHAIN: u32 = u32::MAX;

/// A pattern identity: the address of its metadata, which is stable for as
/// long as the frozen pattern set lives.
fn pattern_id(p: &Pattern) -> usize {
    p as *const Pattern as usize
}

/// An unbounded recursive application, found by [`RecursionTracker::check`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RecursionError {
    /// The debug name of the pattern.
    pub pattern: String,
    /// The op the pattern was about to be applied to.
    pub op: OpRef,
}

impl fmt::Display for RecursionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "pattern '{}' would be applied recursively to IR it generated, \
             but does not declare bounded rewrite recursion",
            self.pattern
        )
    }
}

/// The mutable state of a [`RecursionTracker`].
#[derive(Default)]
struct State {
    /// Chain nodes: (pattern id, parent node or `NO_CHAIN`).
    nodes: Vec<(usize, u32)>,
    /// The chain of each op created by a pattern.
    lineage: HashMap<OpRef, u32>,
    /// The chain given to ops created by the running pattern, if any.
    current: Option<u32>,
}

/// Remembers which patterns produced which ops; see the module docs.
///
/// All methods take `&self` (the state is in a `RefCell`) so that a driver
/// can check the tracker from its `can_apply` callback while the same
/// tracker listens to the rewriter: the listener implementation is on
/// `&RecursionTracker`, e.g.
/// `let mut t = &tracker; ListenerChain::new().with(&mut driver).with(&mut t)`.
#[derive(Default)]
pub struct RecursionTracker {
    state: RefCell<State>,
}

impl RecursionTracker {
    /// An empty tracker.
    pub fn new() -> Self {
        Self::default()
    }
    /// Forgets everything.
    pub fn clear(&self) {
        let mut s = self.state.borrow_mut();
        s.nodes.clear();
        s.lineage.clear();
        s.current = None;
    }

    /// Fails if `pattern` lacks bounded recursion and `op` descends from an
    /// application of `pattern`.
    pub fn check(&self, pattern: &Pattern, op: OpRef) -> Result<(), RecursionError> {
        if pattern.has_bounded_rewrite_recursion() {
            return Ok(());
        }
        let s = self.state.borrow();
        let id = pattern_id(pattern);
        let mut cur = s.lineage.get(&op).copied().unwrap_or(NO_CHAIN);
        while cur != NO_CHAIN {
            let (p, parent) = s.nodes[cur as usize];
            if p == id {
                return Err(RecursionError {
                    pattern: pattern.debug_name().to_string(),
                    op,
                });
            }
            cur = parent;
        }
        Ok(())
    }
    /// `pattern` starts running on `root`: ops created until
    /// [`Self::end`] descend from it. Bounded patterns add nothing to the
    /// chain (they are never refused), which also keeps chains short.
    pub fn begin(&self, pattern: &Pattern, root: OpRef) {
        let mut s = self.state.borrow_mut();
        let base = s.lineage.get(&root).copied().unwrap_or(NO_CHAIN);
        let current = if pattern.has_bounded_rewrite_recursion() {
            base
        } else {
            s.nodes.push((pattern_id(pattern), base));
            s.nodes.len() as u32 - 1
        };
        s.current = Some(current);
    }
    /// The running pattern finished.
    pub fn end(&self) {
        self.state.borrow_mut().current = None;
    }
    /// Records that `op` was created by the running pattern (if any).
    pub fn record_created(&self, op: OpRef) {
        let mut s = self.state.borrow_mut();
        if let Some(c) = s.current {
            if c != NO_CHAIN {
                s.lineage.insert(op, c);
            }
        }
    }
    /// Forgets `op` (it was erased).
    pub fn forget(&self, op: OpRef) {
        self.state.borrow_mut().lineage.remove(&op);
    }
}

impl BuilderListener for &RecursionTracker {
    fn notify_operation_inserted(&mut self, _ir: &Ir, op: OpRef, previous: PreviousPosition) {
        // Moved ops keep their history; only new ops get the current chain.
        if previous.is_unlinked() && !self.state.borrow().lineage.contains_key(&op) {
            self.record_created(op);
        }
    }
    fn notify_block_inserted(
        &mut self,
        _ir: &Ir,
        _block: BlockRef,
        _previous: Option<(RegionRef, Option<BlockRef>)>,
    ) {
    }
}

impl RewriterListener for &RecursionTracker {
    fn notify_operation_erased(&mut self, _ir: &Ir, op: OpRef) {
        self.forget(op);
    }
    fn notify_pattern_begin(&mut self, _ir: &Ir, pattern: &Pattern, op: OpRef) {
        self.begin(pattern, op);
    }
    fn notify_pattern_end(&mut self, _ir: &Ir, _pattern: &Pattern, _result: LogicalResult) {
        self.end();
    }
}
