//! Unit tests of the cf structural type conversions: a partial conversion
//! with the function-signature pattern and the cf patterns, under a type
//! converter that splits `f32` into two `f16` (1:N), drops `i32` and keeps
//! every other type; the dynamic legality of the branch ops; the failure of
//! a pattern whose converted operands disagree with the converted block
//! signature; the same results without pattern rollback.

use std::sync::Arc;

use mlir_conversion::{
    apply_partial_conversion, populate_function_op_interface_type_conversion_pattern,
    ConversionConfig, ConversionTarget, TypeConverter,
};
use mlir_ir::asm::printer::{print_to_string, PrintFlags};
use mlir_ir::{AttrKind, Context, Ir, OpBuilder, OpRef, OperationState, Type, Value, WalkOrder};
use mlir_rewrite::{FrozenRewritePatternSet, RewritePatternSet};
use smallvec::SmallVec;

use super::*;

fn ctx() -> Arc<Context> {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    crate::register_all(&mut ctx);
    Arc::new(ctx)
}

fn parse(ctx: &Arc<Context>, src: &str) -> (Ir, OpRef) {
    mlir_ir::asm::parse_source(ctx.clone(), src, &Default::default())
        .unwrap_or_else(|e| panic!("test IR does not parse: {e:?}"))
}

fn print(ir: &Ir, op: OpRef) -> String {
    print_to_string(ir, op, &PrintFlags::default())
}

/// Builds an unregistered op `name` from `inputs` to `types`.
fn build(
    b: &mut OpBuilder<'_>,
    name: &str,
    types: &[Type],
    inputs: &[Value],
    loc: mlir_ir::Location,
) -> SmallVec<[Value; 1]> {
    let name = b.ctx().op_name(name);
    let st = OperationState::new(name, loc)
        .operands(inputs)
        .results(types);
    let op = b.create(st);
    b.ir.results(op).collect()
}

/// Every type is legal except `f32`, which becomes two `f16` (1:N), and
/// `i32`, which is dropped. Source materializations build `b.join`
/// (from any number of values), target materializations `b.split`.
fn split_converter() -> Arc<TypeConverter> {
    let mut c = TypeConverter::new();
    c.add_type_conversion(|_, t| Some(Some(t)));
    c.add_conversion(|ctx, t, out| {
        (t == ctx.f32_type()).then(|| {
            let f16 = ctx.float_type(mlir_ir::FloatKind::F16);
            out.extend([f16, f16]);
            Ok(())
        })
    });
    c.add_conversion(|ctx, t, _| (t == ctx.int_type(32)).then_some(Ok(())));
    c.add_source_materialization(|b, ty, inputs, loc| {
        build(b, "b.join", &[ty], inputs, loc).first().copied()
    });
    c.add_target_materialization_1_to_n(|b, types, inputs, loc, _| {
        build(b, "b.split", types, inputs, loc)
    });
    Arc::new(c)
}

/// The target of the tests: `func.func` legal when its signature is, the
/// unregistered dialects `a` and `b` and `func.return` legal, the cf ops
/// dynamically legal through `populate_cf_structural_type_conversion_target`.
fn target(c: &Arc<TypeConverter>) -> ConversionTarget {
    let mut t = ConversionTarget::new();
    t.add_legal_dialect("a");
    t.add_legal_dialect("b");
    t.add_legal_op("builtin.module");
    t.add_legal_op("func.return");
    let legal = c.clone();
    t.add_dynamically_legal_op("func.func", move |ir, op| {
        let fty = ir.attr(op, "function_type").map(|a| ir.ctx().attr(a));
        matches!(fty, Some(AttrKind::Type(fty)) if legal.is_signature_legal(ir.ctx(), *fty))
    });
    t
}

