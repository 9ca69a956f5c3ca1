//! Fuzz target 6, structure-aware: the bytes drive a generator of `arith`,
//! `scf` and `func` programs (see `rmlir_fuzz::gen`) that always parse, so
//! the verifier, the printer round trip, the folders, the canonicalization
//! patterns and CSE are reached on most inputs.
#![no_main]

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use rmlir_fuzz::{
    check_round_trip, gen, new_context, parse, run_pipeline_keeping_ir_valid, verifies,
};

const PIPELINES: [&str; 3] = [
    "builtin.module(canonicalize)",
    "builtin.module(cse)",
    "builtin.module(canonicalize,cse)",
];

fuzz_target!(init: rmlir_fuzz::install_panic_filter(), |data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(text) = gen::generate(&mut u) else {
        return;
    };
    let ctx = new_context(false);
    let pipeline = PIPELINES[data.len() % PIPELINES.len()];
    let Some((mut ir, top)) = parse(&ctx, &text) else {
        panic!("generated IR does not parse:\n{text}");
    };
    if !verifies(&ir, top) {
        return;
    }
    check_round_trip(&ctx, &ir, top);
    if run_pipeline_keeping_ir_valid(&ctx, &text, &mut ir, top, pipeline) {
        check_round_trip(&ctx, &ir, top);
    }
});
