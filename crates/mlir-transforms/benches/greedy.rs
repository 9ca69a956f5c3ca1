//! Criterion benchmarks of the greedy driver's overhead on synthetic input:
//! a chain of pure ops (nothing dead, nothing folds) driven with an empty
//! pattern set and with many non-matching patterns, in one 10^5-op
//! function, plus the per-op cost of 10^6 ops in one function versus in
//! 1000 functions of 1000 ops (which must not grow with function size).
//! The `greedy_phases` group times phases alone on the same two shapes
//! (the driver without region simplification, unreachable-block erasure,
//! region DCE), to tell which one's per-op cost depends on region size.
//! Times are the benchmark thread's CPU time (Linux), so a busy machine
//! disturbs them less than wall time. `docs/PERFORMANCE.md` records the
//! figures.

use std::sync::Arc;

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use mlir_ir::{Context, Dialect, Ir, OpBuilder, OpInfo, OpRef, OperationState, TraitSet};
use mlir_rewrite::{FrozenRewritePatternSet, Pattern, RewritePatternSet};
use mlir_transforms::{
    apply_patterns_greedily, erase_unreachable_blocks, run_region_dce, GreedyRewriteConfig,
    RegionSimplificationLevel,
};

struct BenchDialect;

impl Dialect for BenchDialect {
    fn namespace(&self) -> &'static str {
        "b"
    }
    fn operations(&self) -> Vec<OpInfo> {
        vec![
            OpInfo::new("b.func").with_traits(TraitSet::ISOLATED_FROM_ABOVE),
            OpInfo::new("b.add").with_traits(TraitSet::PURE),
            OpInfo::new("b.sink"),
            OpInfo::new("b.module").with_traits(TraitSet::ISOLATED_FROM_ABOVE),
        ]
    }
}

fn context() -> Arc<Context> {
    let mut ctx = Context::new();
    ctx.load_dialect(BenchDialect);
    Arc::new(ctx)
}

/// A `b.module` of `funcs` functions, each a chain of `ops` adds ending in
/// a sink that uses the last one.
fn build(ctx: &Arc<Context>, funcs: usize, ops: usize) -> (Ir, OpRef) {
    let mut ir = Ir::new(ctx.clone());
    let loc = ctx.unknown_loc();
    let i32t = ctx.int_type(32);
    let module = ir.create_op(OperationState::new(ctx.op_name("b.module"), loc).empty_regions(1));
    let mut b = OpBuilder::new(&mut ir);
    let mregion = b.ir.region(module, 0);
    let mblock = b.create_block(mregion, None, &[], &[]);
    for _ in 0..funcs {
        b.set_insertion_point_to_end(mblock);
        let f = b.create(OperationState::new(ctx.op_name("b.func"), loc).empty_regions(1));
        let r = b.ir.region(f, 0);
        let entry = b.create_block(r, None, &[i32t, i32t], &[loc, loc]);
        let mut last = b.ir.argument(entry, 0);
        let arg1 = b.ir.argument(entry, 1);
        let add = ctx.op_name("b.add");
        for _ in 0..ops {
            let op = b.create(
                OperationState::new(add, loc)
                    .operands(&[last, arg1])
                    .results(&[i32t]),
            );
            last = b.ir.result(op, 0);
        }
        b.create(OperationState::new(ctx.op_name("b.sink"), loc).operands(&[last]));
    }
    (ir, module)
}

/// What one timed run does to each function: the whole driver, or one of
/// its phases alone (to find which one's per-op cost grows with function
/// size).
#[derive(Copy, Clone)]
enum Phase {
    /// The driver with region simplification `normal`.
    Driver,
    /// The driver with region simplification disabled.
    NoSimplify,
    /// `erase_unreachable_blocks` alone.
    Unreachable,
    /// `run_region_dce` alone.
    Dce,
}

fn functions(ir: &Ir, module: OpRef) -> Vec<OpRef> {
    let b = ir.first_block(ir.region(module, 0)).expect("module body");
    ir.block_ops(b).collect()
}

