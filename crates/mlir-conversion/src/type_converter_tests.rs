//! Unit tests of the MLIR 22 parts of the [`TypeConverter`]: context-aware
//! conversions on values and their order among the conversions on types,
//! the caching rule around them, dropping types, type-attribute
//! conversions, 1:N target materializations given the original type, and
//! the pattern helpers of `function_signature.rs` under a partial
//! conversion.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use mlir_ir::asm::printer::{print_to_string, PrintFlags};
use mlir_ir::{
    AttrKind, Context, InsertPoint, Ir, OpBuilder, OpRef, OperationState, Type, Value, WalkOrder,
};
use mlir_rewrite::{FrozenRewritePatternSet, Pattern, RewritePatternSet};
use smallvec::SmallVec;

use crate::*;

fn ctx() -> Arc<Context> {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    mlir_dialects::register_all(&mut ctx);
    Arc::new(ctx)
}

fn parse(ctx: &Arc<Context>, src: &str) -> (Ir, OpRef) {
    mlir_ir::asm::parse_source(ctx.clone(), src, &Default::default())
        .unwrap_or_else(|e| panic!("test IR does not parse: {e:?}"))
}

fn print(ir: &Ir, op: OpRef) -> String {
    print_to_string(ir, op, &PrintFlags::default())
}

/// The first result of the first op named `name` under `root`.
fn result_of(ir: &Ir, root: OpRef, name: &str) -> Value {
    let op = ir
        .walk_collect(root, WalkOrder::PreOrder)
        .into_iter()
        .find(|&o| ir.op_name_str(o) == name)
        .unwrap_or_else(|| panic!("no {name} in the test IR"));
    ir.result(op, 0)
}

/// Whether the op defining `v` carries the discardable attribute `name`.
fn defined_with(ir: &Ir, v: Value, name: &str) -> bool {
    v.defining_op()
        .is_some_and(|op| ir.attr(op, name).is_some())
}

/// A source materialization building `b.cast`.
fn cast(
    b: &mut OpBuilder<'_>,
    ty: Type,
    inputs: &[Value],
    loc: mlir_ir::Location,
) -> Option<Value> {
    let name = b.ctx().op_name("b.cast");
    let st = OperationState::new(name, loc)
        .operands(inputs)
        .results(&[ty]);
    let op = b.create(st);
    Some(b.ir.result(op, 0))
}

#[test]
fn value_and_type_conversions_are_tried_most_recent_first() {
    let ctx = ctx();
    let (ir, m) = parse(
        &ctx,
        r#"%0 = "a.x"() {wide} : () -> i32
%1 = "a.y"() : () -> i32"#,
    );
    let (x, y) = (result_of(&ir, m, "a.x"), result_of(&ir, m, "a.y"));
    let (i32, i64, i128) = (ctx.int_type(32), ctx.int_type(64), ctx.int_type(128));
    let mut c = TypeConverter::new();
    // Oldest: i32 -> i64 on types.
    c.add_type_conversion(|ctx, t| (t == ctx.int_type(32)).then(|| Some(ctx.int_type(64))));
    // Then: values defined by a `wide` op -> i128.
    c.add_value_type_conversion(|ir, v| {
        defined_with(ir, v, "wide").then(|| Some(ir.ctx().int_type(128)))
    });
    // Newest: f32 -> f64 (does not apply to i32).
    c.add_type_conversion(|ctx, t| (t == ctx.f32_type()).then(|| Some(ctx.f64_type())));
    assert_eq!(
        c.convert_value_type(&ir, x),
        Some(i128),
        "the value conversion is newer"
    );
    assert_eq!(
        c.convert_value_type(&ir, y),
        Some(i64),
        "it does not apply to y"
    );
    assert_eq!(c.convert_type(&ctx, i32), Some(i64), "a bare type skips it");
    assert!(!c.is_legal_value(&ir, x));
    let mut out = TypeVector::new();
    c.convert_value_list(&ir, &[y, x], &mut out).unwrap();
    assert_eq!(&out[..], &[i64, i128]);

    // A newer conversion on types takes precedence over the value one.
    c.add_type_conversion(|ctx, t| (t == ctx.int_type(32)).then(|| Some(ctx.int_type(8))));
    assert_eq!(c.convert_value_type(&ir, x), Some(ctx.int_type(8)));
    // And a newer value conversion over everything.
    c.add_value_conversion(|ir, v, out| {
        defined_with(ir, v, "wide").then(|| {
            out.push(ir.ctx().index_type());
            out.push(ir.ctx().index_type());
            Ok(())
        })
    });
    out.clear();
    c.convert_value_types(&ir, x, &mut out).unwrap();
    assert_eq!(&out[..], &[ctx.index_type(), ctx.index_type()]);
    assert_eq!(c.convert_value_type(&ir, x), None, "1:2 is not 1:1");
    assert_eq!(c.convert_value_type(&ir, y), Some(ctx.int_type(8)));
}

