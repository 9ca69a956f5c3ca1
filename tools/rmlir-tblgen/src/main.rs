//! `rmlir-tblgen`: runs rmlir's TableGen front end on a `.td` file. With
//! `--print-records` it prints every class and def the way
//! `llvm-tblgen --print-records` does, which makes the evaluator directly
//! comparable with the real tool. The generators have their own actions:
//! `--gen-op-defs`/`--gen-op-doc` (ODS), `--gen-rewriters` (DRR) and
//! `--gen-pass-decls`/`--gen-pass-doc` (passes declared with
//! `mlir/Pass/PassBase.td`).

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
    /// Print the Rust generated for the ops defined in the file.
    #[arg(long)]
    gen_op_defs: bool,
    /// Print Markdown documentation of the ops defined in the file.
    #[arg(long)]
    gen_op_doc: bool,
    /// Print the Rust rewrite patterns generated from the DRR rules
    /// (`Pat`/`Pattern` records) defined in the file.
    #[arg(long)]
    gen_rewriters: bool,
    /// Print the Rust pass declarations generated from the `Pass` records
    /// defined in the file.
    #[arg(long)]
    gen_pass_decls: bool,
    /// Print Markdown documentation of the passes defined in the file.
    #[arg(long)]
    gen_pass_doc: bool,
    /// With `--gen-pass-decls`: the group name of the registration
    /// function (`register_<name>_passes`), as `mlir-tblgen -name`.
    #[arg(long, value_name = "NAME", default_value = "")]
    name: String,
    /// With `--gen-rewriters`: the Rust module of the typed op wrappers
    /// (`super::ops`), for ops built with their custom builders.
    #[arg(long, value_name = "PATH")]
    ops_path: Option<String>,
    /// Write the output here instead of to stdout.
    #[arg(short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut dirs = cli.include_dirs.clone();
    if cli.gen_op_defs
        || cli.gen_op_doc
        || cli.gen_rewriters
        || cli.gen_pass_decls
        || cli.gen_pass_doc
    {
        // The ODS base library is always on the include path.
        dirs.push(mlir_ods::build::base_library_dir());
    }
    let records = match mlir_ods::tablegen::parse_file(&cli.input, &dirs) {
        Ok(r) => r,
        Err(diags) => {
            for d in &diags {
                eprintln!("{d}");
            }
            return ExitCode::FAILURE;
        }
    };
    let main = cli.input.to_string_lossy().to_string();
    let generated = if cli.gen_op_defs {
        mlir_ods::gen::gen_op_defs(&records, &main)
    } else if cli.gen_op_doc {
        mlir_ods::gen::gen_op_doc(&records, &main)
    } else if cli.gen_pass_decls {
        mlir_ods::gen::pass::gen_pass_decls(&records, &main, &cli.name)
    } else if cli.gen_pass_doc {
        mlir_ods::gen::pass::gen_pass_doc(&records, &main)
    } else if cli.gen_rewriters {
        mlir_drr::gen::gen_rewriters_with(&records, &main, cli.ops_path.as_deref())
    } else {
        // Printing records is the default action.
        let _ = cli.print_records;
        Ok(records.print_records())
    };
    let text = match generated {
        Ok(t) => t,
        Err(diags) => {
            for d in &diags {
                eprintln!("{d}");
            }
            return ExitCode::FAILURE;
        }
    };
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
