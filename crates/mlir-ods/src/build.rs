//! The helper dialect crates call from their `build.rs`:
//!
//! ```ignore
//! // build.rs
//! fn main() {
//!     mlir_ods::build::generate_op_defs("td/Func.td", "func_ops.rs");
//! }
//! // src/func.rs
//! #[allow(dead_code, unused_parens, clippy::double_parens, clippy::nonminimal_bool)]
//! mod ops { include!(concat!(env!("OUT_DIR"), "/func_ops.rs")); }
//! ```
//!
//! It parses the `.td` (with the base library in the include path), writes
//! the generated code to `$OUT_DIR`, prints `cargo:rerun-if-changed` for the
//! file and everything it includes, and on errors prints each one as
//! `file:line:col: error: ...` and exits with failure, failing the build.

use std::path::{Path, PathBuf};

use crate::tablegen::{parse_file, Diagnostic};

/// The directory of the base library (`OpBase.td` and friends).
pub fn base_library_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("td")
}

/// Generates Rust from `td` (relative to the crate being built) into
/// `$OUT_DIR/out_name`; exits the build script on errors.
pub fn generate_op_defs(td: &str, out_name: &str) {
    run_generator(td, out_name, |path| generate_to_string(path, &[]));
}

/// The build-script side of every `.td` generator (ODS here, DRR in
/// `mlir-drr`): runs `generate` on `td` (relative to the crate being built),
/// writes the code to `$OUT_DIR/out_name`, tells Cargo which files to watch,
/// and on errors prints the located diagnostics and exits the build script.
pub fn run_generator(
    td: &str,
    out_name: &str,
    generate: impl FnOnce(&Path) -> Result<(String, Vec<PathBuf>), Vec<Diagnostic>>,
) {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    let out_dir = std::env::var("OUT_DIR").expect("OUT_DIR is set for build scripts");
    let path = Path::new(&manifest).join(td);
    match generate(&path) {
        Ok((code, deps)) => {
            for d in deps {
                println!("cargo:rerun-if-changed={}", d.display());
            }
            let out = Path::new(&out_dir).join(out_name);
            if let Err(e) = std::fs::write(&out, code) {
                eprintln!("error: cannot write {}: {e}", out.display());
                std::process::exit(1);
            }
        }
        Err(diags) => {
            println!("cargo:rerun-if-changed={}", path.display());
            for d in &diags {
                eprintln!("{d}");
                // Cargo shows warnings from build scripts even when they
                // succeed; errors are shown on failure through stderr.
                println!("cargo:warning={}", d.headline());
            }
            std::process::exit(1);
        }
    }
}

/// Parses `path` (the base library and `include_dirs` searched for
/// includes) and returns the generated code and the files it read.
pub fn generate_to_string(
    path: &Path,
    include_dirs: &[PathBuf],
) -> Result<(String, Vec<PathBuf>), Vec<Diagnostic>> {
    let mut dirs = include_dirs.to_vec();
    dirs.push(base_library_dir());
    let rk = parse_file(path, &dirs)?;
    let main = path.to_string_lossy().to_string();
    let code = crate::gen::gen_op_defs(&rk, &main)?;
    let mut deps = vec![path.to_path_buf()];
    deps.extend(rk.dependencies().iter().cloned());
    Ok((code, deps))
}
