//! Tests of recursion detection: a pattern applied to its own output is
//! refused unless it declares bounded recursion, also through a chain of
//! other patterns; moved ops keep their history; erased ops are forgotten.

use crate::{
    FrozenRewritePatternSet, ListenerChain, LogicalResult, Pattern, PatternApplicator,
    PatternRewriter, RecursionTracker, RewritePatternSet,
};

use super::{Fx, Log};

/// Applies the applicator to `op` the way a driver would with a tracker:
/// check in `can_apply`, begin/end notifications around each pattern.
fn apply(
    app: &mut PatternApplicator,
    tracker: &RecursionTracker,
    fx: &mut Fx,
    op: mlir_ir::OpRef,
) -> (LogicalResult, Vec<String>) {
    let mut errors = Vec::new();
    let mut log = Log::default();
    let mut listening: &RecursionTracker = tracker;
    let result = {
        let mut chain = ListenerChain::new().with(&mut log).with(&mut listening);
        let mut rw = PatternRewriter::with_listener(&mut fx.ir, &mut chain);
        app.match_and_rewrite_with(
            op,
            &mut rw,
            |p, rw| {
                if let Err(e) = tracker.check(p, op) {
                    errors.push(e.to_string());
                    return false;
                }
                rw.notify_pattern_begin(p, op);
                true
            },
            |p, rw| rw.notify_pattern_end(p, Err(())),
            |p, rw| {
                rw.notify_pattern_end(p, Ok(()));
                Ok(())
            },
        )
    };
    (result, errors)
}

/// `test.grow` → a new `test.grow` (unbounded unless `bounded`), tagged "new".
fn grow_set(fx: &Fx, bounded: bool) -> FrozenRewritePatternSet {
    let mut set = RewritePatternSet::new(fx.ctx.clone());
    let mut p = Pattern::new(&fx.ctx, "test.grow", 1).with_debug_name("Grow");
    if bounded {
        p = p.with_bounded_rewrite_recursion();
    }
    set.add_fn(p, |op, rw| {
        if rw.ir().attr(op, "stop").is_some() {
            return Err(());
        }
        let loc = rw.ir().op_loc(op);
        let stop = rw.ctx().unit_attr();
        let dict = rw.ctx().dictionary_attr(&[(rw.ctx().ident("stop"), stop)]);
        // The new op is a `test.grow` too: recursion.
        let new = rw.create_named("test.grow", loc, &[], &[], Some(dict));
        rw.replace_op_with_op(op, new);
        Ok(())
    });
    FrozenRewritePatternSet::new(set)
}

#[test]
fn unbounded_self_application_is_refused() {
    let mut fx = Fx::parse(r#""test.grow"() : () -> ()"#);
    let frozen = grow_set(&fx, false);
    let mut app = PatternApplicator::new(&frozen);
    app.apply_default_cost_model();
    let tracker = RecursionTracker::new();
    let op = fx.named("test.grow");
    let (r, errors) = apply(&mut app, &tracker, &mut fx, op);
    assert!(r.is_ok() && errors.is_empty());
    let new = fx.named("test.grow");
    assert_ne!(new, op);
    let (r, errors) = apply(&mut app, &tracker, &mut fx, new);
    assert!(r.is_err());
    assert_eq!(
        errors,
        [
            "pattern 'Grow' would be applied recursively to IR it generated, \
          but does not declare bounded rewrite recursion"
        ]
    );
}

#[test]
fn bounded_self_application_is_allowed() {
    let mut fx = Fx::parse(r#""test.grow"() : () -> ()"#);
    let frozen = grow_set(&fx, true);
    let mut app = PatternApplicator::new(&frozen);
    app.apply_default_cost_model();
    let tracker = RecursionTracker::new();
    let op = fx.named("test.grow");
    assert!(apply(&mut app, &tracker, &mut fx, op).0.is_ok());
    let new = fx.named("test.grow");
    let (r, errors) = apply(&mut app, &tracker, &mut fx, new);
    // The pattern runs (and fails on its own "stop" check), no refusal.
    assert!(r.is_err() && errors.is_empty());
}

#[test]
fn recursion_through_another_pattern() {
    let mut fx = Fx::parse(r#""test.x"() : () -> ()"#);
    let mut set = RewritePatternSet::new(fx.ctx.clone());
    for (from, to, name) in [("test.x", "test.y", "XtoY"), ("test.y", "test.x", "YtoX")] {
        set.add_fn(
            Pattern::new(&fx.ctx, from, 1).with_debug_name(name),
            move |op, rw| {
                let new = rw.replace_op_with_new_named(op, to, &[], &[], None);
                let _ = new;
                Ok(())
            },
        );
    }
    let frozen = FrozenRewritePatternSet::new(set);
    let mut app = PatternApplicator::new(&frozen);
    app.apply_default_cost_model();
    let tracker = RecursionTracker::new();
    let x = fx.named("test.x");
    assert!(apply(&mut app, &tracker, &mut fx, x).0.is_ok());
    let y = fx.named("test.y");
    assert!(apply(&mut app, &tracker, &mut fx, y).0.is_ok());
    let x2 = fx.named("test.x");
    let (r, errors) = apply(&mut app, &tracker, &mut fx, x2);
    assert!(r.is_err());
    assert_eq!(errors.len(), 1);
    assert!(errors[0].contains("'XtoY'"));
}

#[test]
fn tracker_bookkeeping() {
    let mut fx = Fx::parse(
        r#"
"test.a"() {tag = "a"} : () -> ()
"test.b"() {tag = "b"} : () -> ()
"#,
    );
    let (a, b) = (fx.tag("a"), fx.tag("b"));
    let p = Pattern::new(&fx.ctx, "test.a", 1).with_debug_name("P");
    let tracker = RecursionTracker::new();
    let created;
    {
        let mut t = &tracker;
        let mut rw = PatternRewriter::with_listener(&mut fx.ir, &mut t);
        rw.notify_pattern_begin(&p, a);
        rw.set_insertion_point_before(a);
        let loc = rw.ir().op_loc(a);
        created = rw.create_named("test.c", loc, &[], &[], None);
        // Moving an existing op does not make it a product of the pattern.
        rw.move_op_before(b, a);
        rw.notify_pattern_end(&p, Ok(()));
    }
    assert!(tracker.check(&p, created).is_err());
    assert!(tracker.check(&p, b).is_ok());
    assert!(tracker.check(&p, a).is_ok());
    {
        let mut t = &tracker;
        let mut rw = PatternRewriter::with_listener(&mut fx.ir, &mut t);
        rw.erase_op(created);
    }
    assert!(tracker.check(&p, created).is_ok());
    tracker.clear();
}