/// Runs a partial conversion of `src` with the function-signature pattern
/// and the cf patterns; returns whether it succeeded and the printed IR.
fn convert(src: &str, rollback: bool) -> (bool, String) {
    let ctx = ctx();
    let (mut ir, m) = parse(&ctx, src);
    let c = split_converter();
    let mut set = RewritePatternSet::new(ctx.clone());
    populate_function_op_interface_type_conversion_pattern("func.func", &mut set, c.clone());
    let mut t = target(&c);
    populate_cf_structural_type_conversions_and_legality(&c, &mut set, &mut t, 1.into());
    let frozen = FrozenRewritePatternSet::new(set);
    let config = ConversionConfig {
        allow_pattern_rollback: rollback,
        ..ConversionConfig::default()
    };
    let (r, _) = apply_partial_conversion(&mut ir, m, &t, &frozen, &config);
    (r.is_ok(), print(&ir, m))
}

const BRANCHES: &str = r#"func.func @f(%arg0: f32, %arg1: i32, %cond: i1) {
  %0 = "a.def"() : () -> f32
  cf.cond_br %cond, ^bb1(%arg0, %arg1 : f32, i32), ^bb2(%0 : f32) {branch_weights = array<i32: 1, 2>}
^bb1(%a: f32, %i: i32):
  "a.use"(%a, %i) : (f32, i32) -> ()
  cf.br ^bb2(%a : f32)
^bb2(%b: f32):
  "a.use"(%b) : (f32) -> ()
  cf.cond_br %cond, ^bb1(%b, %arg1 : f32, i32), ^bb3
^bb3:
  return
}"#;

/// The expected result of converting [`BRANCHES`]: every f32 operand
/// expands into two f16 operands (the entry block's through the function
/// pattern, `a.def`'s through a 1:N target materialization), the i32 ones
/// and the i32 block argument disappear (its user gets a value from
/// nothing), each block is converted once (^bb1 and ^bb2 have two
/// predecessors each, one of them a back edge), the users of converted
/// block arguments get source materializations back to f32 and the branch
/// weights stay.
const BRANCHES_CONVERTED: &str = r#"module {
  func.func @f(%arg0: f16, %arg1: f16, %arg2: i1) {
    %0 = "a.def"() : () -> f32
    %1:2 = "b.split"(%0) : (f32) -> (f16, f16)
    cf.cond_br %arg2 weights([1, 2]), ^bb1(%arg0, %arg1 : f16, f16), ^bb2(%1#0, %1#1 : f16, f16)
  ^bb1(%2: f16, %3: f16):  // 2 preds: ^bb0, ^bb2
    %4 = "b.join"(%2, %3) : (f16, f16) -> f32
    %5 = "b.join"() : () -> i32
    "a.use"(%4, %5) : (f32, i32) -> ()
    cf.br ^bb2(%2, %3 : f16, f16)
  ^bb2(%6: f16, %7: f16):  // 2 preds: ^bb0, ^bb1
    %8 = "b.join"(%6, %7) : (f16, f16) -> f32
    "a.use"(%8) : (f32) -> ()
    cf.cond_br %arg2, ^bb1(%6, %7 : f16, f16), ^bb3
  ^bb3:  // pred: ^bb2
    return
  }
}"#;

#[test]
fn branches_convert_operands_1_to_n_and_each_block_once() {
    let (ok, out) = convert(BRANCHES, true);
    assert!(ok, "conversion failed:\n{out}");
    assert_eq!(out.trim_end(), BRANCHES_CONVERTED);
}

#[test]
fn branches_convert_the_same_without_rollback() {
    let (ok, out) = convert(BRANCHES, false);
    assert!(ok, "conversion failed:\n{out}");
    // Without rollback the dropped argument's value (from nothing) is built
    // as the signature conversion goes, before the f32 argument's source
    // materialization; with rollback the latter comes first. mlir-opt 22
    // orders them so too (checked on an entry block with
    // -test-legalize-patterns and its allow-pattern-rollback option).
    let expected = BRANCHES_CONVERTED.replace(
        r#"    %4 = "b.join"(%2, %3) : (f16, f16) -> f32
    %5 = "b.join"() : () -> i32
    "a.use"(%4, %5) : (f32, i32) -> ()"#,
        r#"    %4 = "b.join"() : () -> i32
    %5 = "b.join"(%2, %3) : (f16, f16) -> f32
    "a.use"(%5, %4) : (f32, i32) -> ()"#,
    );
    assert_ne!(expected, BRANCHES_CONVERTED);
    assert_eq!(out.trim_end(), expected);
}