fn run(ir: &mut Ir, module: OpRef, patterns: &FrozenRewritePatternSet, phase: Phase) {
    for f in functions(ir, module) {
        let region = ir.region(f, 0);
        match phase {
            Phase::Driver | Phase::NoSimplify => {
                let config = GreedyRewriteConfig {
                    region_simplification: match phase {
                        Phase::Driver => RegionSimplificationLevel::Normal,
                        _ => RegionSimplificationLevel::Disabled,
                    },
                    ..Default::default()
                };
                let r = apply_patterns_greedily(ir, f, patterns, config);
                assert!(r.succeeded() && !r.changed);
            }
            Phase::Unreachable => assert!(!erase_unreachable_blocks(ir, None, &[region])),
            Phase::Dce => assert!(!run_region_dce(ir, None, &[region])),
        }
    }
}

fn many_patterns(ctx: &Arc<Context>) -> FrozenRewritePatternSet {
    let mut set = RewritePatternSet::new(ctx.clone());
    for i in 0..32u16 {
        set.add_fn(Pattern::new(ctx, "b.add", i + 1), |_, _| Err(()));
        set.add_fn(Pattern::new(ctx, "b.sink", i + 1), |_, _| Err(()));
    }
    set.add_fn(Pattern::match_any(1), |_, _| Err(()));
    FrozenRewritePatternSet::new(set)
}

/// CPU time of the current thread: the first field of
/// `/proc/thread-self/schedstat` (nanoseconds on a CPU), so that other
/// processes competing for the machine's cores do not inflate the figures;
/// `None` where the file does not exist (the wall clock is used then).
fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Times `iters` runs of the driver over fresh IR built by `setup` (not
/// timed), in thread CPU time where available.
fn time_runs(
    iters: u64,
    setup: impl Fn() -> (Ir, OpRef),
    patterns: &FrozenRewritePatternSet,
    phase: Phase,
) -> Duration {
    let mut total = Duration::ZERO;
    for _ in 0..iters {
        let (mut ir, m) = setup();
        let cpu = thread_cpu_time();
        let wall = Instant::now();
        run(&mut ir, m, patterns, phase);
        total += match (cpu, thread_cpu_time()) {
            (Some(a), Some(b)) => b - a,
            _ => wall.elapsed(),
        };
        drop(ir);
    }
    total
}

fn bench(c: &mut Criterion) {
    let ctx = context();
    let empty = FrozenRewritePatternSet::empty(ctx.clone());
    let many = many_patterns(&ctx);
    let mut g = c.benchmark_group("greedy");
    g.sample_size(10);
    // (name, functions, ops per function, pattern set)
    let cases: [(&str, usize, usize, &FrozenRewritePatternSet); 6] = [
        ("empty_patterns_1e5", 1, 100_000, &empty),
        ("many_patterns_1e5", 1, 100_000, &many),
        // Per-op cost must not depend on function size: the same 10^6 ops
        // in 1000 functions of 1000 ops and in one function.
        ("empty_patterns_1000x1000", 1000, 1000, &empty),
        ("empty_patterns_1e6", 1, 1_000_000, &empty),
        ("many_patterns_1000x1000", 1000, 1000, &many),
        ("many_patterns_1e6", 1, 1_000_000, &many),
    ];
    for (name, funcs, ops, set) in cases {
        g.throughput(Throughput::Elements((funcs * ops) as u64));
        g.bench_function(name, |bch| {
            bch.iter_custom(|iters| {
                time_runs(iters, || build(&ctx, funcs, ops), set, Phase::Driver)
            })
        });
    }
    g.finish();

    // The driver's phases alone, on the same 10^6 ops in both shapes.
    let mut g = c.benchmark_group("greedy_phases");
    g.sample_size(10);
    let phases = [
        ("no_simplify", Phase::NoSimplify),
        ("unreachable", Phase::Unreachable),
        ("dce", Phase::Dce),
    ];
    for (pname, phase) in phases {
        for (shape, funcs, ops) in [("1000x1000", 1000, 1000), ("1e6", 1, 1_000_000)] {
            g.throughput(Throughput::Elements((funcs * ops) as u64));
            g.bench_function(format!("{pname}_{shape}"), |bch| {
                bch.iter_custom(|iters| time_runs(iters, || build(&ctx, funcs, ops), &empty, phase))
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
