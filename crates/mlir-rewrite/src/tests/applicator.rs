//! Tests of the pattern applicator: ordering by benefit and cost model,
//! interleaving of op-specific and match-any patterns, impossible patterns,
//! callbacks, and the typed, split, interface and closure pattern forms.

use std::sync::{Arc, Mutex};

use mlir_ir::{Context, Ir, OpRef};

use super::sets::{tst_ctx, TestIface};
use super::{Fx, Log};
use crate::{
    FrozenRewritePatternSet, LogicalResult, OpInterfaceRewritePattern, OpRewritePattern, OpType,
    Pattern, PatternApplicator, PatternBenefit, PatternRewriter, RewritePatternSet,
    SplitRewritePattern,
};

type Trace = Arc<Mutex<Vec<String>>>;

/// A set of closure patterns that record their name and fail, except the
/// ones named `succeed*`, which erase the op, and `ok*`, which succeed
/// without doing anything.
fn recording_set(
    ctx: &Arc<Context>,
    trace: &Trace,
    specs: &[(&str, Option<&str>, u16)],
) -> FrozenRewritePatternSet {
    let mut set = RewritePatternSet::new(ctx.clone());
    for &(name, root, benefit) in specs {
        let pattern = match root {
            Some(r) => Pattern::new(ctx, r, benefit),
            None => Pattern::match_any(benefit),
        }
        .with_debug_name(name.to_string());
        let trace = trace.clone();
        let name = name.to_string();
        set.add_fn(pattern, move |op, rw| {
            trace.lock().unwrap().push(name.clone());
            if name.starts_with("succeed") {
                rw.erase_op(op);
                Ok(())
            } else if name.starts_with("ok") {
                Ok(())
            } else {
                Err(())
            }
        });
    }
    FrozenRewritePatternSet::new(set)
}

const ONE_OP: &str = r#""test.a"() {tag = "a"} : () -> ()"#;

fn run(fx: &mut Fx, app: &mut PatternApplicator) -> LogicalResult {
    let a = fx.tag("a");
    let mut rw = PatternRewriter::new(&mut fx.ir);
    app.match_and_rewrite(a, &mut rw)
}

#[test]
fn benefit_order_ties_keep_insertion_order_and_any_op_interleaves() {
    let mut fx = Fx::parse(ONE_OP);
    let trace = Trace::default();
    let frozen = recording_set(
        &fx.ctx,
        &trace,
        &[
            ("op1", Some("test.a"), 1),
            ("any2", None, 2),
            ("op2a", Some("test.a"), 2),
            ("op2b", Some("test.a"), 2),
            ("any1", None, 1),
            ("op3", Some("test.a"), 3),
            ("other", Some("test.b"), 9),
            ("any0", None, 0),
        ],
    );
    let mut app = PatternApplicator::new(&frozen);
    // Without a cost model nothing is tried.
    assert!(run(&mut fx, &mut app).is_err());
    assert!(trace.lock().unwrap().is_empty());
    app.apply_default_cost_model();
    assert!(run(&mut fx, &mut app).is_err());
    // Op-specific first on equal benefit; any-op only when strictly better.
    assert_eq!(
        *trace.lock().unwrap(),
        ["op3", "op2a", "op2b", "any2", "op1", "any1", "any0"]
    );
    let ordered: Vec<&str> = app
        .ordered_patterns(fx.ctx.op_name("test.a"))
        .iter()
        .map(|p| p.debug_name())
        .collect();
    assert_eq!(
        ordered,
        ["op3", "op2a", "op2b", "any2", "op1", "any1", "any0"]
    );
}

