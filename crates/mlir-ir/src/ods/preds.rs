//! Small predicates and builders that the ODS base library's Rust predicate
//! expressions call (`crates/mlir-ods/td/*.td`), so that a `CPred` stays a
//! one-line call instead of a `matches!` over `TypeKind`/`AttrKind`.
//!
//! Every function takes the context first and the checked handle second,
//! matching the `$_ctx`/`$_self` convention of the `.td` predicates.

use crate::attributes::{AttrKind, Attribute};
use crate::context::Context;
use crate::types::{FloatKind, Signedness, Type, TypeKind};

/// An integer type of `width` bits (any width when `None`) and signedness
/// (any when `None`).
pub fn is_int(ctx: &Context, t: Type, width: Option<u32>, sign: Option<Signedness>) -> bool {
    matches!(ctx.ty(t), TypeKind::Integer { width: w, signedness: s }
        if width.is_none_or(|x| x == *w) && sign.is_none_or(|x| x == *s))
}

/// A signless integer type of any width.
pub fn is_signless_int(ctx: &Context, t: Type) -> bool {
    is_int(ctx, t, None, Some(Signedness::Signless))
}

/// A signless integer or `index`.
pub fn is_signless_int_or_index(ctx: &Context, t: Type) -> bool {
    is_signless_int(ctx, t) || ctx.is_index(t)
}

/// The float type `kind`.
pub fn is_float_kind(ctx: &Context, t: Type, kind: FloatKind) -> bool {
    matches!(ctx.ty(t), TypeKind::Float(k) if *k == kind)
}

/// A float type of `width` bits other than bf16/tf32 and the 8-bit formats,
/// as ODS' `F<width>` (`F16`, `F32`, `F64`, `F80`, `F128`).
pub fn is_float_width(ctx: &Context, t: Type, width: u32) -> bool {
    let kind = match width {
        16 => FloatKind::F16,
        32 => FloatKind::F32,
        64 => FloatKind::F64,
        80 => FloatKind::F80,
        128 => FloatKind::F128,
        _ => return false,
    };
    is_float_kind(ctx, t, kind)
}

pub fn is_function(ctx: &Context, t: Type) -> bool {
    matches!(ctx.ty(t), TypeKind::Function { .. })
}
pub fn is_none_type(ctx: &Context, t: Type) -> bool {
    matches!(ctx.ty(t), TypeKind::None)
}
pub fn is_complex(ctx: &Context, t: Type) -> bool {
    matches!(ctx.ty(t), TypeKind::Complex(_))
}
pub fn is_vector(ctx: &Context, t: Type) -> bool {
    matches!(ctx.ty(t), TypeKind::Vector { .. })
}
pub fn is_tensor(ctx: &Context, t: Type) -> bool {
    matches!(
        ctx.ty(t),
        TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. }
    )
}
pub fn is_ranked_tensor(ctx: &Context, t: Type) -> bool {
    matches!(ctx.ty(t), TypeKind::RankedTensor { .. })
}
pub fn is_unranked_tensor(ctx: &Context, t: Type) -> bool {
    matches!(ctx.ty(t), TypeKind::UnrankedTensor { .. })
}
pub fn is_memref(ctx: &Context, t: Type) -> bool {
    matches!(
        ctx.ty(t),
        TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. }
    )
}
pub fn is_ranked_memref(ctx: &Context, t: Type) -> bool {
    matches!(ctx.ty(t), TypeKind::MemRef { .. })
}
pub fn is_shaped(ctx: &Context, t: Type) -> bool {
    ctx.shaped_element_type(t).is_some()
}
/// A vector or tensor (MLIR's `ValueSemanticsContainerOf`).
pub fn is_value_semantics_container(ctx: &Context, t: Type) -> bool {
    is_vector(ctx, t) || is_tensor(ctx, t)
}
/// A ranked shaped type with a static shape.
pub fn has_static_shape(ctx: &Context, t: Type) -> bool {
    ctx.shape(t).is_some_and(|s| s.iter().all(|&d| d >= 0))
}
/// The element type of a shaped type; `t` itself otherwise (predicates only
/// apply it after checking the container kind).
pub fn element_type(ctx: &Context, t: Type) -> Type {
    ctx.element_type_or_self(t)
}

