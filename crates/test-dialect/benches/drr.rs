//! Criterion benchmark: a DRR-generated pattern against the same pattern
//! written by hand in Rust, on the same input. The rule is the test
//! dialect's `TestNamedPatternRule`, `(OpA $input, $attr) -> (OpB $input,
//! $attr)`; the input is a chain of 10^4 `test.op_a` ops (plus as many
//! `test.op_c`, which the root-name dispatch never offers to either
//! pattern). Each iteration parses a fresh module (not timed) and runs the
//! greedy driver with the one pattern (timed). The generated pattern must
//! stay within 10% of the hand-written one (see docs/DRR.md for figures).

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use mlir_ir::asm::{parse_source, ParseConfig};
use mlir_ir::{Context, Ir, OpName, OpRef, OperationState, Value};
use mlir_rewrite::{
    FrozenRewritePatternSet, LogicalResult, Pattern, PatternRewriter, RewritePattern,
    RewritePatternSet,
};
use mlir_transforms::greedy::{apply_patterns_greedily, GreedyRewriteConfig};

const OPS: usize = 10_000;

/// `TestNamedPatternRule` written by hand, as a Rust user would: the same
/// checks (op name, operand count, the `attr` attribute), the result type
/// of the root, one `test.op_b` created and the root replaced.
struct HandWritten {
    op_a: OpName,
    op_b: OpName,
}

impl RewritePattern for HandWritten {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.op_a", 1u16).with_generated_ops(ctx, &["test.op_b"])
    }
    fn match_and_rewrite(&self, op: OpRef, rewriter: &mut PatternRewriter<'_>) -> LogicalResult {
        let ir = rewriter.ir();
        if ir.op_name(op) != self.op_a || ir.num_operands(op) != 1 {
            return Err(());
        }
        let input = ir.operand(op, 0);
        let Some(attr) = ir.attr(op, "attr") else {
            return Err(());
        };
        let ty = ir.value_type(Value::result(op, 0));
        let loc = ir.op_loc(op);
        let ctx = Arc::clone(ir.ctx_arc());
        let mut state = OperationState::new(self.op_b, loc);
        state.operands.push(input);
        state.properties = Some(ctx.dictionary_attr(&[(ctx.ident("attr"), attr)]));
        state.result_types.push(ty);
        let new_op = rewriter.create(state);
        rewriter.replace_op(op, &[Value::result(new_op, 0)]);
        Ok(())
    }
}

fn context() -> Arc<Context> {
    let mut ctx = Context::new();
    test_dialect::register_test_dialect(&mut ctx);
    Arc::new(ctx)
}

fn input() -> String {
    let mut s = String::from("%0 = \"test.src\"() : () -> i32\n");
    for i in 0..OPS {
        s.push_str(&format!(
            "%a{i} = \"test.op_a\"(%0) {{attr = {i} : i32}} : (i32) -> i32\n\
             %c{i} = \"test.op_c\"(%a{i}) : (i32) -> i32\n\
             \"test.sink\"(%c{i}) : (i32) -> ()\n"
        ));
    }
    s
}

fn run(c: &mut Criterion) {
    let ctx = context();
    let text = input();
    let parse = || -> (Ir, OpRef) {
        parse_source(ctx.clone(), &text, &ParseConfig::default()).expect("benchmark input parses")
    };
    let generated = {
        let mut set = RewritePatternSet::new(ctx.clone());
        set.add(test_dialect::drr::patterns::TestNamedPatternRule::new(&ctx));
        FrozenRewritePatternSet::new(set)
    };
    let hand = {
        let mut set = RewritePatternSet::new(ctx.clone());
        set.add(HandWritten {
            op_a: ctx.op_name("test.op_a"),
            op_b: ctx.op_name("test.op_b"),
        });
        FrozenRewritePatternSet::new(set)
    };
    let mut group = c.benchmark_group("drr_vs_hand_written");
    group.throughput(Throughput::Elements(OPS as u64));
    group.sample_size(20);
    for (name, set) in [("generated", &generated), ("hand_written", &hand)] {
        group.bench_function(name, |b| {
            b.iter_batched(
                parse,
                |(mut ir, top)| {
                    let r =
                        apply_patterns_greedily(&mut ir, top, set, GreedyRewriteConfig::default());
                    assert_eq!(r.num_rewrites as usize, OPS);
                    ir
                },
                BatchSize::LargeInput,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, run);
criterion_main!(benches);