#[test]
fn context_aware_conversions_do_not_poison_the_cache() {
    let ctx = ctx();
    let (ir, m) = parse(
        &ctx,
        r#"%0 = "a.x"() {wide} : () -> i32
%1 = "a.y"() : () -> i32
%2 = "a.z"() : () -> f32
%3 = "a.w"() {bad} : () -> i1"#,
    );
    let (x, y, z, w) = (
        result_of(&ir, m, "a.x"),
        result_of(&ir, m, "a.y"),
        result_of(&ir, m, "a.z"),
        result_of(&ir, m, "a.w"),
    );
    let older = Arc::new(AtomicUsize::new(0));
    let aware = Arc::new(AtomicUsize::new(0));
    let newer = Arc::new(AtomicUsize::new(0));
    let mut c = TypeConverter::new();
    // Registered before the context-aware one: its results are not cached
    // (for another value of the same type, the context-aware conversion,
    // tried first, may decide otherwise).
    let n = older.clone();
    c.add_conversion(move |ctx, t, out| {
        n.fetch_add(1, Ordering::SeqCst);
        if t == ctx.int_type(32) {
            out.push(ctx.int_type(64));
            Some(Ok(()))
        } else if t == ctx.int_type(1) {
            Some(Err(()))
        } else {
            None
        }
    });
    let n = aware.clone();
    c.add_value_conversion(move |ir, v, out| {
        n.fetch_add(1, Ordering::SeqCst);
        if defined_with(ir, v, "wide") {
            out.push(ir.ctx().int_type(128));
            Some(Ok(()))
        } else if defined_with(ir, v, "bad") {
            Some(Err(()))
        } else {
            None
        }
    });
    // Registered after it: cached, failures included.
    let n = newer.clone();
    c.add_conversion(move |ctx, t, out| {
        n.fetch_add(1, Ordering::SeqCst);
        if t == ctx.f32_type() {
            out.push(ctx.f64_type());
            Some(Ok(()))
        } else if t == ctx.f64_type() {
            Some(Err(()))
        } else {
            None
        }
    });
    let (i64, i128) = (ctx.int_type(64), ctx.int_type(128));

    // A query on the bare type first must not cache i32 -> i64 ...
    assert_eq!(c.convert_type(&ctx, ctx.int_type(32)), Some(i64));
    // ... nor must a query on a value the context-aware conversion passes.
    assert_eq!(c.convert_value_type(&ir, y), Some(i64));
    assert_eq!(c.convert_value_type(&ir, x), Some(i128));
    assert_eq!(c.convert_value_type(&ir, y), Some(i64));
    assert_eq!(c.convert_value_type(&ir, x), Some(i128));
    assert_eq!(
        older.load(Ordering::SeqCst),
        3,
        "i32 -> i64 is never cached"
    );
    assert_eq!(
        aware.load(Ordering::SeqCst),
        4,
        "context-aware: called for every value query"
    );

    // A failure from a context-aware conversion is a failure, not cached.
    assert_eq!(c.convert_value_type(&ir, w), None);
    let mut out = TypeVector::new();
    assert!(c.convert_value_types(&ir, w, &mut out).is_err());
    // A failure of the older conversion is not cached either.
    assert_eq!(c.convert_type(&ctx, ctx.int_type(1)), None);
    assert_eq!(c.convert_type(&ctx, ctx.int_type(1)), None);
    assert_eq!(older.load(Ordering::SeqCst), 5);

    // The newest conversion's results are cached, for types and values
    // alike: it is tried before any context-aware conversion.
    let before = newer.load(Ordering::SeqCst);
    assert_eq!(c.convert_type(&ctx, ctx.f32_type()), Some(ctx.f64_type()));
    assert_eq!(c.convert_type(&ctx, ctx.f32_type()), Some(ctx.f64_type()));
    assert_eq!(c.convert_value_type(&ir, z), Some(ctx.f64_type()));
    assert!(c.convert_type(&ctx, ctx.f64_type()).is_none());
    assert!(c.convert_type(&ctx, ctx.f64_type()).is_none());
    assert_eq!(
        newer.load(Ordering::SeqCst) - before,
        2,
        "one call for f32, one for f64 (a cached failure)"
    );
    // No conversion applies to index: nothing is cached.
    let before = newer.load(Ordering::SeqCst);
    assert!(c.convert_type(&ctx, ctx.index_type()).is_none());
    assert!(c.convert_type(&ctx, ctx.index_type()).is_none());
    assert_eq!(newer.load(Ordering::SeqCst) - before, 2);

    // A copy keeps the conversions (and the rule) but not the cache.
    let copy = c.clone();
    let before = newer.load(Ordering::SeqCst);
    assert_eq!(
        copy.convert_type(&ctx, ctx.f32_type()),
        Some(ctx.f64_type())
    );
    assert_eq!(newer.load(Ordering::SeqCst) - before, 1);
    assert_eq!(copy.convert_value_type(&ir, x), Some(i128));
}

