//! Mutation fuzzing of the whole text pipeline (parse, verify, print): every
//! `.mlir` file of the repository's test corpus is truncated and mutated with
//! a fixed-seed generator, and none of the results may panic. Bad input must
//! always end in diagnostics, never in a crash.

use std::sync::Arc;

use mlir_ir::asm::{parse_source, printer, ParseConfig, PrintFlags};
use mlir_ir::Context;

mod common;
use common::{corpus, Rng};

/// Runs the pipeline on `text`; a panic fails the test with the input shown.
fn run(ctx: &Arc<Context>, text: &str) {
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        if let Ok((ir, top)) = parse_source(ctx.clone(), text, &ParseConfig::default()) {
            let _ = mlir_ir::verifier::verify(&ir, top);
            let _ = printer::print_to_string(&ir, top, &PrintFlags::default());
            let generic = PrintFlags {
                generic: true,
                debuginfo: true,
                ..PrintFlags::default()
            };
            let _ = printer::print_to_string(&ir, top, &generic);
        }
    }));
    if result.is_err() {
        panic!("pipeline panicked on input:\n{text}");
    }
}

const TOKENS: &[&str] = &[
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    "<",
    ">",
    ":",
    ",",
    "=",
    "->",
    "%0",
    "%x#3",
    "^bb1",
    "@f",
    "!t",
    "#a",
    "\"",
    "\"foo.op\"",
    "i32",
    "loc(",
    "dense<",
    "0x",
    "-",
    "1.5e",
    "//",
    "\n",
    "...",
    "?",
    "x",
    "{-#",
    "#-}",
];

#[test]
fn mutated_corpus_never_panics() {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    mlir_dialects::register_all(&mut ctx);
    let ctx = Arc::new(ctx);
    let diag_sink = ctx.add_diagnostic_handler(Box::new(|_, _| true));
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let files = corpus();
    assert!(!files.is_empty(), "the test corpus was not found");
    for file in files {
        // Read as the driver reads input: invalid UTF-8 becomes placeholders.
        let text = mlir_ir::asm::source_bytes::decode_source(
            std::fs::read(&file).expect("corpus files are readable"),
        );
        run(&ctx, &text);
        let bytes = text.as_bytes();
        for _ in 0..mutations_per_file() {
            let mut m: Vec<u8> = bytes.to_vec();
            match rng.below(4) {
                0 => m.truncate(rng.below(m.len() + 1)),
                1 => {
                    if !m.is_empty() {
                        let at = rng.below(m.len());
                        let len = rng.below(8).min(m.len() - at);
                        m.drain(at..at + len);
                    }
                }
                2 => {
                    let at = rng.below(m.len() + 1);
                    let tok = TOKENS[rng.below(TOKENS.len())];
                    m.splice(at..at, tok.bytes());
                }
                _ => {
                    if m.len() > 1 {
                        let a = rng.below(m.len());
                        let b = rng.below(m.len());
                        m.swap(a, b);
                    }
                }
            }
            // Mutations may split UTF-8 sequences: read them as the driver does.
            let s = mlir_ir::asm::source_bytes::decode_source(m);
            run(&ctx, &s);
        }
    }
    ctx.remove_diagnostic_handler(diag_sink);
}

/// 150 by default (a few seconds); `RMLIR_FUZZ_MUTATIONS=N` for deeper runs.
fn mutations_per_file() -> usize {
    std::env::var("RMLIR_FUZZ_MUTATIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(150)
}
