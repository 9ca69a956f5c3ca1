//! Data tests for the TableGen front end.
//!
//! * `tests/tablegen/*.td`: each fixture's `--print-records` output must
//!   match the committed `.expected` file byte for byte. The expectations
//!   were produced by LLVM 22's `mlir-tblgen --print-records`, so these tests
//!   pin rmlir's evaluator to upstream TableGen.
//! * `tests/tablegen/errors/*.td`: each file starts with
//!   `// CHECK: line:col: error: message`, the first diagnostic upstream
//!   reports for it (also taken from `mlir-tblgen`); rmlir must report the
//!   same message at the same place.
//! * Truncated and mutated fixtures must produce diagnostics, never panics.

use mlir_ods::tablegen::{parse_file, parse_str, Diagnostic};
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tablegen")
}

fn render(diags: &[Diagnostic]) -> String {
    diags.iter().map(|d| format!("{d}\n")).collect()
}

fn check_fixture(name: &str) {
    let td = dir().join(format!("{name}.td"));
    let expected =
        std::fs::read_to_string(dir().join(format!("{name}.expected"))).expect("expected output");
    let records =
        parse_file(&td, &[]).unwrap_or_else(|d| panic!("{name}.td failed:\n{}", render(&d)));
    let got = records.print_records();
    if got != expected {
        let first = got
            .lines()
            .zip(expected.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(got.lines().count().min(expected.lines().count()));
        panic!(
            "{name}.td: output differs from {name}.expected at line {}:\n  got:      {:?}\n  expected: {:?}",
            first + 1,
            got.lines().nth(first),
            expected.lines().nth(first)
        );
    }
}

fn check_error(name: &str) {
    let td = dir().join("errors").join(format!("{name}.td"));
    let text = std::fs::read_to_string(&td).expect("error fixture");
    let check = text
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("// CHECK: "))
        .unwrap_or_else(|| panic!("{name}.td has no CHECK line"));
    let diags = match parse_file(&td, &[]) {
        Ok(_) => panic!("{name}.td parsed without errors; expected `{check}`"),
        Err(d) => d,
    };
    let first = diags.first().expect("at least one diagnostic");
    let loc = first.loc.as_ref().expect("a located diagnostic");
    let got = format!("{}:{}: error: {}", loc.line, loc.col, first.message);
    assert_eq!(
        got,
        check,
        "{name}.td; all diagnostics:\n{}",
        render(&diags)
    );
    assert!(
        loc.file.ends_with(&format!("{name}.td")),
        "location names the file: {}",
        loc.file
    );
}

macro_rules! fixtures {
    ($($name:ident),* $(,)?) => {
        mod fixtures {
            $( #[test] fn $name() { super::check_fixture(stringify!($name)); } )*
        }
        const FIXTURES: &[&str] = &[$(stringify!($name)),*];
    };
}

macro_rules! errors {
    ($($name:ident),* $(,)?) => {
        mod errors {
            $( #[test] fn $name() { super::check_error(stringify!($name)); } )*
        }
        const ERRORS: &[&str] = &[$(stringify!($name)),*];
    };
}

fixtures!(basics, inheritance, bang_ops, preprocessor, ods_like);

errors!(
    already_subclass,
    assert_failed,
    bang_arg_type,
    bits_too_wide,
    class_is_multiclass,
    class_redefined,
    dag_name_expected,
    def_redefinition,
    defvar_redefined,
    division_by_zero,
    duplicate_template_arg,
    else_without_ifdef,
    foreach_not_list,
    if_type_mismatch,
    incompatible_redefinition,
    invalid_escape,
    list_element_types,
    list_index_not_list,
    missing_include,
    missing_semicolon,
    missing_template_arg,
    multiclass_body_semicolon,
    named_arg_unknown,
    not_a_class_value,
    number_out_of_range,
    reserved_name,
    self_assignment,
    self_reference_field,
    template_arg_type,
    too_many_template_args,
    top_level_garbage,
    type_mismatch,
    undefined_in_multiclass,
    undefined_record_cast,
    undefined_variable,
    unknown_class,
    unknown_field_access,
    unknown_field_let,
    unknown_multiclass,
    unknown_operator,
    unresolved_initializer,
    unterminated_code,
    unterminated_comment,
    unterminated_ifdef,
    unterminated_string,
);

/// Every `.td` file on disk is listed above (so none is silently skipped).
#[test]
fn every_fixture_is_listed() {
    let listed = |d: &Path, names: &[&str]| {
        for e in std::fs::read_dir(d).expect("fixture dir") {
            let p = e.expect("dir entry").path();
            if p.extension().is_some_and(|x| x == "td") {
                let stem = p
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .unwrap_or_default()
                    .to_string();
                assert!(
                    names.contains(&stem.as_str()),
                    "{} is not listed in tests/tablegen.rs",
                    p.display()
                );
            }
        }
    };
    listed(&dir(), FIXTURES);
    listed(&dir().join("errors"), ERRORS);
}

fn assert_no_internal_error(
    what: &str,
    r: &Result<mlir_ods::tablegen::RecordKeeper, Vec<Diagnostic>>,
) {
    if let Err(d) = r {
        assert!(!d.is_empty(), "{what}: failure without diagnostics");
        for x in d {
            assert!(!x.message.contains("internal error"), "{what}: {x}");
        }
    }
}

/// Truncating a fixture anywhere gives diagnostics (or a smaller valid
/// file), never a panic.
#[test]
fn truncated_fixtures_do_not_panic() {
    for name in FIXTURES {
        let text = std::fs::read_to_string(dir().join(format!("{name}.td"))).expect("fixture");
        let path = dir().join(format!("{name}.td"));
        let step = (text.len() / 300).max(1);
        let mut cut = 0;
        while cut < text.len() {
            if text.is_char_boundary(cut) {
                let r = parse_str(&path.to_string_lossy(), &text[..cut], &[]);
                assert_no_internal_error(&format!("{name}.td cut at {cut}"), &r);
            }
            cut += step;
        }
    }
}

/// Deleting or duplicating a byte range (chosen by a fixed pseudo-random
/// sequence) never panics either.
#[test]
fn mutated_fixtures_do_not_panic() {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n.max(1) as u64) as usize
    };
    for name in FIXTURES {
        let text = std::fs::read_to_string(dir().join(format!("{name}.td"))).expect("fixture");
        let path = dir().join(format!("{name}.td"));
        for _ in 0..60 {
            let bytes = text.as_bytes();
            let a = next(bytes.len());
            let b = (a + 1 + next(40)).min(bytes.len());
            let mut m = bytes[..a].to_vec();
            if next(2) == 0 {
                m.extend_from_slice(&bytes[a..b]);
                m.extend_from_slice(&bytes[a..]);
            } else {
                m.extend_from_slice(&bytes[b..]);
            }
            let m = String::from_utf8_lossy(&m).into_owned();
            let r = parse_str(&path.to_string_lossy(), &m, &[]);
            assert_no_internal_error(&format!("{name}.td mutated at {a}..{b}"), &r);
        }
    }
}
