//! Diagnostics: errors, warnings, remarks and notes attached to locations,
//! and the context's handler stack that receives them (MLIR's
//! `DiagnosticEngine`).
//!
//! Code that can fail returns `Result<_, Diagnostic>` (or emits through
//! [`Context::emit`] when it must report several problems and go on, like the
//! verifier). A tool installs a handler, e.g. the source-manager handler that
//! prints `file:line:col: error: ...` ([`crate::source_mgr`]) or the
//! `--verify-diagnostics` checker ([`crate::verify_diagnostics`]).
//!
//! Diagnostics about an operation are built with [`Ir::op_error`] (MLIR's
//! `emitOpError`: the message is prefixed with `'op.name' op `) or
//! [`Ir::op_diag`] (MLIR's `Operation::emitError`/`emitWarning`/`emitRemark`).
//! Both attach the `see current operation: ...` note mlir-opt prints, when
//! the context asks for it ([`Context::set_print_op_on_diagnostic`], on by
//! default as in mlir-opt; a tool turns it off under `--verify-diagnostics`)
//! and an op printer is installed ([`Context::set_diagnostic_printers`]).
//! The printers are hooks because the textual printer lives elsewhere and
//! the diagnostics machinery must not depend on it.
//!
//! The form of the op in the note follows MLIR: an error prints it in the
//! generic form; a warning or a remark in its own (custom) form, which the
//! printer turns into the generic form when the op's closest
//! isolated-from-above ancestor does not verify. An op printed on several
//! lines (one with regions) starts on a new line after the note's text.
//!
//! [`silence_diagnostics`] drops every diagnostic emitted on the current
//! thread while it runs, as the scoped handler MLIR's printer installs
//! around that verification does.

use std::cell::Cell;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use crate::attributes::{AttrKind, Attribute, Location};
use crate::context::Context;
use crate::ir::{Ir, OpRef};

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

/// Prints an operation for a diagnostic, without a trailing newline. The
/// flag asks for the generic form (what MLIR prints in error diagnostics);
/// without it the op is printed with the tool's default flags.
pub type OpPrinter = fn(&Ir, OpRef, bool) -> String;
/// Prints an attribute for a diagnostic (e.g. fused-location metadata).
pub type AttrPrinter = fn(&Context, Attribute) -> String;

/// Printing hooks used when building diagnostics; see the module docs.
#[derive(Copy, Clone, Default, Debug)]
pub struct DiagnosticPrinters {
    pub op: Option<OpPrinter>,
    pub attr: Option<AttrPrinter>,
}

/// The handler stack of a context.
pub struct DiagnosticEngine {
    handlers: Mutex<Vec<(u64, DiagnosticHandler)>>,
    next_id: Mutex<u64>,
    print_op_on_diagnostic: AtomicBool,
    printers: Mutex<DiagnosticPrinters>,
}

impl Default for DiagnosticEngine {
    fn default() -> Self {
        DiagnosticEngine {
            handlers: Mutex::new(Vec::new()),
            next_id: Mutex::new(0),
            // mlir-opt's `--mlir-print-op-on-diagnostic` defaults to true.
            print_op_on_diagnostic: AtomicBool::new(true),
            printers: Mutex::new(DiagnosticPrinters::default()),
        }
    }
}

/// Removes its handler from the context when dropped (MLIR's `ScopedDiagnosticHandler`).
pub struct HandlerGuard<'a> {
    ctx: &'a Context,
    id: HandlerId,
}

impl HandlerGuard<'_> {
    pub fn id(&self) -> HandlerId {
        self.id
    }
}

