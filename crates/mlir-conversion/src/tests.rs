//! Unit tests of the conversion framework on unregistered ops: the
//! target's legality rules, the type converter, partial/full/analysis
//! conversion, rollback of failed patterns, deferred replacement and the
//! reconciliation of unrealized casts.

use std::sync::{Arc, Mutex};

use mlir_ir::asm::printer::{print_to_string, PrintFlags};
use mlir_ir::{Context, Diagnostic, Ir, OpRef, Type, Value, WalkOrder};
use mlir_rewrite::{FrozenRewritePatternSet, Pattern, RewritePatternSet};
use smallvec::SmallVec;

use crate::*;

fn ctx() -> Arc<Context> {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    Arc::new(ctx)
}

fn parse(ctx: &Arc<Context>, src: &str) -> (Ir, OpRef) {
    mlir_ir::asm::parse_source(ctx.clone(), src, &Default::default())
        .unwrap_or_else(|e| panic!("test IR does not parse: {e:?}"))
}

fn print(ir: &Ir, op: OpRef) -> String {
    print_to_string(ir, op, &PrintFlags::default())
}

fn named(ir: &Ir, root: OpRef, name: &str) -> Vec<OpRef> {
    ir.walk_collect(root, WalkOrder::PreOrder)
        .into_iter()
        .filter(|&o| ir.op_name_str(o) == name)
        .collect()
}

/// Collects the diagnostics emitted while `f` runs.
fn diagnostics<R>(ctx: &Context, f: impl FnOnce() -> R) -> (R, Vec<String>) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink = seen.clone();
    let id = ctx.add_diagnostic_handler(Box::new(move |_: &Context, d: &Diagnostic| {
        sink.lock().unwrap().push(d.message.clone());
        true
    }));
    let r = f();
    ctx.remove_diagnostic_handler(id);
    let v = seen.lock().unwrap().clone();
    (r, v)
}

/// `a.src` -> `b.dst` (same result types, same operands).
fn src_to_dst(set: &mut RewritePatternSet, ctx: &Context) {
    set.add_fn(Pattern::new(ctx, "a.src", 1), |op, rw| {
        let operands: SmallVec<[Value; 2]> = rw.ir().operands(op).collect();
        let types: SmallVec<[Type; 2]> = rw.ir().result_types(op).collect();
        rw.replace_op_with_new_named(op, "b.dst", &operands, &types, None);
        Ok(())
    });
}

fn target() -> ConversionTarget {
    let mut t = ConversionTarget::new();
    t.add_legal_dialect("b");
    t.add_legal_op("builtin.module");
    t.add_illegal_dialect("a");
    t
}

#[test]
fn target_rules() {
    let ctx = ctx();
    let (ir, m) = parse(
        &ctx,
        r#""a.x"() : () -> ()
"b.y"() : () -> ()
"c.z"() {ok} : () -> ()
"c.w"() : () -> ()
"d.v"() ({ "e.u"() : () -> () }) : () -> ()"#,
    );
    let mut t = target();
    t.add_dynamically_legal_op("c.z", |ir, op| ir.attr(op, "ok").is_some());
    t.add_dynamically_legal_op("c.w", |ir, op| ir.attr(op, "ok").is_some());
    t.add_legal_op("d.v");
    t.mark_op_recursively_legal("d.v", None);
    let op = |n: &str| named(&ir, m, n)[0];
    assert!(t.is_legal(&ir, op("a.x")).is_none());
    assert!(t.is_illegal(&ir, op("a.x")));
    assert!(t.is_legal(&ir, op("b.y")).is_some());
    assert!(t.is_legal(&ir, op("c.z")).is_some());
    assert!(t.is_legal(&ir, op("c.w")).is_none());
    assert!(t.is_illegal(&ir, op("c.w")), "a dynamic 'no' is illegal");
    assert!(t.is_legal(&ir, op("e.u")).is_none());
    assert!(!t.is_illegal(&ir, op("e.u")), "unknown ops are not illegal");
    assert!(t.is_legal(&ir, op("d.v")).unwrap().is_recursively_legal);
    t.mark_unknown_op_dynamically_legal(|_, _| Some(true));
    assert!(t.is_legal(&ir, op("e.u")).is_some());
}

