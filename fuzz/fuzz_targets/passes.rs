//! Fuzz target 3, the `--canonicalize` and `--cse` pipelines on parsed and
//! verified IR: each must not panic, and what it produces must verify and
//! round-trip through the printer.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rmlir_fuzz::{
    check_round_trip, decode, is_module, new_context, parse, run_pipeline_keeping_ir_valid,
    verifies,
};

const PIPELINES: [&str; 3] = [
    "builtin.module(canonicalize)",
    "builtin.module(cse)",
    "builtin.module(canonicalize,cse)",
];

fuzz_target!(init: rmlir_fuzz::install_panic_filter(), |data: &[u8]| {
    let text = decode(data);
    let ctx = new_context(true);
    for pipeline in PIPELINES {
        let Some((mut ir, top)) = parse(&ctx, &text) else {
            return;
        };
        if !verifies(&ir, top) || !is_module(&ir, top) {
            return;
        }
        if run_pipeline_keeping_ir_valid(&ctx, &text, &mut ir, top, pipeline) {
            check_round_trip(&ctx, &ir, top);
        }
    }
});
