//! The hooks an op's `.td` declares are checked by the compiler: the
//! fixture crate `tests/hook-fixture` (a dialect whose ops declare
//! `hasFolder` with one and with two results, `hasCanonicalizer`,
//! `hasCanonicalizeMethod`, `hasVerifier`, `hasRegionVerifier`, and whose
//! dialect declares `hasConstantMaterializer` and the three
//! attribute-verification flags) builds with every hook
//! implemented, and each feature `no_<hook>` that leaves one out makes
//! `cargo check` fail with an error naming the op and the hook; a hook
//! implemented with the hook macros for an op that does not declare it is
//! an error too (feature `undeclared_fold`), and so is a body-less custom
//! builder without its `<name>_state` function (feature `no_builder_state`).
//!
//! The fixture is copied under `target/hook-fixture/` with the workspace's
//! `Cargo.lock` and checked offline with its own target directory there,
//! so the dependencies are compiled once and later runs only re-check the
//! fixture. A dependency such as `trybuild` would do the same with more
//! machinery; running the cargo that runs this test needs nothing new.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Copies the fixture to `target/hook-fixture/crate` and returns its path.
fn fixture() -> PathBuf {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hook-fixture");
    let dst = root().join("target/hook-fixture/crate");
    for sub in ["", "src", "td"] {
        std::fs::create_dir_all(dst.join(sub)).expect("fixture dir");
    }
    for file in ["build.rs", "src/lib.rs", "td/Fix.td"] {
        let text = std::fs::read_to_string(src.join(file)).expect("fixture file");
        write_if_changed(&dst.join(file), &text);
    }
    let root = std::fs::canonicalize(root()).expect("workspace root");
    let manifest = std::fs::read_to_string(src.join("Cargo.toml.in"))
        .expect("fixture manifest")
        .replace("@ROOT@", &root.to_string_lossy());
    write_if_changed(&dst.join("Cargo.toml"), &manifest);
    let lock = std::fs::read_to_string(root.join("Cargo.lock")).expect("Cargo.lock");
    write_if_changed(&dst.join("Cargo.lock"), &lock);
    dst
}

/// Keeps modification times (and so cargo's fingerprints) of unchanged files.
fn write_if_changed(path: &Path, text: &str) {
    if std::fs::read_to_string(path).ok().as_deref() != Some(text) {
        std::fs::write(path, text).expect("write fixture");
    }
}

/// `cargo check` of the fixture with `feature` (if any): success and stderr.
fn check(dir: &Path, feature: Option<&str>) -> (bool, String) {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let mut cmd = Command::new(cargo);
    cmd.current_dir(dir)
        .args(["check", "--offline", "--quiet", "--color", "never"])
        .env("CARGO_TARGET_DIR", dir.join("../target"))
        .env_remove("RUSTFLAGS");
    if let Some(f) = feature {
        cmd.args(["--features", f]);
    }
    let out = cmd.output().expect("run cargo");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn missing_hooks_are_compile_errors_naming_them() {
    let dir = fixture();
    let (ok, stderr) = check(&dir, None);
    assert!(ok, "the fixture with every hook must build:\n{stderr}");
    let cases = [
        (
            "no_fold",
            "FoldedOp` declares `hasFolder` in its .td but has no fold hook",
        ),
        // The op type is named with its module path (`ops::PairOp`).
        (
            "no_multi_fold",
            "PairOp` declares `hasFolder` in its .td but has no fold hook",
        ),
        (
            "no_canonicalizer",
            "CanonOp` declares `hasCanonicalizer` in its .td but has no canonicalization patterns",
        ),
        (
            "no_canonicalize_method",
            "CanonOp` declares `hasCanonicalizeMethod` in its .td but has no canonicalize method",
        ),
        (
            "no_verifier",
            "no method named `verify` found for struct `ops::CheckedOp`",
        ),
        (
            "no_region_verifier",
            "no method named `verify_regions` found for struct `ops::CheckedOp`",
        ),
        (
            "no_materializer",
            "dialect `FixDialect` declares `hasConstantMaterializer` in its .td but has no constant materializer",
        ),
        (
            "no_op_attr_verifier",
            "dialect `FixDialect` declares `hasOperationAttrVerify` in its .td but has no operation attribute verifier",
        ),
        (
            "no_arg_attr_verifier",
            "dialect `FixDialect` declares `hasRegionArgAttrVerify` in its .td but has no region argument attribute verifier",
        ),
        (
            "no_result_attr_verifier",
            "dialect `FixDialect` declares `hasRegionResultAttrVerify` in its .td but has no region result attribute verifier",
        ),
        (
            "no_builder_state",
            "no function or associated item named `build_input_n_state` found for struct `ops::FoldedOp`",
        ),
        (
            "undeclared_fold",
            "`CheckedOp` has a fold hook but its .td does not declare `hasFolder`: the hook would never run",
        ),
    ];
    let mut failures = Vec::new();
    for (feature, expected) in cases {
        let (ok, stderr) = check(&dir, Some(feature));
        if ok {
            failures.push(format!("{feature}: the fixture built"));
        } else if !stderr.contains(expected) {
            failures.push(format!("{feature}: expected `{expected}` in:\n{stderr}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