#[test]
fn type_converter_most_recent_first_1_to_n_and_cache() {
    let ctx = ctx();
    let mut c = TypeConverter::new();
    let calls = Arc::new(Mutex::new(0));
    let counted = calls.clone();
    c.add_type_conversion(move |_, t| {
        *counted.lock().unwrap() += 1;
        Some(Some(t))
    });
    c.add_conversion(|ctx, t, out| {
        if t == ctx.f32_type() {
            out.push(ctx.f64_type());
            out.push(ctx.f64_type());
            Some(Ok(()))
        } else if ctx.is_signless_integer(t, 16) {
            Some(Ok(()))
        } else {
            None
        }
    });
    let i32 = ctx.int_type(32);
    let mut out = TypeVector::new();
    c.convert_types(&ctx, ctx.f32_type(), &mut out).unwrap();
    assert_eq!(&out[..], &[ctx.f64_type(), ctx.f64_type()]);
    assert_eq!(c.convert_type(&ctx, ctx.f32_type()), None, "1:2 is not 1:1");
    out.clear();
    c.convert_types(&ctx, ctx.int_type(16), &mut out).unwrap();
    assert!(out.is_empty(), "i16 is dropped");
    assert_eq!(c.convert_type(&ctx, i32), Some(i32));
    assert!(c.is_legal_type(&ctx, i32));
    assert_eq!(c.convert_type(&ctx, i32), Some(i32));
    assert_eq!(*calls.lock().unwrap(), 1, "the second query hits the cache");
    let mut sig = SignatureConversion::new(3);
    c.convert_signature_args(&ctx, &[i32, ctx.f32_type(), ctx.int_type(16)], &mut sig)
        .unwrap();
    assert_eq!(
        sig.converted_types(),
        &[i32, ctx.f64_type(), ctx.f64_type()]
    );
    assert_eq!(
        sig.input_mapping(1),
        Some(&InputMapping::Inputs { start: 1, len: 2 })
    );
    assert_eq!(
        sig.input_mapping(2),
        Some(&InputMapping::Inputs { start: 3, len: 0 })
    );
}

