//! The walk pattern rewrite driver (MLIR 22's `WalkPatternRewriteDriver.cpp`):
//! one post-order pass over the ops nested in an op's regions, applying the
//! highest-benefit matching pattern to each op once.
//!
//! Rules (as upstream): the op itself is not visited; in a region with more
//! than one block only blocks reachable from the entry (as computed when
//! the walk enters the region) are visited; an op's regions are visited
//! before the op; the next op is chosen before a pattern runs, so ops that
//! a pattern creates or modifies are not visited (again). A pattern may
//! erase only the op it matched and that op's descendants: erasing anything
//! else would break the walk, and panics here (upstream checks this only
//! with expensive checks; the check costs one ancestor walk per erasure).
//! There is no folding and no dead code elimination.
//!
//! With the expensive pattern checks on
//! ([`crate::greedy::set_expensive_pattern_checks`]) the op must verify
//! before and after the walk (upstream's `walk pattern rewriter input/result
//! IR failed to verify`); a failure is reported as an error at the op and
//! makes [`walk_and_apply_patterns`] return `Err`.
//!
//! With the `tracing` target `walk-rewriter` at debug level enabled, the
//! driver logs `Starting walk-based pattern rewrite driver`, then
//! `Visiting op: <op>` for each op (printed in the generic form; an op with
//! regions as its name only, where upstream elides the regions) and
//! `\tOp matched and rewritten` after each rewrite.

use hashbrown::HashSet;
use smallvec::SmallVec;

use mlir_ir::asm::printer::{print_op_local, PrintFlags};
use mlir_ir::PreviousPosition;
use mlir_ir::{BlockRef, BuilderListener, Diagnostic, Ir, Location, OpRef, RegionRef, Value};
use mlir_rewrite::{
    FrozenRewritePatternSet, Pattern, PatternApplicator, PatternRewriter, RewriterListener,
};

use crate::greedy::Logger;
use crate::region_simplify::post_order;

/// The tracing target of the driver's log.
pub const LOG_TARGET: &str = "walk-rewriter";

/// Forwards notifications and checks that erasures stay inside the visited op.
struct WalkListener<'l> {
    inner: Option<&'l mut dyn RewriterListener>,
    visited: Option<OpRef>,
}

impl WalkListener<'_> {
    fn check_erasure(&self, ir: &Ir, op: Option<OpRef>) {
        let Some(visited) = self.visited else { return };
        let ok = op.is_some_and(|o| ir.is_ancestor(visited, o));
        if !ok {
            mlir_rewrite::misuse(
                "unsupported erasure in WalkPatternRewriter; erasure is only supported for matched ops and their descendants",
            );
        }
    }
}

impl BuilderListener for WalkListener<'_> {
    fn notify_operation_inserted(&mut self, ir: &Ir, op: OpRef, previous: PreviousPosition) {
        if let Some(l) = self.inner.as_deref_mut() {
            l.notify_operation_inserted(ir, op, previous);
        }
    }
    fn notify_block_inserted(
        &mut self,
        ir: &Ir,
        b: BlockRef,
        previous: Option<(RegionRef, Option<BlockRef>)>,
    ) {
        if let Some(l) = self.inner.as_deref_mut() {
            l.notify_block_inserted(ir, b, previous);
        }
    }
}

impl RewriterListener for WalkListener<'_> {
    fn notify_block_erased(&mut self, ir: &Ir, block: BlockRef) {
        self.check_erasure(ir, ir.block_parent_op(block));
        if let Some(l) = self.inner.as_deref_mut() {
            l.notify_block_erased(ir, block);
        }
    }
    fn notify_operation_modified(&mut self, ir: &Ir, op: OpRef) {
        if let Some(l) = self.inner.as_deref_mut() {
            l.notify_operation_modified(ir, op);
        }
    }
    fn notify_operation_replaced(&mut self, ir: &Ir, op: OpRef, replacement: &[Value]) {
        if let Some(l) = self.inner.as_deref_mut() {
            l.notify_operation_replaced(ir, op, replacement);
        }
    }
    fn notify_operation_replaced_by_op(&mut self, ir: &Ir, op: OpRef, replacement: OpRef) {
        if let Some(l) = self.inner.as_deref_mut() {
            l.notify_operation_replaced_by_op(ir, op, replacement);
        }
    }
    fn notify_operation_erased(&mut self, ir: &Ir, op: OpRef) {
        self.check_erasure(ir, Some(op));
        if let Some(l) = self.inner.as_deref_mut() {
            l.notify_operation_erased(ir, op);
        }
    }
    fn notify_pattern_begin(&mut self, ir: &Ir, pattern: &Pattern, op: OpRef) {
        if let Some(l) = self.inner.as_deref_mut() {
            l.notify_pattern_begin(ir, pattern, op);
        }
    }
    fn notify_pattern_end(
        &mut self,
        ir: &Ir,
        pattern: &Pattern,
        result: mlir_rewrite::LogicalResult,
    ) {
        if let Some(l) = self.inner.as_deref_mut() {
            l.notify_pattern_end(ir, pattern, result);
        }
    }
    fn notify_match_failure(&mut self, loc: Location, reason: &dyn Fn(&mut Diagnostic)) {
        if let Some(l) = self.inner.as_deref_mut() {
            l.notify_match_failure(loc, reason);
        }
    }
}