#[test]
fn cost_model_reorders_and_drops_impossible_patterns() {
    let mut fx = Fx::parse(ONE_OP);
    let trace = Trace::default();
    let mut set = RewritePatternSet::new(fx.ctx.clone());
    let nop = |_: OpRef, _: &mut PatternRewriter<'_>| -> LogicalResult { Err(()) };
    set.add_fn(
        Pattern::new(&fx.ctx, "test.a", PatternBenefit::impossible_to_match())
            .with_debug_name("static_impossible"),
        nop,
    );
    let frozen_extra = FrozenRewritePatternSet::new(set);
    assert_eq!(frozen_extra.len(), 1);
    let mut app = PatternApplicator::new(&frozen_extra);
    app.apply_default_cost_model();
    assert!(app.ordered_patterns(fx.ctx.op_name("test.a")).is_empty());

    let frozen = recording_set(
        &fx.ctx,
        &trace,
        &[
            ("low", Some("test.a"), 1),
            ("high", Some("test.a"), 5),
            ("dropped", Some("test.a"), 3),
            ("any", None, 4),
        ],
    );
    let mut app = PatternApplicator::new(&frozen);
    // Invert the benefits and make "dropped" impossible.
    app.apply_cost_model(|p| {
        if p.debug_name() == "dropped" {
            PatternBenefit::impossible_to_match()
        } else {
            PatternBenefit::new(10 - p.benefit().benefit())
        }
    });
    assert!(run(&mut fx, &mut app).is_err());
    // The op list is sorted by the model (low, high); interleaving compares
    // static benefits, as MLIR does, so "any" (static 4) goes before the
    // op list's head "low" (static 1).
    assert_eq!(*trace.lock().unwrap(), ["any", "low", "high"]);
    let mut walked = Vec::new();
    app.walk_all_patterns(|p| walked.push(p.debug_name().to_string()));
    assert_eq!(walked, ["low", "high", "dropped", "any"]);
}

#[test]
fn first_success_stops_and_callbacks_run() {
    let mut fx = Fx::parse(ONE_OP);
    let trace = Trace::default();
    let frozen = recording_set(
        &fx.ctx,
        &trace,
        &[
            ("skipped", Some("test.a"), 9),
            ("fails", Some("test.a"), 8),
            ("ok_vetoed", None, 7),
            ("succeed", Some("test.a"), 6),
            ("never", Some("test.a"), 5),
        ],
    );
    let mut app = PatternApplicator::new(&frozen);
    app.apply_default_cost_model();
    let a = fx.tag("a");
    let mut log = Log::default();
    let events = Arc::new(Mutex::new(Vec::new()));
    let result = {
        let mut rw = PatternRewriter::with_listener(&mut fx.ir, &mut log);
        let (e1, e2, e3) = (events.clone(), events.clone(), events.clone());
        app.match_and_rewrite_with(
            a,
            &mut rw,
            move |p, rw| {
                e1.lock()
                    .unwrap()
                    .push(format!("can_apply {}", p.debug_name()));
                if p.debug_name() == "skipped" {
                    return false;
                }
                rw.notify_pattern_begin(p, a);
                true
            },
            move |p, rw| {
                e2.lock()
                    .unwrap()
                    .push(format!("failure {}", p.debug_name()));
                rw.notify_pattern_end(p, Err(()));
            },
            move |p, rw| {
                e3.lock()
                    .unwrap()
                    .push(format!("success {}", p.debug_name()));
                rw.notify_pattern_end(p, Ok(()));
                // Veto the first success: the next pattern is tried.
                if p.debug_name() == "ok_vetoed" {
                    Err(())
                } else {
                    Ok(())
                }
            },
        )
    };
    assert!(result.is_ok());
    assert_eq!(*trace.lock().unwrap(), ["fails", "ok_vetoed", "succeed"]);
    assert_eq!(
        *events.lock().unwrap(),
        [
            "can_apply skipped",
            "can_apply fails",
            "failure fails",
            "can_apply ok_vetoed",
            "success ok_vetoed",
            "failure ok_vetoed",
            "can_apply succeed",
            "success succeed"
        ]
    );
    insta::assert_snapshot!(log.text());
}

