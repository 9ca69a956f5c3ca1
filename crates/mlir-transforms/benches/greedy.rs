//! Criterion benchmarks of the greedy driver's overhead on synthetic input:
//! a chain of pure ops (nothing dead, nothing folds) driven with an empty
//! pattern set and with many non-matching patterns, in one 10^5-op
//! function, plus the per-op cost in one large function versus many small
//! ones (which must not grow with function size).

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use mlir_ir::{Context, Dialect, Ir, OpBuilder, OpInfo, OpRef, OperationState, TraitSet};
use mlir_rewrite::{FrozenRewritePatternSet, Pattern, RewritePatternSet};
use mlir_transforms::{apply_patterns_greedily, GreedyRewriteConfig, RegionSimplificationLevel};

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

fn run(ir: &mut Ir, module: OpRef, patterns: &FrozenRewritePatternSet) {
    let funcs: Vec<OpRef> = {
        let b = ir.first_block(ir.region(module, 0)).expect("module body");
        ir.block_ops(b).collect()
    };
    for f in funcs {
        let config = GreedyRewriteConfig {
            region_simplification: RegionSimplificationLevel::Normal,
            ..Default::default()
        };
        let r = apply_patterns_greedily(ir, f, patterns, config);
        assert!(r.succeeded() && !r.changed);
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

fn bench(c: &mut Criterion) {
    let ctx = context();
    let empty = FrozenRewritePatternSet::empty(ctx.clone());
    let many = many_patterns(&ctx);
    let n = 100_000;
    let mut g = c.benchmark_group("greedy");
    g.sample_size(10);
    g.throughput(Throughput::Elements(n as u64));
    for (name, set) in [("empty_patterns_1e5", &empty), ("many_patterns_1e5", &many)] {
        g.bench_function(name, |bch| {
            bch.iter_batched(
                || build(&ctx, 1, n),
                |(mut ir, m)| run(&mut ir, m, set),
                BatchSize::LargeInput,
            )
        });
    }
    // Per-op cost must not depend on function size: 10^3 functions of
    // 10^2 ops versus one function of 10^5 (the 10^6 case is the same
    // shape, ten times longer; run it with `--bench greedy -- 1e6`).
    g.bench_function("empty_patterns_1000x100", |bch| {
        bch.iter_batched(
            || build(&ctx, 1000, 100),
            |(mut ir, m)| run(&mut ir, m, &empty),
            BatchSize::LargeInput,
        )
    });
    g.throughput(Throughput::Elements(1_000_000));
    g.bench_function("empty_patterns_1e6", |bch| {
        bch.iter_batched(
            || build(&ctx, 1, 1_000_000),
            |(mut ir, m)| run(&mut ir, m, &empty),
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
