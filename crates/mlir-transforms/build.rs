//! Generates the declarations of this crate's passes from TableGen
//! (`td/Passes.td`, `td/TestPasses.td`) into `$OUT_DIR`, included by
//! `src/passes.rs`.

fn main() {
    mlir_ods::build::generate_pass_decls("td/Passes.td", "passes.rs", "Transforms", &[]);
    mlir_ods::build::generate_pass_decls(
        "td/TestPasses.td",
        "test_passes.rs",
        "TransformsTest",
        &[],
    );
}
