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
    format_statistics_report, format_timing_report, timing_entries, TimingEntry,
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
    /// Accept ops, types and attributes of dialects that are not registered.
    #[arg(long = "allow-unregistered-dialect")]
    allow_unregistered_dialect: bool,
    /// Run nested pass pipelines on one thread (the output never depends on it).
    #[arg(long = "mlir-disable-threading")]
    disable_threading: bool,
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
}

/// Byte ranges of the chunks of `text` split at `marker` (mlir-opt's rule:
/// a chunk ends where the marker starts; the next begins right after it).
fn split_chunks(text: &str, marker: &str) -> Vec<(usize, usize)> {
    let mut chunks = Vec::new();
    let mut start = 0;
    let mut search = 0;
    while let Some(i) = text[search..].find(marker) {
        let at = search + i;
        chunks.push((start, at));
        start = at + marker.len();
        search = start;
    }
    chunks.push((start, text.len()));
    chunks
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
    fn report(&self, total: Duration, show_user: bool, mode: DisplayMode) {
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
        let top = |e: &&TimingEntry| e.depth == 0 && !e.collection;
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
            format_timing_report(&entries, top_wall + rest, total_user, show_user, mode)
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
fn process_chunk(
    s: &Session<'_>,
    ctx: &Arc<Context>,
    text: &str,
    (start, end): (usize, usize),
    out: &mut dyn Write,
    timing: &mut Timing,
) -> bool {
    let opts = s.opts;
    let t0 = Instant::now();
    let parsed = parse_source_chunk(ctx.clone(), text, start, end, s.config);
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
    let verified = !opts.verify_each || mlir_ir::verifier::verify(&ir, top).is_ok();
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
        pm.enable_timing(opts.timing);
        let ran = pm.run(&mut ir, top);
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
    let printed = printer::print_top_level(&ir, top, s.flags, out);
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
/// double-dash form clap parses. `-o`, `-` (stdin) and everything after
/// `--` are left alone.
fn llvm_style_args(args: impl Iterator<Item = std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let mut out = Vec::new();
    let mut rest = false;
    for a in args {
        let long = !rest
            && a.to_str().is_some_and(|s| {
                s.starts_with('-') && !s.starts_with("--") && s.len() > 2 && !s.starts_with("-o")
            });
        rest |= a == "--";
        if long {
            let mut d = std::ffi::OsString::from("-");
            d.push(&a);
            out.push(d);
        } else {
            out.push(a);
        }
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
    let matches = command(registry)
        .name(tool.to_string())
        .get_matches_from(llvm_style_args(std::env::args_os()));
    let opts = match Opts::from_arg_matches(&matches) {
        Ok(o) => o,
        Err(e) => e.exit(),
    };
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
    let mut bytes = Vec::new();
    let filename = if opts.input == "-" {
        if std::io::stdin().read_to_end(&mut bytes).is_err() {
            eprintln!("error: could not read standard input");
            return ExitCode::from(1);
        }
        "<stdin>".to_string()
    } else {
        match std::fs::read(&opts.input) {
            Ok(b) => bytes = b,
            Err(e) => {
                eprintln!("error: could not open input file {}: {e}", opts.input);
                return ExitCode::from(1);
            }
        }
        opts.input.clone()
    };

    // Shared with the diagnostics source manager, so the input is held once.
    let text: Arc<str> = mlir_ir::asm::source_bytes::decode_source(bytes);
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
    };
    let config = ParseConfig { filename };

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
        Some(marker) => split_chunks(&text, marker),
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
    for (i, &(start, end)) in chunks.iter().enumerate() {
        if split && i > 0 {
            let _ = writeln!(out, "{}", opts.output_split_marker);
        }
        // Diagnostics refer to the chunk's text, numbered as lines of the file.
        let line_offset = text[..start].bytes().filter(|&b| b == b'\n').count() as u32;
        let mut mgr = SourceMgr::new();
        mgr.add_shared_buffer(&config.filename, text.clone(), start..end, line_offset);
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
        let ok = process_chunk(&session, &ctx, &text, (start, end), &mut out, &mut timing);
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
        timing.report(start_time.elapsed(), !opts.disable_threading, mode);
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
