//! Shared harness of the libFuzzer targets: contexts with every dialect
//! `rmlir-opt` registers, the pass registry with the test passes, and the
//! checks each target applies (parse, verify, print, re-parse, run a
//! pipeline). A panic anywhere is a crash: libfuzzer-sys aborts on every
//! panic, also one that a pass manager or hook would catch and report,
//! because a panic reachable from input is a bug. The IR generator of the
//! structure-aware target lives in [`gen`].

pub mod gen;

use std::sync::{Arc, OnceLock};

use mlir_ir::asm::{parse_source, printer, ParseConfig, PrintFlags};
use mlir_ir::{Context, Ir, OpRef};
use mlir_transforms::pass::{PassManager, PassRegistry};
use mlir_transforms::pipeline::parse_pass_pipeline;

/// Panics the test dialect raises on purpose, to test how the verifier,
/// the folders and the pattern drivers report a panicking user hook
/// (`test.panicking_hooks`, `test.panics_in_pattern`): the file they are
/// raised in and the start of their message.
const DELIBERATE_PANICS: &[(&str, &str)] = &[
    ("test-dialect/src/greedy.rs", "a bug in the "),
    (
        "test-dialect/src/greedy/patterns.rs",
        "the pattern expected an operand but the op has",
    ),
];

/// Wraps libfuzzer-sys's panic hook (which aborts, making every panic a
/// crash, also a caught one) so that the test dialect's deliberate panics
/// unwind to the code that catches and reports them, as in `rmlir-opt`.
/// Call it from each target's `init`.
pub fn install_panic_filter() {
    let abort_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        let file = info.location().map(|l| l.file()).unwrap_or("");
        let deliberate = DELIBERATE_PANICS
            .iter()
            .any(|(f, m)| file.ends_with(f) && message.starts_with(m));
        if !deliberate {
            abort_hook(info);
        }
    }));
}

/// A new context with the dialects of `rmlir-opt`. Each input gets its own,
/// as each `rmlir-opt` run does, so the uniquers do not grow over a run of
/// millions of inputs. Diagnostics are dropped by a handler (the targets
/// check outcomes, not messages).
pub fn new_context(allow_unregistered: bool) -> Arc<Context> {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(allow_unregistered);
    mlir_dialects::register_all(&mut ctx);
    test_dialect::register_test_dialect(&mut ctx);
    ctx.add_diagnostic_handler(Box::new(|_, _| true));
    Arc::new(ctx)
}

/// The pass registry of `rmlir-opt`, built once and installed as the global
/// registry (dynamic pipelines look passes up there).
pub fn registry() -> &'static PassRegistry {
    static REGISTRY: OnceLock<PassRegistry> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let mut registry = PassRegistry::with_transforms_passes();
        mlir_transforms::test_passes::register_test_passes(&mut registry);
        test_dialect::register_test_passes(&mut registry);
        PassRegistry::install_global(Arc::new(registry.clone()));
        registry
    })
}

/// The bytes as `rmlir-opt` reads a file (BOM and encoding handling
/// included).
pub fn decode(data: &[u8]) -> Arc<str> {
    mlir_ir::asm::source_bytes::decode_source(data.to_vec())
}

/// Parses `text`; `None` when it does not parse.
pub fn parse(ctx: &Arc<Context>, text: &str) -> Option<(Ir, OpRef)> {
    parse_source(ctx.clone(), text, &ParseConfig::default()).ok()
}

/// Whether the IR under `top` verifies.
pub fn verifies(ir: &Ir, top: OpRef) -> bool {
    mlir_ir::verifier::verify(ir, top).is_ok()
}

/// Prints `top` as `rmlir-opt` does (custom or generic form).
pub fn print(ir: &Ir, top: OpRef, generic: bool) -> String {
    let flags = PrintFlags {
        generic,
        ..PrintFlags::default()
    };
    let mut out = Vec::new();
    printer::print_top_level(ir, top, &flags, &mut out).expect("printing to memory cannot fail");
    String::from_utf8(out).expect("the printer writes UTF-8")
}

/// Printed forms that do not re-parse in mlir-opt 22 either, which
/// `rmlir-opt` prints as mlir-opt does (its output is compared with
/// mlir-opt's): an op the printed text holds and the first error message
/// of the re-parse. `cf.switch` prints its case values as unsigned numbers
/// (`-1 : i64` as `18446744073709551615`) and its parser then rejects them
/// ("custom op 'cf.switch' integer value too large"). An `llvm.func` given
/// in generic form with a non-LLVM type in its signature verifies (the
/// verifier checks only the entry block of a definition), but its custom
/// form is rejected by the parser, which builds an LLVM function type
/// ("failed to construct function type: expected LLVM type for function
/// arguments", or "... results"). A named linalg op whose generic form has
/// no inputs (`linalg.exp` with only `outs`) verifies, but its custom form
/// then has too few operands for the region its parser builds ("ods-gen
/// generated region expects 2 args, got 1"). (An `affine.for` with a
/// negative step, listed here until session 11, is now refused by the
/// verifier: `tests/invalid/fuzz-roundtrip-affine-for-bounds.mlir`.) The
/// message must contain the text given.
const UPSTREAM_ROUND_TRIP_FAILURES: &[(&str, &str)] = &[
    ("cf.switch", "integer value too large"),
    ("linalg.", "ods-gen generated region expects"),
    (
        "llvm.func",
        "failed to construct function type: expected LLVM type for function",
    ),
];