#[test]
fn insertion_point_is_set_before_the_op() {
    let mut fx = Fx::parse(
        r#"
"test.first"() : () -> ()
"test.a"() {tag = "a"} : () -> ()
"#,
    );
    let mut set = RewritePatternSet::new(fx.ctx.clone());
    set.add_fn(Pattern::new(&fx.ctx, "test.a", 1), |op, rw| {
        let loc = rw.ir().op_loc(op);
        let new = rw.create_named("test.created", loc, &[], &[], None);
        rw.replace_op_with_op(op, new);
        Ok(())
    });
    let frozen = FrozenRewritePatternSet::new(set);
    let mut app = PatternApplicator::new(&frozen);
    app.apply_default_cost_model();
    {
        let a = fx.tag("a");
        let mut rw = PatternRewriter::new(&mut fx.ir);
        rw.clear_insertion_point();
        assert!(app.match_and_rewrite(a, &mut rw).is_ok());
    }
    let text = fx.print();
    assert!(text.find("test.first").unwrap() < text.find("test.created").unwrap());
    assert!(!text.contains("test.a"));
}

/// A typed wrapper over `test.a` for the typed pattern forms.
#[derive(Copy, Clone)]
struct AOp(OpRef);

impl OpType for AOp {
    const NAME: &'static str = "test.a";
    fn from_op(ir: &Ir, op: OpRef) -> Option<Self> {
        (ir.op_name_str(op) == Self::NAME).then_some(AOp(op))
    }
    fn op(self) -> OpRef {
        self.0
    }
}

struct TypedErase;
impl OpRewritePattern for TypedErase {
    type Op = AOp;
    fn benefit(&self) -> PatternBenefit {
        PatternBenefit::new(3)
    }
    fn generated_ops(&self) -> &[&'static str] {
        &["test.nothing"]
    }
    fn match_and_rewrite(&self, op: AOp, rw: &mut PatternRewriter<'_>) -> LogicalResult {
        rw.erase_op(op.op());
        Ok(())
    }
}

/// Split pattern: matches ops with a `victim` attribute, hands the attribute
/// value's existence over to the rewrite.
struct SplitErase;
impl SplitRewritePattern for SplitErase {
    type Matched = bool;
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.a", 1)
    }
    fn match_op(&self, ir: &Ir, op: OpRef) -> Option<bool> {
        ir.attr(op, "victim").map(|_| true)
    }
    fn rewrite(&self, op: OpRef, matched: bool, rw: &mut PatternRewriter<'_>) {
        assert!(matched);
        rw.erase_op(op);
    }
}

#[test]
fn typed_split_and_op_fn_patterns() {
    let ctx = super::test_ctx();
    let mut set = RewritePatternSet::new(ctx.clone());
    set.add_op(TypedErase);
    let frozen = FrozenRewritePatternSet::new(set);
    let p = frozen.pattern(0).pattern();
    assert!(p.debug_name().ends_with("TypedErase"));
    assert_eq!(p.root_kind(), Some(ctx.op_name("test.a")));
    assert_eq!(p.generated_ops(), [ctx.op_name("test.nothing")]);
    let mut fx = Fx::parse_in(ctx.clone(), ONE_OP);
    let mut app = PatternApplicator::new(&frozen);
    app.apply_default_cost_model();
    assert!(run(&mut fx, &mut app).is_ok());
    assert!(!fx.print().contains("test.a"));

    // The split form only rewrites when the read-only match succeeds.
    let mut set = RewritePatternSet::new(ctx.clone());
    set.add_split(SplitErase);
    let frozen = FrozenRewritePatternSet::new(set);
    assert!(frozen
        .pattern(0)
        .pattern()
        .debug_name()
        .ends_with("SplitErase"));
    let mut app = PatternApplicator::new(&frozen);
    app.apply_default_cost_model();
    let mut fx = Fx::parse_in(ctx.clone(), ONE_OP);
    assert!(run(&mut fx, &mut app).is_err());
    let mut fx = Fx::parse_in(ctx.clone(), r#""test.a"() {tag = "a", victim} : () -> ()"#);
    assert!(run(&mut fx, &mut app).is_ok());

    // Typed closures.
    let mut set = RewritePatternSet::new(ctx.clone());
    set.add_op_fn::<AOp, _>(1, |op: AOp, rw: &mut PatternRewriter<'_>| {
        rw.notify_match_failure(op.op(), || "never matches")
    });
    let frozen = FrozenRewritePatternSet::new(set);
    let mut app = PatternApplicator::new(&frozen);
    app.apply_default_cost_model();
    let mut fx = Fx::parse_in(ctx, ONE_OP);
    let a = fx.tag("a");
    let mut log = Log::default();
    let mut rw = PatternRewriter::with_listener(&mut fx.ir, &mut log);
    assert!(app.match_and_rewrite(a, &mut rw).is_err());
    assert_eq!(log.lines, ["match failure: never matches"]);
}

