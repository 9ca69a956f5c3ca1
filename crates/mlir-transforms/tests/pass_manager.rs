//! Pass-manager behaviour through the public API: nesting, verification
//! after passes, failure propagation, statistics, timing, and identical
//! results with one and several threads.

use std::sync::{Arc, Mutex};

use mlir_ir::asm::{parse_source, printer, ParseConfig, PrintFlags};
use mlir_ir::diagnostics::Diagnostic;
use mlir_ir::{Context, Ir, OpRef};
use mlir_transforms::cse::CsePass;
use mlir_transforms::pass::report::{format_statistics_report, timing_entries};
use mlir_transforms::pass::{
    DisplayMode, OpPassManager, Pass, PassContext, PassManager, PassRegistry,
};
use mlir_transforms::pipeline::parse_pass_pipeline;

fn context() -> Arc<Context> {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    mlir_dialects::register_all(&mut ctx);
    Arc::new(ctx)
}

fn parse(ctx: &Arc<Context>, text: &str) -> (Ir, OpRef) {
    parse_source(ctx.clone(), text, &ParseConfig::default()).expect("test input parses")
}

fn print(ir: &Ir, op: OpRef) -> String {
    let mut out = Vec::new();
    printer::print_top_level(ir, op, &PrintFlags::default(), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

fn registry() -> PassRegistry {
    let mut r = PassRegistry::with_transforms_passes();
    mlir_transforms::test_passes::register_test_passes(&mut r);
    r
}

/// Collects the diagnostics emitted while `f` runs.
fn capture(ctx: &Context, f: impl FnOnce()) -> Vec<Diagnostic> {
    let seen: Arc<Mutex<Vec<Diagnostic>>> = Arc::default();
    let sink = seen.clone();
    let guard = ctx.scoped_diagnostic_handler(Box::new(move |_, d| {
        sink.lock().unwrap().push(d.clone());
        true
    }));
    f();
    drop(guard);
    let v = seen.lock().unwrap().clone();
    v
}

/// A module of `n` functions with duplicated pure ops (func.constant),
/// unregistered ops, nested regions and dead ops. (A `func.constant` inside
/// the unregistered op would not verify: an unregistered op may be a symbol
/// table, so `@ext` is not visible there, as in mlir-opt.)
fn many_functions(n: usize) -> String {
    let mut s = String::from("module {\n  func.func private @ext()\n");
    for i in 0..n {
        s.push_str(&format!(
            r#"  func.func @f{i}(%arg0: i32) -> i32 {{
    %0 = func.constant @ext : () -> ()
    %1 = func.constant @ext : () -> ()
    %dead = func.constant @ext : () -> ()
    "test.use"(%0, %1) : (() -> (), () -> ()) -> ()
    %2 = "test.op"(%arg0) ({{
      %3 = arith.constant 7 : i32
      "test.use"(%3) : (i32) -> ()
      "test.yield"() : () -> ()
    }}) : (i32) -> i32
    %4 = "test.op"(%arg0) : (i32) -> i32
    %5 = "test.op"(%arg0) : (i32) -> i32
    "test.use"(%4, %5) : (i32, i32) -> ()
    return %2 : i32
  }}
"#
        ));
    }
    s.push_str("}\n");
    s
}

fn run_pipeline(
    text: &str,
    pipeline: &str,
    threads: usize,
) -> (String, Vec<Diagnostic>, bool, String) {
    let ctx = context();
    let (mut ir, top) = parse(&ctx, text);
    let pm = parse_pass_pipeline(pipeline, &registry()).unwrap();
    let mut pm = PassManager::from_op_pass_manager(pm);
    pm.set_num_threads(threads);
    pm.enable_timing(true);
    let mut ok = false;
    let diags = capture(&ctx, || ok = pm.run(&mut ir, top).is_ok());
    let stats = format_statistics_report(&pm, DisplayMode::Pipeline);
    (print(&ir, top), diags, ok, stats)
}

#[test]
fn threads_do_not_change_the_result() {
    let input = many_functions(40);
    let (one, d1, ok1, s1) = run_pipeline(&input, "builtin.module(func.func(cse,cse))", 1);
    assert!(ok1 && d1.is_empty(), "{ok1} {d1:?}");
    for threads in [2, 3, 8] {
        for _ in 0..3 {
            let (many, dn, okn, sn) =
                run_pipeline(&input, "builtin.module(func.func(cse,cse))", threads);
            assert!(okn && dn.is_empty());
            assert_eq!(one, many);
            assert_eq!(s1, sn);
        }
    }
    // The per-function pipeline does what module-level CSE does here.
    let (module_level, _, _, _) = run_pipeline(&input, "builtin.module(cse)", 1);
    assert_eq!(one, module_level);
    // `func.constant` names its result `%f`, as upstream does.
    assert!(one.contains("\"test.use\"(%f, %f)"), "{one}");
    assert!(!one.contains("%dead"));
}

