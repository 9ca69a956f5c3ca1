//! Unit tests of the drivers, the folder, region simplification, side
//! effects and the canonicalizer, on a small registered test dialect `t`.
//!
//! Expected outputs that correspond to upstream behaviour were checked with
//! `mlir-opt` 22 on the equivalent `arith`/`func`/`cf` input (noted per test).

use std::sync::Arc;

use smallvec::SmallVec;

use mlir_ir::asm::printer::{print_to_string, PrintFlags};
use mlir_ir::interfaces::{
    BranchOpInterface, MemoryEffect, MemoryEffectKind, MemoryEffectsInterface, SuccessorOperands,
};
use mlir_ir::PreviousPosition;
use mlir_ir::{
    asm, AttrKind, Attribute, BlockRef, BuilderListener, Context, Dialect, FoldCtx, InPlaceEdit,
    Ir, Location, OpBuilder, OpFoldResult, OpInfo, OpRef, OperationState, RegionRef, TraitSet,
    Type, WalkOrder,
};
use mlir_rewrite::{FrozenRewritePatternSet, Pattern, RewritePatternSet, RewriterListener};

use crate::canonicalize::{CanonicalizationPatterns, CanonicalizerOptions};
use crate::greedy::*;
use crate::region_simplify::RegionSimplificationLevel;
use crate::side_effects::*;
use crate::walk::walk_and_apply_patterns;

// ----------------------------------------------------------------------
// The test dialect
// ----------------------------------------------------------------------

fn int_value(ir: &Ir, a: Attribute) -> Option<(Type, i64)> {
    match ir.ctx().attr(a) {
        AttrKind::Integer { ty, value } => Some((*ty, value.words()[0] as i64)),
        _ => None,
    }
}

fn fold_constant(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    cx.ir.attr(cx.op, "value").map(OpFoldResult::Attr)
}

/// `t.add`: constant folding, `x + 0 -> x`.
fn fold_add(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    match (cx.operand_constant(0), cx.operand_constant(1)) {
        (Some(a), Some(b)) => {
            let (ty, a) = int_value(cx.ir, a)?;
            let (_, b) = int_value(cx.ir, b)?;
            Some(OpFoldResult::Attr(cx.ir.ctx().int_attr(ty, a + b)))
        }
        (_, Some(b)) if int_value(cx.ir, b)?.1 == 0 => Some(OpFoldResult::Value(cx.operand(0))),
        _ => None,
    }
}

/// `t.swap`: moves a constant first operand to the second place, in place.
fn fold_swap(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    if cx.operand_constant(0).is_some() && cx.operand_constant(1).is_none() {
        let ops = SmallVec::from_slice(&[cx.operand(1), cx.operand(0)]);
        cx.update_in_place(InPlaceEdit::SetOperands(ops));
        return Some(OpFoldResult::Value(cx.result(0)));
    }
    None
}

/// `t.pair`: two results, both constants.
fn fold_pair(cx: &mut FoldCtx<'_>, results: &mut SmallVec<[OpFoldResult; 1]>) -> Result<(), ()> {
    let ty = cx.ir.value_type(cx.result(0));
    results.push(OpFoldResult::Attr(cx.ir.ctx().int_attr(ty, 7)));
    results.push(OpFoldResult::Value(cx.operand(0)));
    Ok(())
}

fn effects_of(kind: MemoryEffectKind) -> MemoryEffectsInterface {
    fn read(ir: &Ir, op: OpRef, out: &mut SmallVec<[MemoryEffect; 4]>) {
        let _ = (ir, op);
        out.push(MemoryEffect::new(MemoryEffectKind::Read, None));
    }
    fn write(ir: &Ir, op: OpRef, out: &mut SmallVec<[MemoryEffect; 4]>) {
        let _ = ir;
        out.push(MemoryEffect::new(MemoryEffectKind::Write, None));
        let _ = op;
    }
    fn alloc(ir: &Ir, op: OpRef, out: &mut SmallVec<[MemoryEffect; 4]>) {
        out.push(MemoryEffect::new(
            MemoryEffectKind::Allocate,
            Some(ir.result(op, 0)),
        ));
        out.push(MemoryEffect::new(
            MemoryEffectKind::Write,
            Some(ir.result(op, 0)),
        ));
    }
    MemoryEffectsInterface {
        get_effects: match kind {
            MemoryEffectKind::Read => read,
            MemoryEffectKind::Allocate => alloc,
            _ => write,
        },
    }
}

fn br_operands(ir: &Ir, op: OpRef, succ: usize) -> SuccessorOperands {
    // `t.br` forwards all operands; `t.cond_br` takes a condition and
    // forwards nothing.
    let _ = succ;
    match ir.op_name_str(op) {
        "t.br" => SuccessorOperands {
            produced: 0,
            start: 0,
            len: ir.num_operands(op),
        },
        _ => SuccessorOperands::default(),
    }
}

struct TestDialect;

