//! The DRR extensions beyond MLIR's DRR (docs/DRR.md, "Beyond MLIR's DRR"):
//! each rule of `td/TestOpsDRR.td`'s last section is applied with the
//! greedy driver to a module and the result compared with the expected IR.
//! These ops are rmlir's own, so `mlir-opt` cannot check them; the
//! expectations were written by hand from the rules. The last test covers a
//! standard feature (inferred result types in nested results) that no
//! upstream test op exercises.

use std::sync::Arc;

use mlir_ir::asm::{parse_source, printer, ParseConfig, PrintFlags};
use mlir_ir::Context;
use mlir_rewrite::{FrozenRewritePatternSet, RewritePatternSet};
use mlir_transforms::greedy::{apply_patterns_greedily, GreedyRewriteConfig};

/// Applies the test dialect's generated DRR patterns to `input` (ops at
/// module level; `test.src` is an unknown op standing for any producer) and
/// returns the printed result.
fn rewrite(input: &str) -> String {
    let mut ctx = Context::new();
    test_dialect::register_test_dialect(&mut ctx);
    let ctx = Arc::new(ctx);
    let (mut ir, top) =
        parse_source(ctx.clone(), input, &ParseConfig::default()).expect("test input parses");
    let mut patterns = RewritePatternSet::new(ctx.clone());
    test_dialect::drr::populate_with_generated(&mut patterns);
    let frozen = FrozenRewritePatternSet::new(patterns);
    apply_patterns_greedily(&mut ir, top, &frozen, GreedyRewriteConfig::default());
    printer::print_to_string(&ir, top, &PrintFlags::default())
}

/// Every line of `expected` occurs in `actual`, in order.
fn check(actual: &str, expected: &[&str]) {
    let mut rest = actual;
    for e in expected {
        match rest.find(e) {
            Some(i) => rest = &rest[i + e.len()..],
            None => panic!("expected `{e}` (in order) in:\n{actual}"),
        }
    }
}

