//! Tests of the type, attribute and location printer and of alias selection
//! against mlir-opt 22. Each expected string was printed by
//! `/usr/lib/llvm-22/bin/mlir-opt --allow-unregistered-dialect` (with
//! `--mlir-print-local-scope` for inline forms) on the input quoted next to it,
//! usually as an attribute of `"foo.op"() {...} : () -> ()`.

use super::*;
use crate::affine::{AffineBinOp, AffineExpr, AffineMap};
use crate::asm::printer::PrintFlags;

fn d(i: u32) -> AffineExpr {
    AffineExpr::Dim(i)
}
fn s(i: u32) -> AffineExpr {
    AffineExpr::Symbol(i)
}
fn c(v: i64) -> AffineExpr {
    AffineExpr::Constant(v)
}
fn bin(op: AffineBinOp, l: AffineExpr, r: AffineExpr) -> AffineExpr {
    AffineExpr::Binary(op, Box::new(l), Box::new(r))
}
fn add(l: AffineExpr, r: AffineExpr) -> AffineExpr {
    bin(AffineBinOp::Add, l, r)
}
fn mul(l: AffineExpr, r: AffineExpr) -> AffineExpr {
    bin(AffineBinOp::Mul, l, r)
}
fn map(ctx: &Context, dims: u32, syms: u32, results: Vec<AffineExpr>) -> Attribute {
    ctx.intern_attr(AttrKind::AffineMap(AffineMap {
        num_dims: dims,
        num_symbols: syms,
        results: results.into(),
    }))
}

/// Prints with a fresh inline (alias-free) printer.
fn inline(ctx: &Context, f: impl FnOnce(&AttrPrinter, &mut String)) -> String {
    let flags = PrintFlags::default();
    let p = AttrPrinter::new(ctx, &flags, None);
    let mut out = String::new();
    f(&p, &mut out);
    out
}
fn ty_str(ctx: &Context, t: Type) -> String {
    inline(ctx, |p, o| p.print_type(o, t))
}
fn attr_str(ctx: &Context, a: Attribute) -> String {
    inline(ctx, |p, o| p.print_attr(o, a))
}
fn loc_str(ctx: &Context, l: Location) -> String {
    inline(ctx, |p, o| p.print_location(o, l))
}

fn memref(
    ctx: &Context,
    shape: &[i64],
    element: Type,
    layout: Option<Attribute>,
    ms: Option<Attribute>,
) -> Type {
    ctx.intern_type(TypeKind::MemRef {
        shape: shape.into(),
        element,
        layout,
        memory_space: ms,
    })
}
fn f64_attr(ctx: &Context, v: f64) -> Attribute {
    ctx.float_attr(ctx.f64_type(), ApFloat::from_f64(v))
}
fn f32_attr(ctx: &Context, v: f32) -> Attribute {
    ctx.float_attr(ctx.f32_type(), ApFloat::from_f32(v))
}
fn dense(ctx: &Context, ty: Type, elements: Vec<Attribute>) -> Attribute {
    ctx.intern_attr(AttrKind::DenseElements {
        ty,
        elements: elements.into(),
    })
}

// Input: `t1 = vector<[4]x8xf32>, t2 = vector<f32>, ...` as attributes.
#[test]
fn types() {
    let ctx = Context::new();
    let i1 = ctx.i1_type();
    let i32t = ctx.int_type(32);
    let f32t = ctx.f32_type();
    let vec_scalable = ctx.intern_type(TypeKind::Vector {
        shape: [4, 8].into(),
        scalable: [true, false].into(),
        element: f32t,
    });
    assert_eq!(ty_str(&ctx, vec_scalable), "vector<[4]x8xf32>");
    let vec2 = ctx.intern_type(TypeKind::Vector {
        shape: [2, 3].into(),
        scalable: [false, true].into(),
        element: i1,
    });
    assert_eq!(ty_str(&ctx, vec2), "vector<2x[3]xi1>");
    assert_eq!(ty_str(&ctx, ctx.vector_type(&[], f32t)), "vector<f32>");
    assert_eq!(
        ty_str(&ctx, ctx.ranked_tensor_type(&[DYNAMIC, 4], f32t, None)),
        "tensor<?x4xf32>"
    );
    assert_eq!(
        ty_str(&ctx, ctx.ranked_tensor_type(&[], i32t, None)),
        "tensor<i32>"
    );
    assert_eq!(
        ty_str(&ctx, ctx.unranked_tensor_type(f32t)),
        "tensor<*xf32>"
    );
    let enc = ctx.string_attr("enc");
    assert_eq!(
        ty_str(&ctx, ctx.ranked_tensor_type(&[4], f32t, Some(enc))),
        "tensor<4xf32, \"enc\">"
    );
    let five = ctx.int_attr(ctx.int_type(64), 5);
    assert_eq!(
        ty_str(&ctx, ctx.ranked_tensor_type(&[4], f32t, Some(five))),
        "tensor<4xf32, 5 : i64>"
    );

    let plus1 = map(&ctx, 1, 0, vec![add(d(0), c(1))]);
    let one = ctx.int_attr(ctx.int_type(64), 1);
    assert_eq!(
        ty_str(&ctx, memref(&ctx, &[4], f32t, Some(plus1), Some(one))),
        "memref<4xf32, affine_map<(d0) -> (d0 + 1)>, 1>"
    );
    let ident = map(&ctx, 1, 0, vec![d(0)]);
    assert_eq!(
        ty_str(&ctx, memref(&ctx, &[4], f32t, Some(ident), None)),
        "memref<4xf32>"
    );
    let zero = ctx.int_attr(ctx.int_type(64), 0);
    assert_eq!(
        ty_str(&ctx, memref(&ctx, &[4], f32t, None, Some(zero))),
        "memref<4xf32>"
    );
    let five32 = ctx.int_attr(i32t, 5);
    assert_eq!(
        ty_str(&ctx, memref(&ctx, &[4], f32t, None, Some(five32))),
        "memref<4xf32, 5 : i32>"
    );
    assert_eq!(
        ty_str(&ctx, memref(&ctx, &[], f32t, None, None)),
        "memref<f32>"
    );
    let strided = ctx.intern_attr(AttrKind::StridedLayout {
        offset: DYNAMIC,
        strides: [1].into(),
    });
    let gpu = ctx.string_attr("gpu");
    assert_eq!(
        ty_str(
            &ctx,
            memref(&ctx, &[DYNAMIC], f32t, Some(strided), Some(gpu))
        ),
        "memref<?xf32, strided<[1], offset: ?>, \"gpu\">"
    );
    let unranked = ctx.intern_type(TypeKind::UnrankedMemRef {
        element: f32t,
        memory_space: Some(one),
    });
    assert_eq!(ty_str(&ctx, unranked), "memref<*xf32, 1>");

    assert_eq!(
        ty_str(&ctx, ctx.function_type(&[i32t], &[i32t])),
        "(i32) -> i32"
    );
    assert_eq!(ty_str(&ctx, ctx.function_type(&[], &[])), "() -> ()");
    assert_eq!(
        ty_str(&ctx, ctx.function_type(&[i32t], &[i32t, f32t])),
        "(i32) -> (i32, f32)"
    );
    let unit_fn = ctx.function_type(&[], &[]);
    assert_eq!(
        ty_str(&ctx, ctx.function_type(&[], &[unit_fn])),
        "() -> (() -> ())"
    );
    let i2i = ctx.function_type(&[i32t], &[i32t]);
    assert_eq!(
        ty_str(&ctx, ctx.function_type(&[i2i], &[i2i])),
        "((i32) -> i32) -> ((i32) -> i32)"
    );
    assert_eq!(ty_str(&ctx, ctx.tuple_type(&[])), "tuple<>");
    assert_eq!(
        ty_str(&ctx, ctx.tuple_type(&[i32t, f32t])),
        "tuple<i32, f32>"
    );
    assert_eq!(ty_str(&ctx, ctx.complex_type(f32t)), "complex<f32>");
    assert_eq!(ty_str(&ctx, ctx.none_type()), "none");
    assert_eq!(ty_str(&ctx, ctx.index_type()), "index");
    assert_eq!(ty_str(&ctx, ctx.integer_type(8, Signedness::Signed)), "si8");
    assert_eq!(
        ty_str(&ctx, ctx.integer_type(16, Signedness::Unsigned)),
        "ui16"
    );
    for k in FloatKind::ALL {
        assert_eq!(ty_str(&ctx, ctx.float_type(k)), k.keyword());
    }
    // `!foo.bar<a>`, `!foo<"x y">`, `!foo<bar>` (printed `!foo.bar`), `!foo<"">`.
    assert_eq!(
        ty_str(&ctx, ctx.opaque_type("foo", "bar<a>")),
        "!foo.bar<a>"
    );
    assert_eq!(
        ty_str(&ctx, ctx.opaque_type("foo", "\"x y\"")),
        "!foo<\"x y\">"
    );
    assert_eq!(ty_str(&ctx, ctx.opaque_type("foo", "bar")), "!foo.bar");
    assert_eq!(ty_str(&ctx, ctx.opaque_type("foo", "\"\"")), "!foo<\"\">");
}

