//! `--debug-only=dialect-conversion`: the driver's debug log (MLIR's
//! `LLVM_DEBUG` output of `DialectConversion.cpp`, a `ScopedPrinter` whose
//! lines start with `[dialect-conversion] `), written as `tracing` events
//! under the target `dialect-conversion`, one per line.
//!
//! Whether the target is enabled is read once per conversion; when it is
//! not, every log call is one branch on a boolean and builds no text, so the
//! driver's hot paths do not pay for it.

use std::cell::Cell;

/// The `tracing` target (LLVM's `DEBUG_TYPE`).
pub(crate) const TARGET: &str = "dialect-conversion";

/// The separator printed before each op's legalization.
const LOG_LINE: &str = "//===-------------------------------------------===//";

/// An indenting line logger.
pub(crate) struct Logger {
    enabled: bool,
    indent: Cell<usize>,
}

impl Logger {
    /// A logger that logs if the `dialect-conversion` target is enabled.
    pub(crate) fn new() -> Self {
        Logger {
            enabled: tracing::enabled!(target: "dialect-conversion", tracing::Level::DEBUG),
            indent: Cell::new(0),
        }
    }

    /// A logger that never logs.
    pub(crate) fn disabled() -> Self {
        Logger {
            enabled: false,
            indent: Cell::new(0),
        }
    }

    /// Whether anything is logged.
    #[inline]
    pub(crate) fn enabled(&self) -> bool {
        self.enabled
    }

    /// One line at the current indentation; `f` only runs when enabled.
    #[inline]
    pub(crate) fn line(&self, f: impl FnOnce() -> String) {
        if self.enabled {
            let text = f();
            let pad = "  ".repeat(self.indent.get());
            for l in text.lines() {
                tracing::debug!(target: "dialect-conversion", "[{TARGET}] {pad}{l}");
            }
        }
    }

    /// The header of an op's legalization (a blank line, the separator, the
    /// op's name), indenting what follows.
    pub(crate) fn begin_op(&self, name: &str) {
        if self.enabled {
            tracing::debug!(target: "dialect-conversion", "[{TARGET}] ");
            self.line(|| LOG_LINE.to_string());
            self.line(|| format!("Legalizing operation : '{name}' {{"));
            self.indent();
        }
    }

    /// Opens a scope (`* Fold {`, `* Pattern : ... {`).
    pub(crate) fn begin(&self, f: impl FnOnce() -> String) {
        if self.enabled {
            self.line(|| format!("{} {{", f()));
            self.indent();
        }
    }

    /// Closes a scope with `} -> SUCCESS` and an optional reason.
    pub(crate) fn success(&self, reason: &str) {
        if self.enabled {
            self.unindent();
            if reason.is_empty() {
                self.line(|| "} -> SUCCESS".to_string());
            } else {
                self.line(|| format!("}} -> SUCCESS : {reason}"));
            }
        }
    }

    /// Closes a scope with `} -> FAILURE : reason`.
    pub(crate) fn failure(&self, reason: &str) {
        if self.enabled {
            self.unindent();
            self.line(|| format!("}} -> FAILURE : {reason}"));
        }
    }

    fn indent(&self) {
        self.indent.set(self.indent.get() + 1);
    }

    fn unindent(&self) {
        self.indent.set(self.indent.get().saturating_sub(1));
    }
}
