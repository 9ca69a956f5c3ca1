//! Typed attributes: checked dense elements construction (wrong counts and
//! element types are errors, never a silently truncated attribute), typed
//! element access, splats, `reshape`, the other builtin attribute
//! accessors, and `Display` for types, attributes, locations and ops.

use std::sync::Arc;

use mlir_ir::asm::parser::{parse_source, ParseConfig};
use mlir_ir::typed_attrs::float_to_f64;
use mlir_ir::{ApFloat, ApInt, Context, FloatKind};

#[test]
fn dense_elements_are_checked_against_their_type() {
    let ctx = Context::new();
    let f64t = ctx.f64_type();
    let t23 = ctx.ranked_tensor_type(&[2, 3], f64t, None);
    let a = ctx
        .dense_f64_attr(t23, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
        .expect("six values fill 2x3");
    assert_eq!(
        ctx.display(a).to_string(),
        "dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf64>"
    );
    // Too few values: an error, not an attribute that prints truncated.
    let err = ctx.dense_f64_attr(t23, &[1.0, 2.0]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "'tensor<2x3xf64>' holds 6 elements, but 2 were given"
    );
    // Wrong element type.
    let i32t = ctx.int_type(32);
    let one = ctx.int_attr(i32t, 1);
    let err = ctx.dense_elements_attr(t23, &[one]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "element #0 (1 : i32) is not a value of the element type 'f64'"
    );
    // Dynamic shapes hold no known number of elements.
    let dynamic = ctx.ranked_tensor_type(&[mlir_ir::DYNAMIC], f64t, None);
    assert!(ctx.dense_f64_attr(dynamic, &[1.0]).is_err());
    let unranked = ctx.unranked_tensor_type(f64t);
    assert!(ctx.dense_f64_attr(unranked, &[1.0]).is_err());
    // Integers must fit the element type.
    let t2i8 = ctx.ranked_tensor_type(&[2], ctx.int_type(8), None);
    assert!(ctx.dense_i64_attr(t2i8, &[-128, 255]).is_ok());
    assert_eq!(
        ctx.dense_i64_attr(t2i8, &[1, 256]).unwrap_err().to_string(),
        "256 does not fit in 'i8'"
    );
}

#[test]
fn typed_element_access_splats_and_reshape() {
    let ctx = Context::new();
    let f32t = ctx.f32_type();
    let t4 = ctx.ranked_tensor_type(&[4], f32t, None);
    let a = ctx.dense_f64_attr(t4, &[0.5, 1.5, 2.5, 3.5]).unwrap();
    let d = ctx.dense_elements(a).unwrap();
    assert_eq!(d.num_elements(), 4);
    assert_eq!(d.values::<f32>(), Some(vec![0.5, 1.5, 2.5, 3.5]));
    assert_eq!(d.values::<f64>(), Some(vec![0.5, 1.5, 2.5, 3.5]));
    assert_eq!(d.get::<f64>(3), Some(3.5));
    assert_eq!(d.get::<f64>(4), None);
    assert_eq!(d.values::<i64>(), None, "float elements are not integers");
    assert!(!d.is_splat());
    assert_eq!(d.splat::<f64>(), None);
    // Reshape keeps the elements; the count must match.
    let t22 = ctx.ranked_tensor_type(&[2, 2], f32t, None);
    let r = d.reshape(t22).unwrap();
    assert_eq!(
        ctx.dense_elements(r).unwrap().values::<f32>(),
        Some(vec![0.5, 1.5, 2.5, 3.5])
    );
    let t3 = ctx.ranked_tensor_type(&[3], f32t, None);
    assert_eq!(
        d.reshape(t3).unwrap_err().to_string(),
        "cannot reshape 4 elements to 'tensor<3xf32>', which holds 3"
    );
    // Equal values are stored as a splat and expand on access.
    let i1 = ctx.int_type(1);
    let v3 = ctx.vector_type(&[3], i1);
    let s = ctx.dense_i64_attr(v3, &[1, 1, 1]).unwrap();
    let sd = ctx.dense_elements(s).unwrap();
    assert!(sd.is_splat());
    assert_eq!(sd.splat::<bool>(), Some(true));
    assert_eq!(sd.values::<bool>(), Some(vec![true; 3]));
    assert_eq!(ctx.display(s).to_string(), "dense<true> : vector<3xi1>");
}

#[test]
fn builtin_attribute_accessors() {
    let ctx = Context::new();
    let i64t = ctx.int_type(64);
    let n = ctx.int_attr(i64t, -7);
    assert_eq!(
        ctx.integer_attr_value(n).map(|(t, v)| (t, v.to_i64())),
        Some((i64t, -7))
    );
    assert_eq!(ctx.bool_attr_value(ctx.bool_attr(true)), Some(true));
    assert_eq!(ctx.bool_attr_value(n), None);
    let f = ctx.float_attr(ctx.f64_type(), ApFloat::from_f64(2.25));
    assert_eq!(ctx.float_attr_f64(f), Some(2.25));
    let arr = ctx.array_attr(&[n, f]);
    assert_eq!(ctx.array_attr_elements(arr), Some(&[n, f][..]));
    let dict = ctx.dictionary_attr(&[(ctx.ident("k"), n)]);
    assert_eq!(ctx.dictionary_attr_entries(dict).map(|e| e.len()), Some(1));
    assert_eq!(ctx.type_attr_value(ctx.type_attr(i64t)), Some(i64t));
    let sym = ctx.flat_symbol_ref("main");
    assert_eq!(ctx.flat_symbol_ref_name(sym), Some("main"));
    assert_eq!(ctx.symbol_ref_parts(sym), Some(("main", vec![])));
    assert_eq!(
        ctx.string_attr_value(ctx.string_attr("s")).as_deref(),
        Some("s")
    );
    // Narrow IEEE floats convert exactly: f16 1.5 is 0x3E00, bf16 -2 is 0xC000.
    let h = ApFloat {
        kind: FloatKind::F16,
        bits: 0x3E00,
    };
    assert_eq!(float_to_f64(h), Some(1.5));
    let b = ApFloat {
        kind: FloatKind::BF16,
        bits: 0xC000,
    };
    assert_eq!(float_to_f64(b), Some(-2.0));
    let _ = ApInt::from_i64(8, 1);
}

#[test]
fn display_of_types_attributes_locations_and_ops() {
    let ctx = Arc::new(Context::new());
    let t = ctx.ranked_tensor_type(&[2, mlir_ir::DYNAMIC], ctx.f32_type(), None);
    assert_eq!(format!("{}", ctx.display(t)), "tensor<2x?xf32>");
    assert_eq!(
        ctx.display(ctx.string_attr("a\"b")).to_string(),
        "\"a\\22b\""
    );
    let loc = ctx.file_line_col("f.mlir", 3, 4);
    assert_eq!(ctx.display(loc).to_string(), "loc(\"f.mlir\":3:4)");
    let src = "module {\n  \"test.op\"() : () -> ()\n}\n";
    let mut c = Context::new();
    c.set_allow_unregistered_dialects(true);
    let (ir, module) = parse_source(Arc::new(c), src, &ParseConfig::default()).unwrap();
    assert_eq!(ir.display(module).to_string(), src.trim_end());
    assert_eq!(
        ir.display(module).generic().to_string(),
        "\"builtin.module\"() ({\n  \"test.op\"() : () -> ()\n}) : () -> ()"
    );
}
