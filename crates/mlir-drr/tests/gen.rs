//! Tests of the DRR generator: insta snapshots of the Rust generated for
//! representative rules (`td/Rules.td`), and the error corpus
//! (`errors/*.td`, each starting with `// CHECK: <expected diagnostic>`):
//! a malformed rule must be reported at generation time at the `.td`
//! `line:col` of the offending dag node or argument.

use std::path::{Path, PathBuf};

fn generate(path: &Path) -> Result<String, String> {
    mlir_drr::build::generate_to_string(path, &[])
        .map(|(code, _)| code)
        .map_err(|diags| {
            diags
                .iter()
                .map(|d| d.headline())
                .collect::<Vec<_>>()
                .join("\n")
        })
}

fn dir(sub: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(sub)
}

/// Cuts the generated code into one snapshot per pattern type, so a change
/// to one rule shows up in one snapshot.
fn pattern_section<'a>(code: &'a str, ty: &str) -> &'a str {
    let start = code
        .find(&format!("pub struct {ty} "))
        .unwrap_or_else(|| panic!("no pattern {ty}"));
    let start = code[..start].rfind("\n/// ").map_or(start, |i| i + 1);
    let end = code[start..]
        .find("\n/// The rule at")
        .or_else(|| code[start..].find("\n/// Adds every pattern"))
        .map_or(code.len(), |e| start + e + 1);
    &code[start..end]
}

#[test]
fn snapshots_of_representative_rules() {
    let code = generate(&dir("td").join("Rules.td")).expect("Rules.td generates");
    for ty in [
        "Simple",
        "Nested",
        "Equal",
        "Variadic",
        "Aggregate",
        "Reasons",
        "NativeReasons",
    ] {
        insta::assert_snapshot!(ty, pattern_section(&code, ty));
    }
    assert!(code.contains("pub fn populate_with_generated"));
}

#[test]
fn malformed_rules_are_reported_with_their_location() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir("errors"))
        .expect("errors/ exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "td"))
        .collect();
    files.sort();
    assert!(files.len() >= 8, "the error corpus is complete");
    // Every file is checked before failing, so one run shows all mismatches.
    let mut failures = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("readable .td");
        let expected = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("// CHECK: "))
            .unwrap_or_else(|| panic!("{}: first line must be '// CHECK: ...'", f.display()));
        match generate(&f) {
            Ok(_) => failures.push(format!(
                "{}: generated code for a malformed rule",
                f.display()
            )),
            Err(msg) if !msg.contains(expected) => failures.push(format!(
                "{}: expected\n  {expected}\ngot\n  {msg}",
                f.display()
            )),
            Err(_) => {}
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
