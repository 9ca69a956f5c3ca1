//! The declarations of this crate's passes, generated at build time from
//! `td/Passes.td` (the standard passes) and `td/TestPasses.td` (the
//! pass-manager test passes) by `mlir_ods::gen::pass`: per pass its
//! statistics, typed options (`<Record>Options`), option store with typed
//! getters (`<Record>Base`), `impl Pass` forwarding to the hand-written
//! `PassImpl`, and `create_*`/`register_*` functions. See `docs/PASSES.md`.

// Not every generated item is used by this crate (e.g. `create_*_with`);
// they are API for tools and downstream crates.
#![allow(dead_code)]

include!(concat!(env!("OUT_DIR"), "/passes.rs"));
include!(concat!(env!("OUT_DIR"), "/test_passes.rs"));