/// The rank of a ranked shaped type (`None` for unranked and non-shaped
/// types), what ODS' `Rank<"x">` and `AllRanksMatch` compare.
pub fn rank(ctx: &Context, t: Type) -> Option<i64> {
    ctx.shape(t).map(|s| s.len() as i64)
}
/// The number of elements of a statically shaped type (`ElementCount<"x">`,
/// `AllElementCountsMatch`); `None` for dynamic or unranked shapes.
pub fn num_elements(ctx: &Context, t: Type) -> Option<i64> {
    let shape = ctx.shape(t)?;
    shape
        .iter()
        .try_fold(1i64, |acc, &d| (d >= 0).then(|| acc.saturating_mul(d)))
}
/// A ranked shaped type whose rank is one of `ranks` (`HasAnyRankOfPred`).
pub fn has_rank_in(ctx: &Context, t: Type, ranks: &[i64]) -> bool {
    rank(ctx, t).is_some_and(|r| ranks.contains(&r))
}
/// A `complex<...>` whose element type satisfies `elem`.
pub fn is_complex_of(ctx: &Context, t: Type, elem: impl Fn(Type) -> bool) -> bool {
    matches!(ctx.ty(t), TypeKind::Complex(e) if elem(*e))
}
/// A `tuple<...>` whose every element satisfies `elem` (`TupleOf`).
pub fn is_tuple_of(ctx: &Context, t: Type, elem: impl Fn(Type) -> bool) -> bool {
    matches!(ctx.ty(t), TypeKind::Tuple(es) if es.iter().all(|&e| elem(e)))
}
/// A `tuple<...>` whose leaves, through nested tuples, satisfy `elem`
/// (`NestedTupleOf`).
pub fn is_nested_tuple_of(ctx: &Context, t: Type, elem: &dyn Fn(Type) -> bool) -> bool {
    match ctx.ty(t) {
        TypeKind::Tuple(es) => es.iter().all(|&e| {
            if matches!(ctx.ty(e), TypeKind::Tuple(_)) {
                is_nested_tuple_of(ctx, e, elem)
            } else {
                elem(e)
            }
        }),
        _ => false,
    }
}
/// A dense integer-or-float elements attribute (`dense<...>`) whose element
/// type satisfies `elem` (`I32ElementsAttr`, `IndexElementsAttr`).
pub fn is_dense_elements_of(ctx: &Context, a: Attribute, elem: impl Fn(Type) -> bool) -> bool {
    match ctx.attr(a) {
        AttrKind::DenseElements { ty, .. } => elem(ctx.element_type_or_self(*ty)),
        _ => false,
    }
}

