//! `rmlir-opt`: the mlir-opt-compatible driver, as a library so that
//! downstream tools reuse it (`rmlir-opt` itself is `src/main.rs`). Reads MLIR text (a file or
//! `-`), optionally split into chunks (`--split-input-file`), parses and
//! verifies each chunk, runs the pass pipeline on it (`--pass-pipeline=` or
//! one flag per registered pass, e.g. `--cse`), and prints it back with
//! mlir-opt's printing flags. The driver itself is [`rmlir_opt_main`] over a
//! [`PassRegistry`] and a dialect registration hook, so a downstream tool
//! with its own dialects and passes is a few lines (see
//! `examples/custom-opt`).

use std::io::{Read, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::{Arg, ArgAction, ArgMatches, CommandFactory, FromArgMatches};
use mlir_ir::asm::{parse_source_chunk, printer, ParseConfig, PrintFlags};
use mlir_ir::diagnostics::DiagnosticPrinters;
use mlir_ir::source_mgr::{SharedWriter, SourceMgr, SourceMgrDiagnosticHandler};
use mlir_ir::verify_diagnostics::{DiagnosticVerifier, VerifyMode};
use mlir_ir::{Context, Ir, OpRef};
use mlir_transforms::pass::report::{
    format_statistics_report, format_timing_report_as, timing_entries, TimingEntry,
};
use mlir_transforms::pass::{DisplayMode, OpPassManager, PassManager, PassRegistry};
use mlir_transforms::pipeline::{parse_pass_pipeline, PipelineError};

mod debug_log;

/// `--mlir-print-debuginfo` and `--mlir-print-op-generic`, read by the op
/// printer of diagnostics (MLIR's default printing flags come from the
/// command line too).
static DEBUGINFO: AtomicBool = AtomicBool::new(false);
static PRINT_GENERIC: AtomicBool = AtomicBool::new(false);

/// Prints an op for a diagnostic (`see current operation:` notes, ops in
/// messages) with the flags MLIR's `Diagnostic::appendOp` uses: the
/// command line's, then local scope, elements attributes of more than 16
/// elements elided, and the generic form when asked (in errors).
fn print_op_for_diagnostic(ir: &Ir, op: OpRef, generic: bool) -> String {
    let flags = PrintFlags {
        generic: generic || PRINT_GENERIC.load(Ordering::Relaxed),
        debuginfo: DEBUGINFO.load(Ordering::Relaxed),
        local_scope: true,
        elide_elements_larger_than: Some(16),
        ..Default::default()
    };
    printer::print_op_local(ir, op, &flags)
}

fn print_attr_for_diagnostic(ctx: &Context, a: mlir_ir::Attribute) -> String {
    let flags = PrintFlags::default();
    let p = printer::attrs::AttrPrinter::new(ctx, &flags, None);
    let mut s = String::new();
    p.print_attr(&mut s, a);
    s
}

/// mlir-opt's further printing flags of the text format (MLIR's
/// `AsmPrinter` command-line options).
#[derive(clap::Args, Debug)]
struct TextFormatOpts {
    /// Elide ElementsAttrs with "..." that have more elements than the given upper limit.
    #[arg(
        long = "mlir-elide-elementsattrs-if-larger",
        value_name = "uint",
        require_equals = true
    )]
    elide_elementsattrs_if_larger: Option<u64>,
    /// Elide printing value of resources if string is too long in chars.
    #[arg(
        long = "mlir-elide-resource-strings-if-larger",
        value_name = "uint",
        require_equals = true
    )]
    elide_resource_strings_if_larger: Option<u64>,
    /// Print pretty debug info in MLIR output.
    #[arg(long = "mlir-pretty-debuginfo")]
    pretty_debuginfo: bool,
    /// Print unique SSA ID numbers for values, block arguments and naming conflicts across all regions.
    #[arg(long = "mlir-print-unique-ssa-ids")]
    print_unique_ssa_ids: bool,
    /// Print users of operation results and block arguments as a comment.
    #[arg(long = "mlir-print-value-users")]
    print_value_users: bool,
    /// Skip op verification when using custom printers.
    #[arg(long = "mlir-print-assume-verified")]
    print_assume_verified: bool,
}

