//! Criterion benchmarks of the dialect conversion over 10^5 ops: every op of
//! a chain is illegal and rewritten by one pattern into a legal op, with and
//! without pattern rollback, next to the greedy driver applying the same
//! pattern to the same input (the no-rollback conversion must cost no more).
//!
//! The machine the figures come from is shared, so each sample reports the
//! thread's CPU time (from `/proc/thread-self/schedstat`, wall time where
//! that file is missing) spent in the rewrite alone: building the input and
//! dropping the IR are left out, and time the thread spends waiting for a
//! core does not count.

use std::sync::Arc;

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use mlir_conversion::{apply_partial_conversion, ConversionConfig, ConversionTarget, FoldingMode};
use mlir_ir::{Context, Dialect, Ir, OpBuilder, OpInfo, OpRef, OperationState, TraitSet, Value};
use mlir_rewrite::{FrozenRewritePatternSet, Pattern, RewritePatternSet};
use mlir_transforms::{apply_patterns_greedily, GreedyRewriteConfig};
use smallvec::SmallVec;

const N: usize = 100_000;

struct BenchDialect;

impl Dialect for BenchDialect {
    fn namespace(&self) -> &'static str {
        "b"
    }
    fn operations(&self) -> Vec<OpInfo> {
        vec![
            OpInfo::new("b.module").with_traits(TraitSet::ISOLATED_FROM_ABOVE),
            OpInfo::new("b.func").with_traits(TraitSet::ISOLATED_FROM_ABOVE),
            OpInfo::new("b.src"),
            OpInfo::new("b.dst"),
            OpInfo::new("b.sink"),
        ]
    }
}

fn context() -> Arc<Context> {
    let mut ctx = Context::new();
    ctx.load_dialect(BenchDialect);
    Arc::new(ctx)
}

/// One function holding a chain of `n` `b.src` ops and a sink.
fn build(ctx: &Arc<Context>, n: usize) -> (Ir, OpRef) {
    let mut ir = Ir::new(ctx.clone());
    let loc = ctx.unknown_loc();
    let i32t = ctx.int_type(32);
    let module = ir.create_op(OperationState::new(ctx.op_name("b.module"), loc).empty_regions(1));
    let mut b = OpBuilder::new(&mut ir);
    let mregion = b.ir.region(module, 0);
    let mblock = b.create_block(mregion, None, &[], &[]);
    b.set_insertion_point_to_end(mblock);
    let f = b.create(OperationState::new(ctx.op_name("b.func"), loc).empty_regions(1));
    let r = b.ir.region(f, 0);
    let entry = b.create_block(r, None, &[i32t], &[loc]);
    let mut last = b.ir.argument(entry, 0);
    let src = ctx.op_name("b.src");
    for _ in 0..n {
        let op = b.create(
            OperationState::new(src, loc)
                .operands(&[last])
                .results(&[i32t]),
        );
        last = b.ir.result(op, 0);
    }
    b.create(OperationState::new(ctx.op_name("b.sink"), loc).operands(&[last]));
    (ir, module)
}

/// `b.src` -> `b.dst` on the same operands.
fn patterns(ctx: &Arc<Context>) -> FrozenRewritePatternSet {
    let mut set = RewritePatternSet::new(ctx.clone());
    set.add_fn(Pattern::new(ctx, "b.src", 1), |op, rw| {
        let operands: SmallVec<[Value; 2]> = rw.ir().operands(op).collect();
        let types: SmallVec<[mlir_ir::Type; 1]> = rw.ir().result_types(op).collect();
        rw.replace_op_with_new_named(op, "b.dst", &operands, &types, None);
        Ok(())
    });
    FrozenRewritePatternSet::new(set)
}

/// The CPU time this thread has run so far, if the kernel reports it.
fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Runs `run` on `iters` fresh inputs and returns the time spent in it
/// (CPU time when available, else wall time), input construction excluded.
fn timed(iters: u64, ctx: &Arc<Context>, mut run: impl FnMut(&mut Ir, OpRef)) -> Duration {
    let mut total = Duration::ZERO;
    for _ in 0..iters {
        let (mut ir, m) = build(ctx, N);
        let (cpu0, wall0) = (thread_cpu_time(), Instant::now());
        run(&mut ir, m);
        total += match (cpu0, thread_cpu_time()) {
            (Some(a), Some(b)) => b - a,
            _ => wall0.elapsed(),
        };
        drop(ir);
    }
    total
}

fn bench(c: &mut Criterion) {
    let ctx = context();
    let frozen = patterns(&ctx);
    let mut target = ConversionTarget::new();
    target.add_legal_dialect("b");
    target.add_illegal_op("b.src");
    let mut group = c.benchmark_group("conversion_1e5");
    group.sample_size(10);
    group.throughput(Throughput::Elements(N as u64));
    for (name, rollback) in [("rollback", true), ("no_rollback", false)] {
        let config = ConversionConfig {
            allow_pattern_rollback: rollback,
            folding_mode: FoldingMode::Never,
            ..Default::default()
        };
        group.bench_function(name, |bch| {
            bch.iter_custom(|iters| {
                timed(iters, &ctx, |ir, m| {
                    let (r, _) = apply_partial_conversion(ir, m, &target, &frozen, &config);
                    assert!(r.is_ok());
                })
            })
        });
    }
    group.bench_function("greedy_same_rewrite", |bch| {
        bch.iter_custom(|iters| {
            timed(iters, &ctx, |ir, m| {
                let _ = apply_patterns_greedily(ir, m, &frozen, GreedyRewriteConfig::default());
            })
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
