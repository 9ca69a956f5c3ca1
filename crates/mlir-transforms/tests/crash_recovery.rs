//! A panic in a pass is a located error naming the pass, with one thread
//! or several, and the pipeline reports failure instead of unwinding.

use std::sync::{Arc, Mutex};

use mlir_ir::asm::{parse_source, ParseConfig};
use mlir_ir::diagnostics::Diagnostic;
use mlir_ir::Context;
use mlir_transforms::pass::{PassManager, PassRegistry};
use mlir_transforms::pipeline::parse_pass_pipeline;

fn run(pipeline: &str, threads: usize) -> (Result<(), ()>, Vec<String>) {
    let mut ctx = Context::new();
    mlir_dialects::register_all(&mut ctx);
    let ctx = Arc::new(ctx);
    let text = "func.func @a() {\n  return\n}\nfunc.func @b() {\n  return\n}\n";
    let (mut ir, top) = parse_source(ctx.clone(), text, &ParseConfig::default()).unwrap();
    let mut registry = PassRegistry::with_transforms_passes();
    mlir_transforms::test_passes::register_test_passes(&mut registry);
    let mut pm =
        PassManager::from_op_pass_manager(parse_pass_pipeline(pipeline, &registry).unwrap());
    pm.set_num_threads(threads);
    let seen: Arc<Mutex<Vec<Diagnostic>>> = Arc::default();
    let sink = seen.clone();
    let guard = ctx.scoped_diagnostic_handler(Box::new(move |_, d| {
        sink.lock().unwrap().push(d.clone());
        true
    }));
    let r = pm.run(&mut ir, top);
    drop(guard);
    let messages = seen
        .lock()
        .unwrap()
        .iter()
        .map(|d| d.message.clone())
        .collect();
    (r, messages)
}

#[test]
fn a_panicking_pass_is_an_error_naming_the_pass() {
    for threads in [1, 4] {
        let (r, messages) = run("builtin.module(func.func(cse,test-pass-crash))", threads);
        assert!(r.is_err());
        assert!(!messages.is_empty(), "threads={threads}");
        assert!(
            messages[0].starts_with("pass `(anonymous namespace)::TestCrashRecoveryPass` panicked while running on 'func.func' operation: test-pass-crash"),
            "{messages:?}"
        );
    }
    let (r, messages) = run("builtin.module(test-pass-crash)", 1);
    assert!(r.is_err());
    assert_eq!(messages.len(), 1, "{messages:?}");
}
