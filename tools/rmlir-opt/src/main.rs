//! `rmlir-opt`: the mlir-opt-compatible driver. Reads MLIR text (a file or
//! `-`), optionally split into chunks (`--split-input-file`), parses and
//! verifies each chunk, and prints it back with mlir-opt's printing flags.
//! Later issues add passes.

use std::io::{Read, Write};
use std::process::ExitCode;
use std::sync::Arc;

use clap::Parser as ClapParser;
use mlir_ir::asm::{parse_source_chunk, printer, ParseConfig, PrintFlags};
use mlir_ir::{Context, Diagnostic};

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
    /// Skip the verifier (mlir-opt's `--verify-each=0` for the parse step).
    #[arg(long = "verify-each", default_value = "true", action = clap::ArgAction::Set)]
    verify_each: bool,
}

/// Prints a diagnostic as mlir-opt's source-manager handler does.
fn report(ctx: &Context, text: &str, d: &Diagnostic) {
    let mut err = std::io::stderr().lock();
    print_one(ctx, text, d, &mut err);
    for n in &d.notes {
        print_one(ctx, text, n, &mut err);
    }
}

fn print_one(ctx: &Context, text: &str, d: &Diagnostic, w: &mut dyn Write) {
    let prefix = mlir_ir::asm::location_prefix(ctx, d.loc);
    let _ = writeln!(w, "{prefix}: {}: {}", d.severity.as_str(), d.message);
    if let Some((_, line, col)) = mlir_ir::asm::find_file_line_col(ctx, d.loc) {
        if let Some(src_line) = text.lines().nth(line.saturating_sub(1) as usize) {
            let _ = writeln!(w, "{src_line}");
            let pad: String = src_line
                .chars()
                .take(col.saturating_sub(1) as usize)
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            let _ = writeln!(w, "{pad}^");
        }
    }
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

fn main() -> ExitCode {
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
    let mut failed = false;
    for (i, &(start, end)) in chunks.iter().enumerate() {
        if split && i > 0 {
            let _ = writeln!(out, "{}", opts.output_split_marker);
        }
        match parse_source_chunk(ctx.clone(), &text, start, end, &config) {
            Ok((ir, top)) => {
                if let Err(e) = printer::print_top_level(&ir, top, &flags, &mut out) {
                    eprintln!("error: could not write output: {e}");
                    return ExitCode::from(1);
                }
                // mlir-opt ends every processed buffer with an empty line.
                let _ = writeln!(out);
            }
            Err(diags) => {
                let _ = out.flush();
                for d in &diags {
                    report(&ctx, &text, d);
                }
                failed = true;
            }
        }
    }
    if out.flush().is_err() {
        return ExitCode::from(1);
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
