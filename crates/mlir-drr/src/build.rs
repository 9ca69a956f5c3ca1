//! The helper dialect crates call from their `build.rs` to generate the
//! rewrite patterns of a `.td` file:
//!
//! ```ignore
//! // build.rs
//! fn main() {
//!     mlir_drr::build::generate_rewriters("td/MyPatterns.td", "my_patterns.rs");
//! }
//! // src/my.rs
//! mod patterns { use super::*; include!(concat!(env!("OUT_DIR"), "/my_patterns.rs")); }
//! ```
//!
//! Like `mlir_ods::build::generate_op_defs`, it prints
//! `cargo:rerun-if-changed` once for the file and for each file it
//! includes, and on a malformed rule prints each error once as
//! `file:line:col: error: ...` (paths relative to the crate) and fails the
//! build. Rules include the base library by upstream's path
//! (`include "mlir/IR/PatternBase.td"`).

use std::path::{Path, PathBuf};

use mlir_ods::tablegen::{parse_file, Diagnostic};

/// Generates the patterns of `td` (relative to the crate being built) into
/// `$OUT_DIR/out_name`; exits the build script on errors.
pub fn generate_rewriters(td: &str, out_name: &str) {
    generate_rewriters_with(td, out_name, None)
}

/// [`generate_rewriters`], with `ops_path` the module holding the typed op
/// wrappers (relative to where the output is included, e.g. `super::ops`),
/// so ops can be built with their custom builders.
pub fn generate_rewriters_with(td: &str, out_name: &str, ops_path: Option<&str>) {
    generate_rewriters_with_includes(td, out_name, ops_path, &[]);
}

/// [`generate_rewriters_with`] with include directories (relative to the
/// crate being built) searched before the base library, as
/// `mlir-tblgen -I`.
pub fn generate_rewriters_with_includes(
    td: &str,
    out_name: &str,
    ops_path: Option<&str>,
    include_dirs: &[&str],
) {
    mlir_ods::build::run_generator_with(td, out_name, include_dirs, |path, dirs| {
        generate_to_string_with(path, dirs, ops_path)
    });
}

/// Parses `path` (with the base library and `include_dirs` searched for
/// includes) and returns the generated patterns and the files read.
pub fn generate_to_string(
    path: &Path,
    include_dirs: &[PathBuf],
) -> Result<(String, Vec<PathBuf>), Vec<Diagnostic>> {
    generate_to_string_with(path, include_dirs, None)
}

/// [`generate_to_string`] with the path of the typed op wrappers.
pub fn generate_to_string_with(
    path: &Path,
    include_dirs: &[PathBuf],
    ops_path: Option<&str>,
) -> Result<(String, Vec<PathBuf>), Vec<Diagnostic>> {
    let mut dirs = include_dirs.to_vec();
    dirs.push(mlir_ods::build::base_library_dir());
    let rk = parse_file(path, &dirs)?;
    let main = path.to_string_lossy().to_string();
    let code = crate::gen::gen_rewriters_with(&rk, &main, ops_path)?;
    let mut deps = vec![path.to_path_buf()];
    for d in rk.dependencies() {
        if !deps.contains(d) {
            deps.push(d.clone());
        }
    }
    Ok((code, deps))
}