/// Command-line options (names and meanings as mlir-opt's). The per-pass
/// flags are added at run time from the pass registry.
#[derive(clap::Parser, Debug)]
#[command(name = "rmlir-opt", about = "MLIR modular optimizer driver (rmlir)")]
struct Opts {
    /// Input file (`-` for standard input).
    #[arg(default_value = "-")]
    input: String,
    /// Output file.
    #[arg(short = 'o', default_value = "-")]
    output: String,
    /// Split the input into chunks at `// -----` and process each on its own.
    #[arg(long = "split-input-file", num_args = 0..=1, default_missing_value = "// -----", require_equals = true)]
    split_input_file: Option<String>,
    /// Split marker to print between output chunks.
    #[arg(long = "output-split-marker", default_value = "// -----")]
    output_split_marker: String,
    /// Check `expected-*` comments against the emitted diagnostics.
    #[arg(long = "verify-diagnostics")]
    verify_diagnostics: bool,
    /// Print every op in the generic form.
    #[arg(long = "mlir-print-op-generic")]
    print_op_generic: bool,
    /// Print locations.
    #[arg(long = "mlir-print-debuginfo")]
    print_debuginfo: bool,
    /// Print without aliases.
    #[arg(long = "mlir-print-local-scope")]
    print_local_scope: bool,
    /// The text-format printing flags (one block, see [`TextFormatOpts`]).
    #[command(flatten)]
    text_format: TextFormatOpts,
    /// The rewrite-trace flags (one block, see [`RewriteTraceOpts`]).
    #[command(flatten)]
    rewrite_trace: RewriteTraceOpts,
    /// Accept ops, types and attributes of dialects that are not registered.
    #[arg(long = "allow-unregistered-dialect")]
    allow_unregistered_dialect: bool,
    /// Run nested pass pipelines on one thread (the output never depends on it).
    #[arg(long = "mlir-disable-threading")]
    disable_threading: bool,
    /// rmlir only: re-match every op in every canonicalizer run, as
    /// mlir-opt does, instead of revisiting only what changed since the
    /// last run reached a fixpoint (for comparing; the output is the same).
    #[arg(long = "rmlir-full-rewrite-runs")]
    full_rewrite_runs: bool,
    /// Display execution times (parser, each pass, output) on stderr.
    #[arg(long = "mlir-timing")]
    timing: bool,
    /// Display method for timing data.
    #[arg(long = "mlir-timing-display", default_value = "tree", value_parser = ["list", "tree"])]
    timing_display: String,
    /// Display the statistics of each pass.
    #[arg(long = "mlir-pass-statistics")]
    pass_statistics: bool,
    /// Display method for pass statistics.
    #[arg(long = "mlir-pass-statistics-display", default_value = "pipeline", value_parser = ["list", "pipeline"])]
    pass_statistics_display: String,
    /// Run the verifier after each transformation pass (and after parsing).
    #[arg(long = "verify-each", default_value = "true", action = clap::ArgAction::Set)]
    verify_each: bool,
    /// Textual description of the pass pipeline to run.
    #[arg(long = "pass-pipeline")]
    pass_pipeline: Option<String>,
    /// Print the pipeline that will be run.
    #[arg(long = "dump-pass-pipeline")]
    dump_pass_pipeline: bool,
    /// Check around every pattern application and fold of the greedy and
    /// walk drivers that patterns keep their contract (upstream's
    /// `MLIR_ENABLE_EXPENSIVE_PATTERN_API_CHECKS`, a build option there).
    #[arg(long = "mlir-enable-expensive-pattern-checks")]
    expensive_pattern_checks: bool,
    /// Write a Chrome trace (JSON) of the actions executed (pass runs,
    /// conversions, pattern applications) to this file, `-` for stdout.
    #[arg(
        long = "profile-actions-to",
        value_name = "FILE",
        require_equals = true
    )]
    profile_actions_to: Option<String>,
    /// Print all debug output (LLVM's `-debug`) on stderr.
    #[arg(long = "debug")]
    debug: bool,
    /// Print the debug output of these components only, e.g.
    /// `greedy-rewriter,walk-rewriter` (LLVM's `-debug-only`).
    #[arg(long = "debug-only", value_name = "TYPES", require_equals = true)]
    debug_only: Vec<String>,
    #[command(flatten)]
    pm: PassManagerOpts,
}

/// The pass-manager instrumentation and debugging options (MLIR's
/// `PassManagerOptions`, crash reproducers, debug counters, actions).
#[derive(clap::Args, Debug)]
struct PassManagerOpts {
    /// Print IR before specified passes.
    #[arg(
        long = "mlir-print-ir-before",
        value_name = "pass-arg",
        value_delimiter = ',',
        require_equals = true
    )]
    print_ir_before: Vec<String>,
    /// Print IR after specified passes.
    #[arg(
        long = "mlir-print-ir-after",
        value_name = "pass-arg",
        value_delimiter = ',',
        require_equals = true
    )]
    print_ir_after: Vec<String>,
    /// Print IR before each pass.
    #[arg(long = "mlir-print-ir-before-all")]
    print_ir_before_all: bool,
    /// Print IR after each pass.
    #[arg(long = "mlir-print-ir-after-all")]
    print_ir_after_all: bool,
    /// When printing the IR after a pass, only print if the IR changed.
    #[arg(long = "mlir-print-ir-after-change")]
    print_ir_after_change: bool,
    /// When printing the IR after a pass, only print if the pass failed.
    #[arg(long = "mlir-print-ir-after-failure")]
    print_ir_after_failure: bool,
    /// When printing IR for print-ir-[before|after]{-all} always print the top-level operation.
    #[arg(long = "mlir-print-ir-module-scope")]
    print_ir_module_scope: bool,
    /// When printing the IR before/after a pass, print file tree rooted at this directory.
    #[arg(long = "mlir-print-ir-tree-dir", require_equals = true)]
    print_ir_tree_dir: Option<String>,
    /// Generate a .mlir reproducer file at the given output path if the pass manager crashes or fails.
    #[arg(long = "mlir-pass-pipeline-crash-reproducer", require_equals = true)]
    crash_reproducer: Option<String>,
    /// When generating a crash reproducer, attempt to generate a reproducer with the smallest pipeline.
    #[arg(long = "mlir-pass-pipeline-local-reproducer")]
    local_reproducer: bool,
    /// Run the pipeline stored in the reproducer.
    #[arg(long = "run-reproducer")]
    run_reproducer: bool,
    /// Comma separated list of debug counter skip and count arguments.
    #[arg(long = "mlir-debug-counter", require_equals = true)]
    debug_counter: Vec<String>,
    /// Print out debug counter information after all counters have been accumulated.
    #[arg(long = "mlir-print-debug-counter")]
    print_debug_counter: bool,
    /// Log action execution to a file, or stderr if '-' is passed.
    #[arg(long = "log-actions-to", require_equals = true)]
    log_actions_to: Option<String>,
    /// Disable implicit addition of a top-level module op during parsing.
    #[arg(long = "no-implicit-module")]
    no_implicit_module: bool,
    /// Print the list of registered passes and exit.
    #[arg(long = "list-passes")]
    list_passes: bool,
    /// Print the list of registered dialects and exit.
    #[arg(long = "show-dialects")]
    show_dialects: bool,
    /// Output format for timing data.
    #[arg(long = "mlir-output-format", default_value = "text", value_parser = ["text", "json"])]
    output_format: String,
}

/// Byte ranges of the chunks of `text` split at `marker`, and the offsets
/// of near misses (mlir-opt's `splitAndProcessBuffer`): the text is cut at
/// the marker without its last two characters; a cut followed by those two
/// characters and no further `-` is a split, any other cut is a near miss
/// (warned about, and not a split).
fn split_chunks(text: &str, marker: &str) -> (Vec<(usize, usize)>, Vec<usize>) {
    const CHECK_LEN: usize = 2;
    let cut_at = marker.len().saturating_sub(CHECK_LEN);
    let (prefix, suffix) = marker.split_at(cut_at);
    if prefix.is_empty() {
        return (vec![(0, text.len())], Vec::new());
    }
    let mut chunks = Vec::new();
    let mut near_misses = Vec::new();
    let mut start = 0;
    let mut search = 0;
    while let Some(i) = text[search..].find(prefix) {
        let at = search + i;
        let after = at + prefix.len();
        let rest = &text[after..];
        if rest.starts_with(suffix) && rest.len() > CHECK_LEN && rest.as_bytes()[CHECK_LEN] != b'-'
        {
            chunks.push((start, at));
            start = after + suffix.len();
        } else {
            near_misses.push(after);
        }
        search = after;
    }
    chunks.push((start, text.len()));
    (chunks, near_misses)
}

