//! `rmlir-opt`: the mlir-opt-compatible driver. Reads MLIR text (a file or
//! `-`), optionally split into chunks (`--split-input-file`), parses and
//! verifies each chunk, and prints it back with mlir-opt's printing flags.
//! Later issues add passes.

use std::io::{Read, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Parser as ClapParser;
use mlir_ir::asm::{parse_source_chunk, printer, ParseConfig, PrintFlags};
use mlir_ir::diagnostics::DiagnosticPrinters;
use mlir_ir::source_mgr::{SharedWriter, SourceMgr, SourceMgrDiagnosticHandler};
use mlir_ir::verify_diagnostics::{DiagnosticVerifier, VerifyMode};
use mlir_ir::{Context, Ir, OpRef};

/// `--mlir-print-debuginfo`, read by the op printer of diagnostics notes
/// (MLIR's default printing flags come from the command line too).
static DEBUGINFO: AtomicBool = AtomicBool::new(false);

/// Prints an op for a `see current operation:` note: generic form, local scope.
fn print_op_for_diagnostic(ir: &Ir, op: OpRef) -> String {
    let flags = PrintFlags {
        generic: true,
        debuginfo: DEBUGINFO.load(Ordering::Relaxed),
        ..PrintFlags::default()
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

/// Command-line options (names and meanings as mlir-opt's).
#[derive(ClapParser, Debug)]
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
    /// Accept ops, types and attributes of dialects that are not registered.
    #[arg(long = "allow-unregistered-dialect")]
    allow_unregistered_dialect: bool,
    /// Run on one thread (accepted for compatibility; output never depends on it).
    #[arg(long = "mlir-disable-threading")]
    disable_threading: bool,
    /// Print the wall time of each phase (parser, verifier, output) to stderr.
    #[arg(long = "mlir-timing")]
    timing: bool,
    /// Skip the verifier (mlir-opt's `--verify-each=0` for the parse step).
    #[arg(long = "verify-each", default_value = "true", action = clap::ArgAction::Set)]
    verify_each: bool,
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

/// Wall time per phase, summed over chunks (`--mlir-timing`).
#[derive(Default)]
struct Timing {
    parser: Duration,
    verifier: Duration,
    output: Duration,
}

impl Timing {
    /// A report in the spirit of mlir-opt's `--mlir-timing` output.
    fn report(&self, total: Duration) {
        let pct = |d: Duration| 100.0 * d.as_secs_f64() / total.as_secs_f64().max(1e-9);
        eprintln!(
            "===-------------------------------------------------------------------------==="
        );
        eprintln!("                         ... Execution time report ...");
        eprintln!(
            "===-------------------------------------------------------------------------==="
        );
        eprintln!(
            "  Total Execution Time: {:.4} seconds\n",
            total.as_secs_f64()
        );
        eprintln!("  ----Wall Time----  ----Name----");
        for (name, d) in [
            ("Parser", self.parser),
            ("Verifier", self.verifier),
            ("Output", self.output),
        ] {
            eprintln!("    {:.4} ({:5.1}%)  {name}", d.as_secs_f64(), pct(d));
        }
        eprintln!("    {:.4} (100.0%)  Total", total.as_secs_f64());
    }
}

/// Parses, verifies and prints one chunk; diagnostics go to the installed
/// handler. Returns whether it succeeded.
#[allow(clippy::too_many_arguments)]
fn process_chunk(
    ctx: &Arc<Context>,
    text: &str,
    start: usize,
    end: usize,
    config: &ParseConfig,
    opts: &Opts,
    flags: &PrintFlags,
    out: &mut dyn Write,
    timing: &mut Timing,
) -> bool {
    let t0 = Instant::now();
    let parsed = parse_source_chunk(ctx.clone(), text, start, end, config);
    timing.parser += t0.elapsed();
    let (ir, top) = match parsed {
        Ok(r) => r,
        Err(diags) => {
            for d in diags {
                ctx.emit(d);
            }
            return false;
        }
    };
    let t1 = Instant::now();
    let verified = !opts.verify_each || mlir_ir::verifier::verify(&ir, top).is_ok();
    timing.verifier += t1.elapsed();
    if !verified {
        return false;
    }
    let t2 = Instant::now();
    let printed = printer::print_top_level(&ir, top, flags, out);
    timing.output += t2.elapsed();
    if let Err(e) = printed {
        eprintln!("error: could not write output: {e}");
        return false;
    }
    // mlir-opt ends every processed buffer with an empty line.
    let _ = writeln!(out);
    true
}

fn main() -> ExitCode {
    let start_time = Instant::now();
    let opts = Opts::parse();
    let mut text = String::new();
    let filename = if opts.input == "-" {
        if std::io::stdin().read_to_string(&mut text).is_err() {
            eprintln!("error: could not read standard input");
            return ExitCode::from(1);
        }
        "<stdin>".to_string()
    } else {
        match std::fs::read(&opts.input) {
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(s) => text = s,
                Err(_) => {
                    eprintln!("{}: error: input is not valid UTF-8", opts.input);
                    return ExitCode::from(1);
                }
            },
            Err(e) => {
                eprintln!("error: could not open input file {}: {e}", opts.input);
                return ExitCode::from(1);
            }
        }
        opts.input.clone()
    };

    // Shared with the diagnostics source manager, so the input is held once.
    let text: Arc<str> = Arc::from(text);
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(opts.allow_unregistered_dialect);
    mlir_dialects::register_all(&mut ctx);
    let ctx = Arc::new(ctx);

    let flags = PrintFlags {
        generic: opts.print_op_generic,
        debuginfo: opts.print_debuginfo,
        local_scope: opts.print_local_scope,
        elide_elements_larger_than: None,
    };
    let config = ParseConfig { filename };

    let out: Box<dyn Write> = if opts.output == "-" {
        Box::new(std::io::stdout().lock())
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
        let ok = process_chunk(
            &ctx,
            &text,
            start,
            end,
            &config,
            &opts,
            &flags,
            &mut out,
            &mut timing,
        );
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
        timing.report(start_time.elapsed());
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
