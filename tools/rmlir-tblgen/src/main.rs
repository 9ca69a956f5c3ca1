//! `rmlir-tblgen`: runs rmlir's TableGen front end on a `.td` file. With
//! `--print-records` it prints every class and def the way
//! `llvm-tblgen --print-records` does, which makes the evaluator directly
//! comparable with the real tool. The ODS/DRR generators will add more
//! actions.

use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "rmlir-tblgen", about = "rmlir's TableGen driver")]
struct Cli {
    /// The input `.td` file.
    input: PathBuf,
    /// Directories searched for `include`d files (after the including
    /// file's own directory).
    #[arg(short = 'I', value_name = "DIR")]
    include_dirs: Vec<PathBuf>,
    /// Print all classes and defs (the default action).
    #[arg(long)]
    print_records: bool,
    /// Write the output here instead of to stdout.
    #[arg(short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let records = match mlir_ods::tablegen::parse_file(&cli.input, &cli.include_dirs) {
        Ok(r) => r,
        Err(diags) => {
            for d in &diags {
                eprintln!("{d}");
            }
            return ExitCode::FAILURE;
        }
    };
    // Printing records is the only action so far, so it is also the default.
    let _ = cli.print_records;
    let text = records.print_records();
    match cli.output {
        Some(path) => {
            if let Err(e) = std::fs::write(&path, text) {
                eprintln!("rmlir-tblgen: cannot write '{}': {e}", path.display());
                return ExitCode::FAILURE;
            }
        }
        None => {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            if out.write_all(text.as_bytes()).is_err() {
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
