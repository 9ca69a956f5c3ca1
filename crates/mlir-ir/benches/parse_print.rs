//! Criterion benchmarks of the text format and the verifier on a synthetic
//! generic-form module (functions of integer ops with properties, as in the
//! `gen_arith.py` workloads): parse, verify, and print (generic and custom),
//! and the interning the parser and the drivers do per op: one new
//! location per op in line order, and repeated small constants.

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use mlir_ir::asm::{parse_source, printer, ParseConfig, PrintFlags};
use mlir_ir::Context;

/// A module of `funcs` functions with `ops` ops each, in generic form.
fn workload(funcs: usize, ops: usize) -> String {
    let mut s = String::from("\"builtin.module\"() ({\n");
    let mut id = 0usize;
    for f in 0..funcs {
        s.push_str(&format!(
            "  \"func.func\"() <{{function_type = (i32, i32) -> i32, sym_name = \"f{f}\"}}> ({{\n  ^bb0(%arg0: i32, %arg1: i32):\n"
        ));
        let mut last = "%arg0".to_string();
        for k in 0..ops {
            if k % 4 == 0 {
                s.push_str(&format!(
                    "    %{id} = \"test.constant\"() <{{value = {k} : i32}}> : () -> i32\n"
                ));
            } else {
                s.push_str(&format!(
                    "    %{id} = \"test.add\"({last}, %arg1) <{{flags = 1 : i64}}> : (i32, i32) -> i32\n"
                ));
            }
            last = format!("%{id}");
            id += 1;
        }
        s.push_str(&format!(
            "    \"func.return\"({last}) : (i32) -> ()\n  }}) : () -> ()\n"
        ));
    }
    s.push_str("}) : () -> ()\n");
    s
}

fn context() -> Arc<Context> {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    Arc::new(ctx)
}

fn bench(c: &mut Criterion) {
    let text = workload(20, 1000);
    let n_ops = 20 * 1001 + 21;
    let ctx = context();
    let mut g = c.benchmark_group("text");
    g.throughput(Throughput::Elements(n_ops as u64));
    g.bench_function("parse_generic_20k", |b| {
        b.iter(|| parse_source(ctx.clone(), &text, &ParseConfig::default()).expect("parses"))
    });
    let (ir, top) = parse_source(ctx.clone(), &text, &ParseConfig::default()).expect("parses");
    g.bench_function("verify_20k", |b| {
        b.iter(|| mlir_ir::verifier::verify(&ir, top).expect("verifies"))
    });
    let generic = PrintFlags {
        generic: true,
        ..PrintFlags::default()
    };
    g.bench_function("print_generic_20k", |b| {
        b.iter(|| {
            let mut sink = std::io::sink();
            printer::print_top_level(&ir, top, &generic, &mut sink).expect("prints")
        })
    });
    g.finish();
}

fn bench_interning(c: &mut Criterion) {
    const N: u32 = 100_000;
    let mut g = c.benchmark_group("intern");
    g.throughput(Throughput::Elements(N as u64));
    // A fresh context each time: every location is new, as when parsing.
    g.bench_function("file_line_col_new_100k", |b| {
        b.iter_batched(
            Context::new,
            |ctx| {
                for line in 1..=N {
                    std::hint::black_box(ctx.file_line_col("input.mlir", line, 5));
                }
                ctx
            },
            criterion::BatchSize::LargeInput,
        )
    });
    let ctx = Context::new();
    let i32t = ctx.int_type(32);
    g.bench_function("int_attr_repeated_100k", |b| {
        b.iter(|| {
            for k in 0..N {
                std::hint::black_box(ctx.int_attr(i32t, (k % 16) as i64));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench, bench_interning);
criterion_main!(benches);