/// The number of line breaks in `s`.
fn count_newlines(s: &str) -> u32 {
    mlir_ir::asm::lexer::count_newlines(s.as_bytes()) as u32
}

/// Prints the near-miss warnings of [`split_chunks`] as `llvm::SourceMgr`
/// does: position, message, the source line and a caret.
fn warn_near_misses(filename: &str, text: &str, offsets: &[usize]) {
    // The offsets ascend: count lines incrementally (linear in the file).
    let (mut counted_to, mut newlines) = (0usize, 0u32);
    for &at in offsets {
        let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[at..].find('\n').map_or(text.len(), |i| at + i);
        newlines += count_newlines(&text[counted_to..at]);
        counted_to = at;
        let line_no = newlines + 1;
        let col = at - line_start + 1;
        eprintln!(
            "{filename}:{line_no}:{col}: warning: near miss with file split marker\n{}\n{:w$}^",
            &text[line_start..line_end],
            "",
            w = col - 1
        );
    }
}

/// Wall time per phase and per pass, summed over chunks (`--mlir-timing`).
#[derive(Default)]
struct Timing {
    /// Parsing and the verification that follows it (mlir-opt's `Parser`).
    parser: Duration,
    output: Duration,
    /// The pass timings, merged line by line across chunks.
    passes: Vec<TimingEntry>,
}

impl Timing {
    fn add_passes(&mut self, entries: Vec<TimingEntry>) {
        if self.passes.is_empty() {
            self.passes = entries;
            return;
        }
        for (acc, e) in self.passes.iter_mut().zip(entries) {
            acc.wall += e.wall;
            acc.user += e.user;
        }
    }

    /// Prints mlir-opt's execution time report to stderr: `Parser`, the
    /// pass pipeline, `Output`, and the `Rest` of the total.
    fn report(&self, total: Duration, show_user: bool, mode: DisplayMode, json: bool) {
        let mut entries = vec![TimingEntry {
            name: "Parser".into(),
            depth: 0,
            wall: self.parser,
            user: self.parser,
            collection: false,
        }];
        entries.extend(self.passes.iter().cloned());
        entries.push(TimingEntry {
            name: "Output".into(),
            depth: 0,
            wall: self.output,
            user: self.output,
            collection: false,
        });
        let top = |e: &&TimingEntry| e.depth == 0;
        let top_wall: Duration = entries.iter().filter(top).map(|e| e.wall).sum();
        let top_user: Duration = entries.iter().filter(top).map(|e| e.user).sum();
        let rest = total.saturating_sub(top_wall);
        entries.push(TimingEntry {
            name: "Rest".into(),
            depth: 0,
            wall: rest,
            user: rest,
            collection: false,
        });
        let total_user = top_user + rest;
        eprint!(
            "{}",
            format_timing_report_as(&entries, top_wall + rest, total_user, show_user, mode, json)
        );
    }
}

/// Where the pass pipeline of each chunk comes from.
enum PipelineSpec {
    None,
    /// `--pass-pipeline=...`, already parsed once to report errors early.
    Text(String),
    /// Per-pass flags in command-line order: (pass argument, options).
    Flags(Vec<(String, String)>),
}

/// Prints a pipeline error as mlir-opt does: `llvm::cl` messages prefixed
/// with the tool name, then one error at an unknown location.
fn report_pipeline_error(tool: &str, e: &PipelineError, message: &str) {
    for m in &e.cl_messages {
        eprintln!("{tool}: {m}");
    }
    eprintln!("<unknown>:0: error: {message}");
}

/// Builds the pass manager of a chunk whose top-level op is `anchor`.
fn build_pass_manager(
    tool: &str,
    spec: &PipelineSpec,
    registry: &PassRegistry,
    anchor: &str,
) -> Result<Option<OpPassManager>, ()> {
    match spec {
        PipelineSpec::None => Ok(None),
        PipelineSpec::Text(t) => match parse_pass_pipeline(t, registry) {
            Ok(pm) => Ok(Some(pm)),
            Err(e) => {
                report_pipeline_error(tool, &e, &e.message);
                Err(())
            }
        },
        PipelineSpec::Flags(flags) => {
            // Per-pass flags nest implicitly under the top-level op, as
            // mlir-opt's pass-name parser does.
            let mut pm = OpPassManager::new(anchor);
            for (arg, options) in flags {
                let entry = registry.lookup(arg).expect("flags come from the registry");
                if let Err(e) = entry.add_to_pipeline(&mut pm, options) {
                    // The error handler of a single pass flag adds no newline.
                    let msg = e.message.strip_suffix('\n').unwrap_or(&e.message);
                    report_pipeline_error(tool, &e, msg);
                    return Err(());
                }
            }
            Ok(Some(pm))
        }
    }
}

/// Everything a chunk needs besides its text.
struct Session<'a> {
    tool: &'a str,
    opts: &'a Opts,
    flags: &'a PrintFlags,
    config: &'a ParseConfig,
    registry: &'a PassRegistry,
    spec: &'a PipelineSpec,
}

/// Parses, verifies, runs the pipeline on and prints one chunk; diagnostics
/// go to the installed handler. Returns whether it succeeded.
/// The threads the verifier and the pass manager use: one with
/// `--mlir-disable-threading`, else one per hardware thread as mlir-opt, or
/// (rmlir only) `RMLIR_NUM_THREADS=N`, so that the determinism test runs
/// with a known count on any machine.
fn worker_threads(opts: &Opts) -> usize {
    if opts.disable_threading {
        return 1;
    }
    std::env::var("RMLIR_NUM_THREADS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .map_or_else(mlir_transforms::pass::manager::hardware_threads, |n| {
            n.max(1)
        })
}

