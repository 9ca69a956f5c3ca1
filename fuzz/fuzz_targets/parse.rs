//! Fuzz target 1, the lexer and parser: any bytes, decoded as `rmlir-opt`
//! reads a file, must parse or be rejected with a diagnostic, never panic.
//! What parses is also verified and printed in both forms (the printer
//! must handle IR that does not verify, falling back to the generic form).
#![no_main]

use libfuzzer_sys::fuzz_target;
use rmlir_fuzz::{decode, new_context, parse, print, verifies};

fuzz_target!(init: rmlir_fuzz::install_panic_filter(), |data: &[u8]| {
    let text = decode(data);
    let ctx = new_context(true);
    if let Some((ir, top)) = parse(&ctx, &text) {
        let _ = verifies(&ir, top);
        let _ = print(&ir, top, false);
        let _ = print(&ir, top, true);
    }
});
