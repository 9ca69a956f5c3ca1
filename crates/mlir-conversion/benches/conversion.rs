//! Criterion benchmarks of the dialect conversion over 10^5 ops: every op of
//! a chain is illegal and rewritten by one pattern into a legal op, with and
//! without pattern rollback, next to the greedy driver applying the same
//! pattern to the same input (the no-rollback conversion must cost no more).

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
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
            bch.iter_batched(
                || build(&ctx, N),
                |(mut ir, m)| {
                    let (r, _) = apply_partial_conversion(&mut ir, m, &target, &frozen, &config);
                    assert!(r.is_ok());
                    ir
                },
                BatchSize::LargeInput,
            )
        });
    }
    group.bench_function("greedy_same_rewrite", |bch| {
        bch.iter_batched(
            || build(&ctx, N),
            |(mut ir, m)| {
                let _ =
                    apply_patterns_greedily(&mut ir, m, &frozen, GreedyRewriteConfig::default());
                ir
            },
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