/// Parses, verifies, transforms and prints one chunk of the input. `text`
/// is the whole input; it is dropped after parsing, and `mgr` releases its
/// file buffers (the last chunk's), so the source is freed then.
fn process_chunk(
    s: &Session<'_>,
    ctx: &Arc<Context>,
    (text, mgr): (Arc<str>, &SourceMgr),
    (start, end, lines_before): (usize, usize, u32),
    out: &mut dyn Write,
    timing: &mut Timing,
) -> bool {
    let opts = s.opts;
    let t0 = Instant::now();
    let parsed = parse_source_chunk(ctx.clone(), &text, start, end, lines_before, s.config);
    drop(text);
    mgr.release_sources();
    let (mut ir, top) = match parsed {
        Ok(r) => r,
        Err(diags) => {
            timing.parser += t0.elapsed();
            for d in diags {
                ctx.emit(d);
            }
            return false;
        }
    };
    let top = if opts.pm.no_implicit_module {
        match single_top_level_op(&ir, top, start) {
            Ok(op) => op,
            Err(d) => {
                timing.parser += t0.elapsed();
                ctx.emit(d);
                return false;
            }
        }
    } else {
        top
    };
    // A verifier hook that panics is an error too, not a crash.
    let threads = worker_threads(opts);
    let verified = !opts.verify_each
        || match mlir_transforms::pass::crash::catch(|| {
            mlir_ir::verifier::verify_parallel(&ir, top, threads)
        }) {
            Ok(r) => r.is_ok(),
            Err(report) => {
                let d = mlir_ir::Diagnostic::error(
                    ir.op_loc(top),
                    format!("the verifier panicked: {}", report.message),
                );
                ctx.emit(d);
                false
            }
        };
    timing.parser += t0.elapsed();
    if !verified {
        return false;
    }
    let anchor = ir.op_name_str(top).to_string();
    let pm = match build_pass_manager(s.tool, s.spec, s.registry, &anchor) {
        Ok(pm) => pm,
        Err(()) => return false,
    };
    if let Some(pm) = pm {
        if opts.dump_pass_pipeline {
            eprintln!("Pass Manager with {} passes:", pm.size());
            eprintln!("{}\n", pm.print_textual(true));
        }
        let mut pm = PassManager::from_op_pass_manager(pm);
        pm.enable_verifier(opts.verify_each);
        pm.enable_threading(!opts.disable_threading);
        mlir_transforms::greedy::set_incremental_rewrites(!opts.full_rewrite_runs);
        if !opts.disable_threading {
            pm.set_num_threads(threads);
        }
        pm.enable_timing(opts.timing);
        if let Err(msg) = add_instrumentations(&mut pm, &opts.pm, s.flags) {
            ctx.emit(mlir_ir::Diagnostic::error(ctx.unknown_loc(), msg));
            return false;
        }
        let tracing = match rewrite_trace_start(opts, &ir, top) {
            Ok(t) => t,
            Err(msg) => {
                ctx.emit(mlir_ir::Diagnostic::error(ctx.unknown_loc(), msg));
                return false;
            }
        };
        if tracing {
            // The trace keys ops by their slot in the one arena.
            pm.enable_threading(false);
        }
        let ran = pm.run(&mut ir, top);
        if tracing && !rewrite_trace_write(opts, &ir, top, s.flags) {
            return false;
        }
        if opts.timing {
            timing.add_passes(timing_entries(&pm, 0));
        }
        if opts.pass_statistics {
            let mode = if opts.pass_statistics_display == "list" {
                DisplayMode::List
            } else {
                DisplayMode::Pipeline
            };
            eprint!("{}", format_statistics_report(&pm, mode));
        }
        if ran.is_err() {
            return false;
        }
    }
    let t2 = Instant::now();
    // With the verifier on, the IR was verified after parsing and after
    // every pass that changed it, so the printer need not re-check each
    // op's invariants before using its custom form.
    let flags = PrintFlags {
        invariants_verified: opts.verify_each,
        ..s.flags.clone()
    };
    let printed = printer::print_top_level(&ir, top, &flags, out);
    timing.output += t2.elapsed();
    if let Err(e) = printed {
        eprintln!("error: could not write output: {e}");
        return false;
    }
    // mlir-opt ends every processed buffer with an empty line (the top-level
    // printer's newline and its own), except in local scope, where the op is
    // not printed as a top-level op and only mlir-opt's newline follows it.
    if !s.flags.local_scope {
        let _ = writeln!(out);
    }
    true
}

/// With `--no-implicit-module`, the one op the source holds (MLIR's rule:
/// anything else is `source must contain a single top-level operation`).
/// The parser wraps several ops, or one op that is not a module, in an
/// implicit module located at the start of the chunk (line 0 for the first);
/// an explicit module is located at its keyword.
fn single_top_level_op(
    ir: &Ir,
    top: OpRef,
    chunk_start: usize,
) -> Result<OpRef, mlir_ir::Diagnostic> {
    let implicit = match ir.ctx().attr(ir.op_loc(top).0) {
        mlir_ir::AttrKind::FileLineColLoc { line, .. } => *line == 0 || chunk_start > 0,
        _ => false,
    };
    if !implicit {
        return Ok(top);
    }
    let ops: Vec<OpRef> = ir
        .regions(top)
        .iter()
        .flat_map(|&r| ir.region_blocks(r).collect::<Vec<_>>())
        .flat_map(|b| ir.block_ops(b).collect::<Vec<_>>())
        .collect();
    if ops.len() == 1 {
        return Ok(ops[0]);
    }
    Err(mlir_ir::Diagnostic::error(
        ir.op_loc(top),
        format!(
            "source must contain a single top-level operation, found: {}",
            ops.len()
        ),
    ))
}