/// The position of the walk in one region (MLIR's `RegionReachableOpIterator`).
struct RegionCursor {
    /// The current block; `None` once the region is done.
    block: Option<BlockRef>,
    /// The current op; `None` at the end of the block.
    op: Option<OpRef>,
    /// The reachable blocks, for regions with more than one block.
    reachable: Option<HashSet<BlockRef>>,
    /// Whether the current op's regions were pushed already.
    visited_regions: bool,
}

impl RegionCursor {
    fn new(ir: &Ir, region: RegionRef) -> Self {
        let block = ir.first_block(region);
        let reachable = match block {
            Some(entry) if ir.next_block(entry).is_some() => {
                Some(post_order(ir, entry).into_iter().collect())
            }
            _ => None,
        };
        RegionCursor {
            block,
            op: block.and_then(|b| ir.first_op(b)),
            reachable,
            visited_regions: false,
        }
    }
    fn advance(&mut self, ir: &Ir) {
        self.visited_regions = false;
        match self.op {
            None => {
                let mut b = self.block.and_then(|b| ir.next_block(b));
                while let Some(bb) = b {
                    if self.reachable.as_ref().is_none_or(|r| r.contains(&bb)) {
                        break;
                    }
                    b = ir.next_block(bb);
                }
                self.block = b;
                self.op = b.and_then(|b| ir.first_op(b));
            }
            Some(op) => self.op = ir.next_op(op),
        }
    }
}

/// The text of `op` in the walk log: its generic form when it has no
/// regions, else its quoted name.
fn describe_op(ir: &Ir, op: OpRef) -> String {
    if ir.num_regions(op) == 0 {
        let flags = PrintFlags {
            generic: true,
            elide_elements_larger_than: Some(16),
            ..Default::default()
        };
        print_op_local(ir, op, &flags).trim_end().to_string()
    } else {
        format!("\"{}\"(...) ({{...}})", ir.op_name_str(op))
    }
}

/// With the expensive checks on, reports an error at `op` unless it
/// verifies.
fn check_verifies(ir: &Ir, op: OpRef, what: &str) -> Result<(), ()> {
    if mlir_ir::verifier::verify(ir, op).is_ok() {
        return Ok(());
    }
    ir.ctx().emit(Diagnostic::error(
        ir.op_loc(op),
        format!("walk pattern rewriter {what} IR failed to verify"),
    ));
    Err(())
}

/// Applies `patterns` once to every op nested in `op`'s regions, in
/// post-order, skipping unreachable blocks (MLIR's `walkAndApplyPatterns`).
/// `listener` hears about every change. Fails only when the expensive
/// checks are on and the IR does not verify before or after.
pub fn walk_and_apply_patterns(
    ir: &mut Ir,
    op: OpRef,
    patterns: &FrozenRewritePatternSet,
    listener: Option<&mut dyn RewriterListener>,
) -> Result<(), ()> {
    let checks = crate::greedy::expensive_pattern_checks();
    if checks {
        check_verifies(ir, op, "input")?;
    }
    let log = Logger::new(LOG_TARGET);
    // A rewrite trace hears the walk when the caller gave no listener.
    let mut trace = match listener {
        Some(_) => None,
        None => mlir_rewrite::listener::driver_listener("walk-driver"),
    };
    // The trace wants to know which pattern changed what; other listeners
    // hear no pattern begin/end from this driver, as upstream's.
    let notify_patterns = trace.is_some();
    let listener: Option<&mut dyn RewriterListener> = match listener {
        Some(l) => Some(l as &mut dyn RewriterListener),
        None => trace.as_deref_mut().map(|t| t as &mut dyn RewriterListener),
    };
    let mut wl = WalkListener {
        inner: listener,
        visited: None,
    };
    let mut applicator = PatternApplicator::new(patterns);
    applicator.apply_default_cost_model();
    log.line(|| "Starting walk-based pattern rewrite driver".to_string());
    let regions: SmallVec<[RegionRef; 2]> = ir.regions(op).iter().copied().collect();
    let mut stack: Vec<RegionCursor> = Vec::new();
    for region in regions {
        if ir.region_is_empty(region) {
            continue;
        }
        stack.push(RegionCursor::new(ir, region));
        while let Some(top) = stack.len().checked_sub(1) {
            let cursor = &mut stack[top];
            if cursor.block.is_none() {
                stack.pop();
                continue;
            }
            let Some(cur) = cursor.op else {
                cursor.advance(ir);
                continue;
            };
            if !cursor.visited_regions {
                cursor.visited_regions = true;
                for &r in ir.regions(cur).iter().rev() {
                    if !ir.region_is_empty(r) {
                        stack.push(RegionCursor::new(ir, r));
                    }
                }
                if stack.len() != top + 1 {
                    continue;
                }
            }
            // Step past the op first: the pattern may erase it.
            stack[top].advance(ir);
            log.line(|| format!("Visiting op: {}", describe_op(ir, cur)));
            wl.visited = Some(cur);
            let mut rw = PatternRewriter::with_listener(ir, &mut wl);
            let result = if notify_patterns {
                applicator.match_and_rewrite_with(
                    cur,
                    &mut rw,
                    |p, rw| {
                        rw.notify_pattern_begin(p, cur);
                        true
                    },
                    |p, rw| rw.notify_pattern_end(p, Err(())),
                    |p, rw| {
                        rw.notify_pattern_end(p, Ok(()));
                        Ok(())
                    },
                )
            } else {
                applicator.match_and_rewrite(cur, &mut rw)
            };
            if result.is_ok() {
                log.line(|| "\tOp matched and rewritten".to_string());
            }
            wl.visited = None;
        }
    }
    if checks {
        check_verifies(ir, op, "result")?;
    }
    Ok(())
}
