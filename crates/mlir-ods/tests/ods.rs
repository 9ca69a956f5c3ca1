//! Data tests for the ODS generator.
//!
//! * `tests/ods/ops.td`: representative ops (segments, attributes and
//!   enums, regions and successors, an assembly format, custom builders,
//!   inferred result types, op predicates, derived attributes, result
//!   names); the Rust
//!   generated for each is an insta snapshot (`tests/snapshots/`), one per
//!   op plus one for the shared constraint and enum statics, so a change
//!   to the generator shows up as a reviewable per-op diff.
//!   The Markdown documentation of the same ops is snapshot too.
//! * `tests/ods/errors/*.td`: malformed op definitions. Each file starts
//!   with `// CHECK: line:col: error: message`; the generator must report
//!   exactly that as its first diagnostic, located in the file itself.

use std::path::{Path, PathBuf};

use mlir_ods::build::generate_to_string;

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ods")
}

/// The generated code of `ops.td`, split at the per-op markers
/// (`// ===== snap.x (Snap_XOp) =====`) into (section name, text).
fn sections() -> Vec<(String, String)> {
    let (code, _) = generate_to_string(&dir().join("ops.td"), &[])
        .unwrap_or_else(|d| panic!("ops.td failed: {d:?}"));
    let mut out = vec![("statics".to_string(), String::new())];
    for line in code.lines() {
        if let Some(rest) = line.strip_prefix("// ===== ") {
            let name = rest.split_whitespace().next().unwrap_or("op").to_string();
            out.push((name, String::new()));
        }
        let last = out.last_mut().expect("a section");
        last.1.push_str(line);
        last.1.push('\n');
    }
    out
}

#[test]
fn generated_code_snapshots() {
    let secs = sections();
    let names: Vec<&str> = secs.iter().map(|s| s.0.as_str()).collect();
    assert_eq!(
        names,
        [
            "statics",
            "snap.segments",
            "snap.attrs",
            "snap.regions",
            "snap.format",
            "snap.builder",
            "snap.same_type",
            "snap.match",
            "snap.infer",
            "snap.pred",
            "snap.two_results",
            "snap.props",
            "snap.effects",
        ],
        "every op of ops.td gets a section, in definition order"
    );
    for (name, text) in secs {
        insta::assert_snapshot!(name.replace('.', "_"), text);
    }
}

#[test]
fn generation_is_deterministic() {
    assert_eq!(sections(), sections());
}

#[test]
fn error_corpus() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir().join("errors"))
        .expect("errors dir")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "td"))
        .collect();
    files.sort();
    assert!(files.len() >= 15, "the corpus lost files");
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("fixture");
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let check = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("// CHECK: "))
            .unwrap_or_else(|| panic!("{name} has no CHECK line"));
        let diags = match generate_to_string(path, &[]) {
            Ok(_) => {
                failures.push(format!("{name}: generated code; expected `{check}`"));
                continue;
            }
            Err(d) => d,
        };
        let first = &diags[0];
        let Some(loc) = first.loc.as_ref() else {
            failures.push(format!("{name}: unlocated diagnostic `{}`", first.message));
            continue;
        };
        if !loc.file.ends_with(&name) {
            failures.push(format!(
                "{name}: located in {} instead of the definition's file",
                loc.file
            ));
        }
        // Messages may cite other locations of the same file by path.
        let full = path.to_string_lossy();
        let message = first.message.replace(&*full, &name);
        let got = format!("{}:{}: error: {message}", loc.line, loc.col);
        if got != check {
            failures.push(format!("{name}:\n  got:      {got}\n  expected: {check}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `rmlir-tblgen --gen-op-doc` output for the same ops.
#[test]
fn op_doc_snapshot() {
    let path = dir().join("ops.td");
    let rk = mlir_ods::tablegen::parse_file(&path, &[mlir_ods::build::base_library_dir()])
        .unwrap_or_else(|d| panic!("ops.td failed: {d:?}"));
    let doc = mlir_ods::gen::gen_op_doc(&rk, &path.to_string_lossy())
        .unwrap_or_else(|d| panic!("doc failed: {d:?}"));
    insta::assert_snapshot!("op_doc", doc);
}

/// The build-script API's inputs: each file once (the base library's files
/// are included from several places), paths without `..` (the upstream
/// include-path files include the library by a relative path).
#[test]
fn dependencies_are_listed_once_and_normalized() {
    let dir = std::env::temp_dir().join(format!("rmlir-ods-deps-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let td = dir.join("Deps.td");
    std::fs::write(
        &td,
        "include \"mlir/IR/OpBase.td\"\ninclude \"mlir/IR/PatternBase.td\"\ninclude \"mlir/Interfaces/SideEffectInterfaces.td\"\ndef D : Dialect { let name = \"d\"; }\ndef D_X : Op<D, \"x\", [Pure]>;\n",
    )
    .unwrap();
    let (_, deps) = generate_to_string(&td, &[]).unwrap_or_else(|d| panic!("{d:?}"));
    let mut seen = std::collections::HashSet::new();
    for d in &deps {
        assert!(seen.insert(d.clone()), "{} listed twice", d.display());
        assert!(
            !d.components().any(|c| c == std::path::Component::ParentDir),
            "{} is not normalized",
            d.display()
        );
    }
    let base = mlir_ods::build::base_library_dir();
    for f in [
        "OpBase.td",
        "Traits.td",
        "mlir/IR/OpBase.td",
        "mlir/IR/PatternBase.td",
    ] {
        assert!(deps.contains(&base.join(f)), "{f} missing from {deps:?}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Diagnostics name the `.td` as the build script gave it (relative to the
/// crate being built, where build scripts run).
#[test]
fn diagnostics_use_the_given_relative_path() {
    let rel = Path::new("tests/ods/errors/not_a_trait.td");
    let diags = generate_to_string(rel, &[]).expect_err("the file is invalid");
    let head = diags[0].headline();
    assert!(
        head.starts_with("tests/ods/errors/not_a_trait.td:5:27: error: "),
        "{head}"
    );
    // An error reached twice (a shared record) is printed once.
    let twice = vec![diags[0].clone(), diags[0].clone()];
    assert_eq!(
        mlir_ods::build::dedup_diagnostics(twice),
        vec![diags[0].clone()]
    );
}
