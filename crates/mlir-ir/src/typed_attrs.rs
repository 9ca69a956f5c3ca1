//! Typed access to the builtin attributes users touch, on top of the
//! uniqued [`AttrKind`] data: checked construction of dense elements
//! attributes (element count and element type checked against the shaped
//! type, so a wrong count is an error instead of an attribute that prints
//! truncated), typed element access ([`DenseElements::values`], the splat
//! value), `reshape`, and accessors for integer, float, bool, string,
//! array, dictionary, type and symbol reference attributes.

use std::fmt;

use crate::attributes::{ApFloat, ApInt, AttrKind, Attribute};
use crate::context::{Context, Ident};
use crate::float_semantics::{semantics, NonFinite};
use crate::types::{FloatKind, Type, TypeKind, DYNAMIC};

/// Why an attribute could not be built.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct AttrError(pub String);

impl fmt::Display for AttrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for AttrError {}

/// A Rust value that dense elements can hold and hand back.
pub trait DenseElement: Sized {
    /// The value of element attribute `a`, if it holds this kind of value
    /// exactly.
    fn from_attr(ctx: &Context, a: Attribute) -> Option<Self>;
}

impl DenseElement for Attribute {
    fn from_attr(_: &Context, a: Attribute) -> Option<Self> {
        Some(a)
    }
}

impl DenseElement for ApInt {
    fn from_attr(ctx: &Context, a: Attribute) -> Option<Self> {
        match ctx.attr(a) {
            AttrKind::Integer { value, .. } => Some(value.clone()),
            _ => None,
        }
    }
}

impl DenseElement for i64 {
    /// Sign-extended; `None` for integers wider than 64 bits that do not fit.
    fn from_attr(ctx: &Context, a: Attribute) -> Option<Self> {
        match ctx.attr(a) {
            AttrKind::Integer { value, .. } if value.fits_i64() => Some(value.to_i64()),
            _ => None,
        }
    }
}

impl DenseElement for u64 {
    /// Zero-extended; `None` for integers with bits set above bit 63.
    fn from_attr(ctx: &Context, a: Attribute) -> Option<Self> {
        match ctx.attr(a) {
            AttrKind::Integer { value, .. } if value.words()[1..].iter().all(|&w| w == 0) => {
                Some(value.to_u64())
            }
            _ => None,
        }
    }
}

impl DenseElement for bool {
    /// `i1` elements only.
    fn from_attr(ctx: &Context, a: Attribute) -> Option<Self> {
        match ctx.attr(a) {
            AttrKind::Integer { value, .. } if value.width() == 1 => Some(!value.is_zero()),
            _ => None,
        }
    }
}

impl DenseElement for ApFloat {
    fn from_attr(ctx: &Context, a: Attribute) -> Option<Self> {
        match ctx.attr(a) {
            AttrKind::Float { value, .. } => Some(*value),
            _ => None,
        }
    }
}

impl DenseElement for f64 {
    /// Any IEEE-style float element up to 64 bits, converted exactly.
    fn from_attr(ctx: &Context, a: Attribute) -> Option<Self> {
        match ctx.attr(a) {
            AttrKind::Float { value, .. } => float_to_f64(*value),
            _ => None,
        }
    }
}

impl DenseElement for f32 {
    /// `f32` elements, and narrower IEEE-style ones (converted exactly).
    fn from_attr(ctx: &Context, a: Attribute) -> Option<Self> {
        match ctx.attr(a) {
            AttrKind::Float { value, .. } if value.kind != FloatKind::F64 => {
                float_to_f64(*value).map(|v| v as f32)
            }
            _ => None,
        }
    }
}