impl Drop for HandlerGuard<'_> {
    fn drop(&mut self) {
        self.ctx.remove_diagnostic_handler(self.id);
    }
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
    /// Registers `handler` until the returned guard is dropped.
    pub fn scoped_diagnostic_handler(&self, handler: DiagnosticHandler) -> HandlerGuard<'_> {
        HandlerGuard {
            ctx: self,
            id: self.add_diagnostic_handler(handler),
        }
    }

    /// Whether op diagnostics get a `see current operation: ...` note.
    pub fn set_print_op_on_diagnostic(&self, enable: bool) {
        self.diagnostics
            .print_op_on_diagnostic
            .store(enable, Ordering::Relaxed);
    }
    pub fn print_op_on_diagnostic(&self) -> bool {
        self.diagnostics
            .print_op_on_diagnostic
            .load(Ordering::Relaxed)
    }
    /// Installs the printing hooks used when building diagnostics.
    pub fn set_diagnostic_printers(&self, printers: DiagnosticPrinters) {
        *self
            .diagnostics
            .printers
            .lock()
            .unwrap_or_else(|e| e.into_inner()) = printers;
    }
    pub fn diagnostic_printers(&self) -> DiagnosticPrinters {
        *self
            .diagnostics
            .printers
            .lock()
            .unwrap_or_else(|e| e.into_inner())
    }

    /// `attr` as text for a diagnostic: through the installed attribute
    /// printer, else a small built-in rendering of common attributes.
    pub fn attr_to_diagnostic_string(&self, attr: Attribute) -> String {
        if let Some(p) = self.diagnostic_printers().attr {
            return p(self, attr);
        }
        match self.attr(attr) {
            AttrKind::String { value, .. } => quote_string(&String::from_utf8_lossy(value)),
            AttrKind::Unit => "unit".to_string(),
            AttrKind::Integer { value, .. } => value.to_string_signed(),
            AttrKind::SymbolRef { root, nested } => {
                let mut s = format!("@{}", quote_symbol(self.ident_str(*root)));
                for n in nested.iter() {
                    s.push_str("::@");
                    s.push_str(&quote_symbol(self.ident_str(*n)));
                }
                s
            }
            AttrKind::Array(elems) => {
                let parts: Vec<String> = elems
                    .iter()
                    .map(|&a| self.attr_to_diagnostic_string(a))
                    .collect();
                format!("[{}]", parts.join(", "))
            }
            k if k.is_location() => crate::source_mgr::location_to_string(self, Location(attr)),
            other => format!("{other:?}"),
        }
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
    /// Inside [`silence_diagnostics`] on this thread, `diag` is dropped.
    pub fn emit(&self, diag: Diagnostic) {
        if SILENCED.with(Cell::get) {
            return;
        }
        let diag = match CAPTURED.with(|c| match c.borrow_mut().as_mut() {
            Some(buf) => {
                buf.push(diag);
                None
            }
            None => Some(diag),
        }) {
            Some(d) => d,
            None => return,
        };
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

thread_local! {
    /// Set while [`silence_diagnostics`] runs on this thread.
    static SILENCED: Cell<bool> = const { Cell::new(false) };
    /// The buffer of [`capture_diagnostics`] running on this thread.
    static CAPTURED: std::cell::RefCell<Option<Vec<Diagnostic>>> =
        const { std::cell::RefCell::new(None) };
}

/// Runs `f` with every diagnostic emitted on this thread collected instead
/// of sent to the handlers; returns them in emission order. Worker threads
/// use it so that the caller can emit what they found in a fixed order
/// (the parallel verifier emits per child op, in op order).
pub fn capture_diagnostics<R>(f: impl FnOnce() -> R) -> (R, Vec<Diagnostic>) {
    /// Restores the previous buffer, also when `f` unwinds.
    struct Restore(Option<Vec<Diagnostic>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let prev = self.0.take();
            CAPTURED.with(|c| *c.borrow_mut() = prev);
        }
    }
    let restore = Restore(CAPTURED.with(|c| c.borrow_mut().replace(Vec::new())));
    let r = f();
    let captured = CAPTURED.with(|c| c.borrow_mut().take()).unwrap_or_default();
    drop(restore);
    (r, captured)
}

/// Runs `f` with every diagnostic emitted on this thread dropped, and no
/// `see current operation` note built for them (nobody would read it). MLIR's
/// printer does the same around the verification that decides whether an op
/// can be printed in its custom form: a handler that swallows the
/// diagnostics of its own thread only, so other threads' diagnostics still
/// get through.
pub fn silence_diagnostics<R>(f: impl FnOnce() -> R) -> R {
    /// Restores the previous state, also when `f` unwinds.
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            SILENCED.with(|s| s.set(self.0));
        }
    }
    let _restore = Restore(SILENCED.with(|s| s.replace(true)));
    f()
}

/// `s` as an MLIR string literal: `"..."` with LLVM's `printEscapedString`
/// escapes (backslash doubled, other non-printable bytes and `"` as `\XX`).
/// The text of a panic payload: the message of `panic!` (a `&str` or a
/// `String`), or a placeholder for payloads of other types. Used where a
/// panic in user code (a hook, a pattern, a pass) is caught and reported as
/// a diagnostic.
pub fn panic_text(payload: &(dyn std::any::Any + Send)) -> Option<String> {
    if let Some(s) = payload.downcast_ref::<&'static str>() {
        Some((*s).to_string())
    } else {
        payload.downcast_ref::<String>().cloned()
    }
}