#[test]
fn conversions_without_context_aware_ones_cache_everything() {
    let ctx = ctx();
    let calls = Arc::new(AtomicUsize::new(0));
    let n = calls.clone();
    let mut c = TypeConverter::new();
    c.add_type_conversion(move |ctx, t| {
        n.fetch_add(1, Ordering::SeqCst);
        Some((t != ctx.int_type(1)).then_some(t))
    });
    for _ in 0..3 {
        assert!(c.is_legal_type(&ctx, ctx.int_type(32)));
        assert!(!c.is_legal_type(&ctx, ctx.int_type(1)));
    }
    assert_eq!(calls.load(Ordering::SeqCst), 2);
}

#[test]
fn dropping_types_and_values() {
    let ctx = ctx();
    let (ir, m) = parse(
        &ctx,
        r#""a.region"() ({
^bb0(%a: i32, %b: f32, %c: i16):
  "a.end"() : () -> ()
}) : () -> ()"#,
    );
    let region_op = ir
        .walk_collect(m, WalkOrder::PreOrder)
        .into_iter()
        .find(|&o| ir.op_name_str(o) == "a.region")
        .unwrap();
    let block = ir.first_block(ir.region(region_op, 0)).unwrap();
    let mut c = TypeConverter::new();
    c.add_type_conversion(|_, t| Some(Some(t)));
    // f32 is dropped on types.
    c.add_conversion(|ctx, t, _| (t == ctx.f32_type()).then_some(Ok(())));
    // The first block argument is dropped as a value.
    c.add_value_conversion(|ir, v, _| {
        matches!(v.def(), mlir_ir::ValueDef::BlockArgument(_, 0))
            .then_some(Ok(()))
            .filter(|_| ir.value_type(v) == ir.ctx().int_type(32))
    });
    let mut out = TypeVector::new();
    c.convert_types(&ctx, ctx.f32_type(), &mut out).unwrap();
    assert!(out.is_empty(), "f32 is dropped");
    assert_eq!(
        c.convert_type(&ctx, ctx.f32_type()),
        None,
        "a dropped type is not 1:1"
    );
    assert!(!c.is_legal_type(&ctx, ctx.f32_type()));
    assert!(!c.is_legal_region(&ir, ir.region(region_op, 0)));

    let sig = c.convert_block_signature(&ir, block).unwrap();
    assert_eq!(sig.converted_types(), &[ctx.int_type(16)]);
    assert_eq!(
        sig.input_mapping(0),
        Some(&InputMapping::Inputs { start: 0, len: 0 })
    );
    assert_eq!(
        sig.input_mapping(1),
        Some(&InputMapping::Inputs { start: 0, len: 0 })
    );
    assert_eq!(
        sig.input_mapping(2),
        Some(&InputMapping::Inputs { start: 0, len: 1 })
    );
    // On types only, the i32 argument is kept.
    let sig = c
        .convert_block_signature_types(&ctx, &[ctx.int_type(32), ctx.f32_type()])
        .unwrap();
    assert_eq!(sig.converted_types(), &[ctx.int_type(32)]);
}