impl Dialect for TestDialect {
    fn namespace(&self) -> &'static str {
        "t"
    }
    fn operations(&self) -> Vec<OpInfo> {
        let branch = BranchOpInterface {
            successor_operands: br_operands,
            erase_successor_operand: None,
        };
        vec![
            OpInfo::new("t.constant")
                .with_traits(TraitSet::CONSTANT_LIKE | TraitSet::PURE)
                .with_fold(fold_constant),
            OpInfo::new("t.add")
                .with_traits(TraitSet::PURE | TraitSet::COMMUTATIVE)
                .with_fold(fold_add),
            OpInfo::new("t.swap")
                .with_traits(TraitSet::PURE)
                .with_fold(fold_swap),
            OpInfo::new("t.pair")
                .with_traits(TraitSet::PURE)
                .with_fold_multi(fold_pair),
            OpInfo::new("t.neg").with_traits(TraitSet::PURE | TraitSet::INVOLUTION),
            OpInfo::new("t.idem").with_traits(TraitSet::PURE | TraitSet::IDEMPOTENT),
            OpInfo::new("t.pure").with_traits(TraitSet::PURE),
            OpInfo::new("t.effect"),
            OpInfo::new("t.read").with_interface(effects_of(MemoryEffectKind::Read)),
            OpInfo::new("t.write").with_interface(effects_of(MemoryEffectKind::Write)),
            OpInfo::new("t.alloc").with_interface(effects_of(MemoryEffectKind::Allocate)),
            OpInfo::new("t.sym").with_traits(TraitSet::PURE | TraitSet::SYMBOL),
            OpInfo::new("t.scope").with_traits(TraitSet::RECURSIVE_MEMORY_EFFECTS),
            OpInfo::new("t.loop").with_traits(TraitSet::RECURSIVE_MEMORY_EFFECTS),
            OpInfo::new("t.func").with_traits(TraitSet::ISOLATED_FROM_ABOVE),
            OpInfo::new("t.ret").with_traits(TraitSet::IS_TERMINATOR | TraitSet::PURE),
            OpInfo::new("t.br")
                .with_traits(TraitSet::IS_TERMINATOR | TraitSet::PURE)
                .with_interface(branch),
            OpInfo::new("t.cond_br")
                .with_traits(TraitSet::IS_TERMINATOR | TraitSet::PURE)
                .with_interface(branch),
            OpInfo::new("t.toggle").with_interface(CanonicalizationPatterns(toggle_patterns)),
            OpInfo::new("t.flip").with_interface(CanonicalizationPatterns(flip_patterns)),
        ]
    }
    fn materialize_constant(
        &self,
        builder: &mut OpBuilder<'_>,
        value: Attribute,
        ty: Type,
        loc: Location,
    ) -> Option<OpRef> {
        let ctx = builder.ctx();
        let dict = ctx.dictionary_attr(&[(ctx.ident("value"), value)]);
        Some(builder.create_named("t.constant", loc, &[], &[ty], Some(dict)))
    }
}

/// A canonicalization pattern that never converges: it flips an attribute.
fn toggle_patterns(set: &mut RewritePatternSet, ctx: &Context) {
    set.add_fn(
        Pattern::new(ctx, "t.toggle", 1).with_debug_name("Toggle"),
        |op, rw| {
            let on = rw.ir().attr(op, "on").is_some();
            let unit = rw.ctx().unit_attr();
            rw.modify_op_in_place(op, |m| m.set_attr("on", (!on).then_some(unit)));
            Ok(())
        },
    );
}

/// A pattern that changes IR on every application without queuing
/// anything: it flips an attribute of the op's parent, which is outside the
/// scope. Each iteration makes one change, so the driver never converges.
fn flip_patterns(set: &mut RewritePatternSet, ctx: &Context) {
    set.add_fn(
        Pattern::new(ctx, "t.flip", 1).with_debug_name("FlipParent"),
        |op, rw| {
            let parent = rw.ir().op_parent_op(op).expect("nested");
            let on = rw.ir().attr(parent, "on").is_some();
            let unit = rw.ctx().unit_attr();
            rw.modify_op_in_place(parent, |m| m.set_attr("on", (!on).then_some(unit)));
            Ok(())
        },
    );
}

fn ctx() -> Arc<Context> {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    ctx.load_dialect(TestDialect);
    Arc::new(ctx)
}

fn parse(ctx: &Arc<Context>, src: &str) -> (Ir, OpRef) {
    asm::parse_source(ctx.clone(), src, &Default::default()).expect("test input parses")
}

fn print(ir: &Ir, op: OpRef) -> String {
    print_to_string(ir, op, &PrintFlags::default())
}

fn print_loc(ir: &Ir, op: OpRef) -> String {
    let flags = PrintFlags {
        debuginfo: true,
        local_scope: true,
        ..Default::default()
    };
    print_to_string(ir, op, &flags)
}

fn find(ir: &Ir, root: OpRef, name: &str) -> OpRef {
    ir.walk_collect(root, WalkOrder::PreOrder)
        .into_iter()
        .find(|&o| ir.op_name_str(o) == name)
        .unwrap_or_else(|| panic!("no {name}"))
}

fn empty(ctx: &Arc<Context>) -> FrozenRewritePatternSet {
    FrozenRewritePatternSet::empty(ctx.clone())
}

/// Op names in the body of the first `t.func`, in order.
fn body_names(ir: &Ir, module: OpRef) -> Vec<String> {
    let f = find(ir, module, "t.func");
    let b = ir.first_block(ir.region(f, 0)).expect("body");
    ir.block_ops(b)
        .map(|o| ir.op_name_str(o).to_string())
        .collect()
}

// ----------------------------------------------------------------------
// Folding
// ----------------------------------------------------------------------

#[test]
fn folds_to_attribute_and_uniques_constants() {
    let ctx = ctx();
    let (mut ir, m) = parse(
        &ctx,
        r#""t.func"() ({
  %0 = "t.constant"() {value = 1 : i32} : () -> i32
  %1 = "t.constant"() {value = 2 : i32} : () -> i32
  %2 = "t.add"(%0, %1) : (i32, i32) -> i32
  %3 = "t.constant"() {value = 3 : i32} : () -> i32
  "t.ret"(%2, %3) : (i32, i32) -> ()
}) : () -> ()"#,
    );
    let f = find(&ir, m, "t.func");
    let r = apply_patterns_greedily(&mut ir, f, &empty(&ctx), GreedyRewriteConfig::default());
    assert!(r.changed && r.succeeded());
    // As mlir-opt's `fold_and_merge` (constant-fold-debuginfo.mlir): one
    // constant 3 is left, used twice.
    let text = print(&ir, m);
    assert_eq!(text.matches("t.constant").count(), 1, "{text}");
    assert!(text.contains("value = 3 : i32"), "{text}");
    assert!(text.contains("\"t.ret\"(%0, %0)"), "{text}");
}

