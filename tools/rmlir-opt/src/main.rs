//! The `rmlir-opt` binary: the driver of [`rmlir_opt::rmlir_opt_main`] with
//! every dialect of `mlir-dialects`, the test dialect, the passes of
//! `mlir-transforms` and the test passes the lit tests and the upstream
//! conformance suite use (as upstream's mlir-opt links its test library).

use std::process::ExitCode;

use mlir_ir::Context;
use mlir_transforms::pass::PassRegistry;

/// Loads every dialect `rmlir-opt` knows.
fn register_dialects(ctx: &mut Context) {
    mlir_dialects::register_all(ctx);
    test_dialect::register_test_dialect(ctx);
}

fn main() -> ExitCode {
    let mut registry = PassRegistry::with_transforms_passes();
    mlir_transforms::test_passes::register_test_passes(&mut registry);
    test_dialect::register_test_passes(&mut registry);
    rmlir_opt::rmlir_opt_main("rmlir-opt", &registry, register_dialects)
}
