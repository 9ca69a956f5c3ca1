//! Crash recovery: a panic in a pass (or in a pattern, folder or verifier
//! hook it runs) becomes a located error instead of aborting the tool, and
//! the crash reproducer of `--mlir-pass-pipeline-crash-reproducer=FILE`
//! (MLIR's `PassCrashReproducerGenerator`).
//!
//! # Catching panics
//!
//! The pass manager runs each pass and the verifier after it under
//! [`std::panic::catch_unwind`] ([`catch`]). A panic marks the pass as
//! failed; the op the pass ran on may be half rewritten, so nothing prints
//! it afterwards (no `--mlir-print-ir-after-failure` dump, no output) and,
//! on a worker thread, its private arena is dropped rather than moved back.
//! The panic message is reported as an error at the op's location naming
//! the pass. [`install_panic_hook`] keeps the default hook from printing
//! `thread 'main' panicked at ...` for panics caught this way (it records
//! the message and location for the error instead); panics anywhere else
//! still reach the previous hook.
//!
//! # Reproducers
//!
//! When a reproducer file is configured, any failure of the pipeline (a
//! signalled failure, rejected IR, or a panic) writes the IR as it was
//! before the pipeline (or, with the local mode, before the failing pass)
//! followed by an `external_resources` section holding the pipeline to
//! re-run, which `--run-reproducer` reads back. The error then is MLIR's:
//! `Failures have been detected while processing an MLIR pass pipeline`
//! with a note naming the running passes and the file.

use std::cell::{Cell, RefCell};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, Once};

use mlir_ir::asm::{printer, PrintFlags};
use mlir_ir::diagnostics::Diagnostic;
use mlir_ir::{Ir, OpRef};

use super::instrumentation::PassInstrumentation;
use super::Pass;

thread_local! {
    /// How many [`catch`] calls are active on this thread.
    static CATCHING: Cell<usize> = const { Cell::new(0) };
    /// What the hook recorded about the last caught panic on this thread.
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
    /// Set when a pass panicked on this thread since the last [`take_panicked`].
    static PANICKED: Cell<bool> = const { Cell::new(false) };
}

/// Installs (once per process) the panic hook that stays silent for panics
/// [`catch`] is about to handle, and defers to the previous hook otherwise.
pub fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if CATCHING.with(|c| c.get()) > 0 {
                let at = info
                    .location()
                    .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()));
                LAST_PANIC.with(|p| *p.borrow_mut() = at);
            } else {
                previous(info);
            }
        }));
    });
}

/// A panic caught by [`catch`]: its message and, when the hook saw it,
/// where in the source it was raised.
#[derive(Clone, Debug)]
pub struct PanicReport {
    pub message: String,
    pub location: Option<String>,
    /// The error to report when the panic came from a pattern
    /// ([`mlir_rewrite::PatternPanic`], located at the op it was applied to
    /// and naming the pattern) or a folder ([`mlir_ir::diagnostics::HookPanic`]).
    pub located: Option<Diagnostic>,
}

/// Runs `f`, turning a panic into `Err` (and flagging this thread, see
/// [`take_panicked`]).
pub fn catch<R>(f: impl FnOnce() -> R) -> Result<R, PanicReport> {
    CATCHING.with(|c| c.set(c.get() + 1));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    CATCHING.with(|c| c.set(c.get() - 1));
    r.map_err(|payload| {
        PANICKED.with(|p| p.set(true));
        let message = mlir_rewrite::panic_message(&*payload);
        let located = if let Some(p) = payload.downcast_ref::<mlir_rewrite::PatternPanic>() {
            Some(Diagnostic::error(p.loc, p.to_string()))
        } else {
            payload
                .downcast_ref::<mlir_ir::diagnostics::HookPanic>()
                .map(|h| h.0.clone())
        };
        PanicReport {
            message,
            location: LAST_PANIC.with(|p| p.borrow_mut().take()),
            located,
        }
    })
}

/// Whether a pass panicked on this thread since the last call (clears the flag).
pub(crate) fn take_panicked() -> bool {
    PANICKED.with(|p| p.replace(false))
}

/// Flags this thread as having seen a panic (one a worker thread caught).
pub(crate) fn set_panicked() {
    PANICKED.with(|p| p.set(true));
}

/// Whether a pass panicked on this thread since the last [`take_panicked`].
pub(crate) fn panicked() -> bool {
    PANICKED.with(|p| p.get())
}

/// How the pass and op are named in reproducer notes:
/// `` `CSE` on 'func.func' operation: @foo ``.
fn describe(pass: &dyn Pass, ir: &Ir, op: OpRef) -> String {
    let mut s = format!("`{}` on '{}' operation", pass.name(), ir.op_name_str(op));
    if let Some(sym) = mlir_ir::symbol_table::symbol_name(ir, op) {
        s.push_str(&format!(": @{sym}"));
    }
    s
}

/// The settings of a reproducer (`--mlir-pass-pipeline-crash-reproducer`,
/// `--mlir-pass-pipeline-local-reproducer`).
#[derive(Clone, Debug)]
pub struct ReproducerConfig {
    pub path: PathBuf,
    /// Reproduce only the failing pass on the IR it started from.
    pub local: bool,
}

/// One IR snapshot with the pipeline that reproduces from it.
struct Snapshot {
    pipeline: String,
    ir_text: String,
}