#[test]
fn folds_to_existing_value_in_place_and_traits() {
    let ctx = ctx();
    let (mut ir, m) = parse(
        &ctx,
        r#""t.func"() ({
^bb0(%a: i32, %b: i32):
  %z = "t.constant"() {value = 0 : i32} : () -> i32
  %0 = "t.add"(%a, %z) : (i32, i32) -> i32
  %c = "t.constant"() {value = 5 : i32} : () -> i32
  %1 = "t.swap"(%c, %b) : (i32, i32) -> i32
  %2 = "t.neg"(%0) : (i32) -> i32
  %3 = "t.neg"(%2) : (i32) -> i32
  %4 = "t.idem"(%3) : (i32) -> i32
  %5 = "t.idem"(%4) : (i32) -> i32
  %6 = "t.idem"(%b, %b) : (i32, i32) -> i32
  "t.ret"(%1, %5, %6) : (i32, i32, i32) -> ()
}) : () -> ()"#,
    );
    let f = find(&ir, m, "t.func");
    let r = apply_patterns_greedily(&mut ir, f, &empty(&ctx), GreedyRewriteConfig::default());
    assert!(r.succeeded());
    let text = print(&ir, m);
    // add(a, 0) -> a; neg(neg(a)) -> a; idem(idem(a)) -> idem(a), which
    // stays; idem(b, b) -> b; swap(5, b) -> swap(b, 5) in place.
    assert!(text.contains("\"t.swap\"(%arg1, %0)"), "{text}");
    assert!(!text.contains("t.neg"), "{text}");
    assert!(!text.contains("t.add"), "{text}");
    assert_eq!(text.matches("t.idem").count(), 1, "{text}");
    assert!(text.contains("\"t.idem\"(%arg0)"), "{text}");
    assert!(text.contains("\"t.ret\"(%1, %2, %arg1)"), "{text}");
}

#[test]
fn multi_result_fold_and_create_or_fold() {
    let ctx = ctx();
    let (mut ir, m) = parse(
        &ctx,
        r#""t.func"() ({
^bb0(%a: i32):
  %0:2 = "t.pair"(%a) : (i32) -> (i32, i32)
  "t.ret"(%0#0, %0#1) : (i32, i32) -> ()
}) : () -> ()"#,
    );
    let f = find(&ir, m, "t.func");
    apply_patterns_greedily(&mut ir, f, &empty(&ctx), GreedyRewriteConfig::default());
    let text = print(&ir, m);
    assert!(text.contains("value = 7 : i32"), "{text}");
    assert!(text.contains("\"t.ret\"(%0, %arg0)"), "{text}");

    // create_or_fold: an add of two constants yields a materialized
    // constant and no add; an add of a non-constant stays.
    let ret = find(&ir, m, "t.ret");
    let c7 = ir.operand(ret, 0);
    let i32t = ir.value_type(c7);
    let mut b = OpBuilder::new(&mut ir);
    b.set_insertion_point_before(ret);
    let add = b.ctx().op_name("t.add");
    let loc = b.ctx().unknown_loc();
    let v = b.create_or_fold(
        OperationState::new(add, loc)
            .operands(&[c7, c7])
            .results(&[i32t]),
    );
    let def = v[0].defining_op().expect("constant");
    assert_eq!(ir.op_name_str(def), "t.constant");
    assert_eq!(
        int_value(&ir, ir.attr(def, "value").unwrap()).unwrap().1,
        14
    );
    let arg = ir.operand(ret, 1);
    let mut b = OpBuilder::new(&mut ir);
    b.set_insertion_point_before(ret);
    let v = b.create_or_fold(
        OperationState::new(add, loc)
            .operands(&[arg, c7])
            .results(&[i32t]),
    );
    assert_eq!(ir.op_name_str(v[0].defining_op().unwrap()), "t.add");
}

/// mlir-opt (canonicalize-debuginfo.mlir): merged constants get
/// `loc(unknown)`; constants moved within their block keep their
/// location; constants hoisted out of a nested region lose it.
#[test]
fn constant_uniquing_hoisting_and_locations() {
    let ctx = ctx();
    let (mut ir, m) = parse(
        &ctx,
        r#""t.func"() ({
  %0 = "t.constant"() {value = 42 : index} : () -> index loc("merge":0:0)
  %1 = "t.constant"() {value = 42 : index} : () -> index loc("merge":1:0)
  %2 = "t.constant"() {value = 0 : index} : () -> index loc("hoist":1:0)
  "t.effect"(%0, %2) : (index, index) -> ()
  %3 = "t.constant"() {value = 88 : index} : () -> index loc("hoist":2:0)
  "t.loop"() ({
    %4 = "t.constant"() {value = 9 : index} : () -> index loc("nested":0:0)
    "t.effect"(%4) : (index) -> ()
  }) : () -> ()
  "t.ret"(%1, %3) : (index, index) -> ()
}) : () -> ()"#,
    );
    let f = find(&ir, m, "t.func");
    apply_patterns_greedily(&mut ir, f, &empty(&ctx), GreedyRewriteConfig::default());
    let text = print_loc(&ir, m);
    let lines: Vec<&str> = text.lines().filter(|l| l.contains("t.constant")).collect();
    assert_eq!(lines.len(), 4, "{text}");
    // Post-order seeding: 88 is moved to the front of its block (keeping
    // its location), then 9 is hoisted out of the loop in front of it
    // (losing it).
    assert!(
        lines[0].contains("value = 9") && lines[0].contains("loc(unknown)"),
        "{text}"
    );
    assert!(
        lines[1].contains("88") && lines[1].contains("loc(\"hoist\":2:0)"),
        "{text}"
    );
    assert!(
        lines[2].contains("42") && lines[2].contains("loc(unknown)"),
        "{text}"
    );
    assert!(
        lines[3].contains("value = 0") && lines[3].contains("loc(\"hoist\":1:0)"),
        "{text}"
    );
}

#[test]
fn operation_folder_try_to_fold_uniques() {
    let ctx = ctx();
    let (mut ir, m) = parse(
        &ctx,
        r#""t.func"() ({
  %0 = "t.constant"() {value = 1 : i32} : () -> i32
  %1 = "t.add"(%0, %0) : (i32, i32) -> i32
  %2 = "t.add"(%0, %0) : (i32, i32) -> i32
  "t.ret"(%1, %2) : (i32, i32) -> ()
}) : () -> ()"#,
    );
    let mut folder = crate::OperationFolder::new();
    let adds: Vec<OpRef> = ir
        .walk_collect(m, WalkOrder::PreOrder)
        .into_iter()
        .filter(|&o| ir.op_name_str(o) == "t.add")
        .collect();
    for a in adds {
        assert_eq!(folder.try_to_fold(&mut ir, None, a), Ok(false));
    }
    let text = print(&ir, m);
    assert_eq!(text.matches("value = 2").count(), 1, "{text}");
    assert!(text.contains("\"t.ret\"(%0, %0)"), "{text}");
}