struct IfacePattern;
impl OpInterfaceRewritePattern for IfacePattern {
    type Interface = TestIface;
    fn match_and_rewrite(
        &self,
        op: OpRef,
        iface: &TestIface,
        rw: &mut PatternRewriter<'_>,
    ) -> LogicalResult {
        let s = rw.ctx().string_attr(iface.tag);
        rw.modify_op_in_place(op, |m| m.set_discardable_attr("seen", Some(s)));
        Ok(())
    }
}

#[test]
fn interface_pattern_gets_the_interface() {
    let ctx = tst_ctx();
    let mut set = RewritePatternSet::new(ctx.clone());
    set.add_interface(IfacePattern);
    let frozen = FrozenRewritePatternSet::new(set);
    let mut app = PatternApplicator::new(&frozen);
    app.apply_default_cost_model();
    let mut fx = Fx::parse_in(
        ctx,
        r#"
"tst.iface_op"() {tag = "i"} : () -> ()
"tst.both"() {tag = "b"} : () -> ()
"tst.plain"() {tag = "p"} : () -> ()
"#,
    );
    for (tag, applies) in [("i", true), ("b", true), ("p", false)] {
        let op = fx.tag(tag);
        let mut rw = PatternRewriter::new(&mut fx.ir);
        assert_eq!(app.match_and_rewrite(op, &mut rw).is_ok(), applies, "{tag}");
    }
    let text = fx.print();
    assert!(text.contains(r#"seen = "iface""#), "{text}");
    assert!(text.contains(r#"seen = "both""#), "{text}");
}

/// A pattern that misuses the rewriter or panics unwinds out of the
/// applicator as a `PatternPanic` naming the pattern and the root op.
#[test]
fn a_panicking_pattern_is_named() {
    for (name, misuse) in [("Misuses", true), ("Panics", false)] {
        let mut fx = Fx::parse(
            r#"
%0 = "test.def"() {tag = "root"} : () -> i32
"test.use"(%0) : (i32) -> ()
"#,
        );
        let root = fx.tag("root");
        let mut patterns = crate::RewritePatternSet::new(fx.ctx.clone());
        patterns.add_fn(
            Pattern::new(&fx.ctx, "test.def", 1).with_debug_name(name),
            move |op: OpRef, rw: &mut crate::PatternRewriter<'_>| {
                if misuse {
                    rw.erase_op(op);
                } else {
                    panic!("bug in the pattern");
                }
                Ok(())
            },
        );
        let frozen = crate::FrozenRewritePatternSet::new(patterns);
        let mut applicator = crate::PatternApplicator::new(&frozen);
        applicator.apply_default_cost_model();
        let mut rw = crate::PatternRewriter::new(&mut fx.ir);
        let payload = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let _ = applicator.match_and_rewrite(root, &mut rw);
        }))
        .expect_err("the pattern unwinds");
        let p = payload
            .downcast::<crate::PatternPanic>()
            .expect("a PatternPanic payload");
        assert_eq!(p.pattern, name);
        assert_eq!(p.root_op, "test.def");
        assert_eq!(p.misuse, misuse);
        let expected = if misuse {
            "expected 'test.def' to have no uses"
        } else {
            "bug in the pattern"
        };
        assert_eq!(p.message, expected);
    }
}