/// An integer attribute whose type is a signless integer of `width` bits.
pub fn is_int_attr(ctx: &Context, a: Attribute, width: u32) -> bool {
    matches!(ctx.attr(a), AttrKind::Integer { ty, .. } if ctx.is_signless_integer(*ty, width))
}
/// An integer attribute of any integer or index type.
pub fn is_any_int_attr(ctx: &Context, a: Attribute) -> bool {
    matches!(ctx.attr(a), AttrKind::Integer { .. })
}
/// An integer attribute of type `index`.
pub fn is_index_attr(ctx: &Context, a: Attribute) -> bool {
    matches!(ctx.attr(a), AttrKind::Integer { ty, .. } if ctx.is_index(*ty))
}
/// A float attribute of type `kind`.
pub fn is_float_attr(ctx: &Context, a: Attribute, kind: FloatKind) -> bool {
    matches!(ctx.attr(a), AttrKind::Float { ty, .. } if is_float_kind(ctx, *ty, kind))
}
/// Any float attribute.
pub fn is_any_float_attr(ctx: &Context, a: Attribute) -> bool {
    matches!(ctx.attr(a), AttrKind::Float { .. })
}
/// An untyped string attribute.
pub fn is_string_attr(ctx: &Context, a: Attribute) -> bool {
    matches!(ctx.attr(a), AttrKind::String { .. })
}
pub fn is_bool_attr(ctx: &Context, a: Attribute) -> bool {
    matches!(ctx.attr(a), AttrKind::Integer { ty, .. } if ctx.is_i1(*ty))
}
pub fn is_unit_attr(ctx: &Context, a: Attribute) -> bool {
    matches!(ctx.attr(a), AttrKind::Unit)
}
pub fn is_dictionary_attr(ctx: &Context, a: Attribute) -> bool {
    matches!(ctx.attr(a), AttrKind::Dictionary(_))
}
pub fn is_array_attr(ctx: &Context, a: Attribute) -> bool {
    matches!(ctx.attr(a), AttrKind::Array(_))
}
/// The elements of an array attribute (empty for other attributes).
pub fn array_elements(ctx: &Context, a: Attribute) -> &[Attribute] {
    match ctx.attr(a) {
        AttrKind::Array(e) => e,
        _ => &[],
    }
}
/// A type attribute; its type is [`type_attr_value`].
pub fn is_type_attr(ctx: &Context, a: Attribute) -> bool {
    matches!(ctx.attr(a), AttrKind::Type(_))
}
/// The type held by a type attribute (`none` for other attributes, which
/// type predicates reject because predicates check `is_type_attr` first).
pub fn type_attr_value(ctx: &Context, a: Attribute) -> Type {
    match ctx.attr(a) {
        AttrKind::Type(t) => *t,
        _ => ctx.none_type(),
    }
}
pub fn is_symbol_ref_attr(ctx: &Context, a: Attribute) -> bool {
    matches!(ctx.attr(a), AttrKind::SymbolRef { .. })
}
pub fn is_flat_symbol_ref_attr(ctx: &Context, a: Attribute) -> bool {
    matches!(ctx.attr(a), AttrKind::SymbolRef { nested, .. } if nested.is_empty())
}
/// A `dense<...>` elements attribute of integers or indices (MLIR's
/// `DenseIntElementsAttr`).
pub fn is_int_elements_attr(ctx: &Context, a: Attribute) -> bool {
    matches!(ctx.attr(a), AttrKind::DenseElements { ty, .. }
        if matches!(ctx.ty(ctx.element_type_or_self(*ty)), TypeKind::Integer { .. } | TypeKind::Index))
}
/// A dense array (`array<iN: ...>`) of signless `width`-bit integers.
pub fn is_dense_int_array(ctx: &Context, a: Attribute, width: u32) -> bool {
    matches!(ctx.attr(a), AttrKind::DenseArray { element, .. } if ctx.is_signless_integer(*element, width))
}
/// A dense array of floats of kind `kind`.
pub fn is_dense_float_array(ctx: &Context, a: Attribute, kind: FloatKind) -> bool {
    matches!(ctx.attr(a), AttrKind::DenseArray { element, .. } if is_float_kind(ctx, *element, kind))
}
/// The number of elements of an array or dense array attribute.
pub fn array_len(ctx: &Context, a: Attribute) -> usize {
    match ctx.attr(a) {
        AttrKind::Array(e) | AttrKind::DenseArray { elements: e, .. } => e.len(),
        _ => 0,
    }
}
/// The signed value of an integer attribute (0 for other attributes, which
/// range predicates never see because they check the kind first).
pub fn int_value(ctx: &Context, a: Attribute) -> i64 {
    ctx.int_attr_value(a).unwrap_or(0)
}
/// A dense array attribute of `width`-bit integers holding `values`.
/// The integers of a dense array attribute (an `IntArrayProp`'s value);
/// empty for other attributes.
pub fn dense_int_values(ctx: &Context, a: Attribute) -> Vec<i64> {
    match ctx.attr(a) {
        AttrKind::DenseArray { elements, .. } => elements
            .iter()
            .filter_map(|&e| ctx.int_attr_value(e))
            .collect(),
        _ => Vec::new(),
    }
}

pub fn dense_int_array(ctx: &Context, width: u32, values: &[i64]) -> Attribute {
    let t = ctx.int_type(width);
    let elements: Vec<Attribute> = values.iter().map(|&v| ctx.int_attr(t, v)).collect();
    ctx.intern_attr(AttrKind::DenseArray {
        element: t,
        elements: elements.into(),
    })
}
/// The elements attribute `dense<value> : tensor<iN>` (upstream's
/// `I32ElementsAttr`/`I64ElementsAttr` constant builder: a rank-0 tensor).
pub fn int_elements_scalar(ctx: &Context, width: u32, value: i64) -> Attribute {
    let t = ctx.int_type(width);
    let ty = ctx.ranked_tensor_type(&[], t, None);
    ctx.intern_attr(AttrKind::DenseElements {
        ty,
        elements: vec![ctx.int_attr(t, value)].into(),
    })
}
/// A float attribute of kind `kind` holding `value`.
pub fn float_attr(ctx: &Context, kind: FloatKind, value: f64) -> Attribute {
    ctx.float_attr(
        ctx.float_type(kind),
        crate::attributes::ApFloat::from_f64(value),
    )
}

