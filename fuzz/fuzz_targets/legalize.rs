//! Fuzz target 4, the dialect-conversion driver through
//! `-test-legalize-patterns` (the test dialect's legalization patterns, as
//! `rmlir-opt` runs them) in several modes: it must not panic. Its output
//! need not verify: test patterns may build invalid IR on purpose, which
//! mlir-opt reports as a verifier error after the pass.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rmlir_fuzz::{decode, is_module, new_context, parse, run_pipeline, verifies};

const PIPELINES: [&str; 4] = [
    "builtin.module(test-legalize-patterns)",
    "builtin.module(test-legalize-patterns{test-legalize-mode=full})",
    "builtin.module(test-legalize-patterns{test-legalize-mode=analysis})",
    "builtin.module(test-legalize-patterns{allow-pattern-rollback=false test-legalize-folding-mode=after-patterns})",
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
        let _ = run_pipeline(&mut ir, top, pipeline);
    }
});