#[test]
fn partial_conversion_replaces_and_reports_unlegalized_ops() {
    let ctx = ctx();
    let (mut ir, m) = parse(
        &ctx,
        r#"%0 = "a.src"() : () -> i32
"c.use"(%0) : (i32) -> ()"#,
    );
    let mut set = RewritePatternSet::new(ctx.clone());
    src_to_dst(&mut set, &ctx);
    let frozen = FrozenRewritePatternSet::new(set);
    let (r, report) =
        apply_partial_conversion(&mut ir, m, &target(), &frozen, &ConversionConfig::default());
    assert!(r.is_ok());
    assert_eq!(report.unlegalized_ops.len(), 1);
    assert_eq!(ir.op_name_str(report.unlegalized_ops[0]), "c.use");
    insta::assert_snapshot!(print(&ir, m), @r#"
    module {
      %0 = "b.dst"() : () -> i32
      "c.use"(%0) : (i32) -> ()
    }
    "#);
}

#[test]
fn failed_pattern_is_rolled_back() {
    let ctx = ctx();
    let src = r#"%0 = "a.src"() : () -> i32
"c.use"(%0) : (i32) -> ()"#;
    let (mut ir, m) = parse(&ctx, src);
    let before = print(&ir, m);
    let mut set = RewritePatternSet::new(ctx.clone());
    // Changes everything it can, then fails.
    set.add_fn(Pattern::new(&ctx, "a.src", 2), |op, rw| {
        let i32 = rw.ctx().int_type(32);
        let new = rw.create_named("b.dst", rw.ir().op_loc(op), &[], &[i32], None);
        let user = rw.ir().uses(rw.ir().result(op, 0)).next().unwrap().op;
        rw.modify_op_in_place(user, |m| {
            m.set_attr("touched", Some(m.ir().ctx().unit_attr()))
        });
        rw.replace_op_with_op(op, new);
        Err(())
    });
    let frozen = FrozenRewritePatternSet::new(set);
    let (diags, r) = {
        let (r, d) = diagnostics(&ctx, || {
            apply_partial_conversion(&mut ir, m, &target(), &frozen, &ConversionConfig::default()).0
        });
        (d, r)
    };
    assert!(r.is_err());
    assert_eq!(
        diags,
        vec!["failed to legalize operation 'a.src' that was explicitly marked illegal".to_string()]
    );
    assert_eq!(print(&ir, m), before, "the IR is restored");
}

#[test]
fn pattern_whose_result_is_illegal_is_undone_and_the_next_one_applies() {
    let ctx = ctx();
    let (mut ir, m) = parse(
        &ctx,
        r#"%0 = "a.src"() : () -> i32
"c.use"(%0) : (i32) -> ()"#,
    );
    let mut set = RewritePatternSet::new(ctx.clone());
    // Higher benefit, but produces another illegal op.
    set.add_fn(Pattern::new(&ctx, "a.src", 5), |op, rw| {
        let i32 = rw.ctx().int_type(32);
        rw.replace_op_with_new_named(op, "a.other", &[], &[i32], None);
        Ok(())
    });
    src_to_dst(&mut set, &ctx);
    let frozen = FrozenRewritePatternSet::new(set);
    let r = apply_full_conversion(
        &mut ir,
        m,
        &{
            let mut t = target();
            t.add_legal_op("c.use");
            t
        },
        &frozen,
        &ConversionConfig::default(),
    );
    assert!(r.is_ok());
    assert_eq!(named(&ir, m, "b.dst").len(), 1);
    assert!(named(&ir, m, "a.other").is_empty());
    assert!(named(&ir, m, "a.src").is_empty());
}

#[test]
fn analysis_conversion_leaves_ir_unchanged() {
    let ctx = ctx();
    let (mut ir, m) = parse(
        &ctx,
        r#"%0 = "a.src"() : () -> i32
"c.use"(%0) : (i32) -> ()"#,
    );
    let before = print(&ir, m);
    let mut set = RewritePatternSet::new(ctx.clone());
    src_to_dst(&mut set, &ctx);
    let frozen = FrozenRewritePatternSet::new(set);
    let (r, report) =
        apply_analysis_conversion(&mut ir, m, &target(), &frozen, &ConversionConfig::default());
    assert!(r.is_ok());
    let names: Vec<&str> = report
        .legalizable_ops
        .iter()
        .map(|&o| ir.op_name_str(o))
        .collect();
    assert_eq!(names, ["builtin.module", "a.src"]);
    assert_eq!(print(&ir, m), before);
}

#[test]
fn full_conversion_fails_on_unknown_ops() {
    let ctx = ctx();
    let (mut ir, m) = parse(&ctx, r#""c.use"() : () -> ()"#);
    let frozen = FrozenRewritePatternSet::new(RewritePatternSet::new(ctx.clone()));
    let (r, diags) = diagnostics(&ctx, || {
        apply_full_conversion(&mut ir, m, &target(), &frozen, &ConversionConfig::default())
    });
    assert!(r.is_err());
    assert_eq!(
        diags,
        vec!["failed to legalize operation 'c.use'".to_string()]
    );
}

/// A producer replaced by one of another type leaves its old user with a
/// source materialization.
fn retype_producer(set: &mut RewritePatternSet, ctx: &Context) {
    set.add_fn(Pattern::new(ctx, "a.src", 1), |op, rw| {
        let f64 = rw.ctx().f64_type();
        rw.replace_op_with_new_named(op, "b.dst", &[], &[f64], None);
        Ok(())
    });
}

#[test]
fn live_source_materialization_without_converter_is_an_error() {
    let ctx = ctx();
    let (mut ir, m) = parse(
        &ctx,
        r#"%0 = "a.src"() : () -> i32
"c.use"(%0) : (i32) -> ()"#,
    );
    let mut set = RewritePatternSet::new(ctx.clone());
    retype_producer(&mut set, &ctx);
    let frozen = FrozenRewritePatternSet::new(set);
    let ((r, _), diags) = diagnostics(&ctx, || {
        apply_partial_conversion(&mut ir, m, &target(), &frozen, &ConversionConfig::default())
    });
    assert!(r.is_err());
    assert_eq!(
        diags,
        vec!["failed to legalize unresolved materialization from ('f64') to ('i32') that remained live after conversion".to_string()]
    );
}

#[test]
fn unrealized_casts_are_kept_without_materializations() {
    let ctx = ctx();
    let (mut ir, m) = parse(
        &ctx,
        r#"%0 = "a.src"() : () -> i32
"c.use"(%0) : (i32) -> ()"#,
    );
    let mut set = RewritePatternSet::new(ctx.clone());
    retype_producer(&mut set, &ctx);
    let frozen = FrozenRewritePatternSet::new(set);
    let config = ConversionConfig {
        build_materializations: false,
        attach_debug_materialization_kind: true,
        ..Default::default()
    };
    let (r, _) = apply_partial_conversion(&mut ir, m, &target(), &frozen, &config);
    assert!(r.is_ok());
    insta::assert_snapshot!(print(&ir, m), @r#"
    module {
      %0 = "b.dst"() : () -> f64
      %1 = unrealized_conversion_cast %0 : f64 to i32 {__kind__ = "source"}
      "c.use"(%1) : (i32) -> ()
    }
    "#);
}

#[test]
fn conversion_pattern_gets_operands_converted_by_its_type_converter() {
    let ctx = ctx();
    let (mut ir, m) = parse(
        &ctx,
        r#"%0 = "a.src"() : () -> i32
"a.use"(%0) : (i32) -> ()"#,
    );

    /// `a.use` -> `b.use` on the converted operands.
    struct UsePattern(Arc<TypeConverter>);
    impl ConversionPattern for UsePattern {
        fn describe(&self, ctx: &Context) -> Pattern {
            Pattern::new(ctx, "a.use", 1)
        }
        fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
            Some(&self.0)
        }
        fn match_and_rewrite(
            &self,
            op: OpRef,
            operands: &[Value],
            rw: &mut ConversionPatternRewriter<'_, '_>,
        ) -> mlir_rewrite::LogicalResult {
            rw.replace_op_with_new_named(op, "b.use", operands, &[], None);
            Ok(())
        }
    }
    // i32 -> f64; materializations through `b.cast`.
    let mut conv = TypeConverter::new();
    conv.add_type_conversion(|ctx, t| {
        Some(Some(if t == ctx.int_type(32) {
            ctx.f64_type()
        } else {
            t
        }))
    });
    let cast = |b: &mut mlir_ir::OpBuilder<'_>, ty: Type, inputs: &[Value], loc| {
        let name = b.ctx().op_name("b.cast");
        let st = mlir_ir::OperationState::new(name, loc)
            .operands(inputs)
            .results(&[ty]);
        let op = b.create(st);
        Some(b.ir.result(op, 0))
    };
    conv.add_target_materialization(cast);
    let conv = Arc::new(conv);
    let mut set = RewritePatternSet::new(ctx.clone());
    add_conversion_pattern(&mut set, UsePattern(conv));
    let frozen = FrozenRewritePatternSet::new(set);
    let mut t = target();
    t.add_dynamically_legal_op("a.src", |_, _| true);
    let (r, _) = apply_partial_conversion(&mut ir, m, &t, &frozen, &ConversionConfig::default());
    assert!(r.is_ok());
    insta::assert_snapshot!(print(&ir, m), @r#"
    module {
      %0 = "a.src"() : () -> i32
      %1 = "b.cast"(%0) : (i32) -> f64
      "b.use"(%1) : (f64) -> ()
    }
    "#);
}

/// Without rollback, a pattern that changes the IR and then fails cannot be
/// undone: MLIR 22's release builds go on with the changed IR, its
/// expensive checks abort with "returned failure but IR did change"; rmlir
/// reports those words as an error at the op and fails the conversion.
#[test]
fn no_rollback_mode_reports_a_failed_pattern_that_changed_the_ir() {
    let ctx = ctx();
    let (mut ir, m) = parse(
        &ctx,
        r#"%0 = "a.src"() : () -> i32
"c.use"(%0) : (i32) -> ()"#,
    );
    let mut set = RewritePatternSet::new(ctx.clone());
    set.add_fn(
        Pattern::new(&ctx, "a.src", 2).with_debug_name("ChangesThenFails"),
        |op, rw| {
            rw.modify_op_in_place(op, |m| {
                m.set_attr("touched", Some(m.ir().ctx().unit_attr()))
            });
            Err(())
        },
    );
    let frozen = FrozenRewritePatternSet::new(set);
    let config = ConversionConfig {
        allow_pattern_rollback: false,
        ..ConversionConfig::default()
    };
    let (r, diags) = diagnostics(&ctx, || {
        apply_partial_conversion(&mut ir, m, &target(), &frozen, &config).0
    });
    assert!(r.is_err());
    assert_eq!(
        diags,
        vec!["pattern 'ChangesThenFails' returned failure but IR did change".to_string()]
    );
    // Nothing was undone.
    assert!(print(&ir, m).contains("touched"));
}

/// Without rollback, a pattern whose result cannot be legalized is MLIR 22's
/// fatal "produced IR that could not be legalized", which lists the ops the
/// pattern created (erased ones too, in creation order) and the ones it
/// modified in place.
#[test]
fn no_rollback_mode_reports_ir_that_could_not_be_legalized() {
    let ctx = ctx();
    let (mut ir, m) = parse(
        &ctx,
        r#"%0 = "a.src"() : () -> i32
"c.use"(%0) : (i32) -> ()"#,
    );
    let mut set = RewritePatternSet::new(ctx.clone());
    set.add_fn(
        Pattern::new(&ctx, "a.src", 1).with_debug_name("MakesIllegalOps"),
        |op, rw| {
            let i32 = rw.ctx().int_type(32);
            let user = rw.ir().uses(rw.ir().result(op, 0)).next().unwrap().op;
            let tmp = rw.create_named("b.tmp", rw.ir().op_loc(op), &[], &[], None);
            rw.erase_op(tmp);
            rw.modify_op_in_place(user, |m| m.set_attr("seen", Some(m.ir().ctx().unit_attr())));
            // `a.other` is illegal and no pattern converts it.
            rw.replace_op_with_new_named(op, "a.other", &[], &[i32], None);
            Ok(())
        },
    );
    let frozen = FrozenRewritePatternSet::new(set);
    let config = ConversionConfig {
        allow_pattern_rollback: false,
        ..ConversionConfig::default()
    };
    let (r, diags) = diagnostics(&ctx, || {
        apply_partial_conversion(&mut ir, m, &target(), &frozen, &config).0
    });
    assert!(r.is_err());
    assert_eq!(
        diags,
        vec![
            "pattern 'MakesIllegalOps' produced IR that could not be legalized. \
             new ops: {b.tmp, a.other}, modified ops: {c.use}"
                .to_string()
        ]
    );
}

/// Without rollback, erasing a block that a branch still names is refused
/// (MLIR asserts, and its release builds leave a dangling successor): the
/// block stays and the conversion fails with an error, not a panic.
#[test]
fn no_rollback_mode_refuses_to_erase_a_used_block() {
    let ctx = ctx();
    let (mut ir, m) = parse(
        &ctx,
        r#""a.holder"() ({
  "c.br"()[^bb1] : () -> ()
^bb1:
  "c.ret"() : () -> ()
}) : () -> ()"#,
    );
    let mut set = RewritePatternSet::new(ctx.clone());
    set.add_fn(
        Pattern::new(&ctx, "a.holder", 1).with_debug_name("ErasesUsedBlock"),
        |op, rw| {
            let region = rw.ir().regions(op)[0];
            let first = rw.ir().first_block(region).unwrap();
            let second = rw.ir().next_block(first).unwrap();
            rw.erase_block(second);
            rw.modify_op_in_place(op, |_| {});
            Ok(())
        },
    );
    let frozen = FrozenRewritePatternSet::new(set);
    let config = ConversionConfig {
        allow_pattern_rollback: false,
        ..ConversionConfig::default()
    };
    let (r, diags) = diagnostics(&ctx, || {
        apply_partial_conversion(&mut ir, m, &target(), &frozen, &config).0
    });
    assert!(r.is_err());
    assert_eq!(
        diags,
        vec!["pattern 'ErasesUsedBlock' erased a block that still has uses".to_string()]
    );
    assert!(print(&ir, m).contains("c.ret"), "the block is kept");
}