/// The reproducer generator, installed as an instrumentation by the pass manager.
pub(crate) struct CrashReproducer {
    config: ReproducerConfig,
    disable_threading: bool,
    verify_each: bool,
    /// The global snapshot (taken before the pipeline runs).
    global: Mutex<Option<Snapshot>>,
    /// Local mode: one snapshot per running pass (a stack, for dynamic pipelines).
    local: Mutex<Vec<Snapshot>>,
    /// The passes running now, as (pass instance, description).
    running: Mutex<Vec<(usize, String)>>,
    /// Set once a reproducer was written (one per run, as MLIR).
    done: AtomicBool,
}

/// Prints `op` as the reproducer does: generic when invalid, like MLIR's printer.
fn snapshot_text(ir: &Ir, op: OpRef) -> String {
    printer::print_to_string(ir, op, &PrintFlags::default())
}

/// Escapes a string for an MLIR string literal.
fn escape(s: &str) -> String {
    let mut r = String::new();
    for c in s.chars() {
        match c {
            '"' => r.push_str("\\\""),
            '\\' => r.push_str("\\\\"),
            '\n' => r.push_str("\\n"),
            '\t' => r.push_str("\\t"),
            c => r.push(c),
        }
    }
    r
}

impl CrashReproducer {
    pub(crate) fn new(
        config: ReproducerConfig,
        disable_threading: bool,
        verify_each: bool,
    ) -> Self {
        CrashReproducer {
            config,
            disable_threading,
            verify_each,
            global: Mutex::new(None),
            local: Mutex::new(Vec::new()),
            running: Mutex::new(Vec::new()),
            done: AtomicBool::new(false),
        }
    }

    /// Takes the global snapshot of `root` before `pipeline_elements` run on it.
    pub(crate) fn initialize(&self, ir: &Ir, root: OpRef, pipeline_elements: &str) {
        if self.config.local {
            return;
        }
        *self.global.lock().unwrap_or_else(|e| e.into_inner()) = Some(Snapshot {
            pipeline: format!("{}({pipeline_elements})", ir.op_name_str(root)),
            ir_text: snapshot_text(ir, root),
        });
    }

    /// Writes the reproducer and reports the failure at `op` (MLIR's
    /// `finalize`); does nothing if a reproducer was already written.
    pub(crate) fn finalize(&self, ir: &Ir, op: OpRef) {
        if self.done.swap(true, Ordering::SeqCst) {
            return;
        }
        let running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        let (snapshot, note_prefix) = if self.config.local {
            let stack = self.local.lock().unwrap_or_else(|e| e.into_inner());
            let Some(s) = stack.last() else { return };
            let desc = running.last().map_or(String::new(), |(_, d)| d.clone());
            (
                Snapshot {
                    pipeline: s.pipeline.clone(),
                    ir_text: s.ir_text.clone(),
                },
                format!("Pipeline failed while executing {desc}"),
            )
        } else {
            let global = self.global.lock().unwrap_or_else(|e| e.into_inner());
            let Some(s) = global.as_ref() else { return };
            let descs: Vec<&str> = running.iter().map(|(_, d)| d.as_str()).collect();
            (
                Snapshot {
                    pipeline: s.pipeline.clone(),
                    ir_text: s.ir_text.clone(),
                },
                format!("Pipeline failed while executing [{}]", descs.join(", ")),
            )
        };
        let text = format!(
            "{}\n{{-#\n  external_resources: {{\n    mlir_reproducer: {{\n      pipeline: \"{}\",\n      disable_threading: {},\n      verify_each: {}\n    }}\n  }}\n#-}}\n",
            snapshot.ir_text,
            escape(&snapshot.pipeline),
            self.disable_threading,
            self.verify_each
        );
        let path = self.config.path.display().to_string();
        let description = match std::fs::write(&self.config.path, text) {
            Ok(()) => format!("reproducer generated at `{path}`"),
            Err(e) => format!("failed to create output stream: {e}"),
        };
        let loc = ir.op_loc(op);
        let diag = Diagnostic::error(
            loc,
            "Failures have been detected while processing an MLIR pass pipeline",
        )
        .with_note(loc, format!("{note_prefix}: {description}"));
        ir.ctx().emit(diag);
    }
}

impl PassInstrumentation for CrashReproducer {
    fn run_before_pass(&self, pass: &dyn Pass, ir: &Ir, op: OpRef) {
        let key = pass as *const dyn Pass as *const () as usize;
        self.running
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((key, describe(pass, ir, op)));
        if !self.config.local {
            return;
        }
        // The pass nested in the names of the op's ancestors, run on the root.
        let mut scopes = Vec::new();
        let mut root = op;
        while let Some(p) = ir.op_parent_op(root) {
            scopes.push(ir.op_name_str(root).to_string());
            root = p;
        }
        let mut pipeline = format!("{}(", ir.op_name_str(root));
        for s in scopes.iter().rev() {
            pipeline.push_str(s);
            pipeline.push('(');
        }
        pipeline.push_str(&super::manager::pass_textual(pass));
        for _ in 0..=scopes.len() {
            pipeline.push(')');
        }
        self.local
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(Snapshot {
                pipeline,
                ir_text: snapshot_text(ir, root),
            });
    }

    fn run_after_pass(&self, pass: &dyn Pass, _ir: &Ir, _op: OpRef) {
        let key = pass as *const dyn Pass as *const () as usize;
        let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = running.iter().rposition(|(k, _)| *k == key) {
            running.remove(i);
        }
        if self.config.local {
            self.local.lock().unwrap_or_else(|e| e.into_inner()).pop();
        }
    }

    fn run_after_pass_failed(&self, _pass: &dyn Pass, ir: &Ir, op: OpRef) {
        self.finalize(ir, op);
    }
}