// ----------------------------------------------------------------------
// Dead code
// ----------------------------------------------------------------------

#[test]
fn trivially_dead_rules() {
    let ctx = ctx();
    let (ir, m) = parse(
        &ctx,
        r#""t.func"() ({
  %0 = "t.pure"() : () -> i32
  %1 = "t.effect"() : () -> i32
  %2 = "t.read"() : () -> i32
  %3 = "t.write"() : () -> i32
  %4 = "t.alloc"() : () -> i32
  "t.sym"() : () -> ()
  "t.scope"() ({ "t.pure"() : () -> i32 }) : () -> ()
  "t.scope"() ({ "t.write"() : () -> i32 }) : () -> ()
  %5 = "x.unregistered"() : () -> i32
  "t.ret"() : () -> ()
}) : () -> ()"#,
    );
    let f = find(&ir, m, "t.func");
    let b = ir.first_block(ir.region(f, 0)).unwrap();
    let dead: Vec<bool> = ir
        .block_ops(b)
        .map(|o| is_op_trivially_dead(&ir, o))
        .collect();
    assert_eq!(
        dead,
        [true, false, true, false, true, false, true, false, false, false]
    );
    let pure = ir.first_op(b).unwrap();
    assert!(is_pure(&ir, pure) && is_memory_effect_free(&ir, pure));
}

// ----------------------------------------------------------------------
// Worklist order, strictness, limits
// ----------------------------------------------------------------------

/// Records the ops patterns are tried on.
#[derive(Default)]
struct Order(Vec<String>);
impl BuilderListener for Order {}
impl RewriterListener for Order {
    fn notify_pattern_begin(&mut self, ir: &Ir, _p: &Pattern, op: OpRef) {
        self.0.push(
            ir.attr(op, "n")
                .and_then(|a| int_value(ir, a))
                .map_or("?".into(), |(_, v)| v.to_string()),
        );
    }
}

fn failing_any(ctx: &Arc<Context>) -> FrozenRewritePatternSet {
    let mut set = RewritePatternSet::new(ctx.clone());
    set.add_fn(Pattern::match_any(1).with_debug_name("Never"), |_, _| {
        Err(())
    });
    FrozenRewritePatternSet::new(set)
}

const ORDER_SRC: &str = r#""t.func"() ({
  "t.effect"() {n = 1} : () -> ()
  "t.loop"() ({
    "t.effect"() {n = 2} : () -> ()
    "t.effect"() {n = 3} : () -> ()
  }) {n = 4} : () -> ()
  "t.effect"() {n = 5} : () -> ()
}) : () -> ()"#;

#[test]
fn worklist_order_bottom_up_and_top_down() {
    let ctx = ctx();
    // Seeding queues each op with its ancestors below the scope (MLIR's
    // `addToWorklist`), so the loop (4) is pushed right after its first
    // nested op (2) and popped before 2 but after 3.
    for (top_down, expected) in [(false, "5 3 4 2 1"), (true, "1 4 2 3 5")] {
        let (mut ir, m) = parse(&ctx, ORDER_SRC);
        let f = find(&ir, m, "t.func");
        let mut order = Order::default();
        let config = GreedyRewriteConfig {
            use_top_down_traversal: top_down,
            listener: Some(&mut order),
            ..Default::default()
        };
        let r = apply_patterns_greedily(&mut ir, f, &failing_any(&ctx), config);
        assert!(r.succeeded() && !r.changed);
        assert_eq!(order.0.join(" "), expected);
    }
}

#[test]
fn randomized_order_reaches_the_same_result() {
    let ctx = ctx();
    let src = r#""t.func"() ({
  %0 = "t.constant"() {value = 1 : i32} : () -> i32
  %1 = "t.add"(%0, %0) : (i32, i32) -> i32
  %2 = "t.add"(%1, %0) : (i32, i32) -> i32
  %3 = "t.add"(%2, %1) : (i32, i32) -> i32
  %4 = "t.pure"(%3) : (i32) -> i32
  "t.effect"(%3) : (i32) -> ()
}) : () -> ()"#;
    let run = |seed: Option<u64>| {
        let (mut ir, m) = parse(&ctx, src);
        let f = find(&ir, m, "t.func");
        let config = GreedyRewriteConfig {
            random_seed: seed,
            ..Default::default()
        };
        assert!(apply_patterns_greedily(&mut ir, f, &empty(&ctx), config).succeeded());
        print(&ir, m)
    };
    let reference = run(None);
    assert!(reference.contains("value = 5 : i32"), "{reference}");
    for seed in 1..20 {
        assert_eq!(run(Some(seed)), reference);
    }
}

/// Rewrites `t.pure` into `t.effect` (a new op) with a marker.
fn replace_pure(ctx: &Arc<Context>) -> FrozenRewritePatternSet {
    let mut set = RewritePatternSet::new(ctx.clone());
    set.add_fn(Pattern::new(ctx, "t.pure", 1), |op, rw| {
        let ty: SmallVec<[Type; 1]> = rw.ir().result_types(op).collect();
        rw.replace_op_with_new_named(op, "t.pure2", &[], &ty, None);
        Ok(())
    });
    set.add_fn(Pattern::new(ctx, "t.pure2", 1), |op, rw| {
        let ty: SmallVec<[Type; 1]> = rw.ir().result_types(op).collect();
        rw.replace_op_with_new_named(op, "t.pure3", &[], &ty, None);
        Ok(())
    });
    FrozenRewritePatternSet::new(set)
}

#[test]
fn strictness_modes() {
    let ctx = ctx();
    let src = r#""t.func"() ({
  %0 = "t.pure"() : () -> i32
  %1 = "t.pure"() : () -> i32
  "t.effect"(%0, %1) : (i32, i32) -> ()
}) : () -> ()"#;
    for (strictness, expected) in [
        (GreedyRewriteStrictness::AnyOp, ["t.pure3", "t.pure"]),
        (
            GreedyRewriteStrictness::ExistingAndNewOps,
            ["t.pure3", "t.pure"],
        ),
        (GreedyRewriteStrictness::ExistingOps, ["t.pure2", "t.pure"]),
    ] {
        let (mut ir, m) = parse(&ctx, src);
        let first = find(&ir, m, "t.pure");
        let config = GreedyRewriteConfig {
            strictness,
            ..Default::default()
        };
        let r = apply_op_patterns_greedily(&mut ir, &[first], &replace_pure(&ctx), config);
        assert!(r.changed && r.succeeded() && r.all_erased, "{strictness:?}");
        let names = body_names(&ir, m);
        assert_eq!(&names[..2], &expected[..], "{strictness:?}");
    }
}