/// The round-trip property of verified IR: its printed form parses,
/// verifies and prints identically. The generic form must do so at once.
/// The custom form may normalise once (as upstream's does: `test.polyfor`'s
/// printer drops its `arg_names` hint, so the re-parsed op names its block
/// arguments `%arg0...`, in mlir-opt too), but the second print must be a
/// fixpoint. Panics (a crash) when the property fails, with both texts.
pub fn check_round_trip(ctx: &Arc<Context>, ir: &Ir, top: OpRef) {
    for generic in [false, true] {
        let form = if generic { "generic" } else { "custom" };
        let mut previous = print(ir, top, generic);
        let rounds = if generic { 1 } else { 2 };
        for round in 1..=rounds {
            let (ir2, top2) = match parse_source(ctx.clone(), &previous, &ParseConfig::default()) {
                Ok(r) => r,
                Err(diags)
                    if UPSTREAM_ROUND_TRIP_FAILURES
                        .iter()
                        .any(|(op, m)| previous.contains(op) && diags[0].message.contains(m)) =>
                {
                    return;
                }
                Err(diags) => panic!(
                    "the printed {form} form does not parse ({}):\n{previous}",
                    diags[0].message
                ),
            };
            assert!(
                verifies(&ir2, top2),
                "the printed {form} form does not verify:\n{previous}"
            );
            let again = print(&ir2, top2, generic);
            if again == previous {
                break;
            }
            assert!(
                round < rounds,
                "printing the re-parsed {form} form differs:\n{previous}\n---\n{again}"
            );
            previous = again;
        }
    }
}

/// Runs `pipeline` (a textual pass pipeline anchored on `builtin.module`)
/// on verified IR, single-threaded. Returns `None` when the pipeline
/// failed, else whether its result verifies.
pub fn run_pipeline(ir: &mut Ir, top: OpRef, pipeline: &str) -> Option<bool> {
    let opm = parse_pass_pipeline(pipeline, registry())
        .unwrap_or_else(|e| panic!("bad pipeline {pipeline}: {}", e.message));
    let mut pm = PassManager::from_op_pass_manager(opm);
    // Verify after the pipeline here rather than after each pass, so a
    // verifier failure is told apart from a pass failure.
    pm.enable_verifier(false);
    pm.enable_threading(false);
    if pm.run(ir, top).is_err() {
        return None;
    }
    Some(verifies(ir, top))
}

/// Test-dialect canonicalization patterns that, as upstream's, turn IR
/// that verifies into IR that does not: `FoldToCallOpPattern` replaces
/// `test.fold_to_call_op` with a `func.call` of its `callee`, which the
/// test op does not check names a function (mlir-opt 22 then reports
/// "'func.call' op 'f' does not reference a valid function", as
/// `rmlir-opt` does; `tests/passes/fold-to-call-missing-callee.mlir`).
const UNCHECKED_TEST_PATTERNS: &[&str] = &["FoldToCallOpPattern"];

/// Runs `pipeline` on `ir` (parsed from `text`, verified) and requires its
/// result to verify: canonicalization and CSE must keep IR valid. Returns
/// whether the pipeline succeeded with valid output. Invalid output is a
/// crash unless [`UNCHECKED_TEST_PATTERNS`] explain it: the same pipeline
/// run again on `text` with those patterns disabled then gives IR that
/// verifies, so every other pattern kept the input valid. (The first run
/// keeps them enabled, so a panic in them is still found.)
pub fn run_pipeline_keeping_ir_valid(
    ctx: &Arc<Context>,
    text: &str,
    ir: &mut Ir,
    top: OpRef,
    pipeline: &str,
) -> bool {
    match run_pipeline(ir, top, pipeline) {
        None => false,
        Some(true) => true,
        Some(false) => {
            let disabled = format!(
                "canonicalize{{disable-patterns={}}}",
                UNCHECKED_TEST_PATTERNS.join(",")
            );
            let without = pipeline.replace("canonicalize", &disabled);
            let explained = without != pipeline
                && parse(ctx, text).is_some_and(|(mut ir2, top2)| {
                    run_pipeline(&mut ir2, top2, &without) == Some(true)
                });
            if !explained {
                panic!(
                    "the output of {pipeline} does not verify:\n{}",
                    print(ir, top, true)
                );
            }
            false
        }
    }
}

/// Whether the top-level op is a `builtin.module` (the anchor of the
/// pipelines the targets run).
pub fn is_module(ir: &Ir, top: OpRef) -> bool {
    ir.op_name_str(top) == "builtin.module"
}
