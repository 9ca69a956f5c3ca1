//! `toy-opt`: an `mlir-opt`-style driver for the Toy dialect, built on
//! `rmlir_opt::rmlir_opt_main` with rmlir's passes plus the Toy lowering:
//!
//! ```sh
//! cargo run -p toy -- --canonicalize examples/toy/tests/Ch3/transpose_transpose.mlir
//! cargo run -p toy -- --toy-lower-to-arith examples/toy/tests/lowering.mlir
//! ```

use std::process::ExitCode;

use mlir_transforms::pass::PassRegistry;

fn main() -> ExitCode {
    let mut registry = PassRegistry::with_transforms_passes();
    toy::lowering::register_passes(&mut registry);
    rmlir_opt::rmlir_opt_main("toy-opt", &registry, toy::register_toy_dialects)
}