#[test]
fn max_iterations_and_rewrites() {
    let ctx = ctx();
    let src = r#""t.func"() ({
  "t.flip"() : () -> ()
  "t.toggle"() : () -> ()
}) : () -> ()"#;
    let (mut ir, m) = parse(&ctx, src);
    let f = find(&ir, m, "t.func");
    let opts = CanonicalizerOptions {
        test_convergence: true,
        disable_patterns: vec!["Toggle".into()],
        ..Default::default()
    };
    let r = crate::canonicalize(&mut ir, f, &opts).unwrap_err();
    assert_eq!(r.converged, Err(NotConverged::MaxIterations(10)));
    assert_eq!(r.num_rewrites, 10);
    // The explanation names what fired last, the pattern that keeps
    // applying and the pattern to disable.
    let d = r.non_convergence_diagnostic().expect("did not converge");
    assert_eq!(
        d.message,
        "the pattern rewrite did not converge after scanning 10 times"
    );
    let notes: Vec<&str> = d.notes.iter().map(|n| n.message.as_str()).collect();
    assert!(
        notes[0].starts_with("iteration 10 applied 1 pattern(s)"),
        "{notes:?}"
    );
    assert!(notes[0].ends_with("'FlipParent' x1"), "{notes:?}");
    assert!(
        notes.iter().any(|n| n.starts_with(
            "'FlipParent' keeps applying to 't.flip' here (in each of the last 10 iterations)"
        )),
        "{notes:?}"
    );
    assert!(
        notes.contains(&"disable-patterns=FlipParent (the pattern involved) would stop it"),
        "{notes:?}"
    );

    let opts = CanonicalizerOptions {
        max_iterations: Some(3),
        disable_patterns: vec!["Toggle".into()],
        ..Default::default()
    };
    let r = crate::canonicalize(&mut ir, f, &opts).unwrap();
    assert_eq!(r.converged, Err(NotConverged::MaxIterations(3)));

    // Disabled by name: nothing to do, converged.
    let opts = CanonicalizerOptions {
        disable_patterns: vec!["Toggle".into(), "FlipParent".into()],
        test_convergence: true,
        ..Default::default()
    };
    let r = crate::canonicalize(&mut ir, f, &opts).unwrap();
    assert!(!r.changed);

    // The op driver stops at max_num_rewrites with work left.
    let toggle = find(&ir, m, "t.toggle");
    let canon = crate::canonicalize::Canonicalizer::new(&ctx, Default::default());
    let config = GreedyRewriteConfig {
        max_num_rewrites: Some(4),
        ..Default::default()
    };
    let r = apply_op_patterns_greedily(&mut ir, &[toggle], canon.patterns(), config);
    assert_eq!(r.converged, Err(NotConverged::MaxNumRewrites(4)));
    assert!(!r.all_erased && r.changed);
    let d = r.non_convergence_diagnostic().expect("did not converge");
    assert_eq!(
        d.message,
        "the pattern rewrite did not converge after 4 rewrites"
    );
    let notes: Vec<String> = d.notes.iter().map(|n| n.message.clone()).collect();
    assert!(
        notes.iter().any(|n| n
            .starts_with("'Toggle' keeps applying to 't.toggle' here (4 times in one iteration)")),
        "{notes:?}"
    );
    assert!(
        notes
            .iter()
            .any(|n| n.starts_with("ops were still queued after max-num-rewrites=4")),
        "{notes:?}"
    );
}

/// A function whose one `t.pure` is kept alive by a `t.effect`.
const PURE_USED_BY_EFFECT: &str = r#""t.func"() ({
  %0 = "t.pure"() : () -> i32
  "t.effect"(%0) : (i32) -> ()
}) : () -> ()"#;

/// The change budget ends runs that MLIR's driver would not end: `Toggle`
/// re-applies to `t.toggle` forever within one iteration, and there is no
/// rewrite cap by default.
#[test]
fn change_budget_ends_runaway_rewrites() {
    let ctx = ctx();
    let src = r#""t.func"() ({
  "t.toggle"() : () -> ()
  "t.toggle"() : () -> ()
}) : () -> ()"#;
    let budget = crate::greedy::ChangeBudget {
        per_op: 7,
        floor: 5,
    };
    let canon = crate::canonicalize::Canonicalizer::new(&ctx, Default::default());

    // The region driver: two ops at the start, so 14 changes allowed; it
    // stops at the 15th.
    let (mut ir, m) = parse(&ctx, src);
    let f = find(&ir, m, "t.func");
    let config = GreedyRewriteConfig {
        change_budget: Some(budget),
        ..Default::default()
    };
    let r = apply_patterns_greedily(&mut ir, f, canon.patterns(), config);
    assert_eq!(
        r.converged,
        Err(NotConverged::ChangeBudget { limit: 14, ops: 2 })
    );
    assert!(r.changed);
    assert_eq!((r.iterations, r.num_rewrites), (1, 15));
    let d = r.non_convergence_diagnostic().expect("did not converge");
    assert_eq!(
        d.message,
        "the pattern rewrite did not converge within its change budget (14 rewrites and folds for 2 ops)"
    );
    let notes: Vec<String> = d.notes.iter().map(|n| n.message.clone()).collect();
    assert!(
        notes.iter().any(|n| n.starts_with(
            "the run made more than 14 rewrites and folds, its change budget for 2 ops (7 per op, at least 5)"
        )),
        "{notes:?}"
    );
    assert!(
        notes
            .iter()
            .any(|n| n.starts_with("disable-patterns=Toggle")),
        "{notes:?}"
    );

    // The op-list driver: one op given, so the floor.
    let (mut ir, m) = parse(&ctx, src);
    let toggle = find(&ir, m, "t.toggle");
    let config = GreedyRewriteConfig {
        change_budget: Some(budget),
        ..Default::default()
    };
    let r = apply_op_patterns_greedily(&mut ir, &[toggle], canon.patterns(), config);
    assert_eq!(
        r.converged,
        Err(NotConverged::ChangeBudget { limit: 7, ops: 1 })
    );

    // A run that converges within its budget is not cut, however tight:
    // two ops, two rewrites (`t.pure` to `t.pure2` to `t.pure3`).
    let (mut ir, m) = parse(&ctx, PURE_USED_BY_EFFECT);
    let f = find(&ir, m, "t.func");
    let config = GreedyRewriteConfig {
        change_budget: Some(crate::greedy::ChangeBudget {
            per_op: 1,
            floor: 1,
        }),
        ..Default::default()
    };
    let r = apply_patterns_greedily(&mut ir, f, &replace_pure(&ctx), config);
    assert!(r.succeeded(), "{:?}", r.converged);
    assert_eq!(r.num_rewrites, 2);
    assert_eq!(body_names(&ir, m)[0], "t.pure3");
}

