//! Stack growth for code that recurses once per level of region nesting.
//!
//! Parsing, printing and erasing IR follow its region tree recursively, as
//! MLIR does; MLIR simply overflows the native stack on IR nested deeply
//! enough. Here every such recursion goes through [`ensure_stack`], which
//! moves the rest of the work to a fresh stack segment when the current one
//! runs low, so nesting depth is bounded by memory, not by the thread's
//! stack size (test threads and worker threads have small stacks).

/// How much stack must be left before a recursive step runs on the current
/// segment: more than one level of the deepest recursion needs.
const RED_ZONE: usize = 128 * 1024;

/// The size of each new segment.
const SEGMENT: usize = 4 * 1024 * 1024;

/// Runs `f`, on a new stack segment if the current one has less than a red
/// zone left. Costs a comparison of the stack pointer otherwise.
#[inline]
pub fn ensure_stack<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(RED_ZONE, SEGMENT, f)
}