/// Adds the instrumentations the command line asks for: IR printing
/// (MLIR's `PassManagerOptions::addPrinterInstrumentation`) and the crash
/// reproducer.
fn add_instrumentations(
    pm: &mut PassManager,
    o: &PassManagerOpts,
    flags: &PrintFlags,
) -> Result<(), String> {
    use mlir_transforms::pass::{IrPrinter, IrPrinterConfig, PassFilter, ReproducerConfig};
    let before = if o.print_ir_before_all {
        PassFilter::All
    } else if !o.print_ir_before.is_empty() {
        PassFilter::Arguments(o.print_ir_before.clone())
    } else {
        PassFilter::Never
    };
    let after = if o.print_ir_after_all || o.print_ir_after_failure {
        PassFilter::All
    } else if !o.print_ir_after.is_empty() {
        PassFilter::Arguments(o.print_ir_after.clone())
    } else {
        PassFilter::Never
    };
    if before.is_enabled() || after.is_enabled() {
        if o.print_ir_module_scope && pm.threading_enabled() {
            return Err("IR print for module scope can't be setup on a pass-manager without disabling multi-threading first.".into());
        }
        pm.add_instrumentation(Arc::new(IrPrinter::new(IrPrinterConfig {
            before,
            after,
            module_scope: o.print_ir_module_scope,
            after_only_on_change: o.print_ir_after_change,
            after_only_on_failure: o.print_ir_after_failure,
            flags: flags.clone(),
            tree_dir: o.print_ir_tree_dir.as_ref().map(Into::into),
        })));
    }
    if let Some(path) = &o.crash_reproducer {
        pm.enable_crash_reproducer(ReproducerConfig {
            path: path.into(),
            local: o.local_reproducer,
        })?;
    }
    Ok(())
}

/// The `mlir_reproducer` entry of a reproducer's `external_resources`:
/// (pipeline, disable_threading, verify_each).
fn read_reproducer_config(text: &str) -> Option<(String, Option<bool>, Option<bool>)> {
    let start = text.find("mlir_reproducer")?;
    let body = &text[start..];
    let body = &body[..body.find("#-}")?];
    let mut pipeline = None;
    let mut threading = None;
    let mut verify = None;
    let mut rest = body;
    while let Some(i) = rest.find(|c: char| c.is_ascii_alphabetic()) {
        rest = &rest[i..];
        let key_end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))?;
        let key = &rest[..key_end];
        rest = rest[key_end..].trim_start();
        let Some(r) = rest.strip_prefix(':') else {
            continue;
        };
        rest = r.trim_start();
        if let Some(r) = rest.strip_prefix('"') {
            // A string literal with MLIR's escapes.
            let mut value = String::new();
            let mut chars = r.char_indices();
            let mut end = r.len();
            while let Some((i, c)) = chars.next() {
                match c {
                    '"' => {
                        end = i + 1;
                        break;
                    }
                    '\\' => match chars.next() {
                        Some((_, 'n')) => value.push('\n'),
                        Some((_, 't')) => value.push('\t'),
                        Some((_, c)) => value.push(c),
                        None => {}
                    },
                    c => value.push(c),
                }
            }
            rest = &r[end..];
            if key == "pipeline" {
                pipeline = Some(value);
            }
        } else {
            let v_end = rest
                .find(|c: char| !c.is_ascii_alphanumeric())
                .unwrap_or(rest.len());
            let v = &rest[..v_end];
            rest = &rest[v_end..];
            let b = match v {
                "true" => Some(true),
                "false" => Some(false),
                _ => None,
            };
            match key {
                "disable_threading" => threading = b,
                "verify_each" => verify = b,
                _ => {}
            }
        }
    }
    Some((pipeline?, threading, verify))
}

/// Logs every action (`--log-actions-to`) as mlir-opt's `ActionLogger`:
/// `[thread NAME] begins (no breakpoint) Action ...` and `completed`.
struct ActionLogger {
    out: Mutex<Box<dyn Write + Send>>,
    tool: String,
}

impl mlir_ir::action::ActionHandler for ActionLogger {
    fn begin(&self, _tag: &str, desc: &dyn Fn() -> String) {
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(
            out,
            "[thread {}] begins (no breakpoint) Action {}`",
            self.tool,
            desc()
        );
        let _ = out.flush();
    }
    fn end(&self, tag: &str) {
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(out, "[thread {}] completed `{tag}`", self.tool);
        let _ = out.flush();
    }
}

/// The output of `-profile-actions-to`: standard output for `-`, else the
/// file, created anew (for each chunk, as mlir-opt does).
fn open_profile_output(path: &str) -> std::io::Result<Box<dyn Write + Send>> {
    if path == "-" {
        Ok(Box::new(std::io::stdout()))
    } else {
        Ok(Box::new(std::fs::File::create(path)?))
    }
}

/// The clap command: the static options plus one flag per registered pass
/// (`--cse`, `--canonicalize[=options]`) under the `Passes` heading.
fn command(registry: &PassRegistry) -> clap::Command {
    let mut cmd = Opts::command().next_help_heading("Passes");
    for entry in registry.entries() {
        let mut long_help = entry.description.clone();
        if !entry.options.is_empty() {
            long_help.push('\n');
            long_help.push_str(
                entry
                    .options
                    .help(2, 2 + entry.options.help_width() + 2)
                    .trim_end(),
            );
        }
        cmd = cmd.arg(
            Arg::new(format!("pass:{}", entry.argument))
                .long(entry.argument.clone())
                .help(entry.description.clone())
                .long_help(long_help)
                .num_args(0..=1)
                .require_equals(true)
                .default_missing_value("")
                .value_name("OPTIONS")
                .action(ArgAction::Append),
        );
    }
    cmd
}

/// The command line with LLVM's single-dash long options (`-split-input-file`,
/// `-test-single-fold`, as upstream RUN lines spell them) turned into the
/// double-dash form clap parses, and boolean flags given a value
/// (`-mlir-disable-threading=true`, which `llvm::cl` accepts) turned into
/// the bare flag or dropped. A single-dash argument starting with `-o` that
/// names no long option is `-o` with its value attached (`-ofile`), as in
/// `llvm::cl`. `-`, `-o` and everything after `--` are left alone.
fn llvm_style_args(
    args: impl Iterator<Item = std::ffi::OsString>,
    cmd: &clap::Command,
) -> Result<Vec<std::ffi::OsString>, String> {
    let mut longs = std::collections::HashSet::new();
    let mut flags = std::collections::HashSet::new();
    for a in cmd.get_arguments() {
        if let Some(l) = a.get_long() {
            longs.insert(l.to_string());
            if matches!(a.get_action(), ArgAction::SetTrue) {
                flags.insert(l.to_string());
            }
        }
    }
    let mut out = Vec::new();
    let mut rest = false;
    for a in args {
        let Some(s) = a
            .to_str()
            .filter(|s| !rest && s.starts_with('-') && s.len() > 2)
        else {
            rest |= a == "--";
            out.push(a);
            continue;
        };
        if s == "--" {
            rest = true;
            out.push(a);
            continue;
        }
        let single = !s.starts_with("--");
        let body = s.trim_start_matches('-');
        let (name, value) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (body, None),
        };
        if single && s.starts_with("-o") && !longs.contains(name) {
            out.push(a);
            continue;
        }
        match (flags.contains(name), value) {
            (true, Some(v)) => match v {
                "true" | "TRUE" | "True" | "1" => out.push(format!("--{name}").into()),
                "false" | "FALSE" | "False" | "0" => {}
                _ => {
                    return Err(format!(
                        "for the --{name} option: '{v}' is invalid value for boolean argument! Try 0 or 1"
                    ))
                }
            },
            _ if single => out.push(format!("-{s}").into()),
            _ => out.push(a),
        }
    }
    Ok(out)
}

