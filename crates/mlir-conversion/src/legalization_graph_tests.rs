//! Unit tests of the legalization graph (`legalization_graph.rs`): the
//! order in which the conversion driver tries patterns (legalization depth,
//! then benefit), the patterns it drops because they can never produce
//! legal IR, and the effect of match-any patterns. Every expected order was
//! derived by hand from MLIR 22's `OperationLegalizer` cost model (the
//! reasoning is written next to each test) and is checked twice: on the
//! graph directly, and through a partial conversion that logs each pattern
//! it runs.

use std::sync::{Arc, Mutex};

use mlir_ir::asm::printer::{print_to_string, PrintFlags};
use mlir_ir::{Context, Ir, OpRef, Type, Value};
use mlir_rewrite::{FrozenRewritePatternSet, Pattern, RewritePatternSet};
use smallvec::SmallVec;

use crate::legalization_graph::LegalizationGraph;
use crate::*;

type Log = Arc<Mutex<Vec<String>>>;

fn ctx() -> Arc<Context> {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    Arc::new(ctx)
}

/// `a` ops are illegal, `b` ops legal, `c` ops unknown to the target.
fn target() -> ConversionTarget {
    let mut t = ConversionTarget::new();
    t.add_legal_dialect("b");
    t.add_legal_op("builtin.module");
    t.add_illegal_dialect("a");
    t
}

/// Adds a pattern named `name` rooted at `root` with `benefit`, declaring
/// `generated`, that logs its name and replaces the root with a new op
/// named `produce` (same operands and result types).
fn logged(
    set: &mut RewritePatternSet,
    log: &Log,
    name: &'static str,
    root: &str,
    benefit: u16,
    generated: &[&str],
    produce: &'static str,
) {
    let ctx = set.ctx().clone();
    let log = log.clone();
    let meta = Pattern::new(&ctx, root, benefit)
        .with_generated_ops(&ctx, generated)
        .with_debug_name(name);
    set.add_fn(meta, move |op, rw| {
        log.lock().unwrap().push(name.to_string());
        let operands: SmallVec<[Value; 2]> = rw.ir().operands(op).collect();
        let types: SmallVec<[Type; 2]> = rw.ir().result_types(op).collect();
        rw.replace_op_with_new_named(op, produce, &operands, &types, None);
        Ok(())
    });
}

/// Adds a match-any pattern named `name` that logs its name and never
/// matches.
fn logged_any(set: &mut RewritePatternSet, log: &Log, name: &'static str, benefit: u16) {
    let log = log.clone();
    set.add_fn(
        Pattern::match_any(benefit).with_debug_name(name),
        move |_, _| {
            log.lock().unwrap().push(name.to_string());
            Err(())
        },
    );
}

/// The debug names of the patterns the graph orders for `op`.
fn order(frozen: &FrozenRewritePatternSet, op: &str) -> Vec<String> {
    let graph = LegalizationGraph::new(&target(), frozen);
    graph
        .patterns_for(frozen, frozen.ctx().op_name(op))
        .into_iter()
        .map(|i| frozen.pattern(i).pattern().debug_name().to_string())
        .collect()
}

/// Runs a partial conversion of `src` and returns the printed result.
fn convert(ctx: &Arc<Context>, frozen: &FrozenRewritePatternSet, src: &str) -> String {
    let (mut ir, m): (Ir, OpRef) =
        mlir_ir::asm::parse_source(ctx.clone(), src, &Default::default())
            .unwrap_or_else(|e| panic!("test IR does not parse: {e:?}"));
    let (result, _) =
        apply_partial_conversion(&mut ir, m, &target(), frozen, &ConversionConfig::default());
    assert!(result.is_ok());
    print_to_string(&ir, m, &PrintFlags::default())
}

fn taken(log: &Log) -> Vec<String> {
    std::mem::take(&mut *log.lock().unwrap())
}

