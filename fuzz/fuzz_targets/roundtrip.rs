//! Fuzz target 2, the round trip parse → verify → print → parse: verified
//! IR, printed in its custom form and in the generic form, must re-parse,
//! verify and print identically.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rmlir_fuzz::{check_round_trip, decode, new_context, parse, verifies};

fuzz_target!(init: rmlir_fuzz::install_panic_filter(), |data: &[u8]| {
    let text = decode(data);
    let ctx = new_context(true);
    if let Some((ir, top)) = parse(&ctx, &text) {
        if verifies(&ir, top) {
            check_round_trip(&ctx, &ir, top);
        }
    }
});