/// `--list-passes`: every registered pass with its options, in `--help`'s
/// layout (pass pipelines are not listed, as in mlir-opt; `--help` has them).
fn list_passes(registry: &PassRegistry) -> String {
    let passes = || registry.entries().filter(|e| !e.is_pipeline());
    let width = passes()
        .map(|e| (e.argument.len() + 4).max(e.options.help_width() + 4))
        .max()
        .unwrap_or(0)
        + 2;
    let mut out = String::from("Passes:\n");
    for e in passes() {
        let arg = format!("  --{}", e.argument);
        out.push_str(&format!("{arg:<width$}-   {}\n", e.description));
        out.push_str(&e.options.help(4, width));
    }
    out
}

/// The per-pass flags given on the command line, in command-line order.
fn pass_flags(matches: &ArgMatches, registry: &PassRegistry) -> Vec<(String, String)> {
    let mut flags: Vec<(usize, String, String)> = Vec::new();
    for entry in registry.entries() {
        let id = format!("pass:{}", entry.argument);
        if let (Some(idx), Some(vals)) = (matches.indices_of(&id), matches.get_many::<String>(&id))
        {
            for (i, v) in idx.zip(vals) {
                flags.push((i, entry.argument.clone(), v.clone()));
            }
        }
    }
    flags.sort_by_key(|f| f.0);
    flags.into_iter().map(|(_, a, o)| (a, o)).collect()
}

