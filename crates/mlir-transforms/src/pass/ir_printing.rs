//! Printing the IR around passes (MLIR's `IRPrinterInstrumentation`, behind
//! mlir-opt's `--mlir-print-ir-before=`, `-after=`, `-before-all`,
//! `-after-all`, `-after-change`, `-after-failure`, `-module-scope` and
//! `-tree-dir=`).
//!
//! Each dump is a header `// -----// IR Dump Before CSE (cse) //----- //`
//! followed by the op the pass runs on (local scope, so without aliases),
//! or with module scope the header names the op and the whole top-level op
//! is printed. Dumps go to standard error, or with a tree directory to one
//! file per dump under directories mirroring the op nesting
//! (`builtin_module_outer/func_func_symA/1_0_cse.mlir`), numbered with
//! MLIR's per-op counters.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Mutex;

use mlir_ir::asm::{printer, PrintFlags};
use mlir_ir::ir::OperationFingerprint;
use mlir_ir::{Ir, OpRef};

use super::instrumentation::PassInstrumentation;
use super::Pass;

/// Which passes a dump is taken around.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum PassFilter {
    /// None.
    #[default]
    Never,
    /// Every pass (`-before-all`, `-after-all`, `-after-failure`).
    All,
    /// The passes registered under these arguments (`--mlir-print-ir-before=cse`).
    Arguments(Vec<String>),
}

impl PassFilter {
    fn matches(&self, pass: &dyn Pass) -> bool {
        match self {
            PassFilter::Never => false,
            PassFilter::All => true,
            PassFilter::Arguments(args) => args.iter().any(|a| a == pass.argument()),
        }
    }

    /// Whether any pass can match.
    pub fn is_enabled(&self) -> bool {
        !matches!(self, PassFilter::Never)
    }
}

/// What to print and where (MLIR's `IRPrinterConfig`).
#[derive(Clone, Debug, Default)]
pub struct IrPrinterConfig {
    pub before: PassFilter,
    pub after: PassFilter,
    /// Print the whole top-level op, not just the op the pass runs on.
    pub module_scope: bool,
    /// Print after a pass only if it changed the IR (fingerprints differ).
    pub after_only_on_change: bool,
    /// Print after a pass only if it failed.
    pub after_only_on_failure: bool,
    /// How ops are printed.
    pub flags: PrintFlags,
    /// Print each dump to its own file under this directory.
    pub tree_dir: Option<PathBuf>,
}

/// The instrumentation printing the IR around passes.
pub struct IrPrinter {
    config: IrPrinterConfig,
    /// Fingerprints taken before a pass runs, per thread and pass instance,
    /// when printing only after changes.
    fingerprints: Mutex<HashMap<(std::thread::ThreadId, usize), OperationFingerprint>>,
    /// The file-tree counters: one per op, keyed by the op's path of
    /// (name, symbol) pairs from the top (stable across the private arenas
    /// of worker threads, unlike op handles).
    counters: Mutex<HashMap<Vec<(String, String)>, u32>>,
}

fn pass_key(pass: &dyn Pass) -> (std::thread::ThreadId, usize) {
    (
        std::thread::current().id(),
        pass as *const dyn Pass as *const () as usize,
    )
}

impl IrPrinter {
    pub fn new(config: IrPrinterConfig) -> IrPrinter {
        IrPrinter {
            config,
            fingerprints: Mutex::default(),
            counters: Mutex::default(),
        }
    }