/// The value of `f` as an `f64`, for IEEE-style formats (infinities and
/// NaNs in the all-ones exponent) of at most 64 bits, which `f64` holds
/// exactly; `None` for the others (`f80`, `f128`, the finite-only and
/// NaN-only 8-bit formats).
pub fn float_to_f64(f: ApFloat) -> Option<f64> {
    let (kind, bits) = (f.kind, f.bits);
    match kind {
        FloatKind::F64 => return Some(f64::from_bits(bits as u64)),
        FloatKind::F32 => return Some(f32::from_bits(bits as u32) as f64),
        _ => {}
    }
    let s = semantics(kind);
    if s.non_finite != NonFinite::Ieee || s.explicit_int_bit || s.width > 64 || !s.signed {
        return None;
    }
    let mant = (bits & ((1u128 << s.mant_bits) - 1)) as u64;
    let exp = ((bits >> s.mant_bits) & ((1u128 << s.exp_bits) - 1)) as i32;
    let negative = (bits >> (s.width - 1)) & 1 == 1;
    let max_field = (1i32 << s.exp_bits) - 1;
    let magnitude = if exp == max_field {
        if mant == 0 {
            f64::INFINITY
        } else {
            f64::NAN
        }
    } else if exp == 0 {
        mant as f64 * 2f64.powi(s.min_exp - s.mant_bits as i32)
    } else {
        (1.0 + mant as f64 / 2f64.powi(s.mant_bits as i32)) * 2f64.powi(exp - s.max_exp)
    };
    Some(if negative { -magnitude } else { magnitude })
}

/// A dense elements attribute (`dense<...> : tensor<...>` of integers or
/// floats) seen through its type.
#[derive(Copy, Clone)]
pub struct DenseElements<'a> {
    ctx: &'a Context,
    attr: Attribute,
    ty: Type,
    elements: &'a [Attribute],
}

impl<'a> DenseElements<'a> {
    /// The attribute itself.
    pub fn attr(&self) -> Attribute {
        self.attr
    }
    /// The shaped type.
    pub fn ty(&self) -> Type {
        self.ty
    }
    /// The type's shape.
    pub fn shape(&self) -> &'a [i64] {
        self.ctx.shape(self.ty).unwrap_or(&[])
    }
    /// The element type.
    pub fn element_type(&self) -> Type {
        self.ctx.element_type_or_self(self.ty)
    }
    /// The number of elements the type holds.
    pub fn num_elements(&self) -> usize {
        static_count(self.shape()).unwrap_or(0)
    }
    /// Whether every element is the same value (stored once).
    pub fn is_splat(&self) -> bool {
        self.elements.len() == 1
    }
    /// The stored element attributes: one for a splat, else one per
    /// element in row-major order.
    pub fn raw_elements(&self) -> &'a [Attribute] {
        self.elements
    }
    /// The splat value (`getSplatValue`), if the attribute is a splat.
    pub fn splat<T: DenseElement>(&self) -> Option<T> {
        if !self.is_splat() {
            return None;
        }
        T::from_attr(self.ctx, self.elements[0])
    }
    /// Element `index` in row-major order.
    pub fn get<T: DenseElement>(&self, index: usize) -> Option<T> {
        if index >= self.num_elements() {
            return None;
        }
        let a = if self.is_splat() {
            self.elements[0]
        } else {
            *self.elements.get(index)?
        };
        T::from_attr(self.ctx, a)
    }
    /// Every element in row-major order, a splat expanded (`getValues<T>`);
    /// `None` when an element does not hold a `T`.
    pub fn values<T: DenseElement + Clone>(&self) -> Option<Vec<T>> {
        if self.is_splat() {
            let v = T::from_attr(self.ctx, self.elements[0])?;
            return Some(vec![v; self.num_elements()]);
        }
        self.elements
            .iter()
            .map(|&a| T::from_attr(self.ctx, a))
            .collect()
    }
    /// The same elements with type `ty` (`reshape`): `ty` must be a
    /// statically shaped tensor or vector with the same element type and
    /// number of elements.
    pub fn reshape(&self, ty: Type) -> Result<Attribute, AttrError> {
        let ctx = self.ctx;
        if ctx.element_type_or_self(ty) != self.element_type() {
            return Err(AttrError(format!(
                "cannot reshape elements of type '{}' to '{}': element types differ",
                ctx.display(self.ty),
                ctx.display(ty)
            )));
        }
        let count = checked_shape(ctx, ty)?;
        if count != self.num_elements() {
            return Err(AttrError(format!(
                "cannot reshape {} elements to '{}', which holds {count}",
                self.num_elements(),
                ctx.display(ty)
            )));
        }
        Ok(ctx.intern_attr(AttrKind::DenseElements {
            ty,
            elements: self.elements.into(),
        }))
    }
}