#[test]
fn recursion_detection() {
    let ctx = ctx();
    let mut set = RewritePatternSet::new(ctx.clone());
    set.add_fn(Pattern::new(&ctx, "t.pure", 1), |op, rw| {
        if rw.ir().attr(op, "done").is_some() {
            return Err(());
        }
        let ty: SmallVec<[Type; 1]> = rw.ir().result_types(op).collect();
        rw.replace_op_with_new_named(op, "t.pure", &[], &ty, None);
        Ok(())
    });
    let frozen = FrozenRewritePatternSet::new(set);
    let (mut ir, m) = parse(&ctx, PURE_USED_BY_EFFECT);
    let f = find(&ir, m, "t.func");
    let config = GreedyRewriteConfig {
        detect_recursion: true,
        ..Default::default()
    };
    let r = apply_patterns_greedily(&mut ir, f, &frozen, config);
    assert_eq!(r.num_rewrites, 1, "{:?}", r.recursion_errors);
    assert!(!r.recursion_errors.is_empty());
}

// ----------------------------------------------------------------------
// Region simplification
// ----------------------------------------------------------------------

const CFG_SRC: &str = r#""t.func"() ({
^bb0(%a: i32):
  "t.br"(%a) [^bb2] : (i32) -> ()
^bb1:
  %x = "t.pure"(%x) : (i32) -> i32
  "t.br"(%x) [^bb2] : (i32) -> ()
^bb2(%z: i32):
  "t.ret"() : () -> ()
}) : () -> ()"#;

#[test]
fn region_simplification_levels() {
    let ctx = ctx();
    // mlir-opt erases unreachable blocks even with region-simplify=disabled
    // (the driver does it at the start of each iteration) but keeps dead
    // block arguments.
    let (mut ir, m) = parse(&ctx, CFG_SRC);
    let f = find(&ir, m, "t.func");
    let config = GreedyRewriteConfig {
        region_simplification: RegionSimplificationLevel::Disabled,
        ..Default::default()
    };
    let r = apply_patterns_greedily(&mut ir, f, &empty(&ctx), config);
    assert!(r.changed);
    let text = print(&ir, m);
    assert!(!text.contains("t.pure"), "{text}");
    assert!(text.contains("^bb1(%0: i32)"), "{text}");

    let (mut ir, m) = parse(&ctx, CFG_SRC);
    let f = find(&ir, m, "t.func");
    let config = GreedyRewriteConfig {
        region_simplification: RegionSimplificationLevel::Normal,
        ..Default::default()
    };
    apply_patterns_greedily(&mut ir, f, &empty(&ctx), config);
    let text = print(&ir, m);
    assert!(text.contains("\"t.br\"()[^bb1]"), "{text}");
    assert!(text.contains("^bb1:"), "{text}");
}

// ----------------------------------------------------------------------
// Walk driver
// ----------------------------------------------------------------------

#[test]
fn walk_driver_post_order_once() {
    let ctx = ctx();
    let (mut ir, m) = parse(&ctx, ORDER_SRC);
    let f = find(&ir, m, "t.func");
    let mut set = RewritePatternSet::new(ctx.clone());
    // Every visited op gets a new sibling `t.effect {n = 0}`, which must not
    // be visited.
    set.add_fn(
        Pattern::match_any(1).with_debug_name("AddSibling"),
        |op, rw| {
            let ctx = rw.ctx();
            let i64t = ctx.int_type(64);
            let zero = ctx.int_attr(i64t, 0);
            let dict = ctx.dictionary_attr(&[(ctx.ident("n"), zero)]);
            let loc = rw.ir().op_loc(op);
            rw.create_named("t.effect", loc, &[], &[], Some(dict));
            rw.modify_op_in_place(op, |_| {});
            Ok(())
        },
    );
    let frozen = FrozenRewritePatternSet::new(set);
    let mut order = Order::default();
    struct Begin<'a>(&'a mut Order);
    impl BuilderListener for Begin<'_> {}
    impl RewriterListener for Begin<'_> {
        fn notify_operation_modified(&mut self, ir: &Ir, op: OpRef) {
            self.0.notify_pattern_begin(ir, &Pattern::match_any(1), op);
        }
    }
    let mut l = Begin(&mut order);
    walk_and_apply_patterns(&mut ir, f, &frozen, Some(&mut l)).unwrap();
    assert_eq!(order.0.join(" "), "1 2 3 4 5");
    assert_eq!(print(&ir, m).matches("n = 0").count(), 5);
}

#[test]
fn walk_driver_rejects_erasing_other_ops() {
    let ctx = ctx();
    let (mut ir, m) = parse(
        &ctx,
        r#""t.func"() ({
  %0 = "t.pure"() : () -> i32
  "t.effect"(%0) : (i32) -> ()
}) : () -> ()"#,
    );
    let f = find(&ir, m, "t.func");
    let mut set = RewritePatternSet::new(ctx.clone());
    set.add_fn(Pattern::new(&ctx, "t.effect", 1), |op, rw| {
        let def = rw.ir().operand(op, 0).defining_op().unwrap();
        rw.erase_op(op);
        rw.erase_op(def);
        Ok(())
    });
    let frozen = FrozenRewritePatternSet::new(set);
    let payload = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        walk_and_apply_patterns(&mut ir, f, &frozen, None).unwrap();
    }))
    .expect_err("the erasure is refused");
    let p = payload
        .downcast::<mlir_rewrite::PatternPanic>()
        .expect("a PatternPanic payload");
    assert!(p.misuse);
    assert!(
        p.message
            .starts_with("unsupported erasure in WalkPatternRewriter"),
        "{}",
        p.message
    );
}