#[test]
fn statistics_are_summed_over_threads() {
    let (_, _, _, stats) = run_pipeline(&many_functions(5), "builtin.module(func.func(cse))", 4);
    // Per function: one duplicate constant (counted twice upstream) and one
    // dead constant.
    assert_eq!(
        stats,
        "===-------------------------------------------------------------------------===\n                         ... Pass statistics report ...\n===-------------------------------------------------------------------------===\n'func.func' Pipeline\n  CSE\n    (S) 10 num-cse'd - Number of operations CSE'd\n    (S)  5 num-dce'd - Number of operations DCE'd\n\n"
    );
}

#[test]
fn failure_reports_like_a_sequential_run() {
    let input = many_functions(6);
    let pipeline = "builtin.module(func.func(test-pass-failure{gen-diagnostics}))";
    let (_, d1, ok1, _) = run_pipeline(&input, pipeline, 1);
    assert!(!ok1);
    assert_eq!(
        d1.len(),
        7,
        "every function (and the declaration) is reported"
    );
    for threads in [2, 4] {
        let (_, dn, okn, _) = run_pipeline(&input, pipeline, threads);
        assert!(!okn);
        assert_eq!(d1, dn);
    }
    assert_eq!(d1[0].message, "illegal operation");
}

/// Breaks the IR: erases the terminator of the function body.
#[derive(Clone)]
struct BreakTerminator;

impl Pass for BreakTerminator {
    fn name(&self) -> &str {
        "BreakTerminator"
    }
    fn op_name(&self) -> Option<&str> {
        Some("func.func")
    }
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        _cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let body = ir.first_block(ir.region(op, 0)).unwrap();
        let term = ir.last_op(body).unwrap();
        ir.erase_op(term);
        Ok(())
    }
}

#[test]
fn verifier_runs_after_each_pass() {
    for threads in [1, 2] {
        let ctx = context();
        let (mut ir, top) = parse(
            &ctx,
            "func.func @a() {\n  return\n}\nfunc.func @b() {\n  return\n}\n",
        );
        let mut pm = PassManager::new("builtin.module");
        pm.set_num_threads(threads);
        pm.add_pass(Box::new(BreakTerminator)).unwrap();
        assert_eq!(
            pm.print_textual(false),
            "builtin.module(func.func(unknown<BreakTerminator>))"
        );
        let mut ok = true;
        let d = capture(&ctx, || ok = pm.run(&mut ir, top).is_ok());
        assert!(!ok);
        assert_eq!(d.len(), 2, "both functions are verified and reported");
        assert!(
            d[0].message
                .contains("empty block: expect at least a terminator"),
            "{}",
            d[0].message
        );
        // Without verification the pipeline "succeeds".
        let (mut ir, top) = parse(&ctx, "func.func @a() {\n  return\n}\n");
        let mut pm = PassManager::new("builtin.module");
        pm.enable_verifier(false);
        pm.add_pass(Box::new(BreakTerminator)).unwrap();
        assert!(pm.run(&mut ir, top).is_ok());
    }
}

#[test]
fn scheduling_errors() {
    let ctx = context();
    let (mut ir, top) = parse(&ctx, "func.func @a() {\n  return\n}\n");
    let pm = parse_pass_pipeline("func.func(cse)", &registry()).unwrap();
    let mut pm = PassManager::from_op_pass_manager(pm);
    let d = capture(&ctx, || assert!(pm.run(&mut ir, top).is_err()));
    assert_eq!(
        d[0].message,
        "can't run 'func.func' pass manager on 'builtin.module' op"
    );

    let pm = parse_pass_pipeline("builtin.module(test.op(cse))", &registry()).unwrap();
    let mut pm = PassManager::from_op_pass_manager(pm);
    let (mut ir, top) = parse(&ctx, "\"test.op\"() ({\n}) : () -> ()\n");
    let d = capture(&ctx, || assert!(pm.run(&mut ir, top).is_err()));
    assert_eq!(
        d[0].message,
        "'test.op' op trying to schedule a pass on an unregistered operation"
    );
}