/// Extension 3, a multi-result op inside a source pattern
/// (`(DrrTwoResults:$t__1)`): only a use of its second result matches.
#[test]
fn multi_result_op_in_nested_source_pattern() {
    let out = rewrite(
        r#"
        %0:2 = "test.drr_two_results"() : () -> (i32, f32)
        %1 = "test.drr_use_f32"(%0#1) : (f32) -> f32
        %2 = "test.drr_use_f32"(%1) : (f32) -> f32
        "#,
    );
    check(
        &out,
        &[
            // The op's named result groups name its results (`%first`,
            // `%second`), as ODS-generated `getAsmResultNames` does.
            r#"%0 = "test.drr_used_second"(%second) : (f32) -> f32"#,
            r#"%1 = "test.drr_use_f32"(%0) : (f32) -> f32"#,
        ],
    );
}

/// Extension 4, a variadic op nested in a source pattern: its group is
/// reused whole.
#[test]
fn variadic_op_in_nested_source_pattern() {
    let out = rewrite(
        r#"
        %a:3 = "test.src"() : () -> (i32, i32, i32)
        %0 = "test.drr_sum"(%a#0, %a#1, %a#2) : (i32, i32, i32) -> i32
        %1 = "test.drr_neg"(%0) : (i32) -> i32
        "test.sink"(%1) : (i32) -> ()
        "#,
    );
    check(
        &out,
        &[r#""test.drr_neg_sum"(%0#0, %0#1, %0#2) : (i32, i32, i32) -> i32"#],
    );
    assert!(!out.contains("test.drr_neg\""), "{out}");
}

/// Extension 5, packing variadic groups and single values into one group,
/// and unpacking a group into several.
#[test]
fn packing_and_unpacking_variadic_groups() {
    let out = rewrite(
        r#"
        %a:4 = "test.src"() : () -> (i32, i32, i32, i32)
        "test.drr_split"(%a#0, %a#1, %a#2, %a#3) <{operandSegmentSizes = array<i32: 2, 1, 1>}> : (i32, i32, i32, i32) -> ()
        "test.drr_unflat"(%a#0, %a#1) : (i32, i32) -> ()
        "#,
    );
    check(
        &out,
        &[
            // tail, mid, head.
            r#""test.drr_flat"(%0#3, %0#2, %0#0, %0#1) : (i32, i32, i32, i32) -> ()"#,
            // A group of two does not match `(variadic $a, $b, $c)`.
            r#""test.drr_unflat"(%0#0, %0#1) : (i32, i32) -> ()"#,
        ],
    );
    // Unpacked into segments [2, 1, 0], then packed again as tail, mid, head.
    let out = rewrite(
        r#"
        %a:3 = "test.src"() : () -> (i32, i32, i32)
        "test.drr_unflat"(%a#0, %a#1, %a#2) : (i32, i32, i32) -> ()
        "#,
    );
    check(
        &out,
        &[r#""test.drr_flat"(%0#2, %0#0, %0#1) : (i32, i32, i32) -> ()"#],
    );
}

/// Extension 6, a native call returning a value, two attributes and a type
/// at once.
#[test]
fn native_call_returning_values_attributes_and_types() {
    let out = rewrite(
        r#"
        %a = "test.src"() : () -> i32
        "test.drr_const"(%a) {value = 0x100000002 : i64} : (i32) -> ()
        "#,
    );
    check(
        &out,
        &[r#""test.drr_halves"(%0) <{hi = 1 : i32, lo = 2 : i32}> : (i32) -> i64"#],
    );
}

/// Extension 1, matching an op with a region and moving the region into the
/// generated op (`(regions $body)` in both patterns), and generating an op
/// with a fresh region (`(regions (block))`).
#[test]
fn ops_with_regions() {
    let out = rewrite(
        r#"
        %a = "test.src"() : () -> i32
        %0 = "test.drr_region_src"(%a) ({
        ^bb0(%x: i32):
          "test.use"(%x) : (i32) -> ()
        }) : (i32) -> i32
        %1 = "test.drr_make_region"(%a) : (i32) -> i32
        "test.sink"(%0, %1) : (i32, i32) -> ()
        "#,
    );
    check(
        &out,
        &[
            r#"%1 = "test.drr_region_dst"(%0) ({"#,
            r#"^bb0(%arg0: i32):"#,
            r#""test.use"(%arg0) : (i32) -> ()"#,
            r#"}) : (i32) -> i32"#,
            r#"%2 = "test.drr_no_terminator"(%0) ({"#,
        ],
    );
    assert!(!out.contains("drr_region_src"), "{out}");
}

/// Extension 2, block arguments bound in a source pattern
/// (`(regions (block $arg))`) and used by a constraint: only the region
/// that yields its own argument is the identity.
#[test]
fn block_arguments() {
    let out = rewrite(
        r#"
        %a = "test.src"() : () -> i32
        %0 = "test.drr_wrap"(%a) ({
        ^bb0(%y: i32):
          "test.yield"(%y) : (i32) -> ()
        }) : (i32) -> i32
        %1 = "test.drr_wrap"(%a) ({
        ^bb0(%y: i32):
          "test.yield"(%a) : (i32) -> ()
        }) : (i32) -> i32
        "test.sink"(%0, %1) : (i32, i32) -> ()
        "#,
    );
    check(
        &out,
        &[
            r#"%1 = "test.drr_wrap"(%0) ({"#,
            r#""test.yield"(%0) : (i32) -> ()"#,
            r#""test.sink"(%0, %1) : (i32, i32) -> ()"#,
        ],
    );
}

/// Extension 2, generating a block with arguments: `(block (returnType
/// $x):$iv, "$_ctx.index_type()":$i, ops...)` creates the block with an
/// argument of `$x`'s type and an `index` one, then builds the ops inside it,
/// which use the arguments.
#[test]
fn generated_block_arguments() {
    let out = rewrite(
        r#"
        %a = "test.src"() : () -> i32
        %0 = "test.drr_loop_src"(%a) : (i32) -> i32
        "test.sink"(%0) : (i32) -> ()
        "#,
    );
    check(
        &out,
        &[
            r#"%1 = "test.drr_loop"(%0) ({"#,
            r#"^bb0(%arg0: i32, %arg1: index):"#,
            r#"%2 = "test.drr_loop_step"(%arg0, %arg0) : (i32, i32) -> i32"#,
            r#""test.drr_loop_yield"(%2, %arg1) : (i32, index) -> ()"#,
            r#"}) : (i32) -> i32"#,
            r#""test.sink"(%1) : (i32) -> ()"#,
        ],
    );
    assert!(!out.contains("drr_loop_src"), "{out}");
}

/// An op with `InferTypeOpInterface` built in a nested result pattern gets
/// its result types from its `infer_return_types` (MLIR's inferring
/// builder).
#[test]
fn inferred_result_types_in_nested_results() {
    let out = rewrite(
        r#"
        %a = "test.src"() : () -> i16
        %0 = "test.drr_infer_src"(%a) : (i16) -> i16
        "test.sink"(%0) : (i16) -> ()
        "#,
    );
    check(
        &out,
        &[
            r#"%1 = "test.drr_infer_from_operand"(%0) : (i16) -> i16"#,
            r#"%2 = "test.op_x"(%1) : (i16) -> i16"#,
        ],
    );
}