// Input (t5.mlir): `"foo.op"() {ac = -1 : i1, ad = 3 : index, ...} : () -> ()`.
#[test]
fn scalar_attributes() {
    let ctx = Context::new();
    let i64t = ctx.int_type(64);
    assert_eq!(attr_str(&ctx, ctx.int_attr(i64t, 4)), "4 : i64");
    assert_eq!(attr_str(&ctx, ctx.int_attr(ctx.int_type(8), -5)), "-5 : i8");
    assert_eq!(
        attr_str(
            &ctx,
            ctx.int_attr(ctx.integer_type(8, Signedness::Unsigned), 200)
        ),
        "200 : ui8"
    );
    assert_eq!(
        attr_str(
            &ctx,
            ctx.int_attr(ctx.integer_type(16, Signedness::Signed), 200)
        ),
        "200 : si16"
    );
    assert_eq!(attr_str(&ctx, ctx.bool_attr(true)), "true");
    assert_eq!(attr_str(&ctx, ctx.bool_attr(false)), "false");
    assert_eq!(
        attr_str(&ctx, ctx.int_attr(ctx.index_type(), 3)),
        "3 : index"
    );
    assert_eq!(
        attr_str(&ctx, ctx.int_attr(ctx.int_type(16), 65535)),
        "-1 : i16"
    );
    let i128t = ctx.int_type(128);
    let max = ApInt::from_decimal(128, "170141183460469231731687303715884105727").unwrap();
    assert_eq!(
        attr_str(&ctx, ctx.integer_attr(i128t, max.clone())),
        "170141183460469231731687303715884105727 : i128"
    );
    let min = ApInt::from_decimal(128, "170141183460469231731687303715884105728").unwrap();
    assert_eq!(
        attr_str(&ctx, ctx.integer_attr(i128t, min)),
        "-170141183460469231731687303715884105728 : i128"
    );
    assert_eq!(attr_str(&ctx, f64_attr(&ctx, 1.0)), "1.000000e+00 : f64");
    assert_eq!(attr_str(&ctx, f32_attr(&ctx, 2.5)), "2.500000e+00 : f32");
    assert_eq!(attr_str(&ctx, ctx.unit_attr()), "unit");
    assert_eq!(attr_str(&ctx, ctx.type_attr(ctx.int_type(32))), "i32");
    assert_eq!(attr_str(&ctx, ctx.empty_dictionary()), "{}");
    // `s = "a\"b\\c\n\t\01\FF€"` prints `"a\22b\\c\0A\09\01\FF\E2\82\AC"`.
    let s = ctx.intern_attr(AttrKind::String {
        value: b"a\"b\\c\n\t\x01\xFF\xE2\x82\xAC".as_slice().into(),
        ty: None,
    });
    assert_eq!(attr_str(&ctx, s), r#""a\22b\\c\0A\09\01\FF\E2\82\AC""#);
    assert_eq!(attr_str(&ctx, ctx.string_attr("")), "\"\"");
    let typed = ctx.intern_attr(AttrKind::String {
        value: b"x".as_slice().into(),
        ty: Some(ctx.int_type(32)),
    });
    assert_eq!(attr_str(&ctx, typed), "\"x\" : i32");
    assert_eq!(
        inline(&ctx, |p, o| p.print_attr_elided_type(o, typed)),
        "\"x\""
    );
    assert_eq!(
        inline(&ctx, |p, o| p
            .print_attr_elided_type(o, ctx.int_attr(i64t, 7))),
        "7"
    );
    assert_eq!(
        inline(&ctx, |p, o| p
            .print_attr_elided_type(o, f32_attr(&ctx, 0.5))),
        "5.000000e-01"
    );

    // Symbol references: `@a::@b::@"c d"` and the empty symbol.
    let nested = ctx.intern_attr(AttrKind::SymbolRef {
        root: ctx.ident("a"),
        nested: [ctx.ident("b"), ctx.ident("c d")].into(),
    });
    assert_eq!(attr_str(&ctx, nested), "@a::@b::@\"c d\"");
    assert_eq!(
        attr_str(&ctx, ctx.flat_symbol_ref("")),
        "@<<INVALID EMPTY SYMBOL>>"
    );

    // Opaque attributes: `#foo<"a b">`, `#foo.bar<1, 2>`, `#foo<bar>`,
    // `#foo<"1abc">`, `#foo<a_b.c>`, `#foo<a<b>c>`, `#foo.a$b`.
    let op = |body: &str| {
        ctx.intern_attr(AttrKind::Opaque {
            dialect: ctx.ident("foo"),
            body: body.into(),
        })
    };
    assert_eq!(attr_str(&ctx, op("\"a b\"")), "#foo<\"a b\">");
    assert_eq!(attr_str(&ctx, op("bar<1, 2>")), "#foo.bar<1, 2>");
    assert_eq!(attr_str(&ctx, op("bar")), "#foo.bar");
    assert_eq!(attr_str(&ctx, op("\"1abc\"")), "#foo<\"1abc\">");
    assert_eq!(attr_str(&ctx, op("a_b.c")), "#foo.a_b.c");
    assert_eq!(attr_str(&ctx, op("a<b>c")), "#foo<a<b>c>");
    assert_eq!(attr_str(&ctx, op("a$b")), "#foo<a$b>");

    // Strided layouts: `strided<[1, ?], offset: ?>`, `strided<[4, 1]>`, `strided<[], offset: 3>`.
    let st = |offset, strides: &[i64]| {
        ctx.intern_attr(AttrKind::StridedLayout {
            offset,
            strides: strides.into(),
        })
    };
    assert_eq!(
        attr_str(&ctx, st(DYNAMIC, &[1, DYNAMIC])),
        "strided<[1, ?], offset: ?>"
    );
    assert_eq!(attr_str(&ctx, st(0, &[4, 1])), "strided<[4, 1]>");
    assert_eq!(attr_str(&ctx, st(3, &[])), "strided<[], offset: 3>");
}

// Input: `v = [1, 2 : i32, 1.0, 2.0 : f32, "s", true, unit, @a, {x = 1}]` and
// `{"9a" = 4, _z.w = 3, "quoted name" = 1, "x$y" = 2, u = unit}`.
#[test]
fn arrays_and_dictionaries() {
    let ctx = Context::new();
    let i64t = ctx.int_type(64);
    let inner = ctx.dictionary_attr(&[(ctx.ident("x"), ctx.int_attr(i64t, 1))]);
    let arr = ctx.array_attr(&[
        ctx.int_attr(i64t, 1),
        ctx.int_attr(ctx.int_type(32), 2),
        f64_attr(&ctx, 1.0),
        f32_attr(&ctx, 2.0),
        ctx.string_attr("s"),
        ctx.bool_attr(true),
        ctx.unit_attr(),
        ctx.flat_symbol_ref("a"),
        inner,
    ]);
    assert_eq!(
        attr_str(&ctx, arr),
        "[1, 2 : i32, 1.000000e+00, 2.000000e+00 : f32, \"s\", true, unit, @a, {x = 1 : i64}]"
    );
    let entries = [
        (ctx.ident("9a"), ctx.int_attr(i64t, 4)),
        (ctx.ident("_z.w"), ctx.int_attr(i64t, 3)),
        (ctx.ident("quoted name"), ctx.int_attr(i64t, 1)),
        (ctx.ident("u"), ctx.unit_attr()),
        (ctx.ident("x$y"), ctx.int_attr(i64t, 2)),
    ];
    assert_eq!(
        inline(&ctx, |p, o| p.print_dict_entries(o, &entries, &[])),
        "{\"9a\" = 4 : i64, _z.w = 3 : i64, \"quoted name\" = 1 : i64, u, x$y = 2 : i64}"
    );
    assert_eq!(
        inline(&ctx, |p, o| p.print_dict_entries(
            o,
            &entries,
            &["9a", "u", "x$y"]
        )),
        "{_z.w = 3 : i64, \"quoted name\" = 1 : i64}"
    );
    assert_eq!(
        inline(&ctx, |p, o| p.print_dict_entries(o, &entries[..1], &["9a"])),
        ""
    );
    assert_eq!(inline(&ctx, |p, o| p.print_dict_entries(o, &[], &[])), "");

    // `"func.func"() <{function_type = (i32) -> (), sym_name = "f"}>`.
    let i32t = ctx.int_type(32);
    let props = ctx.dictionary_attr(&[
        (ctx.ident("sym_name"), ctx.string_attr("f")),
        (
            ctx.ident("function_type"),
            ctx.type_attr(ctx.function_type(&[i32t], &[])),
        ),
    ]);
    assert_eq!(
        inline(&ctx, |p, o| p.print_properties(o, props)),
        "<{function_type = (i32) -> (), sym_name = \"f\"}>"
    );

    assert_eq!(
        inline(&ctx, |p, o| p.print_keyword_or_string(o, "abc_1$.x")),
        "abc_1$.x"
    );
    assert_eq!(
        inline(&ctx, |p, o| p.print_keyword_or_string(o, "1abc")),
        "\"1abc\""
    );
    assert_eq!(
        inline(&ctx, |p, o| p.print_keyword_or_string(o, "")),
        "\"\""
    );
    assert_eq!(inline(&ctx, |p, o| p.print_symbol_name(o, "foo")), "@foo");
    assert_eq!(
        inline(&ctx, |p, o| p.print_symbol_name(o, "foo bar")),
        "@\"foo bar\""
    );
    assert_eq!(
        inline(&ctx, |p, o| p.print_escaped_string(o, b"\n\\")),
        "\"\\0A\\\\\""
    );
}

// Input (t5.mlir): `a = dense<[5]> : tensor<1xi32>, b = dense<> : tensor<0xi32>, ...`.
#[test]
fn dense_elements() {
    let ctx = Context::new();
    let i32t = ctx.int_type(32);
    let int = |t: Type, v: i64| ctx.int_attr(t, v);
    let t1 = ctx.ranked_tensor_type(&[1], i32t, None);
    assert_eq!(
        attr_str(&ctx, dense(&ctx, t1, vec![int(i32t, 5)])),
        "dense<5> : tensor<1xi32>"
    );
    let t0 = ctx.ranked_tensor_type(&[0], i32t, None);
    assert_eq!(
        attr_str(&ctx, dense(&ctx, t0, vec![])),
        "dense<> : tensor<0xi32>"
    );
    let t10 = ctx.ranked_tensor_type(&[1, 0], ctx.f32_type(), None);
    assert_eq!(
        attr_str(&ctx, dense(&ctx, t10, vec![])),
        "dense<> : tensor<1x0xf32>"
    );
    let t22 = ctx.ranked_tensor_type(&[2, 2], i32t, None);
    let vals: Vec<_> = (1..=4).map(|v| int(i32t, v)).collect();
    assert_eq!(
        attr_str(&ctx, dense(&ctx, t22, vals)),
        "dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>"
    );
    let ui8 = ctx.integer_type(8, Signedness::Unsigned);
    let t221 = ctx.ranked_tensor_type(&[2, 2, 1], ui8, None);
    let vals: Vec<_> = (1..=4).map(|v| int(ui8, v)).collect();
    assert_eq!(
        attr_str(&ctx, dense(&ctx, t221, vals)),
        "dense<[[[1], [2]], [[3], [4]]]> : tensor<2x2x1xui8>"
    );
    let v2 = ctx.vector_type(&[2], ctx.i1_type());
    assert_eq!(
        attr_str(
            &ctx,
            dense(&ctx, v2, vec![ctx.bool_attr(true), ctx.bool_attr(false)])
        ),
        "dense<[true, false]> : vector<2xi1>"
    );
    let i8t = ctx.int_type(8);
    let t23 = ctx.ranked_tensor_type(&[2, 3], i8t, None);
    assert_eq!(
        attr_str(&ctx, dense(&ctx, t23, vec![int(i8t, -1)])),
        "dense<-1> : tensor<2x3xi8>"
    );
    let tu = ctx.ranked_tensor_type(&[2], ui8, None);
    assert_eq!(
        attr_str(&ctx, dense(&ctx, tu, vec![int(ui8, 255)])),
        "dense<255> : tensor<2xui8>"
    );
    // A non-splat stored with equal elements still prints as a splat.
    assert_eq!(
        attr_str(&ctx, dense(&ctx, tu, vec![int(ui8, 255), int(ui8, 255)])),
        "dense<255> : tensor<2xui8>"
    );
    let f64s = ctx.ranked_tensor_type(&[], ctx.f64_type(), None);
    assert_eq!(
        attr_str(&ctx, dense(&ctx, f64s, vec![f64_attr(&ctx, 1.0)])),
        "dense<1.000000e+00> : tensor<f64>"
    );

    // Complex: `dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f32>>`, `dense<(1, 2)> : tensor<3xcomplex<i32>>`.
    let cf = ctx.ranked_tensor_type(&[2], ctx.complex_type(ctx.f32_type()), None);
    let pair = |a: Attribute, b: Attribute| ctx.array_attr(&[a, b]);
    let elems = vec![
        pair(f32_attr(&ctx, 1.0), f32_attr(&ctx, 2.0)),
        pair(f32_attr(&ctx, 3.0), f32_attr(&ctx, 4.0)),
    ];
    assert_eq!(
        attr_str(&ctx, dense(&ctx, cf, elems)),
        "dense<[(1.000000e+00,2.000000e+00), (3.000000e+00,4.000000e+00)]> : tensor<2xcomplex<f32>>"
    );
    let ci = ctx.ranked_tensor_type(&[3], ctx.complex_type(i32t), None);
    assert_eq!(
        attr_str(
            &ctx,
            dense(&ctx, ci, vec![pair(int(i32t, 1), int(i32t, 2))])
        ),
        "dense<(1,2)> : tensor<3xcomplex<i32>>"
    );

    // Strings: `dense<["a", "b\n"]> : tensor<2x!foo.str>`, `dense<"x"> : tensor<3x!foo.str>`.
    let strty = ctx.opaque_type("foo", "str");
    let ts = ctx.ranked_tensor_type(&[2], strty, None);
    let strs = ctx.intern_attr(AttrKind::DenseStrings {
        ty: ts,
        elements: [b"a".as_slice().into(), b"b\n".as_slice().into()].into(),
    });
    assert_eq!(
        attr_str(&ctx, strs),
        "dense<[\"a\", \"b\\0A\"]> : tensor<2x!foo.str>"
    );
    let ts3 = ctx.ranked_tensor_type(&[3], strty, None);
    let splat = ctx.intern_attr(AttrKind::DenseStrings {
        ty: ts3,
        elements: [b"x".as_slice().into()].into(),
    });
    assert_eq!(attr_str(&ctx, splat), "dense<\"x\"> : tensor<3x!foo.str>");

    // `dense_resource<blob1> : tensor<3xi64>`.
    let res = ctx.intern_attr(AttrKind::DenseResource {
        ty: ctx.ranked_tensor_type(&[3], ctx.int_type(64), None),
        handle: ctx.ident("blob1"),
    });
    let flags = PrintFlags::default();
    let p = AttrPrinter::new(&ctx, &flags, None);
    let mut out = String::new();
    p.print_attr(&mut out, res);
    assert_eq!(out, "dense_resource<blob1> : tensor<3xi64>");
    assert_eq!(p.used_resources(), vec![ctx.ident("blob1")]);
}

// Input (t9.mlir) with `--mlir-elide-elementsattrs-if-larger=2`:
// `b = dense<[1,2,3]> : tensor<3xi32>` and `c = dense<1> : tensor<300xi32>`.
#[test]
fn elided_elements() {
    let ctx = Context::new();
    let i32t = ctx.int_type(32);
    let flags = PrintFlags {
        elide_elements_larger_than: Some(2),
        ..PrintFlags::default()
    };
    let p = AttrPrinter::new(&ctx, &flags, None);
    let t3 = ctx.ranked_tensor_type(&[3], i32t, None);
    let a = dense(&ctx, t3, (1..=3).map(|v| ctx.int_attr(i32t, v)).collect());
    let mut out = String::new();
    p.print_attr(&mut out, a);
    assert_eq!(out, "dense_resource<__elided__> : tensor<3xi32>");
    let t300 = ctx.ranked_tensor_type(&[300], i32t, None);
    out.clear();
    p.print_attr(&mut out, dense(&ctx, t300, vec![ctx.int_attr(i32t, 1)]));
    assert_eq!(out, "dense<1> : tensor<300xi32>");
    let arr = ctx.intern_attr(AttrKind::DenseArray {
        element: i32t,
        elements: (1..=3).map(|v| ctx.int_attr(i32t, v)).collect(),
    });
    out.clear();
    p.print_attr(&mut out, arr);
    assert_eq!(out, "array<i32: 1, 2, 3>");
}

/// Widens a small binary-exact `f64` to x87 80-bit bits.
fn f80_bits(v: f64) -> u128 {
    let b = v.to_bits();
    let exp = ((b >> 52) & 0x7FF) as u128;
    let mant = (b & ((1 << 52) - 1)) as u128;
    ((exp + 16383 - 1023) << 64) | (1u128 << 63) | (mant << 11)
}

// More than 100 non-splat elements print in hex; see `dense_hex_cases.txt`.
#[test]
fn dense_hex() {
    let ctx = Context::new();
    let expected: std::collections::HashMap<&str, &str> = include_str!("dense_hex_cases.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once(' '))
        .collect();
    let shape = [101];
    let check = |name: &str, element: Type, elements: Vec<Attribute>| {
        let t = ctx.ranked_tensor_type(&shape, element, None);
        assert_eq!(
            attr_str(&ctx, dense(&ctx, t, elements)),
            expected[name],
            "case {name}"
        );
    };
    let i32t = ctx.int_type(32);
    check("a", i32t, (0..101).map(|i| ctx.int_attr(i32t, i)).collect());
    check(
        "b",
        ctx.i1_type(),
        (0..101).map(|i| ctx.bool_attr(i % 3 == 0)).collect(),
    );
    let f16t = ctx.float_type(FloatKind::F16);
    let f16 = |v: f32| {
        let b = v.to_bits();
        let bits = ((((b >> 23) & 0xFF) + 15 - 127) << 10) | ((b >> 13) & 0x3FF);
        let bits = if v == 0.0 { 0 } else { bits };
        ctx.float_attr(
            f16t,
            ApFloat {
                kind: FloatKind::F16,
                bits: bits as u128,
            },
        )
    };
    check("c", f16t, (0..101).map(|i| f16(i as f32 + 0.5)).collect());
    let i4 = ctx.int_type(4);
    check("d", i4, (0..101).map(|i| ctx.int_attr(i4, i % 8)).collect());
    let index = ctx.index_type();
    check(
        "e",
        index,
        (0..101).map(|i| ctx.int_attr(index, i)).collect(),
    );
    let tf32 = ctx.float_type(FloatKind::TF32);
    let tf = |v: f32| {
        ctx.float_attr(
            tf32,
            ApFloat {
                kind: FloatKind::TF32,
                bits: (v.to_bits() >> 13) as u128,
            },
        )
    };
    check("f", tf32, (0..101).map(|i| tf(i as f32 + 0.5)).collect());
    let f80 = ctx.float_type(FloatKind::F80);
    let x87 = |v: f64| {
        ctx.float_attr(
            f80,
            ApFloat {
                kind: FloatKind::F80,
                bits: f80_bits(v),
            },
        )
    };
    check("g", f80, (0..101).map(|i| x87(i as f64 + 0.5)).collect());
    let i8t = ctx.int_type(8);
    let c8 = ctx.complex_type(i8t);
    check(
        "h",
        c8,
        (0..101)
            .map(|i| ctx.array_attr(&[ctx.int_attr(i8t, i), ctx.int_attr(i8t, 2)]))
            .collect(),
    );
    let i7 = ctx.int_type(7);
    check("i", i7, (0..101).map(|i| ctx.int_attr(i7, i % 8)).collect());
}

// Input: `l = array<i32: 1, 2>, m = array<i1: true, false>, n = array<f32: 1.0, 2.5>,
// o = array<i32>, as = array<i8: -1, 2>, at = array<f64: 0x7FF8000000000000>`.
#[test]
fn dense_arrays() {
    let ctx = Context::new();
    let arr = |element: Type, elements: Vec<Attribute>| {
        ctx.intern_attr(AttrKind::DenseArray {
            element,
            elements: elements.into(),
        })
    };
    let i32t = ctx.int_type(32);
    let i8t = ctx.int_type(8);
    assert_eq!(
        attr_str(
            &ctx,
            arr(i32t, vec![ctx.int_attr(i32t, 1), ctx.int_attr(i32t, 2)])
        ),
        "array<i32: 1, 2>"
    );
    assert_eq!(
        attr_str(
            &ctx,
            arr(
                ctx.i1_type(),
                vec![ctx.bool_attr(true), ctx.bool_attr(false)]
            )
        ),
        "array<i1: true, false>"
    );
    assert_eq!(
        attr_str(
            &ctx,
            arr(
                ctx.f32_type(),
                vec![f32_attr(&ctx, 1.0), f32_attr(&ctx, 2.5)]
            )
        ),
        "array<f32: 1.000000e+00, 2.500000e+00>"
    );
    assert_eq!(attr_str(&ctx, arr(i32t, vec![])), "array<i32>");
    assert_eq!(
        attr_str(
            &ctx,
            arr(i8t, vec![ctx.int_attr(i8t, -1), ctx.int_attr(i8t, 2)])
        ),
        "array<i8: -1, 2>"
    );
    assert_eq!(
        attr_str(
            &ctx,
            arr(
                ctx.f64_type(),
                vec![f64_attr(&ctx, f64::from_bits(0x7FF8000000000000))]
            )
        ),
        "array<f64: 0x7FF8000000000000>"
    );
}

// Input (t8.mlir), printed with `--mlir-print-local-scope`.
#[test]
fn affine_maps() {
    let ctx = Context::new();
    use AffineBinOp::*;
    let cases: Vec<(Attribute, &str)> = vec![
        (
            map(
                &ctx,
                2,
                1,
                vec![add(
                    add(bin(FloorDiv, d(0), c(128)), s(0)),
                    bin(Mod, d(1), c(128)),
                )],
            ),
            "affine_map<(d0, d1)[s0] -> (d0 floordiv 128 + s0 + d1 mod 128)>",
        ),
        (
            map(&ctx, 1, 0, vec![add(d(0), c(-1))]),
            "affine_map<(d0) -> (d0 - 1)>",
        ),
        (
            map(&ctx, 1, 0, vec![mul(d(0), c(-1))]),
            "affine_map<(d0) -> (-d0)>",
        ),
        (
            map(&ctx, 1, 0, vec![mul(d(0), c(-2))]),
            "affine_map<(d0) -> (d0 * -2)>",
        ),
        (
            map(&ctx, 2, 0, vec![add(d(0), mul(d(1), c(-1)))]),
            "affine_map<(d0, d1) -> (d0 - d1)>",
        ),
        (
            map(&ctx, 2, 0, vec![add(d(0), mul(d(1), c(-2)))]),
            "affine_map<(d0, d1) -> (d0 - d1 * 2)>",
        ),
        (
            map(&ctx, 2, 0, vec![mul(add(d(0), d(1)), c(2))]),
            "affine_map<(d0, d1) -> ((d0 + d1) * 2)>",
        ),
        (
            map(&ctx, 2, 0, vec![add(d(0), mul(add(d(1), c(1)), c(-1)))]),
            "affine_map<(d0, d1) -> (d0 - (d1 + 1))>",
        ),
        (
            map(&ctx, 0, 1, vec![bin(CeilDiv, s(0), c(4)), c(3)]),
            "affine_map<()[s0] -> (s0 ceildiv 4, 3)>",
        ),
        (map(&ctx, 0, 0, vec![]), "affine_map<() -> ()>"),
        (
            map(
                &ctx,
                2,
                0,
                vec![add(
                    bin(FloorDiv, add(d(0), d(1)), c(2)),
                    bin(Mod, mul(d(0), c(4)), c(3)),
                )],
            ),
            "affine_map<(d0, d1) -> ((d0 + d1) floordiv 2 + (d0 * 4) mod 3)>",
        ),
        (
            map(&ctx, 2, 0, vec![mul(add(d(0), d(1)), c(-1))]),
            "affine_map<(d0, d1) -> (-(d0 + d1))>",
        ),
        (
            map(&ctx, 1, 1, vec![add(mul(d(0), s(0)), mul(s(0), c(-1)))]),
            "affine_map<(d0)[s0] -> (d0 * s0 - s0)>",
        ),
        (
            map(&ctx, 1, 0, vec![add(mul(d(0), c(-1)), c(3))]),
            "affine_map<(d0) -> (-d0 + 3)>",
        ),
    ];
    for (a, want) in cases {
        assert_eq!(attr_str(&ctx, a), want);
    }
}

// Input (t6.mlir) with `--mlir-print-local-scope`.
#[test]
fn locations() {
    let ctx = Context::new();
    let range = |l, c, end| {
        Location(ctx.intern_attr(AttrKind::FileLineColLoc {
            file: ctx.ident("f"),
            line: l,
            col: c,
            end,
        }))
    };
    assert_eq!(
        loc_str(&ctx, range(1, 2, Some((3, 4)))),
        "loc(\"f\":1:2 to 3:4)"
    );
    assert_eq!(
        loc_str(&ctx, range(1, 2, Some((1, 5)))),
        "loc(\"f\":1:2 to :5)"
    );
    assert_eq!(loc_str(&ctx, range(1, 2, Some((1, 2)))), "loc(\"f\":1:2)");
    assert_eq!(loc_str(&ctx, range(1, 0, None)), "loc(\"f\":1:0)");
    assert_eq!(loc_str(&ctx, ctx.unknown_loc()), "loc(unknown)");
    assert_eq!(loc_str(&ctx, ctx.name_loc("n", None)), "loc(\"n\")");
    assert_eq!(
        loc_str(&ctx, ctx.name_loc("n", Some(ctx.unknown_loc()))),
        "loc(\"n\")"
    );
    let fl = ctx.file_line_col("f", 1, 2);
    assert_eq!(
        loc_str(&ctx, ctx.name_loc("name", Some(fl))),
        "loc(\"name\"(\"f\":1:2))"
    );
    let a = ctx.name_loc("a", None);
    let meta = ctx.string_attr("meta");
    assert_eq!(
        loc_str(&ctx, ctx.fused_loc(&[a], Some(meta))),
        "loc(fused<\"meta\">[\"a\"])"
    );
    let b12 = ctx.file_line_col("b", 1, 2);
    let dict = ctx.dictionary_attr(&[(ctx.ident("x"), ctx.int_attr(ctx.int_type(64), 1))]);
    assert_eq!(
        loc_str(&ctx, ctx.fused_loc(&[a, b12], Some(dict))),
        "loc(fused<{x = 1 : i64}>[\"a\", \"b\":1:2])"
    );
    assert_eq!(
        loc_str(&ctx, ctx.fused_loc(&[a, b12], None)),
        "loc(fused[\"a\", \"b\":1:2])"
    );
    let inner = ctx.callsite_loc(ctx.name_loc("b", None), ctx.name_loc("c", None));
    assert_eq!(
        loc_str(&ctx, ctx.callsite_loc(a, inner)),
        "loc(callsite(\"a\" at callsite(\"b\" at \"c\")))"
    );
    assert_eq!(
        loc_str(&ctx, ctx.file_line_col("a\"b\n", 3, 4)),
        "loc(\"a\\22b\\0A\":3:4)"
    );
    // As an attribute value a location prints the same way.
    assert_eq!(attr_str(&ctx, a.0), "loc(\"a\")");
    assert_eq!(
        inline(&ctx, |p, o| p.print_arg_location(o, fl)),
        "loc(\"f\":1:2)"
    );
}

/// Runs a recording pass with `record`, then returns `(top aliases,
/// location aliases, real print of `print`)`.
fn two_pass(
    ctx: &Context,
    flags: &PrintFlags,
    record: impl Fn(&AttrPrinter, &mut String),
    print: impl Fn(&AttrPrinter, &mut String),
) -> (String, String, String) {
    let rec = AttrPrinter::recording(ctx, flags);
    let mut sink = String::new();
    record(&rec, &mut sink);
    assert!(sink.is_empty(), "a recording printer appends nothing");
    let table = AliasTable::build(ctx, &rec.into_record(), flags);
    let p = AttrPrinter::new(ctx, flags, Some(&table));
    let (mut top, mut locs, mut body) = (String::new(), String::new(), String::new());
    table.print_top_aliases(&p, &mut top);
    print(&p, &mut body);
    table.print_location_aliases(&p, &mut locs);
    (top, locs, body)
}

fn tuple17(ctx: &Context) -> Type {
    ctx.tuple_type(&[ctx.i1_type(); 17])
}

// Input (t1.mlir), `mlir-opt --mlir-print-debuginfo`:
//   func.func @f(%arg0: i32 loc("a.mlir":1:2)) attributes {m = affine_map<(d0) -> (d0 + 1)>,
//       m2 = affine_map<(d0, d1) -> (d1)>, t = tuple<i1 x 17>} {
//     return loc(callsite("x"("b.mlir":3:4) at "c.mlir":5:6))
//   } loc(fused["q", "r"])
// The recording follows MLIR's dummy printer: module location, func
// location, the func's custom form (argument type and location, attributes),
// then the body.
#[test]
fn aliases_custom_func() {
    let ctx = Context::new();
    let flags = PrintFlags {
        debuginfo: true,
        ..PrintFlags::default()
    };
    let module_loc = ctx.file_line_col("t1.mlir", 0, 0);
    let func_loc = ctx.fused_loc(&[ctx.name_loc("q", None), ctx.name_loc("r", None)], None);
    let arg_loc = ctx.file_line_col("a.mlir", 1, 2);
    let ret_loc = ctx.callsite_loc(
        ctx.name_loc("x", Some(ctx.file_line_col("b.mlir", 3, 4))),
        ctx.file_line_col("c.mlir", 5, 6),
    );
    let i32t = ctx.int_type(32);
    let attrs = [
        (ctx.ident("m"), map(&ctx, 1, 0, vec![add(d(0), c(1))])),
        (ctx.ident("m2"), map(&ctx, 2, 0, vec![d(1)])),
        (ctx.ident("t"), ctx.type_attr(tuple17(&ctx))),
    ];
    let walk = |p: &AttrPrinter, o: &mut String| {
        p.print_location(o, module_loc);
        p.print_location(o, func_loc);
        p.print_type(o, i32t);
        p.print_arg_location(o, arg_loc);
        p.print_dict_entries(o, &attrs, &[]);
        p.print_location(o, ret_loc);
    };
    let (top, locs, body) = two_pass(&ctx, &flags, walk, walk);
    let i1s = ["i1"; 17].join(", ");
    assert_eq!(
        top,
        format!(
            "!tuple = tuple<{i1s}>\n#loc3 = loc(\"a.mlir\":1:2)\n#map = affine_map<(d0) -> (d0 + 1)>\n#map1 = affine_map<(d0, d1) -> (d1)>\n"
        )
    );
    assert_eq!(
        locs,
        "#loc = loc(\"t1.mlir\":0:0)\n#loc1 = loc(\"q\")\n#loc2 = loc(\"r\")\n#loc4 = loc(\"b.mlir\":3:4)\n\
         #loc5 = loc(\"c.mlir\":5:6)\n#loc6 = loc(fused[#loc1, #loc2])\n#loc7 = loc(\"x\"(#loc4))\n\
         #loc8 = loc(callsite(#loc7 at #loc5))\n"
    );
    assert_eq!(
        body,
        "loc(#loc)loc(#loc6)i32loc(\"a.mlir\":1:2){m = #map, m2 = #map1, t = !tuple}loc(#loc8)"
    );

    // `--mlir-print-local-scope` disables every alias.
    let local = PrintFlags {
        local_scope: true,
        ..flags.clone()
    };
    let (top, locs, body) = two_pass(&ctx, &local, walk, walk);
    assert_eq!((top.as_str(), locs.as_str()), ("", ""));
    assert!(
        body.starts_with("loc(\"t1.mlir\":0:0)loc(fused[\"q\", \"r\"])"),
        "{body}"
    );
}

// Input (t2.mlir), `mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo`:
//   module {
//     func.func @f(%a: memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>) attributes
//         {x = [affine_map<(d0) -> (d0)>, #foo.bar, !foo.baz, #foo<"a b">]} {
//       return loc(unknown)
//     } loc(unknown)
//     "foo.op"() {l = loc("a":1:2), m = affine_map<(d0) -> (d0)>} : () -> ()
//         loc(fused<affine_map<(d0)->(d0+2)>>["z":1:2])
//   } loc(unknown)
#[test]
fn aliases_deferred_and_nested() {
    let ctx = Context::new();
    let flags = PrintFlags {
        debuginfo: true,
        ..PrintFlags::default()
    };
    let unknown = ctx.unknown_loc();
    let transpose = map(&ctx, 2, 0, vec![d(1), d(0)]);
    let mem = memref(&ctx, &[4, 4], ctx.f32_type(), Some(transpose), None);
    let arg_loc = ctx.file_line_col("t2.mlir", 2, 16);
    let ident = map(&ctx, 1, 0, vec![d(0)]);
    let opaque = |body: &str| {
        ctx.intern_attr(AttrKind::Opaque {
            dialect: ctx.ident("foo"),
            body: body.into(),
        })
    };
    let x = ctx.array_attr(&[
        ident,
        opaque("bar"),
        ctx.type_attr(ctx.opaque_type("foo", "baz")),
        opaque("\"a b\""),
    ]);
    let func_attrs = [(ctx.ident("x"), x)];
    let op_loc = ctx.fused_loc(
        &[ctx.file_line_col("z", 1, 2)],
        Some(map(&ctx, 1, 0, vec![add(d(0), c(2))])),
    );
    let op_attrs = [
        (ctx.ident("l"), ctx.file_line_col("a", 1, 2).0),
        (ctx.ident("m"), ident),
    ];
    let record = |p: &AttrPrinter, o: &mut String| {
        p.print_location(o, unknown);
        p.print_location(o, unknown);
        p.print_type(o, mem);
        p.print_arg_location(o, arg_loc);
        p.print_dict_entries(o, &func_attrs, &[]);
        p.print_location(o, unknown);
        p.print_location(o, op_loc);
        p.print_dict_entries(o, &op_attrs, &[]);
    };
    let print = |p: &AttrPrinter, o: &mut String| {
        p.print_type(o, mem);
        p.print_arg_location(o, arg_loc);
        p.print_dict_entries(o, &func_attrs, &[]);
        p.print_location(o, unknown);
        p.print_dict_entries(o, &op_attrs, &[]);
        p.print_location(o, op_loc);
    };
    let (top, locs, body) = two_pass(&ctx, &flags, record, print);
    assert_eq!(
        top,
        "#loc1 = loc(\"t2.mlir\":2:16)\n#loc3 = loc(\"a\":1:2)\n#map = affine_map<(d0, d1) -> (d1, d0)>\n\
         #map1 = affine_map<(d0) -> (d0)>\n"
    );
    assert_eq!(
        locs,
        "#loc = loc(unknown)\n#loc2 = loc(\"z\":1:2)\n#map2 = affine_map<(d0) -> (d0 + 2)>\n#loc4 = loc(fused<#map2>[#loc2])\n"
    );
    assert_eq!(
        body,
        "memref<4x4xf32, #map>loc(\"t2.mlir\":2:16){x = [#map1, #foo.bar, !foo.baz, #foo<\"a b\">]}loc(#loc)\
         {l = #loc3, m = #map1}loc(#loc4)"
    );
}

// Input (t6.mlir) with `--mlir-print-debuginfo`: locations used as attribute
// values get non-deferred aliases, numbered after the op locations they
// follow in visit order but sorted by nesting depth.
#[test]
fn aliases_locations_in_attributes() {
    let ctx = Context::new();
    let flags = PrintFlags {
        debuginfo: true,
        ..PrintFlags::default()
    };
    let f = |l, c, end| {
        Location(ctx.intern_attr(AttrKind::FileLineColLoc {
            file: ctx.ident("f"),
            line: l,
            col: c,
            end,
        }))
    };
    let name = |n: &str| ctx.name_loc(n, None);
    let b12 = ctx.file_line_col("b", 1, 2);
    let dict = ctx.dictionary_attr(&[(ctx.ident("x"), ctx.int_attr(ctx.int_type(64), 1))]);
    let inner = ctx.callsite_loc(name("b"), name("c"));
    let m_loc = Location(ctx.intern_attr(AttrKind::FusedLoc {
        locations: [ctx.unknown_loc()].into(),
        metadata: Some(ctx.string_attr("m")),
    }));
    let entries = [
        ("a", f(1, 2, Some((3, 4)))),
        ("b", f(1, 2, Some((1, 5)))),
        ("c", f(1, 0, None)),
        ("d", f(1, 2, None)),
        ("e", name("n")),
        ("f", name("n")),
        (
            "g",
            ctx.fused_loc(&[name("a")], Some(ctx.string_attr("meta"))),
        ),
        ("h", ctx.fused_loc(&[name("a"), b12], Some(dict))),
        ("i", ctx.callsite_loc(name("a"), inner)),
        ("j", ctx.file_line_col("a\"b\n", 3, 4)),
        ("k", name("a")),
        ("l", ctx.unknown_loc()),
        ("m", m_loc),
    ];
    let attrs: Vec<(Ident, Attribute)> = entries.iter().map(|(n, l)| (ctx.ident(n), l.0)).collect();
    let module_loc = ctx.file_line_col("t6.mlir", 0, 0);
    let op_loc = ctx.file_line_col("t6.mlir", 1, 1);
    let record = |p: &AttrPrinter, o: &mut String| {
        p.print_location(o, module_loc);
        p.print_location(o, op_loc);
        p.print_dict_entries(o, &attrs, &[]);
    };
    let print = |p: &AttrPrinter, o: &mut String| {
        p.print_dict_entries(o, &attrs, &[]);
        p.print_location(o, op_loc);
        p.print_location(o, module_loc);
    };
    let (top, locs, body) = two_pass(&ctx, &flags, record, print);
    assert_eq!(
        top,
        "#loc2 = loc(\"f\":1:2 to 3:4)\n#loc3 = loc(\"f\":1:2 to :5)\n#loc4 = loc(\"f\":1:0)\n#loc5 = loc(\"f\":1:2)\n\
         #loc6 = loc(\"n\")\n#loc7 = loc(\"a\")\n#loc8 = loc(\"b\":1:2)\n#loc9 = loc(\"b\")\n#loc10 = loc(\"c\")\n\
         #loc11 = loc(\"a\\22b\\0A\":3:4)\n#loc12 = loc(unknown)\n#loc13 = loc(fused<\"meta\">[#loc7])\n\
         #loc14 = loc(fused<{x = 1 : i64}>[#loc7, #loc8])\n#loc15 = loc(callsite(#loc9 at #loc10))\n\
         #loc16 = loc(fused<\"m\">[#loc12])\n#loc17 = loc(callsite(#loc7 at #loc15))\n"
    );
    assert_eq!(
        body,
        "{a = #loc2, b = #loc3, c = #loc4, d = #loc5, e = #loc6, f = #loc6, g = #loc13, h = #loc14, i = #loc17, \
         j = #loc11, k = #loc7, l = #loc12, m = #loc16}loc(#loc1)loc(#loc)"
    );
    assert_eq!(
        locs,
        "#loc = loc(\"t6.mlir\":0:0)\n#loc1 = loc(\"t6.mlir\":1:1)\n"
    );
}

// Input: `"foo.op"() {a = loc("x":1:2), t24 = memref<2x3xi32, affine_map<(d0, d1) -> (d1, d0)>, 3>,
// t6 = memref<4xf32, affine_map<(d0) -> (d0 + 1)>, 1>}` without debuginfo:
// `#loc = loc("x":1:2)`, `#map`, `#map1` in visit order.
#[test]
fn aliases_without_debuginfo() {
    let ctx = Context::new();
    let flags = PrintFlags::default();
    let int64 = |v| ctx.int_attr(ctx.int_type(64), v);
    let t24 = memref(
        &ctx,
        &[2, 3],
        ctx.int_type(32),
        Some(map(&ctx, 2, 0, vec![d(1), d(0)])),
        Some(int64(3)),
    );
    let t6 = memref(
        &ctx,
        &[4],
        ctx.f32_type(),
        Some(map(&ctx, 1, 0, vec![add(d(0), c(1))])),
        Some(int64(1)),
    );
    let attrs = [
        (ctx.ident("a"), ctx.file_line_col("x", 1, 2).0),
        (ctx.ident("t24"), ctx.type_attr(t24)),
        (ctx.ident("t6"), ctx.type_attr(t6)),
    ];
    let walk = |p: &AttrPrinter, o: &mut String| p.print_dict_entries(o, &attrs, &[]);
    let (top, locs, body) = two_pass(&ctx, &flags, walk, walk);
    assert_eq!(
        top,
        "#loc = loc(\"x\":1:2)\n#map = affine_map<(d0, d1) -> (d1, d0)>\n#map1 = affine_map<(d0) -> (d0 + 1)>\n"
    );
    assert_eq!(locs, "");
    assert_eq!(
        body,
        "{a = #loc, t24 = memref<2x3xi32, #map, 3>, t6 = memref<4xf32, #map1, 1>}"
    );
}

// Printing through an alias table built from a different record (or an
// attribute never recorded) falls back to the inline form.
#[test]
fn unrecorded_attributes_print_inline() {
    let ctx = Context::new();
    let flags = PrintFlags::default();
    let table = AliasTable::build(&ctx, &Record::default(), &flags);
    assert!(table.is_empty());
    let p = AttrPrinter::new(&ctx, &flags, Some(&table));
    let mut out = String::new();
    p.print_attr(&mut out, map(&ctx, 1, 0, vec![d(0)]));
    assert_eq!(out, "affine_map<(d0) -> (d0)>");
}

// A rough throughput check, run with
// `cargo test --release -p mlir-ir --lib printer_throughput -- --ignored --nocapture`.
#[test]
#[ignore]
fn printer_throughput() {
    let ctx = Context::new();
    let flags = PrintFlags {
        debuginfo: true,
        ..PrintFlags::default()
    };
    let t = ctx.ranked_tensor_type(&[4, DYNAMIC], ctx.f32_type(), None);
    let i64t = ctx.int_type(64);
    let n = 1_000_000;
    let locs: Vec<Location> = (0..n)
        .map(|i| ctx.file_line_col("bench.mlir", i as u32, 7))
        .collect();
    let floats: Vec<Attribute> = (0..n)
        .map(|i| f32_attr(&ctx, i as f32 * 0.37 + 0.001))
        .collect();
    let ints: Vec<Attribute> = (0..n).map(|i| ctx.int_attr(i64t, i as i64)).collect();
    let run = |p: &AttrPrinter, out: &mut String| {
        for i in 0..n {
            p.print_type(out, t);
            p.print_attr(out, ints[i]);
            p.print_attr(out, floats[i]);
            p.print_location(out, locs[i]);
        }
    };
    let start = std::time::Instant::now();
    let rec = AttrPrinter::recording(&ctx, &flags);
    run(&rec, &mut String::new());
    let table = AliasTable::build(&ctx, &rec.into_record(), &flags);
    let recorded = start.elapsed();
    let p = AttrPrinter::new(&ctx, &flags, Some(&table));
    let mut out = String::with_capacity(100 << 20);
    let start = std::time::Instant::now();
    run(&p, &mut out);
    let printed = start.elapsed();
    let mut defs = String::new();
    table.print_location_aliases(&p, &mut defs);
    let all = start.elapsed();
    println!(
        "record+alias {recorded:?}, print {printed:?} ({} bytes), with alias definitions {all:?}",
        out.len()
    );
}

// Input (t10.mlir), `mlir-opt --mlir-print-op-generic`:
//   %0 = "affine.apply"(%c) <{map = affine_map<(d0) -> (d0 + 1)>}> {a = affine_map<(d0) -> (d0 + 2)>}
// prints `#map = affine_map<(d0) -> (d0 + 2)>` first: MLIR visits inherent
// and discardable attributes merged by name.
#[test]
fn aliases_generic_attrs_merge_properties() {
    let ctx = Context::new();
    let flags = PrintFlags {
        generic: true,
        ..PrintFlags::default()
    };
    let plus1 = map(&ctx, 1, 0, vec![add(d(0), c(1))]);
    let plus2 = map(&ctx, 1, 0, vec![add(d(0), c(2))]);
    let props = ctx.dictionary_attr(&[(ctx.ident("map"), plus1)]);
    let attrs = [(ctx.ident("a"), plus2)];
    let record = |p: &AttrPrinter, _: &mut String| p.record_generic_attrs(Some(props), &attrs);
    let print = |p: &AttrPrinter, o: &mut String| {
        p.print_properties(o, props);
        p.print_dict_entries(o, &attrs, &[]);
    };
    let (top, _, body) = two_pass(&ctx, &flags, record, print);
    assert_eq!(
        top,
        "#map = affine_map<(d0) -> (d0 + 2)>\n#map1 = affine_map<(d0) -> (d0 + 1)>\n"
    );
    assert_eq!(body, "<{map = #map1}>{a = #map}");
}

// Input: `"foo.op"() {t = tuple<memref<4xf32, affine_map<(d0)->(d0+1)>>, i1 x16>,
// u = affine_map<(d0)->(d0*3)>, v = tuple<i32 x17>, w = [tuple<i32 x17>, tuple<i8 x18>],
// x = tuple<tuple<i8 x18>, i1 x16>}`: aliases sort by depth (a memref holding
// `#map` has depth 2, so the tuple holding it depth 3), types first.
#[test]
fn aliases_sorted_by_depth() {
    let ctx = Context::new();
    let flags = PrintFlags::default();
    let i1 = ctx.i1_type();
    let plus1 = map(&ctx, 1, 0, vec![add(d(0), c(1))]);
    let mem = memref(&ctx, &[4], ctx.f32_type(), Some(plus1), None);
    let mut t_elems = vec![mem];
    t_elems.extend([i1; 16]);
    let t = ctx.tuple_type(&t_elems);
    let v = ctx.tuple_type(&[ctx.int_type(32); 17]);
    let i8s = ctx.tuple_type(&[ctx.int_type(8); 18]);
    let mut x_elems = vec![i8s];
    x_elems.extend([i1; 16]);
    let x = ctx.tuple_type(&x_elems);
    let attrs = [
        (ctx.ident("t"), ctx.type_attr(t)),
        (ctx.ident("u"), map(&ctx, 1, 0, vec![mul(d(0), c(3))])),
        (ctx.ident("v"), ctx.type_attr(v)),
        (
            ctx.ident("w"),
            ctx.array_attr(&[ctx.type_attr(v), ctx.type_attr(i8s)]),
        ),
        (ctx.ident("x"), ctx.type_attr(x)),
    ];
    let walk = |p: &AttrPrinter, o: &mut String| p.print_dict_entries(o, &attrs, &[]);
    let (top, _, body) = two_pass(&ctx, &flags, walk, walk);
    let rep = |t: &str, n: usize| vec![t; n].join(", ");
    assert_eq!(
        top,
        format!(
            "!tuple = tuple<{}>\n!tuple1 = tuple<{}>\n#map = affine_map<(d0) -> (d0 + 1)>\n\
             #map1 = affine_map<(d0) -> (d0 * 3)>\n!tuple2 = tuple<!tuple1, {}>\n\
             !tuple3 = tuple<memref<4xf32, #map>, {}>\n",
            rep("i32", 17),
            rep("i8", 18),
            rep("i1", 16),
            rep("i1", 16)
        )
    );
    assert_eq!(
        body,
        "{t = !tuple3, u = #map1, v = !tuple, w = [!tuple, !tuple1], x = !tuple2}"
    );
}

#[test]
fn integer_sets_and_distinct() {
    use crate::affine::IntegerSet;
    let ctx = Context::new();
    // affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 >= 0, d0 - 3 == 0)>
    let set = ctx.intern_attr(AttrKind::IntegerSet(Box::new(IntegerSet {
        num_dims: 1,
        num_symbols: 1,
        constraints: vec![d(0), add(mul(d(0), c(-1)), s(0)), add(d(0), c(-3))].into(),
        eq_flags: vec![false, false, true].into(),
    })));
    assert_eq!(
        attr_str(&ctx, set),
        "affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 >= 0, d0 - 3 == 0)>"
    );
    let empty = ctx.intern_attr(AttrKind::IntegerSet(Box::new(IntegerSet {
        num_dims: 0,
        num_symbols: 0,
        constraints: vec![c(0)].into(),
        eq_flags: vec![true].into(),
    })));
    assert_eq!(attr_str(&ctx, empty), "affine_set<() : (0 == 0)>");
    // Two distinct attributes over the same value differ; ids follow the
    // order of printing, per printer.
    let i32t = ctx.int_type(32);
    let v = ctx.int_attr(i32t, 42);
    let a = ctx.distinct_attr(v);
    let b = ctx.distinct_attr(v);
    assert_ne!(a, b);
    let both = ctx.array_attr(&[b, a, b]);
    assert_eq!(
        attr_str(&ctx, both),
        "[distinct[0]<42 : i32>, distinct[1]<42 : i32>, distinct[0]<42 : i32>]"
    );
    let unit = ctx.distinct_attr(ctx.unit_attr());
    assert_eq!(attr_str(&ctx, unit), "distinct[0]<>");
}

/// The word-at-a-time scan of `push_escaped` (and of `push_escaped_str`,
/// for text) escapes exactly the bytes a
/// byte-by-byte reading of LLVM's `printEscapedString` does: every byte
/// value, at every position of strings around the word size, between
/// printable neighbours and next to other escaped bytes.
#[test]
fn push_escaped_matches_a_bytewise_escape() {
    fn reference(bytes: &[u8]) -> String {
        let mut s = String::from("\"");
        for &b in bytes {
            match b {
                b'\\' => s.push_str("\\\\"),
                0x20..=0x7E if b != b'"' => s.push(b as char),
                _ => s.push_str(&format!("\\{b:02X}")),
            }
        }
        s.push('"');
        s
    }
    for len in 0..20usize {
        for pos in 0..len.max(1) {
            for b in 0..=255u8 {
                let mut bytes: Vec<u8> = (0..len).map(|i| b'a' + (i % 26) as u8).collect();
                if pos < len {
                    bytes[pos] = b;
                    // A second byte to escape later in the same word.
                    if pos + 3 < len && b % 3 == 0 {
                        bytes[pos + 3] = 0x1f;
                    }
                }
                let mut out = String::new();
                super::push_escaped(&mut out, &bytes);
                assert_eq!(out, reference(&bytes), "bytes {bytes:?}");
                if let Ok(text) = std::str::from_utf8(&bytes) {
                    let mut out = String::new();
                    super::push_escaped_str(&mut out, text);
                    assert_eq!(out, reference(&bytes), "text {text:?}");
                }
            }
        }
    }
}

/// `push_u64` writes what `to_string` does, around every power of ten and
/// at the ends of the range.
#[test]
fn push_u64_matches_to_string() {
    let mut values = vec![0u64, u64::MAX, u64::MAX - 1];
    let mut p = 1u64;
    while let Some(next) = p.checked_mul(10) {
        values.extend([p - 1, p, p + 1, p * 5 + 3]);
        p = next;
    }
    values.extend([p - 1, p, p + 1]);
    values.extend(0..1000);
    for v in values {
        let mut out = String::from("x");
        super::push_u64(&mut out, v);
        assert_eq!(out, format!("x{v}"));
    }
}
