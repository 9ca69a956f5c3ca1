//! Data tests for the pass-declaration generator (`mlir_ods::gen::pass`,
//! `rmlir-tblgen --gen-pass-decls`/`--gen-pass-doc`).
//!
//! * `tests/pass/passes.td`: representative pass records (every option
//!   type, statistics, anchors, an interface pass, dependent dialects, a
//!   constructor, `RewritePassUtils.options`); the Rust generated for each
//!   pass is an insta snapshot, as is the Markdown documentation.
//! * `tests/pass/errors/*.td`: malformed pass records. Each file starts
//!   with `// CHECK: line:col: error: message`; the generator must report
//!   exactly that as its first diagnostic, located in the file itself.

use std::path::{Path, PathBuf};

use mlir_ods::build::generate_pass_decls_to_string;
use mlir_ods::gen::pass::{build_pass_decls, Anchor, DefaultValue, OptionType};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pass")
}

/// The generated code of `passes.td`, split at the per-pass markers
/// (`// ===== `arg` (Record) =====`) into (argument, text); the group
/// registration function ends the last section.
fn sections() -> Vec<(String, String)> {
    let (code, _) = generate_pass_decls_to_string(&dir().join("passes.td"), &[], "Sample")
        .unwrap_or_else(|d| panic!("passes.td failed: {d:?}"));
    let mut out = vec![("header".to_string(), String::new())];
    for line in code.lines() {
        if let Some(rest) = line.strip_prefix("// ===== `") {
            let name = rest.split('`').next().unwrap_or("pass").to_string();
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
        ["header", "plain", "typed", "on-module", "on-functions"],
        "every pass of passes.td gets a section, in definition order"
    );
    for (name, text) in secs.into_iter().skip(1) {
        insta::assert_snapshot!(format!("pass_{}", name.replace('-', "_")), text);
    }
}

#[test]
fn generation_is_deterministic() {
    assert_eq!(sections(), sections());
}

/// The model the generator builds from the records: names, anchors, option
/// types and defaults as declared.
#[test]
fn model_of_the_sample() {
    let path = dir().join("passes.td");
    let rk = mlir_ods::tablegen::parse_file(&path, &[mlir_ods::build::base_library_dir()])
        .unwrap_or_else(|d| panic!("{d:?}"));
    let decls = build_pass_decls(&rk, &path.to_string_lossy()).unwrap_or_else(|d| panic!("{d:?}"));
    let plain = &decls[0];
    assert_eq!(
        (plain.name.as_str(), plain.rust_type.as_str(), &plain.anchor),
        ("Plain", "PlainPass", &Anchor::Any)
    );
    let typed = &decls[1];
    assert_eq!(typed.anchor, Anchor::Op("func.func".into()));
    assert_eq!(typed.dependent_dialects, ["arith", "scf"]);
    let args: Vec<&str> = typed.options.iter().map(|o| o.argument.as_str()).collect();
    assert_eq!(
        args,
        [
            "flag",
            "count",
            "limit",
            "big",
            "big-unsigned",
            "label",
            "mode",
            "sizes",
            "modes",
            "disable-patterns",
            "enable-patterns"
        ]
    );
    let label = &typed.options[5];
    assert_eq!(label.ty, OptionType::String);
    assert_eq!(label.default, DefaultValue::Str("a \"b\"".into()));
    assert_eq!(typed.options[6].default, DefaultValue::Str("fast".into()));
    assert_eq!(typed.options[2].default, DefaultValue::Int(0));
    assert!(typed.options[8].is_list);
    assert_eq!(decls[2].anchor, Anchor::Op("builtin.module".into()));
    assert_eq!(decls[2].name, "(anonymous namespace)::OnModule");
    assert_eq!(
        decls[2].constructor.as_deref(),
        Some("crate::on_module::OnModulePass::with_defaults()")
    );
    assert_eq!(
        decls[3].anchor,
        Anchor::Interface("FunctionOpInterface".into())
    );
}

#[test]
fn error_corpus() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir().join("errors"))
        .expect("errors dir")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "td"))
        .collect();
    files.sort();
    assert!(files.len() >= 12, "the corpus lost files");
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("fixture");
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let check = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("// CHECK: "))
            .unwrap_or_else(|| panic!("{name} has no CHECK line"));
        let diags = match generate_pass_decls_to_string(path, &[], "E") {
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
                "{name}: located in {} instead of the pass's file",
                loc.file
            ));
        }
        let got = format!("{}:{}: error: {}", loc.line, loc.col, first.message);
        if got != check {
            failures.push(format!("{name}:\n  got:      {got}\n  expected: {check}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `rmlir-tblgen --gen-pass-doc` output for the same passes.
#[test]
fn pass_doc_snapshot() {
    let path = dir().join("passes.td");
    let rk = mlir_ods::tablegen::parse_file(&path, &[mlir_ods::build::base_library_dir()])
        .unwrap_or_else(|d| panic!("passes.td failed: {d:?}"));
    let doc = mlir_ods::gen::pass::gen_pass_doc(&rk, &path.to_string_lossy())
        .unwrap_or_else(|d| panic!("doc failed: {d:?}"));
    insta::assert_snapshot!("pass_doc", doc);
}
