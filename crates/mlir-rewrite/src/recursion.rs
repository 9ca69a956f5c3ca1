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

use std::fmt;

use hashbrown::HashMap;

use mlir_ir::{BlockRef, BuilderListener, InsertPoint, Ir, OpRef, RegionRef};

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

/// Remembers which patterns produced which ops; see the module docs.
#[derive(Default)]
pub struct RecursionTracker {
    /// Chain nodes: (pattern id, parent node or `NO_CHAIN`).
    nodes: Vec<(usize, u32)>,
    /// The chain of each op created by a pattern.
    lineage: HashMap<OpRef, u32>,
    /// The chain given to ops created by the running pattern, if any.
    current: Option<u32>,
}

impl RecursionTracker {
    /// An empty tracker.
    pub fn new() -> Self {
        Self::default()
    }
    /// Forgets everything.
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.lineage.clear();
        self.current = None;
    }

    /// Fails if `pattern` lacks bounded recursion and `op` descends from an
    /// application of `pattern`.
    pub fn check(&self, pattern: &Pattern, op: OpRef) -> Result<(), RecursionError> {
        if pattern.has_bounded_rewrite_recursion() {
            return Ok(());
        }
        let id = pattern_id(pattern);
        let mut cur = self.lineage.get(&op).copied().unwrap_or(NO_CHAIN);
        while cur != NO_CHAIN {
            let (p, parent) = self.nodes[cur as usize];
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
    pub fn begin(&mut self, pattern: &Pattern, root: OpRef) {
        let base = self.lineage.get(&root).copied().unwrap_or(NO_CHAIN);
        self.current = Some(if pattern.has_bounded_rewrite_recursion() {
            base
        } else {
            self.nodes.push((pattern_id(pattern), base));
            self.nodes.len() as u32 - 1
        });
    }
    /// The running pattern finished.
    pub fn end(&mut self) {
        self.current = None;
    }
    /// Records that `op` was created by the running pattern (if any).
    pub fn record_created(&mut self, op: OpRef) {
        if let Some(c) = self.current {
            if c != NO_CHAIN {
                self.lineage.insert(op, c);
            }
        }
    }
    /// Forgets `op` (it was erased).
    pub fn forget(&mut self, op: OpRef) {
        self.lineage.remove(&op);
    }
}

impl BuilderListener for RecursionTracker {
    fn notify_operation_inserted(&mut self, _ir: &Ir, op: OpRef, previous: Option<InsertPoint>) {
        // Moved ops keep their history; only new ops get the current chain.
        if previous.is_none() && !self.lineage.contains_key(&op) {
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

impl RewriterListener for RecursionTracker {
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
