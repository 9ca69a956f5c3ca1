//! The `rmlir-opt` binary: the driver of [`rmlir_opt::rmlir_opt_main`] with
//! every dialect of `mlir-dialects` and the passes of `mlir-transforms`
//! (plus mlir-opt's test passes used by the lit tests).

use std::process::ExitCode;

use mlir_transforms::pass::PassRegistry;

fn main() -> ExitCode {
    let mut registry = PassRegistry::with_transforms_passes();
    mlir_transforms::test_passes::register_test_passes(&mut registry);
    rmlir_opt::rmlir_opt_main("rmlir-opt", &registry, mlir_dialects::register_all)
}