/// A converter keeping every type but `f32`, which becomes `f64` (1:1), for
/// the `cf.switch` pattern (upstream's takes the 1:1 adaptor).
fn widen_converter() -> Arc<TypeConverter> {
    let mut c = TypeConverter::new();
    c.add_type_conversion(|_, t| Some(Some(t)));
    c.add_type_conversion(|ctx, t| (t == ctx.f32_type()).then(|| Some(ctx.f64_type())));
    c.add_source_materialization(|b, ty, inputs, loc| {
        build(b, "b.join", &[ty], inputs, loc).first().copied()
    });
    Arc::new(c)
}

#[test]
fn switch_converts_each_destination_once() {
    let ctx = ctx();
    let (mut ir, m) = parse(
        &ctx,
        r#"func.func @s(%flag: i1, %x: f32) {
  cf.switch %flag : i1, [
    default: ^bb1(%x : f32),
    0: ^bb2(%x, %x : f32, f32),
    1: ^bb1(%x : f32)
  ]
^bb1(%a: f32):
  "a.use"(%a) : (f32) -> ()
  return
^bb2(%b: f32, %c: f32):
  "a.use"(%b, %c) : (f32, f32) -> ()
  cf.br ^bb1(%c : f32)
}"#,
    );
    let c = widen_converter();
    let mut set = RewritePatternSet::new(ctx.clone());
    populate_function_op_interface_type_conversion_pattern("func.func", &mut set, c.clone());
    let mut t = target(&c);
    populate_cf_structural_type_conversions_and_legality(&c, &mut set, &mut t, 1.into());
    let frozen = FrozenRewritePatternSet::new(set);
    let (r, _) = apply_partial_conversion(&mut ir, m, &t, &frozen, &ConversionConfig::default());
    assert!(r.is_ok());
    // ^bb1 is the default destination and case 1's: it is converted once,
    // by the first edge, and the second finds it converted.
    assert_eq!(
        print(&ir, m).trim_end(),
        r#"module {
  func.func @s(%arg0: i1, %arg1: f64) {
    cf.switch %arg0 : i1, [
      default: ^bb1(%arg1 : f64),
      0: ^bb2(%arg1, %arg1 : f64, f64),
      1: ^bb1(%arg1 : f64)
    ]
  ^bb1(%0: f64):  // 3 preds: ^bb0, ^bb0, ^bb2
    %1 = "b.join"(%0) : (f64) -> f32
    "a.use"(%1) : (f32) -> ()
    return
  ^bb2(%2: f64, %3: f64):  // pred: ^bb0
    %4 = "b.join"(%3) : (f64) -> f32
    %5 = "b.join"(%2) : (f64) -> f32
    "a.use"(%5, %4) : (f32, f32) -> ()
    cf.br ^bb1(%3 : f64)
  }
}"#
    );
}

#[test]
fn switch_does_not_support_1_to_n() {
    // With f32 split in two, the switch pattern (1:1 adaptor) fails: the
    // switch stays, illegal, and the partial conversion fails (rolled back).
    let src = r#"func.func @s(%flag: i1, %x: f32) {
  cf.switch %flag : i1, [
    default: ^bb1(%x : f32)
  ]
^bb1(%a: f32):
  "a.use"(%a) : (f32) -> ()
  return
}"#;
    let (ok, out) = convert(src, true);
    assert!(!ok);
    assert_eq!(out.trim_end(), print_src(src).trim_end());
}

/// `src` as printed after a parse, for comparisons with unchanged IR.
fn print_src(src: &str) -> String {
    let ctx = ctx();
    let (ir, m) = parse(&ctx, src);
    print(&ir, m)
}

