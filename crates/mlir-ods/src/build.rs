//! The helper dialect crates call from their `build.rs`:
//!
//! ```ignore
//! // build.rs
//! fn main() {
//!     mlir_ods::build::generate_op_defs("td/Func.td", "func_ops.rs");
//!     // With include directories of your own (relative to the crate), as
//!     // `mlir-tblgen -I`:
//!     mlir_ods::build::generate_op_defs_with("td/Toy.td", "toy_ops.rs", &["td", "../common/td"]);
//! }
//! // src/func.rs
//! #[allow(dead_code, unused_parens, clippy::double_parens, clippy::nonminimal_bool)]
//! mod ops { include!(concat!(env!("OUT_DIR"), "/func_ops.rs")); }
//! ```
//!
//! It parses the `.td` (with the given include directories, then the base
//! library, which answers to upstream's paths such as `mlir/IR/OpBase.td`),
//! writes the generated code to `$OUT_DIR`, prints `cargo:rerun-if-changed`
//! once for the file and for each file it includes, and on errors prints
//! each one once as `file:line:col: error: ...` (paths relative to the
//! crate being built) and exits with failure, failing the build.

use std::path::{Path, PathBuf};

use crate::tablegen::{parse_file, Diagnostic};

/// The directory of the base library (`OpBase.td` and friends, and the
/// upstream include paths under `mlir/`).
pub fn base_library_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("td")
}

/// Generates Rust from `td` (relative to the crate being built) into
/// `$OUT_DIR/out_name`; exits the build script on errors.
pub fn generate_op_defs(td: &str, out_name: &str) {
    generate_op_defs_with(td, out_name, &[]);
}

/// [`generate_op_defs`] with include directories (relative to the crate
/// being built) searched before the base library, as `mlir-tblgen -I`.
pub fn generate_op_defs_with(td: &str, out_name: &str, include_dirs: &[&str]) {
    run_generator_with(td, out_name, include_dirs, generate_to_string);
}

/// Generates the pass declarations of `td` (a `Passes.td`, relative to the
/// crate being built) into `$OUT_DIR/out_name`, with
/// `register_<group>_passes` registering them all (`group` as
/// `mlir-tblgen -gen-pass-decls -name`); exits the build script on errors.
///
/// ```ignore
/// // build.rs
/// mlir_ods::build::generate_pass_decls("td/Passes.td", "passes.rs", "Toy", &["td"]);
/// // src/passes.rs
/// include!(concat!(env!("OUT_DIR"), "/passes.rs"));
/// ```
pub fn generate_pass_decls(td: &str, out_name: &str, group: &str, include_dirs: &[&str]) {
    run_generator_with(td, out_name, include_dirs, |path, dirs| {
        generate_pass_decls_to_string(path, dirs, group)
    });
}

/// Parses `path` (`include_dirs`, then the base library, searched for
/// includes) and returns the generated pass declarations and the files it
/// read.
pub fn generate_pass_decls_to_string(
    path: &Path,
    include_dirs: &[PathBuf],
    group: &str,
) -> Result<(String, Vec<PathBuf>), Vec<Diagnostic>> {
    let mut dirs = include_dirs.to_vec();
    dirs.push(base_library_dir());
    let rk = parse_file(path, &dirs)?;
    let main = path.to_string_lossy().to_string();
    let code = crate::gen::pass::gen_pass_decls(&rk, &main, group)?;
    let mut deps = vec![path.to_path_buf()];
    deps.extend(rk.dependencies().iter().cloned());
    Ok((code, unique(deps)))
}

/// The build-script side of every `.td` generator (ODS here, DRR in
/// `mlir-drr`) without include directories; see [`run_generator_with`].
pub fn run_generator(
    td: &str,
    out_name: &str,
    generate: impl FnOnce(&Path) -> Result<(String, Vec<PathBuf>), Vec<Diagnostic>>,
) {
    run_generator_with(td, out_name, &[], |path, _| generate(path));
}

/// Runs `generate` on `td` with `include_dirs` (both relative to the crate
/// being built: build scripts run in its directory, so diagnostics name
/// files as the user wrote them), writes the code to `$OUT_DIR/out_name`,
/// tells Cargo which files to watch (each once), and on errors prints each
/// located diagnostic once to stderr (Cargo shows it when the build fails)
/// and exits the build script.
pub fn run_generator_with(
    td: &str,
    out_name: &str,
    include_dirs: &[&str],
    generate: impl FnOnce(&Path, &[PathBuf]) -> Result<(String, Vec<PathBuf>), Vec<Diagnostic>>,
) {
    let out_dir = std::env::var("OUT_DIR").expect("OUT_DIR is set for build scripts");
    let path = Path::new(td);
    let dirs: Vec<PathBuf> = include_dirs.iter().map(PathBuf::from).collect();
    match generate(path, &dirs) {
        Ok((code, deps)) => {
            for d in unique(deps) {
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
            for d in dedup_diagnostics(diags) {
                eprintln!("{d}");
            }
            std::process::exit(1);
        }
    }
}

/// `paths` without repetitions, first occurrence first (a file included
/// from several places is read once but may be listed once per include).
fn unique(paths: Vec<PathBuf>) -> Vec<PathBuf> {
    let mut seen = std::collections::HashSet::new();
    paths
        .into_iter()
        .filter(|p| seen.insert(p.clone()))
        .collect()
}

/// `diags` without exact repetitions (an error in a shared record can be
/// reached from several ops).
pub fn dedup_diagnostics(diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = Vec::with_capacity(diags.len());
    for d in diags {
        if !out.contains(&d) {
            out.push(d);
        }
    }
    out
}

/// Parses `path` (`include_dirs`, then the base library, searched for
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
    Ok((code, unique(deps)))
}