#[test]
fn walk_driver_skips_unreachable_blocks() {
    let ctx = ctx();
    let (mut ir, m) = parse(&ctx, CFG_SRC);
    let f = find(&ir, m, "t.func");
    let mut seen = Vec::new();
    struct Seen<'a>(&'a mut Vec<String>);
    impl BuilderListener for Seen<'_> {}
    impl RewriterListener for Seen<'_> {
        fn notify_match_failure(
            &mut self,
            loc: Location,
            reason: &dyn Fn(&mut mlir_ir::Diagnostic),
        ) {
            let mut d = mlir_ir::Diagnostic::remark(loc, "");
            reason(&mut d);
            self.0.push(d.message);
        }
    }
    let mut set = RewritePatternSet::new(ctx.clone());
    set.add_fn(Pattern::match_any(1), |op, rw| {
        let name = rw.ir().op_name_str(op).to_string();
        rw.notify_match_failure(op, move || name.clone())
    });
    let mut l = Seen(&mut seen);
    walk_and_apply_patterns(&mut ir, f, &FrozenRewritePatternSet::new(set), Some(&mut l)).unwrap();
    assert_eq!(seen, ["t.br", "t.ret"]);
}

// ----------------------------------------------------------------------
// Notifications of inserted blocks do not reach the worklist
// ----------------------------------------------------------------------

#[test]
fn listener_sees_fold_replacements() {
    #[derive(Default)]
    struct Log(Vec<String>);
    impl BuilderListener for Log {
        fn notify_operation_inserted(&mut self, ir: &Ir, op: OpRef, _p: PreviousPosition) {
            self.0.push(format!("insert {}", ir.op_name_str(op)));
        }
        fn notify_block_inserted(
            &mut self,
            _ir: &Ir,
            _b: BlockRef,
            _p: Option<(RegionRef, Option<BlockRef>)>,
        ) {
        }
    }
    impl RewriterListener for Log {
        fn notify_operation_erased(&mut self, ir: &Ir, op: OpRef) {
            self.0.push(format!("erase {}", ir.op_name_str(op)));
        }
        fn notify_operation_replaced(&mut self, ir: &Ir, op: OpRef, _v: &[mlir_ir::Value]) {
            self.0.push(format!("replace {}", ir.op_name_str(op)));
        }
    }
    let ctx = ctx();
    let (mut ir, m) = parse(
        &ctx,
        r#""t.func"() ({
  %0 = "t.constant"() {value = 1 : i32} : () -> i32
  %1 = "t.add"(%0, %0) : (i32, i32) -> i32
  "t.effect"(%1) : (i32) -> ()
}) : () -> ()"#,
    );
    let f = find(&ir, m, "t.func");
    let mut log = Log::default();
    let config = GreedyRewriteConfig {
        listener: Some(&mut log),
        ..Default::default()
    };
    apply_patterns_greedily(&mut ir, f, &empty(&ctx), config);
    assert_eq!(
        log.0,
        [
            "insert t.constant",
            "replace t.add",
            "erase t.add",
            "erase t.constant"
        ]
    );
}

// ----------------------------------------------------------------------
// Aggressive region simplification: block merging, redundant arguments
// ----------------------------------------------------------------------

/// The blocks of the first `t.func`'s body.
fn body_blocks(ir: &Ir, module: OpRef) -> Vec<BlockRef> {
    let f = find(ir, module, "t.func");
    ir.region_blocks(ir.region(f, 0)).collect()
}

#[test]
fn identical_blocks_merge_with_new_arguments() {
    // Checked with mlir-opt 22 on the same shape with test.br and
    // unregistered ops (tests/passes/block-merge.mlir): ^bb3 and ^bb4 merge
    // into one block whose argument the two t.br forward.
    let ctx = ctx();
    let (mut ir, module) = parse(
        &ctx,
        r#""t.func"() ({
^bb0(%a: i32, %b: i32):
  "u.cond_br"()[^bb1, ^bb2] : () -> ()
^bb1:
  "t.effect"() : () -> ()
  "t.br"()[^bb3] : () -> ()
^bb2:
  "t.effect"() : () -> ()
  "t.br"()[^bb4] : () -> ()
^bb3:
  "t.ret"(%a) : (i32) -> ()
^bb4:
  "t.ret"(%b) : (i32) -> ()
}) : () -> ()"#,
    );
    let f = find(&ir, module, "t.func");
    let region = ir.region(f, 0);
    assert!(crate::region_simplify::merge_identical_blocks(
        &mut ir,
        None,
        &[region]
    ));
    let blocks = body_blocks(&ir, module);
    assert_eq!(blocks.len(), 4, "{}", print(&ir, module));
    let merged = blocks[3];
    assert_eq!(ir.num_arguments(merged), 1);
    let ret = ir.first_op(merged).expect("t.ret");
    assert_eq!(ir.operand(ret, 0), ir.argument(merged, 0));
    let entry_args: Vec<_> = ir.arguments(blocks[0]).collect();
    for (i, &b) in blocks[1..3].iter().enumerate() {
        let br = ir.last_op(b).expect("t.br");
        assert_eq!(ir.successor(br, 0), merged);
        assert_eq!(ir.operands(br).collect::<Vec<_>>(), vec![entry_args[i]]);
    }
    // Nothing is left to merge: the two forwarding blocks differ in an
    // operand, and their predecessor (unregistered) is not a branch whose
    // operands can be updated.
    assert!(!crate::region_simplify::merge_identical_blocks(
        &mut ir,
        None,
        &[region]
    ));
}

