//! Generates the ODS op definitions of the test dialect (`td/`) into
//! `$OUT_DIR`: one Rust module per `.td` file, so that each area of the
//! upstream suite (ODS, greedy driver, canonicalizer, DRR, conversion) owns
//! its op definitions; and the rewrite patterns of the DRR rules
//! (`td/TestOpsDRR.td`); and the declarations of the test passes
//! (`td/TestPasses.td`).

fn main() {
    for (td, out) in [
        ("td/TestOpsCore.td", "core_ops.rs"),
        ("td/TestOpsODS.td", "ods_ops.rs"),
        ("td/TestOpsGreedy.td", "greedy_ops.rs"),
        ("td/TestOpsCanon.td", "canon_ops.rs"),
        ("td/TestOpsConversion.td", "conversion_ops.rs"),
        ("td/TestOpsDRR.td", "drr_ops.rs"),
        ("td/TestOpsParser.td", "parser_ops.rs"),
        ("td/TestOpsPasses.td", "passes_ops.rs"),
        ("td/TestOpsTraits.td", "traits_ops.rs"),
        ("td/TestOpsFormat.td", "format_ops.rs"),
        ("td/TestOpsSCF.td", "scf_ops.rs"),
        ("td/TestOpsTrace.td", "trace_ops.rs"),
    ] {
        mlir_ods::build::generate_op_defs(td, out);
    }
    mlir_drr::build::generate_rewriters_with(
        "td/TestOpsDRR.td",
        "drr_patterns.rs",
        Some("super::ops"),
    );
    mlir_ods::build::generate_pass_decls(
        "td/TestPasses.td",
        "test_pass_decls.rs",
        "TestDialect",
        &[],
    );
}