#[test]
fn type_attribute_conversions() {
    let ctx = ctx();
    let i32 = ctx.int_type(32);
    let (a, b, abort, none, other) = (
        ctx.string_attr("a"),
        ctx.string_attr("b"),
        ctx.string_attr("abort"),
        ctx.string_attr("none"),
        ctx.string_attr("other"),
    );
    let calls = Arc::new(AtomicUsize::new(0));
    let n = calls.clone();
    let mut c = TypeConverter::new();
    c.add_type_conversion(move |_, t| {
        n.fetch_add(1, Ordering::SeqCst);
        Some(Some(t))
    });
    assert!(c.is_legal_type(&ctx, i32));
    // The older one converts "a" and, if asked, "abort".
    c.add_type_attribute_conversion(move |ctx, _, attr| {
        if attr == ctx.string_attr("a") || attr == ctx.string_attr("abort") {
            AttributeConversionResult::Result(Some(ctx.string_attr("b")))
        } else {
            AttributeConversionResult::NotApplicable
        }
    });
    assert!(c.is_legal_type(&ctx, i32));
    assert_eq!(
        calls.load(Ordering::SeqCst),
        2,
        "registering cleared the cache"
    );
    // The newer one aborts on "abort", converts "none" to no attribute and
    // only applies to integer types.
    c.add_type_attribute_conversion(|ctx, ty, attr| {
        if !matches!(ctx.ty(ty), mlir_ir::TypeKind::Integer { .. }) {
            return AttributeConversionResult::NotApplicable;
        }
        match ctx.string_attr_value(attr).as_deref() {
            Some("abort") => AttributeConversionResult::Abort,
            Some("none") => AttributeConversionResult::Result(None),
            _ => AttributeConversionResult::NotApplicable,
        }
    });
    assert_eq!(c.convert_type_attribute(&ctx, i32, a), Some(Some(b)));
    assert_eq!(
        c.convert_type_attribute(&ctx, i32, abort),
        None,
        "abort stops the search"
    );
    assert_eq!(
        c.convert_type_attribute(&ctx, ctx.f32_type(), abort),
        Some(Some(b)),
        "the newer one does not apply to f32"
    );
    assert_eq!(c.convert_type_attribute(&ctx, i32, none), Some(None));
    assert_eq!(c.convert_type_attribute(&ctx, i32, other), None);
}

/// A 1:N target materialization building `b.split`, recording the original
/// type it was given.
fn split_materialization(c: &mut TypeConverter, seen: Arc<Mutex<Vec<Option<Type>>>>) {
    c.add_target_materialization_1_to_n(move |b, types, inputs, loc, original| {
        seen.lock().unwrap().push(original);
        if types.len() < 2 {
            return SmallVec::new();
        }
        let name = b.ctx().op_name("b.split");
        let mut st = OperationState::new(name, loc)
            .operands(inputs)
            .results(types);
        if let Some(t) = original {
            let ctx = b.ctx();
            let dict = ctx.dictionary_attr(&[(ctx.ident("original"), ctx.type_attr(t))]);
            st = st.attributes(dict);
        }
        let op = b.create(st);
        b.ir.results(op).collect()
    });
}

