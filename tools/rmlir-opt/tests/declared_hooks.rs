//! Every hook an op's ODS definition declares (`hasFolder`,
//! `hasCanonicalizer`, `hasCanonicalizeMethod`) is attached by its dialect,
//! for every dialect `rmlir-opt` loads: the check a C++ build gets from the
//! linker.

use mlir_ir::Context;

/// Declared hooks not implemented yet (none). The test fails when one is
/// implemented as well as when a new one goes missing, so this list is
/// always exact.
const KNOWN_MISSING: &[&str] = &[];

#[test]
fn declared_fold_and_canonicalization_hooks_are_attached() {
    let mut ctx = Context::new();
    mlir_dialects::register_all(&mut ctx);
    test_dialect::register_test_dialect(&mut ctx);
    let missing: Vec<String> = mlir_transforms::canonicalize::missing_declared_hooks(&ctx)
        .iter()
        .map(|m| {
            let op = m.split('\'').nth(1).unwrap_or("?");
            let what = if m.contains("(hasFolder)") {
                "folder"
            } else {
                "patterns"
            };
            format!("{op} {what}")
        })
        .collect();
    assert_eq!(
        missing, KNOWN_MISSING,
        "declared hooks without an implementation"
    );
}