#[test]
fn legality_asks_about_the_operands() {
    let ctx = ctx();
    let (ir, m) = parse(
        &ctx,
        r#"func.func @l(%flag: i1, %x: f32, %y: f64) {
  "a.br"()[^bb1] : () -> ()
^bb1:
  cf.cond_br %flag, ^bb2(%y : f64), ^bb3(%x : f32)
^bb2(%a: f64):
  cf.br ^bb3(%x : f32)
^bb3(%b: f32):
  cf.switch %flag : i1, [
    default: ^bb4(%y : f64)
  ]
^bb4(%c: f64):
  cf.br ^bb5
^bb5:
  return
}"#,
    );
    let c = widen_converter();
    let mut t = ConversionTarget::new();
    populate_cf_structural_type_conversion_target(&c, &mut t);
    let legal: Vec<(String, bool)> = ir
        .walk_collect(m, WalkOrder::PreOrder)
        .into_iter()
        .filter(|&op| ir.op_name_str(op).starts_with("cf."))
        .map(|op| {
            (
                ir.op_name_str(op).to_string(),
                t.is_legal(&ir, op).is_some(),
            )
        })
        .collect();
    // An f32 operand (converted to f64) makes a branch illegal; f64, i1 and
    // no operands at all are legal.
    assert_eq!(
        legal,
        [
            ("cf.cond_br".to_string(), false),
            ("cf.br".to_string(), false),
            ("cf.switch".to_string(), true),
            ("cf.br".to_string(), true),
        ]
    );
}

#[test]
fn mismatch_between_operands_and_block_signature_fails() {
    // A context-aware conversion turns the f32 block arguments of ^bb1 into
    // f16, while the f32 operands become f64: the branch pattern refuses to
    // convert the block, the branch stays illegal and the conversion fails
    // with everything rolled back.
    let ctx = ctx();
    let src = r#"func.func @m(%x: f32) {
  cf.br ^bb1(%x : f32)
^bb1(%a: f32):
  "a.use"(%a) : (f32) -> ()
  return
}"#;
    let (mut ir, m) = parse(&ctx, src);
    let mut c = TypeConverter::new();
    c.add_type_conversion(|_, t| Some(Some(t)));
    c.add_type_conversion(|ctx, t| (t == ctx.f32_type()).then(|| Some(ctx.f64_type())));
    // Tried first: conversions are tried most recent first.
    c.add_value_type_conversion(|ir, v| {
        let is_block_arg = v.defining_op().is_none();
        let non_entry = is_block_arg
            && ir
                .uses(v)
                .next()
                .is_some_and(|u| ir.op_name_str(u.op) == "a.use");
        non_entry.then(|| Some(ir.ctx().float_type(mlir_ir::FloatKind::F16)))
    });
    c.add_source_materialization(|b, ty, inputs, loc| {
        build(b, "b.join", &[ty], inputs, loc).first().copied()
    });
    let c = Arc::new(c);
    let mut set = RewritePatternSet::new(ctx.clone());
    populate_function_op_interface_type_conversion_pattern("func.func", &mut set, c.clone());
    let mut t = target(&c);
    populate_cf_structural_type_conversions_and_legality(&c, &mut set, &mut t, 1.into());
    let frozen = FrozenRewritePatternSet::new(set);
    let (r, _) = apply_partial_conversion(&mut ir, m, &t, &frozen, &ConversionConfig::default());
    assert!(r.is_err(), "{}", print(&ir, m));
    assert_eq!(print(&ir, m), print_src(src));
}

#[test]
fn patterns_are_named_as_upstream() {
    let ctx = ctx();
    let c = widen_converter();
    let mut set = RewritePatternSet::new(ctx.clone());
    populate_cf_structural_type_conversions(&c, &mut set, 3.into());
    let frozen = FrozenRewritePatternSet::new(set);
    let mut names: Vec<(String, Option<String>, u16)> = frozen
        .patterns()
        .iter()
        .map(|p| {
            let p = p.pattern();
            let root = p.root_kind().map(|n| ctx.op_name_str(n).to_string());
            (p.debug_name().to_string(), root, p.benefit().benefit())
        })
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            (
                "(anonymous namespace)::BranchOpConversion".to_string(),
                Some("cf.br".to_string()),
                3
            ),
            (
                "(anonymous namespace)::CondBranchOpConversion".to_string(),
                Some("cf.cond_br".to_string()),
                3
            ),
            (
                "(anonymous namespace)::SwitchOpConversion".to_string(),
                Some("cf.switch".to_string()),
                3
            ),
        ]
    );
}