/// Without rollback, a pattern that only built materializations before
/// failing is fine (they can always be erased), and a replacement is
/// visible in the IR as soon as it is made.
#[test]
fn no_rollback_mode_replaces_at_once() {
    let ctx = ctx();
    let (mut ir, m) = parse(
        &ctx,
        r#"%0 = "a.src"() : () -> i32
"c.use"(%0) : (i32) -> ()"#,
    );
    let mut set = RewritePatternSet::new(ctx.clone());
    set.add_fn(Pattern::new(&ctx, "a.src", 1), |op, rw| {
        let i32 = rw.ctx().int_type(32);
        let user = rw.ir().uses(rw.ir().result(op, 0)).next().unwrap().op;
        let new = rw.replace_op_with_new_named(op, "b.dst", &[], &[i32], None);
        // The user already reads the new value.
        assert_eq!(rw.ir().operand(user, 0), rw.ir().result(new, 0));
        assert!(!rw.ir().is_live_op(op), "the replaced op is erased at once");
        Ok(())
    });
    let frozen = FrozenRewritePatternSet::new(set);
    let config = ConversionConfig {
        allow_pattern_rollback: false,
        ..ConversionConfig::default()
    };
    let r = apply_partial_conversion(&mut ir, m, &target(), &frozen, &config).0;
    assert!(r.is_ok());
    let out = print(&ir, m);
    assert!(out.contains("\"b.dst\"") && !out.contains("a.src"), "{out}");
}