/// The whole driver (MLIR's `MlirOptMain`): command line, input, chunks,
/// pipeline, output, reports. `tool` is the name used in help and in
/// `llvm::cl`-style messages, `registry` provides the passes (one flag
/// each, and the names textual pipelines may use), and
/// `register_dialects` loads the tool's dialects into a new context (a
/// closure, so it may capture the tool's own state).
pub fn rmlir_opt_main(
    tool: &str,
    registry: &PassRegistry,
    register_dialects: impl Fn(&mut Context),
) -> ExitCode {
    let start_time = Instant::now();
    mlir_transforms::pass::crash::install_panic_hook();
    let cmd = command(registry).name(tool.to_string());
    let args = match llvm_style_args(std::env::args_os(), &cmd) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{tool}: {e}");
            return ExitCode::from(1);
        }
    };
    let matches = cmd.get_matches_from(args);
    let mut opts = match Opts::from_arg_matches(&matches) {
        Ok(o) => o,
        Err(e) => e.exit(),
    };
    if opts.pm.list_passes {
        print!("{}", list_passes(registry));
        return ExitCode::SUCCESS;
    }
    if opts.pm.show_dialects {
        let mut ctx = Context::new();
        register_dialects(&mut ctx);
        let mut names: Vec<String> = ctx
            .dialect_namespaces()
            .iter()
            .map(|s| s.to_string())
            .collect();
        names.sort();
        println!("Available Dialects: {}", names.join(","));
        return ExitCode::SUCCESS;
    }
    // `--mlir-print-ir-before/after=` name registered passes, as llvm::cl's
    // pass-name parser checks.
    for (flag, names) in [
        ("mlir-print-ir-before", &opts.pm.print_ir_before),
        ("mlir-print-ir-after", &opts.pm.print_ir_after),
    ] {
        if let Some(bad) = names.iter().find(|n| registry.create_pass(n).is_none()) {
            eprintln!("{tool}: for the --{flag} option: Cannot find option named '{bad}'!");
            return ExitCode::from(1);
        }
    }
    // Passes that build pipelines at run time resolve names here.
    PassRegistry::install_global(Arc::new(registry.clone()));
    let debug_counter =
        (!opts.pm.debug_counter.is_empty() || opts.pm.print_debug_counter).then(|| {
            let (counter, errors) = mlir_ir::action::DebugCounter::parse(&opts.pm.debug_counter);
            for e in errors {
                eprintln!("{tool}: --mlir-debug-counter: {e}");
            }
            let counter = Arc::new(counter);
            mlir_ir::action::set_debug_counter(Some(counter.clone()));
            counter
        });
    debug_log::install(opts.debug, &opts.debug_only);
    mlir_transforms::greedy::set_expensive_pattern_checks(opts.expensive_pattern_checks);
    let flags_in_order = pass_flags(&matches, registry);
    let spec = match (&opts.pass_pipeline, flags_in_order.is_empty()) {
        (Some(_), false) => {
            eprintln!(
                "<unknown>:0: error: '-pass-pipeline' option can't be used with individual pass options"
            );
            return ExitCode::from(1);
        }
        (Some(t), true) => {
            // Report a malformed pipeline before reading any input.
            if let Err(e) = parse_pass_pipeline(t, registry) {
                report_pipeline_error(tool, &e, &e.message);
                return ExitCode::from(1);
            }
            PipelineSpec::Text(t.clone())
        }
        (None, false) => PipelineSpec::Flags(flags_in_order),
        (None, true) => PipelineSpec::None,
    };
    // Input is bytes, as for mlir-opt: invalid UTF-8 is kept for comments and
    // string literals and reported where it is anywhere else (`source_bytes`).
    let bytes: Arc<[u8]>;
    let filename = if opts.input == "-" {
        let mut read = Vec::new();
        if std::io::stdin().read_to_end(&mut read).is_err() {
            eprintln!("error: could not read standard input");
            return ExitCode::from(1);
        }
        bytes = Arc::from(read);
        "<stdin>".to_string()
    } else {
        match mlir_ir::asm::source_bytes::read_file_shared(opts.input.as_ref()) {
            Ok(b) => bytes = b,
            Err(e) => {
                eprintln!("error: could not open input file {}: {e}", opts.input);
                return ExitCode::from(1);
            }
        }
        opts.input.clone()
    };

    // `--run-reproducer`: the pipeline and settings stored in the input.
    let spec = if opts.pm.run_reproducer {
        match read_reproducer_config(&String::from_utf8_lossy(&bytes)) {
            Some((pipeline, disable_threading, verify_each)) => {
                if let Err(e) = parse_pass_pipeline(&pipeline, registry) {
                    report_pipeline_error(tool, &e, &e.message);
                    return ExitCode::from(1);
                }
                if let Some(d) = disable_threading {
                    opts.disable_threading = d;
                }
                if let Some(v) = verify_each {
                    opts.verify_each = v;
                }
                PipelineSpec::Text(pipeline)
            }
            None => spec,
        }
    } else {
        spec
    };
    if let Some(path) = &opts.pm.log_actions_to {
        let out: Box<dyn Write + Send> = if path == "-" {
            Box::new(std::io::stdout())
        } else {
            match std::fs::File::create(path) {
                Ok(f) => Box::new(f),
                Err(e) => {
                    eprintln!("error: could not open action log file {path}: {e}");
                    return ExitCode::from(1);
                }
            }
        };
        mlir_ir::action::set_action_handler(Some(Arc::new(ActionLogger {
            out: Mutex::new(out),
            tool: tool.to_string(),
        })));
    }

    // Shared with the diagnostics source manager, so the input is held once.
    let text: Arc<str> = mlir_ir::asm::source_bytes::decode_shared(bytes);
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(opts.allow_unregistered_dialect);
    register_dialects(&mut ctx);
    let ctx = Arc::new(ctx);

    let flags = PrintFlags {
        generic: opts.print_op_generic,
        debuginfo: opts.print_debuginfo,
        local_scope: opts.print_local_scope,
        elide_elements_larger_than: opts.text_format.elide_elementsattrs_if_larger,
        elide_resource_strings_larger_than: opts.text_format.elide_resource_strings_if_larger,
        pretty_debuginfo: opts.text_format.pretty_debuginfo,
        unique_ssa_ids: opts.text_format.print_unique_ssa_ids,
        value_users: opts.text_format.print_value_users,
        assume_verified: opts.text_format.print_assume_verified,
        invariants_verified: false,
    };
    let config = ParseConfig { filename };
    // Graph views elide elements attributes as the printer does (mlir-opt
    // reads the same command-line flag there).
    if let Some(n) = opts.text_format.elide_elementsattrs_if_larger {
        mlir_transforms::view_op_graph::set_large_elements_limit(n);
    }

    // Standard output is not locked for the whole run: passes may print to
    // it (listener dumps of test passes), also from worker threads.
    let out: Box<dyn Write> = if opts.output == "-" {
        Box::new(std::io::stdout())
    } else {
        match std::fs::File::create(&opts.output) {
            Ok(f) => Box::new(f),
            Err(e) => {
                eprintln!("error: could not open output file {}: {e}", opts.output);
                return ExitCode::from(1);
            }
        }
    };
    let mut out = std::io::BufWriter::with_capacity(1 << 16, out);

    let chunks = match &opts.split_input_file {
        Some(marker) => {
            let (chunks, near_misses) = split_chunks(&text, marker);
            warn_near_misses(&config.filename, &text, &near_misses);
            chunks
        }
        None => vec![(0, text.len())],
    };
    let split = opts.split_input_file.is_some();
    DEBUGINFO.store(opts.print_debuginfo, Ordering::Relaxed);
    PRINT_GENERIC.store(opts.print_op_generic, Ordering::Relaxed);
    ctx.set_diagnostic_printers(DiagnosticPrinters {
        op: Some(print_op_for_diagnostic),
        attr: Some(print_attr_for_diagnostic),
    });
    let errs: SharedWriter = Arc::new(Mutex::new(std::io::stderr()));
    let mut failed = false;
    let mut timing = Timing::default();
    // Lines before the current chunk, counted incrementally: recounting from
    // the start of the file for every chunk made long split inputs quadratic.
    let (mut counted_to, mut line_offset) = (0usize, 0u32);
    let mut text = Some(text);
    for (i, &(start, end)) in chunks.iter().enumerate() {
        if split && i > 0 {
            let _ = writeln!(out, "{}", opts.output_split_marker);
        }
        // Diagnostics refer to the chunk's text, numbered as lines of the file.
        let whole = text
            .clone()
            .expect("the text is taken by the last chunk only");
        line_offset += count_newlines(&whole[counted_to..start]);
        counted_to = start;
        // The last chunk holds the input's last reference to its text: once
        // it is parsed, the text can go (read again from the file if a
        // diagnostic shows a line; see `SourceMgr::release_sources`), so it
        // does not stay resident beside the IR for the rest of the run.
        // Earlier chunks share it with the rest, so releasing theirs would
        // free nothing and make each diagnostic read the file again; the
        // diagnostic checker reads expectations from the text, so it keeps it.
        let last = i + 1 == chunks.len();
        if last {
            text = None;
        }
        let mut mgr = SourceMgr::new();
        if last && opts.input != "-" && !opts.verify_diagnostics {
            let path = &opts.input;
            mgr.add_file_buffer(
                &config.filename,
                path,
                whole.clone(),
                start..end,
                line_offset,
            );
        } else {
            mgr.add_shared_buffer(&config.filename, whole.clone(), start..end, line_offset);
        }
        let mgr = Arc::new(mgr);
        let _ = out.flush();
        // Exactly one handler is installed while the chunk is processed: the
        // expectation checker, or the printer of diagnostics.
        let verifier = opts
            .verify_diagnostics
            .then(|| DiagnosticVerifier::install(&ctx, mgr.clone(), errs.clone(), VerifyMode::All));
        let printer_guard = (!opts.verify_diagnostics)
            .then(|| SourceMgrDiagnosticHandler::install(&ctx, mgr.clone(), errs.clone()));
        let session = Session {
            tool,
            opts: &opts,
            flags: &flags,
            config: &config,
            registry,
            spec: &spec,
        };
        // As mlir-opt, each chunk gets its own action profiler: a JSON array
        // opened before the chunk is parsed and closed after its output.
        let profiler = match &opts.profile_actions_to {
            Some(path) => match open_profile_output(path) {
                Ok(w) => {
                    eprintln!("ExecutionContext registered on the context");
                    let p = Arc::new(mlir_ir::action::ActionProfiler::new(w));
                    mlir_ir::action::set_action_handler(Some(p.clone()));
                    Some(p)
                }
                Err(e) => {
                    eprintln!("error: could not open profile output file {path}: {e}");
                    return ExitCode::from(1);
                }
            },
            None => None,
        };
        if opts.pm.log_actions_to.is_some() {
            eprintln!("ExecutionContext registered on the context");
        }
        let ok = process_chunk(
            &session,
            &ctx,
            (whole, &mgr),
            (start, end, line_offset),
            &mut out,
            &mut timing,
        );
        if let Some(p) = profiler {
            mlir_ir::action::set_action_handler(None);
            let _ = out.flush();
            p.finish();
        }
        drop(printer_guard);
        match verifier {
            Some(v) => failed |= v.finish().is_err(),
            None => failed |= !ok,
        }
    }
    if out.flush().is_err() {
        return ExitCode::from(1);
    }
    if opts.timing {
        let mode = if opts.timing_display == "list" {
            DisplayMode::List
        } else {
            DisplayMode::Pipeline
        };
        let json = opts.pm.output_format == "json";
        timing.report(start_time.elapsed(), !opts.disable_threading, mode, json);
    }
    if let (Some(counter), true) = (debug_counter, opts.pm.print_debug_counter) {
        eprint!("{}", counter.report());
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

// ----------------------------------------------------------------------
// Rewrite provenance (`--mlir-print-rewrite-trace`, docs/TRACE.md)
// ----------------------------------------------------------------------

/// The rewrite-trace flags (see `docs/TRACE.md`).
#[derive(clap::Args, Debug)]
struct RewriteTraceOpts {
    /// Record which pattern or fold created or last changed each output op, and write the trace to FILE.
    #[arg(
        long = "mlir-print-rewrite-trace",
        value_name = "FILE",
        require_equals = true
    )]
    print_rewrite_trace: Option<String>,
    /// Format of the rewrite trace (default: html if FILE ends with .html, else json).
    #[arg(long = "mlir-rewrite-trace-format", value_parser = ["json", "html"], require_equals = true)]
    rewrite_trace_format: Option<String>,
    /// Record every pattern and fold tried on the op at this input location (file:line:col or line:col).
    #[arg(
        long = "mlir-rewrite-trace-op",
        value_name = "LOC",
        require_equals = true
    )]
    rewrite_trace_op: Option<String>,
}

