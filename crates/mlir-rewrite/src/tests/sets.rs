//! Tests of pattern construction (debug names, `initialize`, labels) and
//! of frozen pattern sets: filtering by name and label, and indexing of
//! trait- and interface-rooted patterns by registered op.

use std::sync::Arc;

use mlir_ir::{Context, Dialect, OpInfo, OpRef, TraitSet};

use crate::{
    FrozenRewritePatternSet, LogicalResult, Pattern, PatternRewriter, RewritePattern,
    RewritePatternSet, RootKind,
};

/// The interface type attached to `tst.iface_op`.
pub(crate) struct TestIface {
    pub tag: &'static str,
}

/// A small registered dialect: `tst.comm` (commutative), `tst.iface_op`
/// (implements `TestIface`), `tst.both` (both), `tst.plain`.
pub(crate) struct TstDialect;

impl Dialect for TstDialect {
    fn namespace(&self) -> &'static str {
        "tst"
    }
    fn operations(&self) -> Vec<OpInfo> {
        vec![
            OpInfo::new("tst.comm").with_traits(TraitSet::COMMUTATIVE),
            OpInfo::new("tst.iface_op").with_interface(TestIface { tag: "iface" }),
            OpInfo::new("tst.both")
                .with_traits(TraitSet::COMMUTATIVE)
                .with_interface(TestIface { tag: "both" }),
            OpInfo::new("tst.plain"),
        ]
    }
}

pub(crate) fn tst_ctx() -> Arc<Context> {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    ctx.load_dialect(TstDialect);
    Arc::new(ctx)
}

struct Named;
impl RewritePattern for Named {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.a", 1)
    }
    fn match_and_rewrite(&self, _: OpRef, _: &mut PatternRewriter<'_>) -> LogicalResult {
        Err(())
    }
}

struct Initialized;
impl RewritePattern for Initialized {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.a", 2).with_generated_ops(ctx, &["test.b"])
    }
    fn initialize(&mut self, pattern: &mut Pattern) {
        pattern.set_debug_name("InitName");
        pattern.add_debug_label("InitLabel");
        pattern.set_has_bounded_rewrite_recursion(true);
    }
    fn match_and_rewrite(&self, _: OpRef, _: &mut PatternRewriter<'_>) -> LogicalResult {
        Err(())
    }
}

#[test]
fn create_sets_default_name_and_runs_initialize() {
    let ctx = super::test_ctx();
    let mut set = RewritePatternSet::new(ctx.clone());
    set.add(Named).add_with_labels(&["L1", "L2"], Initialized);
    let p0 = set.patterns()[0].pattern();
    assert_eq!(p0.debug_name(), std::any::type_name::<Named>());
    assert!(p0.debug_name().ends_with("::Named"));
    assert!(!p0.has_bounded_rewrite_recursion());
    let p1 = set.patterns()[1].pattern();
    assert_eq!(p1.debug_name(), "InitName");
    assert_eq!(
        p1.debug_labels().collect::<Vec<_>>(),
        ["InitLabel", "L1", "L2"]
    );
    assert!(p1.has_bounded_rewrite_recursion());
    assert_eq!(p1.benefit().benefit(), 2);
    assert_eq!(p1.root_kind(), Some(ctx.op_name("test.a")));
    assert_eq!(p1.generated_ops(), [ctx.op_name("test.b")]);
}

fn named_set(ctx: &Arc<Context>) -> RewritePatternSet {
    let mut set = RewritePatternSet::new(ctx.clone());
    let nop = |_: OpRef, _: &mut PatternRewriter<'_>| -> LogicalResult { Err(()) };
    set.add_fn(Pattern::new(ctx, "test.a", 1).with_debug_name("A"), nop);
    set.add_fn(
        Pattern::new(ctx, "test.a", 1)
            .with_debug_name("B")
            .with_debug_labels(&["group"]),
        nop,
    );
    set.add_fn(
        Pattern::new(ctx, "test.b", 1)
            .with_debug_name("C")
            .with_debug_labels(&["group", "other"]),
        nop,
    );
    set.add_fn(Pattern::match_any(1).with_debug_name("D"), nop);
    set
}