#[test]
fn implicit_nesting_and_merging() {
    let mut pm = OpPassManager::new("builtin.module");
    pm.add_pass(Box::new(CsePass::new())).unwrap();
    pm.nest("func.func")
        .add_pass(Box::new(CsePass::new()))
        .unwrap();
    pm.add_pass(Box::new(BreakTerminator)).unwrap();
    assert_eq!(
        pm.print_textual(false),
        "builtin.module(cse,func.func(cse),func.func(unknown<BreakTerminator>))"
    );
    let mut explicit =
        OpPassManager::with_nesting("builtin.module", mlir_transforms::pass::Nesting::Explicit);
    let err = explicit.add_pass(Box::new(BreakTerminator)).unwrap_err();
    assert_eq!(
        err,
        "Can't add pass 'BreakTerminator' restricted to 'func.func' on a PassManager intended to run on 'builtin.module', did you intend to nest?"
    );

    // Adjacent nested pipelines are merged before running.
    let ctx = context();
    let (mut ir, top) = parse(&ctx, "func.func @a() {\n  return\n}\n");
    let pm =
        parse_pass_pipeline("builtin.module(func.func(cse),func.func(cse))", &registry()).unwrap();
    let mut pm = PassManager::from_op_pass_manager(pm);
    pm.enable_timing(true);
    pm.run(&mut ir, top).unwrap();
    assert_eq!(
        pm.print_textual(false),
        "builtin.module(func.func(cse,cse))"
    );
    let names: Vec<(String, usize)> = timing_entries(&pm, 0)
        .into_iter()
        .filter(|e| !e.collection)
        .map(|e| (e.name, e.depth))
        .collect();
    assert_eq!(
        names,
        [
            ("'func.func' Pipeline".to_string(), 0),
            ("CSE".to_string(), 1),
            ("(A) DominanceInfo".to_string(), 2),
            ("CSE".to_string(), 1),
            ("(A) DominanceInfo".to_string(), 2)
        ]
    );
}

#[test]
fn moving_bodies_between_arenas_round_trips() {
    let ctx = context();
    let input = many_functions(3);
    let (mut ir, top) = parse(&ctx, &input);
    let before = print(&ir, top);
    let body = ir.first_block(ir.region(top, 0)).unwrap();
    let funcs: Vec<OpRef> = ir.block_ops(body).collect();
    let mut locals = Vec::new();
    for &f in &funcs {
        let mut local = Ir::new(ctx.clone());
        let st = mlir_ir::OperationState::new(ir.op_name(f), ir.op_loc(f)).empty_regions(1);
        let stand_in = local.create_op(st);
        ir.move_region_contents(f, &mut local, stand_in);
        assert!(mlir_ir::verifier::verify(&local, stand_in).is_ok() || ir.num_regions(f) == 1);
        locals.push((local, stand_in));
    }
    for (&f, (mut local, stand_in)) in funcs.iter().zip(locals) {
        local.move_region_contents(stand_in, &mut ir, f);
    }
    assert_eq!(print(&ir, top), before);
    assert!(mlir_ir::verifier::verify(&ir, top).is_ok());
}

/// Measures the cost of moving function bodies out of and back into the
/// shared arena (the overhead of the parallel pass manager). Run with
/// `cargo test --release -p mlir-transforms --test pass_manager -- --ignored --nocapture`.
#[test]
#[ignore]
fn measure_move_overhead() {
    let ctx = context();
    let mut s = String::from("module {\n  func.func private @ext()\n");
    let (funcs, per_func) = (100, 1000);
    for i in 0..funcs {
        s.push_str(&format!("  func.func @f{i}(%arg0: i32) -> i32 {{\n"));
        for k in 0..per_func / 2 {
            s.push_str(&format!(
                "    %c{k} = func.constant @ext : () -> ()\n    %v{k} = \"test.op\"(%arg0, %c{k}) : (i32, () -> ()) -> i32\n"
            ));
        }
        s.push_str("    return %arg0 : i32\n  }\n");
    }
    s.push_str("}\n");
    let (mut ir, top) = parse(&ctx, &s);
    let n_ops = ir.num_ops() as f64;
    let body = ir.first_block(ir.region(top, 0)).unwrap();
    let ops: Vec<OpRef> = ir.block_ops(body).collect();
    let rounds = 5;
    let start = std::time::Instant::now();
    for _ in 0..rounds {
        let mut locals = Vec::new();
        for &f in &ops {
            let mut local = Ir::new(ctx.clone());
            let st = mlir_ir::OperationState::new(ir.op_name(f), ir.op_loc(f)).empty_regions(1);
            let stand_in = local.create_op(st);
            ir.move_region_contents(f, &mut local, stand_in);
            locals.push((local, stand_in));
        }
        for (&f, (mut local, stand_in)) in ops.iter().zip(locals) {
            local.move_region_contents(stand_in, &mut ir, f);
        }
    }
    let per_op = start.elapsed().as_secs_f64() / rounds as f64 / n_ops;
    println!(
        "move out + back: {:.1} ns per op ({} ops)",
        per_op * 1e9,
        n_ops
    );

    // The same pipeline run in place and through private arenas.
    for threads in [1, 2] {
        let (mut ir, top) = parse(&ctx, &s);
        let pm = parse_pass_pipeline("builtin.module(func.func(cse))", &registry()).unwrap();
        let mut pm = PassManager::from_op_pass_manager(pm);
        pm.set_num_threads(threads);
        pm.enable_verifier(false);
        let t = std::time::Instant::now();
        pm.run(&mut ir, top).unwrap();
        println!(
            "func.func(cse), {threads} thread(s): {:.1} ns per op",
            t.elapsed().as_secs_f64() / n_ops * 1e9
        );
    }
}