/// The payload of an unwind out of a user hook that cannot report failure
/// itself (a folder): the error to report, located at the op. The pass
/// manager catches it and emits the diagnostic (see
/// `mlir_rewrite::abort`).
#[derive(Clone, Debug)]
pub struct HookPanic(pub Diagnostic);

/// Runs a user hook (a verifier, a folder, ...) for `op`; a panic in it
/// becomes an error at the op, "'<op>' op <what> panicked: <message>",
/// instead of unwinding through the caller.
pub fn catch_hook_panic<T>(
    ir: &Ir,
    op: OpRef,
    what: &str,
    hook: impl FnOnce() -> Result<T, Diagnostic>,
) -> Result<T, Diagnostic> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(hook)) {
        Ok(r) => r,
        Err(payload) => {
            let msg = panic_text(&*payload).unwrap_or_else(|| "non-string panic payload".into());
            Err(Diagnostic::error(
                ir.op_loc(op),
                format!("'{}' op {what} panicked: {msg}", ir.op_name_str(op)),
            ))
        }
    }
}

pub fn quote_string(s: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for b in s.bytes() {
        match b {
            b'\\' => out.push_str("\\\\"),
            b'"' => out.push_str("\\22"),
            0x20..=0x7e => out.push(b as char),
            _ => {
                out.push('\\');
                out.push(HEX[(b >> 4) as usize] as char);
                out.push(HEX[(b & 15) as usize] as char);
            }
        }
    }
    out.push('"');
    out
}

/// A symbol name as printed after `@`: bare when it is a valid identifier, else quoted.
fn quote_symbol(s: &str) -> String {
    let valid = !s.is_empty()
        && s.bytes().enumerate().all(|(i, b)| {
            b.is_ascii_alphabetic()
                || b == b'_'
                || (i > 0 && (b.is_ascii_digit() || b == b'$' || b == b'.'))
        });
    if valid {
        s.to_string()
    } else {
        quote_string(s)
    }
}

impl Ir {
    /// A diagnostic about `op` at its location (MLIR's `Operation::emitError`,
    /// `emitWarning` and `emitRemark`), with the `see current operation` note
    /// when the context asks for it: the op in generic form for an error, in
    /// its own form for a warning or a remark (see the module docs). It is
    /// not emitted: return it from a verifier hook or pass it to
    /// [`Context::emit`].
    pub fn op_diag(&self, op: OpRef, severity: Severity, message: impl Into<String>) -> Diagnostic {
        let mut d = Diagnostic::new(severity, self.op_loc(op), message);
        if self.ctx().print_op_on_diagnostic() && !SILENCED.with(Cell::get) {
            if let Some(p) = self.ctx().diagnostic_printers().op {
                let printed = p(self, op, severity == Severity::Error);
                d.attach_note(
                    self.op_loc(op),
                    format!("see current operation: {}", on_own_line(printed)),
                );
            }
        }
        d
    }

    /// An error about `op` prefixed with `'op.name' op ` (MLIR's `emitOpError`).
    pub fn op_error(&self, op: OpRef, message: impl fmt::Display) -> Diagnostic {
        let msg = format!("'{}' op {}", self.op_name_str(op), message);
        self.op_diag(op, Severity::Error, msg)
    }

    /// `op` as MLIR appends it to the text of a diagnostic of `severity`
    /// (`diag << *op`): generic form in an error, the op's own form
    /// otherwise, on a new line when it spans several lines. Without an
    /// installed op printer, just the quoted op name.
    pub fn op_to_diagnostic_string(&self, op: OpRef, severity: Severity) -> String {
        match self.ctx().diagnostic_printers().op {
            Some(p) => on_own_line(p(self, op, severity == Severity::Error)),
            None => format!("\"{}\"(...)", self.op_name_str(op)),
        }
    }
}

/// `printed` with a newline in front when it spans several lines, as MLIR's
/// `Diagnostic::appendOp` puts such ops on their own lines.
fn on_own_line(printed: String) -> String {
    if printed.contains('\n') {
        let mut s = String::with_capacity(printed.len() + 1);
        s.push('\n');
        s.push_str(&printed);
        s
    } else {
        printed
    }
}