fn kept(frozen: &FrozenRewritePatternSet) -> Vec<&str> {
    frozen
        .patterns()
        .iter()
        .map(|p| p.pattern().debug_name())
        .collect()
}

#[test]
fn filtering_by_name_and_label() {
    let ctx = super::test_ctx();
    let none: [&str; 0] = [];
    let all = FrozenRewritePatternSet::with_filters(named_set(&ctx), &none, &none);
    assert_eq!(kept(&all), ["A", "B", "C", "D"]);
    let enabled = FrozenRewritePatternSet::with_filters(named_set(&ctx), &none, &["group", "D"]);
    assert_eq!(kept(&enabled), ["B", "C", "D"]);
    let disabled = FrozenRewritePatternSet::with_filters(named_set(&ctx), &["A", "other"], &none);
    assert_eq!(kept(&disabled), ["B", "D"]);
    // Disabled wins over enabled.
    let both = FrozenRewritePatternSet::with_filters(named_set(&ctx), &["C"], &["group"]);
    assert_eq!(kept(&both), ["B"]);
    let owned = vec!["B".to_string()];
    let strings = FrozenRewritePatternSet::with_filters(named_set(&ctx), &[], &owned);
    assert_eq!(kept(&strings), ["B"]);
}

#[test]
fn frozen_indexes_by_root() {
    let ctx = tst_ctx();
    let mut set = named_set(&ctx);
    let nop = |_: OpRef, _: &mut PatternRewriter<'_>| -> LogicalResult { Err(()) };
    set.add_fn(
        Pattern::match_trait(TraitSet::COMMUTATIVE, 1).with_debug_name("Trait"),
        nop,
    );
    set.add_fn(
        Pattern::match_interface::<TestIface>(1).with_debug_name("Iface"),
        nop,
    );
    let frozen = FrozenRewritePatternSet::new(set);
    let names = |op: &str| -> Vec<&str> {
        frozen
            .patterns_for(ctx.op_name(op))
            .iter()
            .map(|&i| frozen.pattern(i).pattern().debug_name())
            .collect()
    };
    assert_eq!(names("test.a"), ["A", "B"]);
    assert_eq!(names("test.b"), ["C"]);
    assert_eq!(names("tst.comm"), ["Trait"]);
    assert_eq!(names("tst.iface_op"), ["Iface"]);
    assert_eq!(names("tst.both"), ["Trait", "Iface"]);
    assert!(names("tst.plain").is_empty());
    assert!(names("test.unknown_after_freeze").is_empty());
    let any: Vec<&str> = frozen
        .match_any_op_patterns()
        .iter()
        .map(|&i| frozen.pattern(i).pattern().debug_name())
        .collect();
    assert_eq!(any, ["D"]);
    assert!(matches!(
        frozen.pattern(5).pattern().root(),
        RootKind::Interface { .. }
    ));
    let per_op: Vec<(String, usize)> = frozen
        .op_specific_patterns()
        .map(|(n, l)| (ctx.op_name_str(n).to_string(), l.len()))
        .collect();
    assert_eq!(per_op.len(), 5);
    // Frozen sets are cheap to share across threads.
    let shared = frozen.clone();
    std::thread::spawn(move || assert_eq!(shared.len(), 6))
        .join()
        .unwrap();
}

#[test]
fn pattern_matches_root() {
    let ctx = tst_ctx();
    let t = Pattern::match_trait(TraitSet::COMMUTATIVE, 1);
    assert!(t.matches_root(&ctx, ctx.op_name("tst.comm")));
    assert!(!t.matches_root(&ctx, ctx.op_name("tst.plain")));
    let i = Pattern::match_interface::<TestIface>(1);
    assert!(i.matches_root(&ctx, ctx.op_name("tst.iface_op")));
    assert!(!i.matches_root(&ctx, ctx.op_name("test.unregistered")));
    assert!(Pattern::match_any(1).matches_root(&ctx, ctx.op_name("test.x")));
    assert_eq!(
        i.root_interface_id(),
        Some(std::any::TypeId::of::<TestIface>())
    );
    assert_eq!(t.root_traits(), Some(TraitSet::COMMUTATIVE));
}