#[test]
fn target_materializations_are_1_to_n_and_get_the_original_type() {
    let ctx = ctx();
    let (mut ir, m) = parse(&ctx, r#"%0 = "a.x"() : () -> f32"#);
    let x = result_of(&ir, m, "a.x");
    let (i16, i32) = (ctx.int_type(16), ctx.int_type(32));
    let seen = Arc::new(Mutex::new(Vec::new()));
    let mut c = TypeConverter::new();
    split_materialization(&mut c, seen.clone());
    // A newer 1:1 materialization: only called for one result type.
    let one_to_one = Arc::new(AtomicUsize::new(0));
    let n = one_to_one.clone();
    c.add_target_materialization_with_original(move |b, ty, inputs, loc, original| {
        n.fetch_add(1, Ordering::SeqCst);
        assert_eq!(original, Some(b.ctx().int_type(32)));
        cast(b, ty, inputs, loc)
    });
    let x_op = x.defining_op().unwrap();
    let mut b = OpBuilder::new(&mut ir);
    b.set_insertion_point(Some(InsertPoint::after(b.ir, x_op)));
    let loc = b.ctx().unknown_loc();
    let vs = c
        .materialize_target_multi(&mut b, &[i16, i16], &[x], loc, Some(i32))
        .unwrap();
    assert_eq!(vs.len(), 2);
    assert_eq!(
        one_to_one.load(Ordering::SeqCst),
        0,
        "1:1 skipped for two types"
    );
    let v = c
        .materialize_target_with_original(&mut b, i16, &[x], loc, Some(i32))
        .unwrap();
    assert_eq!(b.ir.value_type(v), i16);
    assert_eq!(one_to_one.load(Ordering::SeqCst), 1);
    assert_eq!(*seen.lock().unwrap(), vec![Some(i32)]);
    insta::assert_snapshot!(print(&ir, m), @r#"
    module {
      %0 = "a.x"() : () -> f32
      %1:2 = "b.split"(%0) {original = i32} : (f32) -> (i16, i16)
      %2 = "b.cast"(%0) : (f32) -> i16
    }
    "#);
}

#[test]
fn driver_passes_the_original_type_to_1_to_n_target_materializations() {
    let ctx = ctx();
    // `a.src : i32` is replaced by `b.src : f32` (no converter); `a.use`'s
    // pattern wants its i32 operand as (i16, i16): the target
    // materialization gets the f32 replacement and the original type i32.
    let (mut ir, m) = parse(
        &ctx,
        r#"%0 = "a.src"() : () -> i32
"a.use"(%0) : (i32) -> ()"#,
    );
    struct Use(Arc<TypeConverter>);
    impl ConversionPattern for Use {
        fn describe(&self, ctx: &Context) -> Pattern {
            Pattern::new(ctx, "a.use", 1)
        }
        fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
            Some(&self.0)
        }
        fn match_and_rewrite_1_to_n(
            &self,
            op: OpRef,
            operands: &[ValueVector],
            rw: &mut ConversionPatternRewriter<'_, '_>,
        ) -> mlir_rewrite::LogicalResult {
            let flat: SmallVec<[Value; 2]> = operands.iter().flatten().copied().collect();
            rw.replace_op_with_new_named(op, "b.use", &flat, &[], None);
            Ok(())
        }
    }
    let mut c = TypeConverter::new();
    c.add_conversion(|ctx, t, out| {
        (t == ctx.int_type(32)).then(|| {
            out.push(ctx.int_type(16));
            out.push(ctx.int_type(16));
            Ok(())
        })
    });
    let seen = Arc::new(Mutex::new(Vec::new()));
    split_materialization(&mut c, seen.clone());
    let mut set = RewritePatternSet::new(ctx.clone());
    set.add_fn(Pattern::new(&ctx, "a.src", 1), |op, rw| {
        let f32 = rw.ctx().f32_type();
        rw.replace_op_with_new_named(op, "b.src", &[], &[f32], None);
        Ok(())
    });
    add_conversion_pattern(&mut set, Use(Arc::new(c)));
    let frozen = FrozenRewritePatternSet::new(set);
    let mut t = ConversionTarget::new();
    t.add_legal_dialect("b");
    t.add_legal_op("builtin.module");
    t.add_illegal_dialect("a");
    let (r, _) = apply_partial_conversion(&mut ir, m, &t, &frozen, &ConversionConfig::default());
    assert!(r.is_ok());
    assert_eq!(*seen.lock().unwrap(), vec![Some(ctx.int_type(32))]);
    insta::assert_snapshot!(print(&ir, m), @r#"
    module {
      %0 = "b.src"() : () -> f32
      %1:2 = "b.split"(%0) {original = i32} : (f32) -> (i16, i16)
      "b.use"(%1#0, %1#1) : (i16, i16) -> ()
    }
    "#);
}

#[test]
fn convert_op_result_types_recreates_the_op_with_converted_results() {
    let ctx = ctx();
    let (mut ir, m) = parse(
        &ctx,
        r#"%0 = "a.c"() : () -> i32
%1 = "a.op"(%0) {keep = 1 : i64} : (i32) -> i32
%2 = "a.op"(%0) {wide} : (i32) -> i32
%3 = "a.op"() : () -> f32
"b.sink"(%1, %2, %3) : (i32, i32, f32) -> ()"#,
    );
    struct Retype(Arc<TypeConverter>);
    impl ConversionPattern for Retype {
        fn describe(&self, ctx: &Context) -> Pattern {
            Pattern::new(ctx, "a.op", 1)
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
            let new_op = convert_op_result_types(op, operands, &self.0, rw)?;
            let results: SmallVec<[Value; 1]> = rw.ir().results(new_op).collect();
            rw.replace_op(op, &results);
            Ok(())
        }
    }
    let mut c = TypeConverter::new();
    c.add_type_conversion(|ctx, t| {
        Some(Some(if t == ctx.int_type(32) {
            ctx.int_type(64)
        } else {
            t
        }))
    });
    c.add_value_type_conversion(|ir, v| {
        defined_with(ir, v, "wide").then(|| Some(ir.ctx().int_type(128)))
    });
    c.add_source_materialization(cast);
    c.add_target_materialization(cast);
    let c = Arc::new(c);
    let mut set = RewritePatternSet::new(ctx.clone());
    add_conversion_pattern(&mut set, Retype(c.clone()));
    let frozen = FrozenRewritePatternSet::new(set);
    let mut t = ConversionTarget::new();
    t.add_legal_dialect("b");
    t.add_legal_op("builtin.module");
    t.add_legal_op("a.c");
    let legal = c.clone();
    t.add_dynamically_legal_op("a.op", move |ir, op| legal.is_legal_op(ir, op));
    let (r, _) = apply_partial_conversion(&mut ir, m, &t, &frozen, &ConversionConfig::default());
    assert!(r.is_ok());
    // Operands are converted by target materializations (one, shared by
    // both users of `%0`, as MLIR caches it in its value mapping); the `wide`
    // result by the context-aware conversion; attributes are kept; the f32
    // op is legal and left alone.
    insta::assert_snapshot!(print(&ir, m), @r#"
    module {
      %0 = "a.c"() : () -> i32
      %1 = "b.cast"(%0) : (i32) -> i64
      %2 = "a.op"(%1) {keep = 1 : i64} : (i64) -> i64
      %3 = "b.cast"(%2) : (i64) -> i32
      %4 = "a.op"(%1) {wide} : (i64) -> i128
      %5 = "b.cast"(%4) : (i128) -> i32
      %6 = "a.op"() : () -> f32
      "b.sink"(%3, %5, %6) : (i32, i32, f32) -> ()
    }
    "#);
}

#[test]
fn function_signature_pattern_converts_func_func() {
    let ctx = ctx();
    let (mut ir, m) = parse(
        &ctx,
        r#"func.func @f(%arg0: i32 {a.first}, %arg1: f32 {a.second}) -> (i32 {a.res}, f32) {
  "a.br"(%arg0)[^bb1] : (i32) -> ()
^bb1(%1: i32):
  "a.ret"(%1, %arg1) : (i32, f32) -> ()
}
func.func private @decl(i32, index) -> i32
func.func @legal(%arg0: index) {
  return
}"#,
    );
    // i32 -> i64; f32 is dropped; the rest is legal.
    let mut c = TypeConverter::new();
    c.add_type_conversion(|_, t| Some(Some(t)));
    c.add_type_conversion(|ctx, t| (t == ctx.int_type(32)).then(|| Some(ctx.int_type(64))));
    c.add_conversion(|ctx, t, _| (t == ctx.f32_type()).then_some(Ok(())));
    c.add_source_materialization(cast);
    let c = Arc::new(c);
    let mut set = RewritePatternSet::new(ctx.clone());
    populate_function_op_interface_type_conversion_pattern("func.func", &mut set, c.clone());
    let frozen = FrozenRewritePatternSet::new(set);
    let mut t = ConversionTarget::new();
    t.add_legal_dialect("a");
    t.add_legal_dialect("b");
    t.add_legal_op("builtin.module");
    t.add_legal_op("func.return");
    let legal = c.clone();
    t.add_dynamically_legal_op("func.func", move |ir, op| {
        let Some(fty) = ir.attr(op, "function_type") else {
            return false;
        };
        let AttrKind::Type(fty) = *ir.ctx().attr(fty) else {
            return false;
        };
        // The signature only: the pattern converts the entry block alone
        // (as MLIR 22's), so a non-entry block keeps its types.
        legal.is_signature_legal(ir.ctx(), fty)
    });
    let (r, _) = apply_partial_conversion(&mut ir, m, &t, &frozen, &ConversionConfig::default());
    assert!(r.is_ok());
    // The entry block takes the converted signature (the dropped f32
    // argument's users get a source materialization from nothing), the
    // other block is left to the branch ops' patterns (there are none
    // here), `arg_attrs` is cut to the new number of arguments, the
    // declaration's type is converted and the legal function is left alone.
    insta::assert_snapshot!(print(&ir, m), @r#"
    module {
      func.func @f(%arg0: i64 {a.first}) -> (i64 {a.res}) {
        %0 = "b.cast"(%arg0) : (i64) -> i32
        %1 = "b.cast"() : () -> f32
        "a.br"(%0)[^bb1] : (i32) -> ()
      ^bb1(%2: i32):  // pred: ^bb0
        "a.ret"(%2, %1) : (i32, f32) -> ()
      }
      func.func private @decl(i64, index) -> i64
      func.func @legal(%arg0: index) {
        return
      }
    }
    "#);
}

#[test]
fn legality_of_ops_and_regions_asks_about_values() {
    let ctx = ctx();
    let (ir, m) = parse(
        &ctx,
        r#"%0 = "a.x"() {wide} : () -> i32
%1 = "a.y"() : () -> i32
"a.use"(%0) : (i32) -> ()
"a.region"() ({
^bb0(%a: i32):
  "a.end"() : () -> ()
}) : () -> ()"#,
    );
    let ops = ir.walk_collect(m, WalkOrder::PreOrder);
    let op = |name: &str| *ops.iter().find(|&&o| ir.op_name_str(o) == name).unwrap();
    let mut c = TypeConverter::new();
    c.add_type_conversion(|_, t| Some(Some(t)));
    c.add_value_type_conversion(|ir, v| {
        let widen =
            defined_with(ir, v, "wide") || matches!(v.def(), mlir_ir::ValueDef::BlockArgument(..));
        widen.then(|| Some(ir.ctx().int_type(128)))
    });
    // Every type is legal, but not every value.
    assert!(c.is_legal_type(&ctx, ctx.int_type(32)));
    assert!(!c.is_legal_op(&ir, op("a.x")), "its result is widened");
    assert!(c.is_legal_op(&ir, op("a.y")));
    assert!(!c.is_legal_op(&ir, op("a.use")), "its operand is widened");
    assert!(!c.is_legal_region(&ir, ir.region(op("a.region"), 0)));
    assert!(c.is_legal_values(&ir, &[result_of(&ir, m, "a.y")]));
}