/// `hi` (benefit 2) produces `a.y`, which needs `q` to become legal; `lo`
/// (benefit 1) produces the legal `b.z`. MLIR: `a.y` has depth 1 (its only
/// pattern generates a legal op), so `hi` has depth 2 and `lo` depth 1;
/// depth wins over benefit and `lo` is tried (and succeeds) first. By
/// benefit alone `hi` would have run and left `b.y`.
#[test]
fn shallower_pattern_before_higher_benefit() {
    let ctx = ctx();
    let log = Log::default();
    let mut set = RewritePatternSet::new(ctx.clone());
    logged(&mut set, &log, "hi", "a.x", 2, &["a.y"], "a.y");
    logged(&mut set, &log, "lo", "a.x", 1, &["b.z"], "b.z");
    logged(&mut set, &log, "q", "a.y", 1, &["b.y"], "b.y");
    let frozen = FrozenRewritePatternSet::new(set);

    assert_eq!(order(&frozen, "a.x"), ["lo", "hi"]);
    assert_eq!(order(&frozen, "a.y"), ["q"]);
    let out = convert(&ctx, &frozen, r#""a.x"() : () -> i32"#);
    assert_eq!(taken(&log), ["lo"]);
    assert!(out.contains("\"b.z\"") && !out.contains("\"b.y\""), "{out}");
}

/// With a match-any pattern the depths still order the op-specific list,
/// but the match-any pattern is merged in by *static* benefit (MLIR's
/// `PatternApplicator::matchAndRewrite`): `any` (3) beats the head `lo`
/// (1), so it is tried first, then `lo`, then `hi`.
#[test]
fn match_any_merged_by_static_benefit() {
    let ctx = ctx();
    let log = Log::default();
    let mut set = RewritePatternSet::new(ctx.clone());
    logged(&mut set, &log, "hi", "a.x", 2, &["a.y"], "a.y");
    logged(&mut set, &log, "lo", "a.x", 1, &["b.z"], "b.z");
    logged(&mut set, &log, "q", "a.y", 1, &["b.y"], "b.y");
    logged_any(&mut set, &log, "any", 3);
    let frozen = FrozenRewritePatternSet::new(set);

    assert_eq!(order(&frozen, "a.x"), ["any", "lo", "hi"]);
    let out = convert(&ctx, &frozen, r#""a.x"() : () -> i32"#);
    assert_eq!(taken(&log), ["any", "lo"]);
    assert!(out.contains("\"b.z\""), "{out}");
}

/// Patterns shared by the dropping tests: `bad` (benefit 1) and `only`
/// generate `c.never`, which the target does not know and no pattern
/// produces legal IR from; `ok` (benefit 5) generates the legal `b.z`;
/// `never1` and `never2` both generate `c.never`; `on_legal` is rooted at
/// an op the target always accepts.
fn never_legal_patterns(set: &mut RewritePatternSet, log: &Log) {
    logged(set, log, "bad", "a.x", 1, &["c.never"], "c.never");
    logged(set, log, "ok", "a.x", 5, &["b.z"], "b.z");
    logged(set, log, "only", "d.w", 1, &["c.never"], "c.never");
    logged(set, log, "never1", "d.v", 1, &["c.never"], "c.never");
    logged(set, log, "never2", "d.v", 2, &["c.never"], "c.never");
    logged(set, log, "on_legal", "b.q", 1, &["b.z"], "b.z");
}

const NEVER_LEGAL_INPUT: &str = r#""a.x"() : () -> i32
"d.w"() : () -> i32
"d.v"() : () -> i32"#;

/// Without match-any patterns, MLIR drops the patterns that can never lead
/// to legal IR when no pattern of their op can: `only` (alone on `d.w`),
/// `never1` and `never2` (both invalid on `d.v`) and `on_legal` (its root
/// is always legal) are never tried, and `d.w` and `d.v` (unknown to the
/// target) stay unconverted.
#[test]
fn never_legal_patterns_are_dropped() {
    let ctx = ctx();
    let log = Log::default();
    let mut set = RewritePatternSet::new(ctx.clone());
    never_legal_patterns(&mut set, &log);
    let frozen = FrozenRewritePatternSet::new(set);

    assert!(order(&frozen, "d.w").is_empty());
    assert!(order(&frozen, "d.v").is_empty());
    assert!(order(&frozen, "b.q").is_empty());
    let out = convert(&ctx, &frozen, NEVER_LEGAL_INPUT);
    // Only `a.x`'s patterns run (see the next test for their order).
    assert_eq!(taken(&log), ["bad", "ok"]);
    assert!(out.contains("\"d.w\"") && out.contains("\"d.v\""), "{out}");
}

/// Next to a valid pattern, an invalid one is not dropped but tried
/// *first*, whatever the benefits: MLIR's cost model gives it the
/// impossible-to-match benefit, which `PatternApplicator::applyCostModel`
/// sorts above every real benefit and only pops off the end of the list.
/// `bad` (benefit 1) runs before `ok` (benefit 5), its `c.never` fails to
/// legalize, it is rolled back and `ok` applies.
#[test]
fn never_legal_pattern_beside_a_valid_one_is_tried_first() {
    let ctx = ctx();
    let log = Log::default();
    let mut set = RewritePatternSet::new(ctx.clone());
    never_legal_patterns(&mut set, &log);
    let frozen = FrozenRewritePatternSet::new(set);

    assert_eq!(order(&frozen, "a.x"), ["bad", "ok"]);
    let out = convert(&ctx, &frozen, NEVER_LEGAL_INPUT);
    assert_eq!(taken(&log), ["bad", "ok"]);
    assert!(out.contains("\"b.z\"") && !out.contains("c.never"), "{out}");
}

/// With a match-any pattern present MLIR cannot tell what may be
/// legalized, so every pattern is valid (except those on always-legal
/// roots, which could never run anyway) and ordered by depth, then
/// benefit: on `a.x`, `ok` (depth 1, benefit 5) then `bad` (depth 1, as
/// `c.never` has no pattern; benefit 1), and `ok` applies at once. `d.w`
/// tries `only` (and `any` on its `c.never`), then `any` itself; `d.v`
/// tries `never2` then `never1` (by benefit), each with `any` on its
/// `c.never`, then `any`.
#[test]
fn match_any_pattern_keeps_every_pattern() {
    let ctx = ctx();
    let log = Log::default();
    let mut set = RewritePatternSet::new(ctx.clone());
    never_legal_patterns(&mut set, &log);
    logged_any(&mut set, &log, "any", 1);
    let frozen = FrozenRewritePatternSet::new(set);

    assert_eq!(order(&frozen, "a.x"), ["ok", "bad", "any"]);
    assert_eq!(order(&frozen, "d.w"), ["only", "any"]);
    assert_eq!(order(&frozen, "d.v"), ["never2", "never1", "any"]);
    assert_eq!(order(&frozen, "b.q"), ["any"]);
    let out = convert(&ctx, &frozen, NEVER_LEGAL_INPUT);
    assert_eq!(
        taken(&log),
        ["ok", "only", "any", "any", "never2", "any", "never1", "any", "any"]
    );
    assert!(out.contains("\"b.z\"") && out.contains("\"d.w\""), "{out}");
    assert!(!out.contains("c.never"), "{out}");
}

/// A pattern becomes valid once the op it generates can be legalized:
/// `to_v` produces `a.v` (illegal), valid only because `v_to_b` legalizes
/// `a.v`. `v_to_b` is added first so that MLIR's worklist (processed from
/// its end) meets `to_v` before `a.v` is known to be legalizable, and only
/// re-queues it afterwards.
#[test]
fn pattern_valid_through_a_chain() {
    let ctx = ctx();
    let log = Log::default();
    let mut set = RewritePatternSet::new(ctx.clone());
    logged(&mut set, &log, "v_to_b", "a.v", 1, &["b.v"], "b.v");
    logged(&mut set, &log, "to_v", "a.u", 1, &["a.v"], "a.v");
    let frozen = FrozenRewritePatternSet::new(set);

    assert_eq!(order(&frozen, "a.u"), ["to_v"]);
    let out = convert(&ctx, &frozen, r#""a.u"() : () -> i32"#);
    assert_eq!(taken(&log), ["to_v", "v_to_b"]);
    assert!(out.contains("\"b.v\""), "{out}");
}

/// Ties in depth and benefit: without match-any patterns MLIR's worklist
/// is processed from its end, so the pattern added last becomes valid (and
/// is tried) first; with a match-any pattern, the valid lists keep the
/// set's order.
#[test]
fn ties_follow_mlir_worklist_order() {
    let ctx = ctx();
    let log = Log::default();
    let mut set = RewritePatternSet::new(ctx.clone());
    logged(&mut set, &log, "first", "a.x", 1, &["b.one"], "b.one");
    logged(&mut set, &log, "second", "a.x", 1, &["b.two"], "b.two");
    let frozen = FrozenRewritePatternSet::new(set);
    assert_eq!(order(&frozen, "a.x"), ["second", "first"]);
    let out = convert(&ctx, &frozen, r#""a.x"() : () -> i32"#);
    assert!(out.contains("\"b.two\""), "{out}");

    let mut set = RewritePatternSet::new(ctx.clone());
    logged(&mut set, &log, "first", "a.x", 1, &["b.one"], "b.one");
    logged(&mut set, &log, "second", "a.x", 1, &["b.two"], "b.two");
    logged_any(&mut set, &log, "any", 1);
    let frozen = FrozenRewritePatternSet::new(set);
    assert_eq!(order(&frozen, "a.x"), ["first", "second", "any"]);
}

/// Patterns that generate each other's roots form a cycle; the depth
/// computation terminates (an op met again counts as `u32::MAX`, which
/// wraps to depth 0 plus one) and the conversion still finds legal IR.
#[test]
fn cyclic_patterns_terminate() {
    let ctx = ctx();
    let log = Log::default();
    let mut set = RewritePatternSet::new(ctx.clone());
    logged(&mut set, &log, "x_to_y", "a.x", 1, &["a.y"], "a.y");
    logged(&mut set, &log, "y_to_x", "a.y", 1, &["a.x"], "a.x");
    logged(&mut set, &log, "x_out", "a.x", 1, &["b.x"], "b.x");
    logged(&mut set, &log, "y_out", "a.y", 1, &["b.y"], "b.y");
    let frozen = FrozenRewritePatternSet::new(set);

    assert_eq!(order(&frozen, "a.x"), ["x_out", "x_to_y"]);
    assert_eq!(order(&frozen, "a.y"), ["y_out", "y_to_x"]);
    let out = convert(&ctx, &frozen, r#""a.x"() : () -> i32"#);
    assert!(out.contains("\"b.x\""), "{out}");
}

/// A typed wrapper over `a.x` for the typed pattern form.
#[derive(Copy, Clone)]
struct AxOp(OpRef);

impl mlir_ir::OpType for AxOp {
    const NAME: &'static str = "a.x";
    fn from_op(ir: &Ir, op: OpRef) -> Option<Self> {
        (ir.op_name_str(op) == Self::NAME).then_some(AxOp(op))
    }
    fn op(self) -> OpRef {
        self.0
    }
}

/// An op conversion pattern declares its generated ops like any pattern,
/// and they count in the graph: `typed` generates the never-legal
/// `c.never`, so it is dropped.
#[test]
fn op_conversion_pattern_declares_generated_ops() {
    struct P;
    impl OpConversionPattern for P {
        type Op = AxOp;
        fn generated_ops(&self) -> &[&'static str] {
            &["c.never"]
        }
        fn match_and_rewrite(
            &self,
            _op: Self::Op,
            _adaptor: &[Value],
            _rewriter: &mut ConversionPatternRewriter<'_, '_>,
        ) -> mlir_rewrite::LogicalResult {
            Err(())
        }
    }
    let ctx = ctx();
    let mut set = RewritePatternSet::new(ctx.clone());
    add_op_conversion_pattern(&mut set, P);
    assert_eq!(
        set.patterns()[0].pattern().generated_ops(),
        [ctx.op_name("c.never")]
    );
    let frozen = FrozenRewritePatternSet::new(set);
    assert!(order(&frozen, "a.x").is_empty());
}