/// An elements attribute of any kind: `dense<...>` (numbers or strings) or
/// `dense_resource<...>` (upstream's `ElementsAttr` constraint).
pub fn is_elements_attr(ctx: &Context, a: Attribute) -> bool {
    matches!(
        ctx.attr(a),
        AttrKind::DenseElements { .. }
            | AttrKind::DenseStrings { .. }
            | AttrKind::DenseResource { .. }
    )
}

/// An attribute whose (shaped) type has exactly the shape `shape` (the
/// shape half of upstream's `Ranked*ElementsAttr<dims>`).
pub fn has_shape(ctx: &Context, a: Attribute, shape: &[i64]) -> bool {
    ctx.attr_type(a).and_then(|t| ctx.shape(t)) == Some(shape)
}

/// The float elements attribute `dense<values> : tensor<shape x fW>` (the
/// constant builder of upstream's `FloatElementsAttr`/`RankedF32ElementsAttr`):
/// one value is a splat, else one value per element.
pub fn float_elements(ctx: &Context, width: u32, shape: &[i64], values: &[f64]) -> Attribute {
    let kind = match width {
        16 => FloatKind::F16,
        32 => FloatKind::F32,
        80 => FloatKind::F80,
        128 => FloatKind::F128,
        _ => FloatKind::F64,
    };
    let ft = ctx.float_type(kind);
    let ty = ctx.ranked_tensor_type(shape, ft, None);
    let elements: Vec<Attribute> = values
        .iter()
        .map(|&v| {
            // Rounding through `f32` first gives the nearest `f32`, as
            // upstream's `APFloat(float)` does for 32-bit constants.
            let f = if width == 32 {
                crate::attributes::ApFloat::from_f32(v as f32)
            } else {
                crate::attributes::ApFloat::from_f64(v)
            };
            ctx.float_attr(ft, f)
        })
        .collect();
    ctx.intern_attr(AttrKind::DenseElements {
        ty,
        elements: elements.into(),
    })
}

// ----- typed attribute accessors (`convertFromStorage` of `td/Attrs.td`) -----

/// The value of an integer attribute (`I32Attr`, `IndexAttr`, ...); 0 for
/// an attribute of another kind (the verifier rejects such ops first).
pub fn attr_i64(ctx: &Context, a: Attribute) -> i64 {
    ctx.int_attr_value(a).unwrap_or(0)
}

/// The value of a `BoolAttr` (an `i1` integer attribute).
pub fn attr_bool(ctx: &Context, a: Attribute) -> bool {
    ctx.int_attr_value(a).is_some_and(|v| v != 0)
}

/// The value of an `f32` or `f64` float attribute as `f64` (NaN for other
/// kinds).
pub fn attr_f64(ctx: &Context, a: Attribute) -> f64 {
    match ctx.attr(a) {
        AttrKind::Float { value, .. } => match value.kind {
            FloatKind::F64 => f64::from_bits(value.bits as u64),
            FloatKind::F32 => f32::from_bits(value.bits as u32) as f64,
            _ => f64::NAN,
        },
        _ => f64::NAN,
    }
}

/// The text of a string attribute (lossy for non-UTF-8 bytes).
pub fn attr_string(ctx: &Context, a: Attribute) -> String {
    ctx.string_attr_value(a)
        .map(|s| s.into_owned())
        .unwrap_or_default()
}

/// The root name of a symbol reference attribute (the whole name of a
/// `FlatSymbolRefAttr`).
pub fn attr_symbol(ctx: &Context, a: Attribute) -> String {
    match ctx.attr(a) {
        AttrKind::SymbolRef { root, .. } => ctx.ident_str(*root).to_string(),
        _ => String::new(),
    }
}