    /// The dump of `op` after `title` (`Before CSE (cse)`).
    fn dump(&self, title: &str, failed: bool, pass: &dyn Pass, ir: &Ir, op: OpRef) -> String {
        let mut out = format!(
            "// -----// IR Dump {title} {}{} ({})",
            pass.name(),
            if failed { " Failed" } else { "" },
            pass.argument()
        );
        if !self.config.module_scope {
            out.push_str(" //----- //\n");
            if ir.op_parent_op(op).is_some() {
                out.push_str(&printer::print_op_local(ir, op, &self.config.flags));
                out.push('\n');
            } else {
                // A top-level op prints with its own trailing newline.
                out.push_str(&printer::print_to_string(ir, op, &self.config.flags));
                out.push('\n');
            }
        } else {
            out.push_str(&format!(" ('{}' operation", ir.op_name_str(op)));
            if let Some(sym) = mlir_ir::symbol_table::symbol_name(ir, op) {
                out.push_str(&format!(": @{sym}"));
            }
            out.push_str(") //----- //\n");
            let mut top = op;
            while let Some(p) = ir.op_parent_op(top) {
                top = p;
            }
            out.push_str(&printer::print_to_string(ir, top, &self.config.flags));
            out.push('\n');
        }
        out.push('\n');
        out
    }

    /// Writes a dump to standard error or to its file in the tree.
    fn emit(&self, pass: &dyn Pass, ir: &Ir, op: OpRef, text: &str) {
        let Some(root) = &self.config.tree_dir else {
            // In op order when nested pipelines run on several threads.
            super::parallel::write_stderr_ordered(text);
            return;
        };
        // The op and its ancestors, outermost first.
        let mut chain = Vec::new();
        let mut cur = Some(op);
        while let Some(o) = cur {
            let sym = mlir_ir::symbol_table::symbol_name(ir, o).map_or_else(
                || "no-symbol-name".to_string(),
                |s| s.replace(['/', '\\'], "_"),
            );
            chain.push((ir.op_name_str(o).replace('.', "_"), sym));
            cur = ir.op_parent_op(o);
        }
        chain.reverse();
        let counts: Vec<u32> = {
            let mut counters = self.counters.lock().unwrap_or_else(|e| e.into_inner());
            // The op's own counter starts at 0 on its first dump; an
            // ancestor never dumped counts as 0 (and starts at 1 when it is,
            // as MLIR's `try_emplace` after `operator[]` does).
            match counters.get_mut(&chain) {
                Some(c) => *c += 1,
                None => {
                    counters.insert(chain.clone(), 0);
                }
            }
            (1..=chain.len())
                .map(|n| *counters.entry(chain[..n].to_vec()).or_insert(0))
                .collect()
        };
        let mut path = root.clone();
        for (name, sym) in &chain {
            path.push(format!("{name}_{sym}"));
        }
        if let Err(e) = std::fs::create_dir_all(&path) {
            eprintln!("Error while creating directory {}: {e}", path.display());
            return;
        }
        let counts: Vec<String> = counts.iter().map(|c| c.to_string()).collect();
        path.push(format!("{}_{}.mlir", counts.join("_"), pass.argument()));
        if let Err(e) = std::fs::write(&path, text) {
            eprintln!("Error opening output file {}: {e}", path.display());
        }
    }
}

impl PassInstrumentation for IrPrinter {
    fn run_before_pass(&self, pass: &dyn Pass, ir: &Ir, op: OpRef) {
        if self.config.after_only_on_change {
            let fp = OperationFingerprint::compute(ir, op);
            self.fingerprints
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(pass_key(pass), fp);
        }
        if self.config.before.matches(pass) {
            let text = self.dump("Before", false, pass, ir, op);
            self.emit(pass, ir, op, &text);
        }
    }

    fn run_after_pass(&self, pass: &dyn Pass, ir: &Ir, op: OpRef) {
        if self.config.after_only_on_failure {
            return;
        }
        if self.config.after_only_on_change {
            let before = self
                .fingerprints
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .remove(&pass_key(pass));
            if before == Some(OperationFingerprint::compute(ir, op)) {
                return;
            }
        }
        if self.config.after.matches(pass) {
            let text = self.dump("After", false, pass, ir, op);
            self.emit(pass, ir, op, &text);
        }
    }

    fn run_after_pass_failed(&self, pass: &dyn Pass, ir: &Ir, op: OpRef) {
        if self.config.after_only_on_change {
            self.fingerprints
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .remove(&pass_key(pass));
        }
        if self.config.after.matches(pass) {
            let text = self.dump("After", true, pass, ir, op);
            self.emit(pass, ir, op, &text);
        }
    }
}