#[test]
fn blocks_using_inner_values_differently_do_not_merge() {
    let ctx = ctx();
    let (mut ir, module) = parse(
        &ctx,
        r#""t.func"() ({
^bb0(%a: i32):
  "t.cond_br"()[^bb1, ^bb2] : () -> ()
^bb1:
  %0 = "t.pure"() : () -> i32
  %1 = "t.pure"() : () -> i32
  "t.ret"(%0) : (i32) -> ()
^bb2:
  %2 = "t.pure"() : () -> i32
  %3 = "t.pure"() : () -> i32
  "t.ret"(%3) : (i32) -> ()
}) : () -> ()"#,
    );
    let f = find(&ir, module, "t.func");
    let region = ir.region(f, 0);
    assert!(!crate::region_simplify::merge_identical_blocks(
        &mut ir,
        None,
        &[region]
    ));
    assert_eq!(body_blocks(&ir, module).len(), 3);
}

#[test]
fn redundant_block_arguments_are_dropped() {
    // mlir-opt 22 (tests/passes/block-merge.mlir, @redundant_argument):
    // the argument receiving %x from both predecessors is replaced by %x.
    let ctx = ctx();
    let (mut ir, module) = parse(
        &ctx,
        r#""t.func"() ({
^bb0(%x: i32, %y: i32):
  "t.cond_br"()[^bb1, ^bb2] : () -> ()
^bb1:
  "t.br"(%x, %y)[^bb3] : (i32, i32) -> ()
^bb2:
  "t.effect"() : () -> ()
  "t.br"(%x, %x)[^bb3] : (i32, i32) -> ()
^bb3(%p: i32, %q: i32):
  "t.ret"(%p, %q) : (i32, i32) -> ()
}) : () -> ()"#,
    );
    let f = find(&ir, module, "t.func");
    let region = ir.region(f, 0);
    assert!(crate::region_simplify::drop_redundant_arguments(
        &mut ir,
        None,
        &[region]
    ));
    let blocks = body_blocks(&ir, module);
    let (x, y) = (ir.argument(blocks[0], 0), ir.argument(blocks[0], 1));
    let last = blocks[3];
    assert_eq!(ir.num_arguments(last), 1);
    let ret = ir.first_op(last).expect("t.ret");
    assert_eq!(
        ir.operands(ret).collect::<Vec<_>>(),
        vec![x, ir.argument(last, 0)]
    );
    let br1 = ir.last_op(blocks[1]).expect("t.br");
    let br2 = ir.last_op(blocks[2]).expect("t.br");
    assert_eq!(ir.operands(br1).collect::<Vec<_>>(), vec![y]);
    assert_eq!(ir.operands(br2).collect::<Vec<_>>(), vec![x]);
}

// ----------------------------------------------------------------------
// Expensive checks
// ----------------------------------------------------------------------

/// Unregistered ops (no verifier rules) in a function.
const CHECKS_SRC: &str = r#""t.func"() ({
  "u.effect"() {n = 1} : () -> ()
  "u.loop"() ({
    "u.effect"() {n = 2} : () -> ()
    "u.effect"() {n = 3} : () -> ()
  }) : () -> ()
  "u.effect"() {n = 4} : () -> ()
}) : () -> ()"#;

/// A pattern set with one pattern that claims success without changing
/// anything (on `u.effect {n = 1}`) and one that changes `u.loop` and then
/// claims failure.
fn broken_patterns(ctx: &Arc<Context>) -> FrozenRewritePatternSet {
    let mut set = RewritePatternSet::new(ctx.clone());
    set.add_fn(
        Pattern::new(ctx, "u.effect", 1).with_debug_name("Liar"),
        |op, rw| {
            let n = rw
                .ir()
                .attr(op, "n")
                .and_then(|a| rw.ctx().int_attr_value(a));
            if n == Some(1) {
                Ok(())
            } else {
                Err(())
            }
        },
    );
    set.add_fn(
        Pattern::new(ctx, "u.loop", 1).with_debug_name("Sneaky"),
        |op, rw| {
            if rw.ir().attr(op, "seen").is_none() {
                let unit = rw.ctx().unit_attr();
                rw.modify_op_in_place(op, |m| m.set_attr("seen", Some(unit)));
            }
            Err(())
        },
    );
    FrozenRewritePatternSet::new(set)
}

#[test]
fn expensive_checks_catch_broken_patterns() {
    let ctx = ctx();
    let patterns = broken_patterns(&ctx);
    let run = |checks: bool| {
        let (mut ir, m) = parse(&ctx, CHECKS_SRC);
        let f = find(&ir, m, "t.func");
        let config = GreedyRewriteConfig {
            expensive_checks: checks,
            max_iterations: Some(1),
            ..Default::default()
        };
        apply_patterns_greedily(&mut ir, f, &patterns, config)
    };
    let off = run(false);
    assert!(off.check_failures.is_empty());
    assert!(!off.found_broken_patterns());

    let on = run(true);
    let found: Vec<(Option<&str>, &str, &str)> = on
        .check_failures
        .iter()
        .map(|f| (f.pattern.as_deref(), f.op.as_str(), f.message))
        .collect();
    assert_eq!(
        found,
        // Bottom-up: the loop is processed before the first op.
        vec![
            (None, "u.loop", "pattern returned failure but IR did change"),
            (
                Some("Liar"),
                "u.effect",
                "pattern returned success but IR did not change"
            ),
        ],
        "{:?}",
        on.check_failures
    );
    assert!(on.found_broken_patterns());
}

#[test]
fn expensive_checks_accept_well_behaved_patterns() {
    let ctx = ctx();
    let (mut ir, m) = parse(&ctx, CHECKS_SRC);
    let f = find(&ir, m, "t.func");
    let mut set = RewritePatternSet::new(ctx.clone());
    // Moves each `u.effect` inside `u.loop` out before it: a move notifies
    // only the new parent, and the moved op itself is unchanged.
    set.add_fn(Pattern::new(&ctx, "u.effect", 1), |op, rw| {
        let parent = rw.ir().op_parent_op(op).ok_or(())?;
        if rw.ir().op_name_str(parent) != "u.loop" {
            return Err(());
        }
        rw.move_op_before(op, parent);
        Ok(())
    });
    let config = GreedyRewriteConfig {
        expensive_checks: true,
        ..Default::default()
    };
    let r = apply_patterns_greedily(&mut ir, f, &FrozenRewritePatternSet::new(set), config);
    assert!(r.changed && r.succeeded());
    assert!(r.check_failures.is_empty(), "{:?}", r.check_failures);
}