/// The element count of a static shape, `None` when dynamic (or overflowing).
fn static_count(shape: &[i64]) -> Option<usize> {
    shape.iter().try_fold(1usize, |n, &d| {
        if d < 0 || d == DYNAMIC {
            None
        } else {
            n.checked_mul(d as usize)
        }
    })
}

/// The number of elements of `ty`, which must be a statically shaped
/// tensor or vector.
fn checked_shape(ctx: &Context, ty: Type) -> Result<usize, AttrError> {
    let shaped = matches!(
        ctx.ty(ty),
        TypeKind::RankedTensor { .. } | TypeKind::Vector { .. }
    );
    let count = ctx.shape(ty).and_then(static_count);
    match (shaped, count) {
        (true, Some(n)) => Ok(n),
        _ => Err(AttrError(format!(
            "dense elements need a statically shaped tensor or vector type, not '{}'",
            ctx.display(ty)
        ))),
    }
}

impl Context {
    /// `attr` as dense elements, if it is a `dense<...>` of integers or floats.
    pub fn dense_elements(&self, attr: Attribute) -> Option<DenseElements<'_>> {
        match self.attr(attr) {
            AttrKind::DenseElements { ty, elements } => Some(DenseElements {
                ctx: self,
                attr,
                ty: *ty,
                elements,
            }),
            _ => None,
        }
    }

    /// A checked dense elements attribute of shaped type `ty` (MLIR's
    /// `DenseElementsAttr::get`): `ty` is a statically shaped tensor or
    /// vector; `elements` holds one attribute (a splat) or one per element,
    /// each an integer or float attribute of `ty`'s element type (complex
    /// elements: a two-element array of attributes of the complex type's
    /// element type). A wrong count or type is an error naming it.
    pub fn dense_elements_attr(
        &self,
        ty: Type,
        elements: &[Attribute],
    ) -> Result<Attribute, AttrError> {
        let count = checked_shape(self, ty)?;
        if elements.len() != count && elements.len() != 1 {
            return Err(AttrError(format!(
                "'{}' holds {count} elements, but {} were given",
                self.display(ty),
                elements.len()
            )));
        }
        let element_ty = self.element_type_or_self(ty);
        for (i, &e) in elements.iter().enumerate() {
            if !self.is_element_of(e, element_ty) {
                return Err(AttrError(format!(
                    "element #{i} ({}) is not a value of the element type '{}'",
                    self.display(e),
                    self.display(element_ty)
                )));
            }
        }
        // A list of equal elements is stored as a splat, as MLIR detects.
        let splat = elements.windows(2).all(|w| w[0] == w[1]);
        let stored: Box<[Attribute]> = if splat && !elements.is_empty() {
            Box::new([elements[0]])
        } else {
            elements.into()
        };
        Ok(self.intern_attr(AttrKind::DenseElements {
            ty,
            elements: stored,
        }))
    }

    /// Whether `e` is a value of element type `element_ty`.
    fn is_element_of(&self, e: Attribute, element_ty: Type) -> bool {
        match (self.attr(e), self.ty(element_ty)) {
            (AttrKind::Integer { ty, .. } | AttrKind::Float { ty, .. }, _) => *ty == element_ty,
            (AttrKind::Array(parts), TypeKind::Complex(element)) => {
                parts.len() == 2 && parts.iter().all(|&p| self.is_element_of(p, *element))
            }
            _ => false,
        }
    }

    /// Dense elements of `ty` from `f64` values: `ty`'s element type must
    /// be `f64` or `f32` (values rounded to `f32`, as a C++ `float`).
    pub fn dense_f64_attr(&self, ty: Type, values: &[f64]) -> Result<Attribute, AttrError> {
        let element_ty = self.element_type_or_self(ty);
        let make: fn(f64) -> ApFloat = match self.ty(element_ty) {
            TypeKind::Float(FloatKind::F64) => ApFloat::from_f64,
            TypeKind::Float(FloatKind::F32) => |v| ApFloat::from_f32(v as f32),
            _ => {
                return Err(AttrError(format!(
                    "f64 values need an f64 or f32 element type, not '{}'",
                    self.display(element_ty)
                )))
            }
        };
        let elems: Vec<Attribute> = values
            .iter()
            .map(|&v| self.float_attr(element_ty, make(v)))
            .collect();
        self.dense_elements_attr(ty, &elems)
    }

    /// Dense elements of `ty` from `i64` values: `ty`'s element type must
    /// be an integer or index type, and each value must fit its width
    /// (signed or unsigned), never silently truncated.
    pub fn dense_i64_attr(&self, ty: Type, values: &[i64]) -> Result<Attribute, AttrError> {
        let element_ty = self.element_type_or_self(ty);
        let Some(width) = self.int_or_index_width(element_ty) else {
            return Err(AttrError(format!(
                "integer values need an integer or index element type, not '{}'",
                self.display(element_ty)
            )));
        };
        let mut elems = Vec::with_capacity(values.len());
        for &v in values {
            // Either the signed or the unsigned range of the width.
            let fits = width >= 64 || {
                let (min, max) = (-(1i128 << (width - 1)), (1i128 << width) - 1);
                (min..=max).contains(&(v as i128))
            };
            if !fits {
                return Err(AttrError(format!(
                    "{v} does not fit in '{}'",
                    self.display(element_ty)
                )));
            }
            elems.push(self.integer_attr(element_ty, ApInt::from_i64(width, v)));
        }
        self.dense_elements_attr(ty, &elems)
    }

    // ----- other builtin attributes -----

    /// The type and value of an integer attribute (`IntegerAttr`).
    pub fn integer_attr_value(&self, attr: Attribute) -> Option<(Type, &ApInt)> {
        match self.attr(attr) {
            AttrKind::Integer { ty, value } => Some((*ty, value)),
            _ => None,
        }
    }
    /// The value of a `BoolAttr` (an `i1` integer attribute).
    pub fn bool_attr_value(&self, attr: Attribute) -> Option<bool> {
        bool::from_attr(self, attr)
    }
    /// The type and value of a float attribute (`FloatAttr`).
    pub fn float_attr_value(&self, attr: Attribute) -> Option<(Type, ApFloat)> {
        match self.attr(attr) {
            AttrKind::Float { ty, value } => Some((*ty, *value)),
            _ => None,
        }
    }
    /// The value of a float attribute as an `f64` (exact; see [`float_to_f64`]).
    pub fn float_attr_f64(&self, attr: Attribute) -> Option<f64> {
        f64::from_attr(self, attr)
    }
    /// The elements of an array attribute (`ArrayAttr`).
    pub fn array_attr_elements(&self, attr: Attribute) -> Option<&[Attribute]> {
        match self.attr(attr) {
            AttrKind::Array(elems) => Some(elems),
            _ => None,
        }
    }
    /// The entries of a dictionary attribute (`DictionaryAttr`), sorted by name.
    pub fn dictionary_attr_entries(&self, attr: Attribute) -> Option<&[(Ident, Attribute)]> {
        match self.attr(attr) {
            AttrKind::Dictionary(entries) => Some(entries),
            _ => None,
        }
    }
    /// The type of a type attribute (`TypeAttr`).
    pub fn type_attr_value(&self, attr: Attribute) -> Option<Type> {
        match self.attr(attr) {
            AttrKind::Type(t) => Some(*t),
            _ => None,
        }
    }
    /// The root and nested names of a symbol reference (`SymbolRefAttr`).
    pub fn symbol_ref_parts(&self, attr: Attribute) -> Option<(&str, Vec<&str>)> {
        match self.attr(attr) {
            AttrKind::SymbolRef { root, nested } => Some((
                self.ident_str(*root),
                nested.iter().map(|&n| self.ident_str(n)).collect(),
            )),
            _ => None,
        }
    }
    /// The name of a flat symbol reference (`FlatSymbolRefAttr`: no nested
    /// references).
    pub fn flat_symbol_ref_name(&self, attr: Attribute) -> Option<&str> {
        match self.attr(attr) {
            AttrKind::SymbolRef { root, nested } if nested.is_empty() => {
                Some(self.ident_str(*root))
            }
            _ => None,
        }
    }
}
