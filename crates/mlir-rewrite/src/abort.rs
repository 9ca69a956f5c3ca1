//! What happens when a pattern goes wrong at run time: a pattern that
//! misuses the rewriter (moves an op before an anchor that is in no block,
//! replaces a value with the wrong number of values, erases a used op, ...)
//! or panics in its own code.
//!
//! MLIR asserts in such cases and the process dies. rmlir instead unwinds
//! out of the pattern with a [`PatternPanic`] payload that names the
//! pattern, the op it was applied to and what went wrong; the pass manager
//! catches it and reports a located error for the failing pass, so a bug in
//! one user pattern becomes a diagnostic, not an abort. A program that runs
//! a driver without a pass manager catches it the same way:
//! `std::panic::catch_unwind` around the driver, then [`panic_message`] (or
//! a downcast to [`PatternPanic`]) on the payload.
//!
//! Rewriter misuse is detected before the offending change is made, so the
//! IR stays structurally sound (earlier changes of the same pattern stay).
//! Misuse and the re-raised [`PatternPanic`] unwind with
//! [`std::panic::resume_unwind`], which does not run the panic hook: the
//! report is the diagnostic, not a "thread panicked" line. (A panic in the
//! pattern's own code has already run the hook when it was raised.)

use std::any::Any;
use std::fmt;

use mlir_ir::Location;

use crate::pattern::Pattern;

/// The payload of the unwind started by [`misuse`]: a broken precondition
/// of a rewriter method, found before anything was changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RewriterMisuse(pub String);

/// The payload of a panic that escaped a pattern: the applicator catches
/// whatever the pattern raised and re-raises it as this, naming the
/// pattern.
#[derive(Clone, Debug)]
pub struct PatternPanic {
    /// The pattern's debug name (or its root op name when it has none).
    pub pattern: String,
    /// The name of the op the pattern was applied to.
    pub root_op: String,
    /// Where that op is.
    pub loc: Location,
    /// What went wrong: the misuse message or the panic message.
    pub message: String,
    /// Whether the pattern misused the rewriter (as opposed to panicking
    /// in its own code).
    pub misuse: bool,
}

impl fmt::Display for PatternPanic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = if self.misuse {
            "misused the rewriter"
        } else {
            "panicked"
        };
        write!(
            f,
            "pattern '{}' {} on '{}': {}",
            self.pattern, what, self.root_op, self.message
        )
    }
}

/// Aborts the running pattern because it misused the rewriter: unwinds
/// with a [`RewriterMisuse`] payload without running the panic hook.
pub fn misuse(message: impl Into<String>) -> ! {
    std::panic::resume_unwind(Box::new(RewriterMisuse(message.into())))
}

/// The message of a panic payload: the text of `panic!`, a
/// [`RewriterMisuse`] or a [`PatternPanic`] (rendered whole), or a
/// placeholder for payloads of other types.
pub fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = mlir_ir::diagnostics::panic_text(payload) {
        s
    } else if let Some(m) = payload.downcast_ref::<RewriterMisuse>() {
        m.0.clone()
    } else if let Some(p) = payload.downcast_ref::<PatternPanic>() {
        p.to_string()
    } else {
        "panic with a non-string payload".to_string()
    }
}

/// Re-raises a panic (payload caught with `std::panic::catch_unwind`) that
/// escaped `pattern` (applied to an op named
/// `root_op` at `loc`) as a [`PatternPanic`] naming it. A payload that
/// already is one comes from a nested driver and names the innermost
/// pattern: it goes on unchanged.
pub fn reraise_from_pattern(
    payload: Box<dyn std::any::Any + Send>,
    pattern: &Pattern,
    root_op: &str,
    loc: Location,
) -> ! {
    if payload.is::<PatternPanic>() {
        std::panic::resume_unwind(payload);
    }
    let name = match pattern.debug_name() {
        "" => root_op,
        n => n,
    };
    std::panic::resume_unwind(Box::new(PatternPanic {
        pattern: name.to_string(),
        root_op: root_op.to_string(),
        loc,
        message: panic_message(&*payload),
        misuse: payload.is::<RewriterMisuse>(),
    }))
}
