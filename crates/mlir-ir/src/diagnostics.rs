//! Diagnostics: errors, warnings, remarks and notes attached to locations,
//! and the context's handler stack that receives them (MLIR's
//! `DiagnosticEngine`).
//!
//! Code that can fail returns `Result<_, Diagnostic>` (or emits through
//! [`Context::emit`] when it must report several problems and go on, like the
//! verifier). A tool installs a handler, e.g. the source-manager handler that
//! prints `file:line:col: error: ...` or the `--verify-diagnostics` checker.

use std::fmt;
use std::sync::Mutex;

use crate::attributes::Location;
use crate::context::Context;

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Severity {
    Error,
    Warning,
    Remark,
    Note,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Remark => "remark",
            Severity::Note => "note",
        }
    }
}

/// A diagnostic with optional attached notes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Diagnostic {
    pub severity: Severity,
    pub loc: Location,
    pub message: String,
    pub notes: Vec<Diagnostic>,
}

impl Diagnostic {
    pub fn new(severity: Severity, loc: Location, message: impl Into<String>) -> Self {
        Diagnostic {
            severity,
            loc,
            message: message.into(),
            notes: Vec::new(),
        }
    }
    pub fn error(loc: Location, message: impl Into<String>) -> Self {
        Self::new(Severity::Error, loc, message)
    }
    pub fn warning(loc: Location, message: impl Into<String>) -> Self {
        Self::new(Severity::Warning, loc, message)
    }
    pub fn remark(loc: Location, message: impl Into<String>) -> Self {
        Self::new(Severity::Remark, loc, message)
    }
    /// Attaches a note at `loc`.
    pub fn with_note(mut self, loc: Location, message: impl Into<String>) -> Self {
        self.notes.push(Self::new(Severity::Note, loc, message));
        self
    }
    pub fn attach_note(&mut self, loc: Location, message: impl Into<String>) -> &mut Diagnostic {
        self.notes.push(Self::new(Severity::Note, loc, message));
        self.notes.last_mut().expect("just pushed")
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.severity.as_str(), self.message)
    }
}

/// A diagnostic handler; returns `true` if it handled the diagnostic, else the
/// next handler down the stack gets it.
pub type DiagnosticHandler = Box<dyn FnMut(&Context, &Diagnostic) -> bool + Send>;

/// The handler stack of a context.
#[derive(Default)]
pub struct DiagnosticEngine {
    handlers: Mutex<Vec<(u64, DiagnosticHandler)>>,
    next_id: Mutex<u64>,
}

/// Identifies a registered handler, for [`Context::remove_diagnostic_handler`].
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct HandlerId(u64);

impl Context {
    /// Registers `handler` on top of the handler stack.
    pub fn add_diagnostic_handler(&self, handler: DiagnosticHandler) -> HandlerId {
        let engine = &self.diagnostics;
        let mut id = engine.next_id.lock().unwrap_or_else(|e| e.into_inner());
        *id += 1;
        let h = *id;
        engine
            .handlers
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((h, handler));
        HandlerId(h)
    }
    pub fn remove_diagnostic_handler(&self, id: HandlerId) {
        self.diagnostics
            .handlers
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|(h, _)| *h != id.0);
    }

    /// Sends `diag` to the handlers, newest first. Without any handler that
    /// takes it, errors are printed to stderr (as MLIR's default handler does).
    pub fn emit(&self, diag: Diagnostic) {
        let mut handlers = self
            .diagnostics
            .handlers
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        for (_, h) in handlers.iter_mut().rev() {
            if h(self, &diag) {
                return;
            }
        }
        drop(handlers);
        if diag.severity == Severity::Error {
            eprintln!("{}: {}", crate::asm::location_prefix(self, diag.loc), diag);
        }
    }
}