/// Chunks of the input traced so far (the trace of chunk N > 0 of a split
/// input goes to `FILE.N`).
static TRACED_CHUNKS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Starts a rewrite trace of the chunk rooted at `top` if asked to; returns
/// whether one was started, or the error message.
fn rewrite_trace_start(opts: &Opts, ir: &Ir, top: OpRef) -> Result<bool, String> {
    let t = &opts.rewrite_trace;
    if t.print_rewrite_trace.is_none() {
        if t.rewrite_trace_op.is_some() {
            return Err("--mlir-rewrite-trace-op requires --mlir-print-rewrite-trace".into());
        }
        return Ok(false);
    }
    let split = opts.split_input_file.is_some();
    match mlir_transforms::rewrite_trace::start(ir, top, t.rewrite_trace_op.as_deref()) {
        Ok(()) => Ok(true),
        // In a split input the op is in one chunk; the others trace no op.
        Err(_) if split => mlir_transforms::rewrite_trace::start(ir, top, None).map(|()| true),
        Err(e) => Err(format!("--mlir-rewrite-trace-op: {e}")),
    }
}

/// Writes the trace of the chunk rooted at `top`; false (after an error
/// message) if the file cannot be written.
fn rewrite_trace_write(opts: &Opts, ir: &Ir, top: OpRef, flags: &PrintFlags) -> bool {
    let t = &opts.rewrite_trace;
    let (Some(path), Some(report)) = (
        t.print_rewrite_trace.as_deref(),
        mlir_transforms::rewrite_trace::finish(ir, top, flags),
    ) else {
        return true;
    };
    let html = match t.rewrite_trace_format.as_deref() {
        Some(f) => f == "html",
        None => path.ends_with(".html"),
    };
    let text = if html {
        report.to_html()
    } else {
        report.to_json()
    };
    let n = TRACED_CHUNKS.fetch_add(1, Ordering::Relaxed);
    let file = if n == 0 {
        path.to_string()
    } else {
        format!("{path}.{n}")
    };
    match std::fs::write(&file, text) {
        Ok(()) => true,
        Err(e) => {
            eprintln!("error: could not write rewrite trace {file}: {e}");
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_markers_and_near_misses() {
        let text = "a\n// -----\nb\n// ----\nc\n// ------\nd";
        let (chunks, near) = split_chunks(text, "// -----");
        let pieces: Vec<&str> = chunks.iter().map(|&(s, e)| &text[s..e]).collect();
        assert_eq!(pieces, ["a\n", "\nb\n// ----\nc\n// ------\nd"]);
        // `// ----` and `// ------` are near misses, each reported right
        // after the marker's prefix.
        assert_eq!(near.len(), 2);
        assert!(text[near[0]..].starts_with("-\nc"));
    }

    #[test]
    fn llvm_style_arguments() {
        let cmd = command(&PassRegistry::with_transforms_passes());
        let args = |v: &[&str]| {
            llvm_style_args(v.iter().map(std::ffi::OsString::from), &cmd).map(|a| {
                a.into_iter()
                    .map(|s| s.into_string().unwrap())
                    .collect::<Vec<_>>()
            })
        };
        assert_eq!(
            args(&[
                "t",
                "-mlir-disable-threading=true",
                "-verify-diagnostics=0",
                "-ofile",
                "-o",
                "x"
            ])
            .unwrap(),
            ["t", "--mlir-disable-threading", "-ofile", "-o", "x"]
        );
        assert_eq!(
            args(&["t", "-output-split-marker=// x"]).unwrap(),
            ["t", "--output-split-marker=// x"]
        );
        assert!(args(&["t", "--mlir-timing=maybe"]).is_err());
    }
}
