//! The fold hooks of the `arith` ops (upstream `ArithOps.cpp`'s `fold`
//! methods) and the constant-folding helpers they share (upstream
//! `CommonFolders.h`: `constFoldBinaryOp`, `constFoldUnaryOp`,
//! `constFoldCastOp`, and the `m_Zero`/`m_One`/`m_ConstantInt`/float
//! matchers).
//!
//! Constants are scalars (`IntegerAttr`, `FloatAttr`) or dense elements
//! (splat or not); `#ub.poison` operands make the result poison. Integer
//! arithmetic is two's-complement arithmetic on the type's width, as
//! `APInt`: any width for `+ - *`, up to 64 bits for the other folds
//! (wider ones do not fold, which is always correct). Float arithmetic is
//! IEEE 754 with round-to-nearest-even for `f16`, `bf16`, `tf32`, `f32`
//! and `f64` (computed in `f64` and rounded once to the format, which is
//! exact for `+ - * /` and `fmod`); conversions go through the exact
//! decoding in `float.rs` for every IEEE format. Where upstream's
//! element-wise folds keep a flag that each element overwrites (shifts,
//! `floordivsi`), the same flag decides here. See `docs/DEVIATIONS.md`.

use smallvec::SmallVec;

use super::float::Fmt;
use super::ops::*;

use mlir_ir::{
    ApFloat, ApInt, AttrKind, Attribute, Context, FloatKind, FoldCtx, InPlaceEdit, Ir,
    OpFoldResult, OpRef, Type, TypeKind, Value,
};

// ----- integer values -----

/// An integer of at most 64 bits: `v` holds the bit pattern, zero above `w`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) struct Int {
    pub w: u32,
    pub v: u64,
}

/// The all-ones value of `w` bits (at most 64).
pub(crate) fn int_mask(w: u32) -> u64 {
    mask(w)
}

fn mask(w: u32) -> u64 {
    if w >= 64 {
        u64::MAX
    } else {
        (1u64 << w) - 1
    }
}

impl Int {
    pub fn new(w: u32, v: u64) -> Int {
        Int { w, v: v & mask(w) }
    }
    /// The value sign-extended to 64 bits.
    pub fn s(self) -> i64 {
        if self.w == 0 {
            return 0;
        }
        let shift = 64 - self.w;
        ((self.v << shift) as i64) >> shift
    }
    fn min_signed(w: u32) -> i64 {
        if w == 0 {
            0
        } else {
            (-1i64) << (w - 1)
        }
    }
    fn max_signed(w: u32) -> i64 {
        if w == 0 {
            0
        } else {
            (mask(w) >> 1) as i64
        }
    }
    pub fn is_zero(self) -> bool {
        self.v == 0
    }
    pub fn is_one(self) -> bool {
        self.v == 1
    }
    pub fn is_all_ones(self) -> bool {
        self.v == mask(self.w)
    }
    pub fn is_max_signed(self) -> bool {
        self.w > 0 && self.s() == Int::max_signed(self.w)
    }
    pub fn is_min_signed(self) -> bool {
        self.w > 0 && self.s() == Int::min_signed(self.w)
    }
    /// `self` fits in `w` bits as a signed value.
    fn fits_signed(v: i128, w: u32) -> bool {
        v >= Int::min_signed(w) as i128 && v <= Int::max_signed(w) as i128
    }
    fn from_signed(w: u32, v: i128) -> Option<Int> {
        Int::fits_signed(v, w).then(|| Int::new(w, v as u64))
    }
}

/// Wrapping arithmetic on integers of any width (`APInt`'s `+ - *`), on
/// their little-endian words.
#[derive(Copy, Clone)]
pub(crate) enum WideOp {
    Add,
    Sub,
    Mul,
}

/// `a op b` for two integers of the same width, wrapping.
pub(crate) fn wide_binop(a: &ApInt, b: &ApInt, op: WideOp) -> Option<ApInt> {
    let w = a.width();
    if b.width() != w {
        return None;
    }
    let (x, y) = (a.words(), b.words());
    let n = x.len();
    let mut out = vec![0u64; n];
    match op {
        WideOp::Add | WideOp::Sub => {
            // Subtraction adds the two's complement: !y + 1.
            let mut carry = matches!(op, WideOp::Sub) as u128;
            for i in 0..n {
                let yi = if matches!(op, WideOp::Sub) {
                    !y[i]
                } else {
                    y[i]
                };
                let t = x[i] as u128 + yi as u128 + carry;
                out[i] = t as u64;
                carry = t >> 64;
            }
        }
        WideOp::Mul => {
            for i in 0..n {
                let mut carry = 0u128;
                for j in 0..n - i {
                    let t = out[i + j] as u128 + x[i] as u128 * y[j] as u128 + carry;
                    out[i + j] = t as u64;
                    carry = t >> 64;
                }
            }
        }
    }
    Some(ApInt::from_words(w, &out))
}

/// The value of an integer attribute of at most 64 bits.
pub(crate) fn int_of(ctx: &Context, a: Attribute) -> Option<Int> {
    match ctx.attr(a) {
        AttrKind::Integer { value, .. } if value.width() <= 64 => {
            Some(Int::new(value.width(), value.to_u64()))
        }
        _ => None,
    }
}

/// The float value of a float attribute.
pub(crate) fn float_of(ctx: &Context, a: Attribute) -> Option<ApFloat> {
    match ctx.attr(a) {
        AttrKind::Float { value, .. } => Some(*value),
        _ => None,
    }
}

/// The single value of a scalar constant or of a splat (`m_ConstantInt`'s
/// view of an attribute).
pub(crate) fn splat_value(ctx: &Context, a: Option<Attribute>) -> Option<Attribute> {
    let a = a?;
    match ctx.attr(a) {
        AttrKind::Integer { .. } | AttrKind::Float { .. } => Some(a),
        AttrKind::DenseElements { elements, .. } if elements.len() == 1 => Some(elements[0]),
        _ => None,
    }
}

/// `m_ConstantInt`: a scalar or splat integer.
pub(crate) fn splat_int(ctx: &Context, a: Option<Attribute>) -> Option<Int> {
    int_of(ctx, splat_value(ctx, a)?)
}

/// A scalar or splat float.
pub(crate) fn splat_float(ctx: &Context, a: Option<Attribute>) -> Option<ApFloat> {
    float_of(ctx, splat_value(ctx, a)?)
}

/// `m_Zero`.
pub(crate) fn is_zero(ctx: &Context, a: Option<Attribute>) -> bool {
    splat_int(ctx, a).is_some_and(Int::is_zero)
}

/// `m_One`.
pub(crate) fn is_one(ctx: &Context, a: Option<Attribute>) -> bool {
    splat_int(ctx, a).is_some_and(Int::is_one)
}

// ----- float values -----

/// A float as `f64`, exactly (`f64`, `f32`, `f16`, `bf16`, `tf32`).
pub(crate) fn f64_of(f: ApFloat) -> Option<f64> {
    super::float::to_f64(f)
}

/// `x` rounded to `kind` (round to nearest even).
pub(crate) fn from_f64(kind: FloatKind, x: f64) -> Option<ApFloat> {
    super::float::from_f64(kind, x)
}

/// The quiet NaN LLVM's `APFloat` produces for invalid operations
/// (positive, only the top mantissa bit set).
fn default_nan(kind: FloatKind) -> Option<ApFloat> {
    Some(ApFloat {
        kind,
        bits: Fmt::of(kind)?.default_nan(),
    })
}

fn quiet_bit(kind: FloatKind) -> u128 {
    Fmt::of(kind).map_or(0, Fmt::quiet_bit)
}

/// The sign bit of `kind`'s encoding.
pub(crate) fn sign_bit(kind: FloatKind) -> Option<u128> {
    Some(Fmt::of(kind)?.sign_bit())
}

fn is_nan(f: ApFloat) -> bool {
    f64_of(f).is_some_and(f64::is_nan)
}

fn is_signaling(f: ApFloat) -> bool {
    is_nan(f) && f.bits & quiet_bit(f.kind) == 0
}

fn quieted(f: ApFloat) -> ApFloat {
    ApFloat {
        kind: f.kind,
        bits: f.bits | quiet_bit(f.kind),
    }
}

/// The NaN operand `APFloat` propagates: a signaling one (quieted) first,
/// else the left one.
fn select_nan(a: ApFloat, b: ApFloat) -> ApFloat {
    if is_signaling(a) {
        quieted(a)
    } else if is_signaling(b) {
        quieted(b)
    } else if is_nan(a) {
        a
    } else {
        quieted(b)
    }
}

/// An IEEE binary operation with `APFloat`'s NaN rules; `clear_nan_sign`
/// for multiplication and division, whose NaN results are positive.
fn float_binop(
    a: ApFloat,
    b: ApFloat,
    clear_nan_sign: bool,
    op: fn(f64, f64) -> f64,
) -> Option<ApFloat> {
    if a.kind != b.kind {
        return None;
    }
    let (x, y) = (f64_of(a)?, f64_of(b)?);
    if x.is_nan() || y.is_nan() {
        let mut n = select_nan(a, b);
        if clear_nan_sign {
            n.bits &= !sign_bit(n.kind)?;
        }
        return Some(n);
    }
    let r = op(x, y);
    if r.is_nan() {
        return default_nan(a.kind);
    }
    from_f64(a.kind, r)
}

// ----- element-wise folding (CommonFolders.h) -----

/// Elements of a constant: one scalar, or the elements of a dense attribute
/// (one element for a splat) with its shaped type.
fn elements(ctx: &Context, a: Attribute) -> Option<(Option<Type>, &[Attribute])> {
    match ctx.attr(a) {
        AttrKind::Integer { .. } | AttrKind::Float { .. } => None,
        AttrKind::DenseElements { ty, elements } => Some((Some(*ty), elements)),
        _ => None,
    }
}

fn num_elements(ctx: &Context, ty: Type) -> Option<usize> {
    let shape = ctx.shape(ty)?;
    let mut n = 1usize;
    for &d in shape {
        if d < 0 {
            return None;
        }
        n = n.checked_mul(d as usize)?;
    }
    Some(n)
}

/// A dense elements attribute of `ty`, stored as a splat when all elements
/// are equal (as `DenseElementsAttr::get` detects splats).
pub(crate) fn dense(ctx: &Context, ty: Type, mut elems: Vec<Attribute>) -> Attribute {
    if elems.len() > 1 && elems.iter().all(|e| *e == elems[0]) {
        elems.truncate(1);
    }
    ctx.intern_attr(AttrKind::DenseElements {
        ty,
        elements: elems.into_boxed_slice(),
    })
}

/// `a` if it is `#ub.poison`.
pub(crate) fn poison_operand(ctx: &Context, a: Option<Attribute>) -> Option<Attribute> {
    a.filter(|&a| crate::ub::is_poison(ctx, a))
}

/// Applies `f` element-wise to two constants of the same type (upstream
/// `constFoldBinaryOp`); a poison operand makes the result poison, whatever
/// the other operand is: scalar with scalar, or dense with dense (splats
/// stay splats). The result has type `result_ty` (the left operand's type
/// when `None`); `f` receives the result element type. Any element failing
/// fails the fold.
pub(crate) fn fold_binary(
    ctx: &Context,
    lhs: Option<Attribute>,
    rhs: Option<Attribute>,
    result_ty: Option<Type>,
    mut f: impl FnMut(Attribute, Attribute, Type) -> Option<Attribute>,
) -> Option<Attribute> {
    if let Some(p) = poison_operand(ctx, lhs).or_else(|| poison_operand(ctx, rhs)) {
        return Some(p);
    }
    let (lhs, rhs) = (lhs?, rhs?);
    let lty = ctx.attr_type(lhs)?;
    if ctx.attr_type(rhs)? != lty {
        return None;
    }
    let rty = result_ty.unwrap_or(lty);
    match (elements(ctx, lhs), elements(ctx, rhs)) {
        (None, None) => {
            if ctx.shape(lty).is_some() {
                return None;
            }
            f(lhs, rhs, rty)
        }
        (Some((_, a)), Some((_, b))) => {
            let elem_ty = ctx.element_type_or_self(rty);
            let n = if a.len() == 1 && b.len() == 1 {
                1
            } else {
                num_elements(ctx, lty)?
            };
            if (a.len() != 1 && a.len() != n) || (b.len() != 1 && b.len() != n) {
                return None;
            }
            let mut out = Vec::with_capacity(n);
            for i in 0..n {
                let x = a[if a.len() == 1 { 0 } else { i }];
                let y = b[if b.len() == 1 { 0 } else { i }];
                out.push(f(x, y, elem_ty)?);
            }
            Some(dense(ctx, rty, out))
        }
        _ => None,
    }
}

/// Applies `f` element-wise to one constant (upstream `constFoldUnaryOp` /
/// `constFoldCastOp`); the result has type `result_ty`. Poison stays poison.
pub(crate) fn fold_unary(
    ctx: &Context,
    operand: Option<Attribute>,
    result_ty: Type,
    mut f: impl FnMut(Attribute, Type) -> Option<Attribute>,
) -> Option<Attribute> {
    if let Some(p) = poison_operand(ctx, operand) {
        return Some(p);
    }
    let a = operand?;
    match elements(ctx, a) {
        None => {
            if !matches!(
                ctx.attr(a),
                AttrKind::Integer { .. } | AttrKind::Float { .. }
            ) || ctx.shape(result_ty).is_some()
            {
                return None;
            }
            f(a, result_ty)
        }
        Some((_, elems)) => {
            ctx.shape(result_ty)?;
            let elem_ty = ctx.element_type_or_self(result_ty);
            let out: Option<Vec<Attribute>> = elems.iter().map(|&e| f(e, elem_ty)).collect();
            Some(dense(ctx, result_ty, out?))
        }
    }
}

/// A binary integer fold: `f` on the values, result of the result type.
fn int_binary(
    ctx: &Context,
    lhs: Option<Attribute>,
    rhs: Option<Attribute>,
    mut f: impl FnMut(Int, Int) -> Option<Int>,
) -> Option<Attribute> {
    fold_binary(ctx, lhs, rhs, None, |a, b, ty| {
        let r = f(int_of(ctx, a)?, int_of(ctx, b)?)?;
        Some(ctx.integer_attr(ty, ApInt::from_u64(r.w, r.v)))
    })
}

/// A wrapping `+`, `-` or `*` fold for integers of any width.
fn int_binary_wide(
    ctx: &Context,
    lhs: Option<Attribute>,
    rhs: Option<Attribute>,
    op: WideOp,
) -> Option<Attribute> {
    fold_binary(ctx, lhs, rhs, None, |a, b, ty| {
        let (AttrKind::Integer { value: x, .. }, AttrKind::Integer { value: y, .. }) =
            (ctx.attr(a), ctx.attr(b))
        else {
            return None;
        };
        Some(ctx.integer_attr(ty, wide_binop(x, y, op)?))
    })
}

/// A binary float fold.
fn float_binary(
    ctx: &Context,
    lhs: Option<Attribute>,
    rhs: Option<Attribute>,
    f: impl Fn(ApFloat, ApFloat) -> Option<ApFloat>,
) -> Option<Attribute> {
    fold_binary(ctx, lhs, rhs, None, |a, b, ty| {
        Some(ctx.float_attr(ty, f(float_of(ctx, a)?, float_of(ctx, b)?)?))
    })
}

/// The zero of an integer, index or float type, splatted over static
/// vector/tensor shapes (`Builder::getZeroAttr`).
pub(crate) fn zero_attr(ctx: &Context, ty: Type) -> Option<Attribute> {
    let elem = ctx.element_type_or_self(ty);
    let scalar = match ctx.ty(elem) {
        TypeKind::Integer { width, .. } => ctx.integer_attr(elem, ApInt::zero(*width)),
        TypeKind::Index => ctx.integer_attr(elem, ApInt::zero(64)),
        TypeKind::Float(k) => ctx.float_attr(elem, ApFloat { kind: *k, bits: 0 }),
        _ => return None,
    };
    if elem == ty {
        return Some(scalar);
    }
    match ctx.ty(ty) {
        TypeKind::Vector { .. } | TypeKind::RankedTensor { .. } => {
            num_elements(ctx, ty)?;
            Some(dense(ctx, ty, vec![scalar]))
        }
        _ => None,
    }
}

/// A boolean of `ty` (`i1` or a static shape of `i1`), upstream
/// `getBoolAttribute`.
fn bool_attr(ctx: &Context, ty: Type, value: bool) -> Option<Attribute> {
    let b = ctx.bool_attr(value);
    if ctx.shape(ty).is_none() {
        return Some(b);
    }
    num_elements(ctx, ty)?;
    Some(dense(ctx, ty, vec![b]))
}

// ----- fold-hook helpers -----

fn lhs(cx: &FoldCtx<'_>) -> Value {
    cx.operand(0)
}
fn rhs(cx: &FoldCtx<'_>) -> Value {
    cx.operand(1)
}
fn lhs_c(cx: &FoldCtx<'_>) -> Option<Attribute> {
    cx.operand_constant(0)
}
fn rhs_c(cx: &FoldCtx<'_>) -> Option<Attribute> {
    cx.operand_constant(1)
}
fn val(v: Value) -> Option<OpFoldResult> {
    Some(OpFoldResult::Value(v))
}
fn attr(a: Option<Attribute>) -> Option<OpFoldResult> {
    a.map(OpFoldResult::Attr)
}
fn result_type(cx: &FoldCtx<'_>) -> Type {
    cx.ir.value_type(cx.result(0))
}

/// The op defining `v` if it is named `name`.
pub(crate) fn def_named(ir: &Ir, v: Value, name: &str) -> Option<OpRef> {
    let d = v.defining_op()?;
    (ir.op_name_str(d) == name).then_some(d)
}

/// The predicate of a `cmpi`/`cmpf` op.
pub(crate) fn predicate(ir: &Ir, op: OpRef) -> Option<i64> {
    ir.ctx().int_attr_value(ir.attr(op, "predicate")?)
}

/// Whether the op's `#arith.fastmath<...>` contains every flag of `flags`.
pub(crate) fn has_fastmath(ir: &Ir, op: OpRef, flags: &[&str]) -> bool {
    let Some(a) = ir.attr(op, "fastmath") else {
        return false;
    };
    let AttrKind::Opaque { body, .. } = ir.ctx().attr(a) else {
        return false;
    };
    let inner = body
        .strip_prefix("fastmath<")
        .and_then(|b| b.strip_suffix('>'))
        .unwrap_or("");
    let set: SmallVec<[&str; 8]> = inner.split(',').map(str::trim).collect();
    if set.contains(&"fast") {
        return true;
    }
    flags.iter().all(|f| set.contains(f))
}

/// Whether the op's `#arith.overflow<...>` contains `flag`.
pub(crate) fn has_overflow_flag(ir: &Ir, op: OpRef, flag: &str) -> bool {
    let Some(a) = ir.attr(op, "overflowFlags") else {
        return false;
    };
    let AttrKind::Opaque { body, .. } = ir.ctx().attr(a) else {
        return false;
    };
    body.strip_prefix("overflow<")
        .and_then(|b| b.strip_suffix('>'))
        .is_some_and(|b| b.split(',').any(|f| f.trim() == flag))
}

/// Float folds are only done in the default rounding mode.
fn default_rounding(ir: &Ir, op: OpRef) -> bool {
    ir.attr(op, "roundingmode")
        .is_none_or(|a| ir.ctx().int_attr_value(a) == Some(0))
}

// ----- the fold hooks -----

// The fold hooks the ops of `td/Arith.td` declare (`hasFolder`).
mlir_ir::fold_hooks! {
    ConstantOp => |cx| attr(cx.ir.attr(cx.op, "value")),
    AddIOp => fold_addi,
    SubIOp => fold_subi,
    MulIOp => fold_muli,
    DivUIOp => fold_divui,
    DivSIOp => fold_divsi,
    CeilDivUIOp => fold_ceildivui,
    CeilDivSIOp => fold_ceildivsi,
    FloorDivSIOp => fold_floordivsi,
    RemUIOp => fold_remui,
    RemSIOp => fold_remsi,
    AndIOp => fold_andi,
    OrIOp => fold_ori,
    XOrIOp => fold_xori,
    ShLIOp => |cx| fold_shift(cx, Shift::Left),
    ShRUIOp => |cx| fold_shift(cx, Shift::RightUnsigned),
    ShRSIOp => |cx| fold_shift(cx, Shift::RightSigned),
    MaxSIOp => |cx| fold_minmax_int(cx, MinMax::MaxS),
    MaxUIOp => |cx| fold_minmax_int(cx, MinMax::MaxU),
    MinSIOp => |cx| fold_minmax_int(cx, MinMax::MinS),
    MinUIOp => |cx| fold_minmax_int(cx, MinMax::MinU),
    NegFOp => fold_negf,
    AddFOp => fold_addf,
    SubFOp => fold_subf,
    MulFOp => fold_mulf,
    DivFOp => fold_divf,
    RemFOp => fold_remf,
    MaximumFOp => |cx| fold_minmax_float(cx, FMinMax::Maximum),
    MinimumFOp => |cx| fold_minmax_float(cx, FMinMax::Minimum),
    MaxNumFOp => |cx| fold_minmax_float(cx, FMinMax::MaxNum),
    MinNumFOp => |cx| fold_minmax_float(cx, FMinMax::MinNum),
    ExtUIOp => |cx| fold_ext(cx, false).or_else(|| fold_cast_same_type(cx)),
    ExtSIOp => |cx| fold_ext(cx, true).or_else(|| fold_cast_same_type(cx)),
    TruncIOp => |cx| fold_trunci(cx).or_else(|| fold_cast_same_type(cx)),
    ExtFOp => |cx| fold_extf(cx).or_else(|| fold_cast_same_type(cx)),
    TruncFOp => |cx| fold_truncf(cx).or_else(|| fold_cast_same_type(cx)),
    UIToFPOp => |cx| fold_itofp(cx, false).or_else(|| fold_cast_same_type(cx)),
    SIToFPOp => |cx| fold_itofp(cx, true).or_else(|| fold_cast_same_type(cx)),
    FPToUIOp => |cx| fold_fptoi(cx, false).or_else(|| fold_cast_same_type(cx)),
    FPToSIOp => |cx| fold_fptoi(cx, true).or_else(|| fold_cast_same_type(cx)),
    IndexCastOp => |cx| fold_index_cast(cx, true).or_else(|| fold_cast_same_type(cx)),
    IndexCastUIOp => |cx| fold_index_cast(cx, false).or_else(|| fold_cast_same_type(cx)),
    BitcastOp => |cx| fold_bitcast(cx).or_else(|| fold_cast_same_type(cx)),
    CmpIOp => fold_cmpi,
    CmpFOp => fold_cmpf,
    SelectOp => fold_select,
}

mlir_ir::multi_result_fold_hooks! {
    AddUIExtendedOp => fold_addui_extended,
    MulSIExtendedOp => |cx, r| fold_mul_extended(cx, r, true),
    MulUIExtendedOp => |cx, r| fold_mul_extended(cx, r, false),
}

/// The `CastOpInterface` trait fold (upstream `foldCastInterfaceOp`), tried
/// when a cast's own fold fails: a cast to its operand's own type is the
/// operand.
fn fold_cast_same_type(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ir = cx.ir;
    let input = cx.operand(0);
    (ir.value_type(input) == result_type(cx)).then_some(OpFoldResult::Value(input))
}

fn fold_addi(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    if is_zero(ctx, rhs_c(cx)) {
        return val(lhs(cx));
    }
    // addi(subi(a, b), b) -> a
    if let Some(sub) = def_named(ir, lhs(cx), "arith.subi") {
        if rhs(cx) == ir.operand(sub, 1) {
            return val(ir.operand(sub, 0));
        }
    }
    // addi(b, subi(a, b)) -> a
    if let Some(sub) = def_named(ir, rhs(cx), "arith.subi") {
        if lhs(cx) == ir.operand(sub, 1) {
            return val(ir.operand(sub, 0));
        }
    }
    attr(int_binary_wide(ctx, lhs_c(cx), rhs_c(cx), WideOp::Add))
}

fn fold_subi(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    if lhs(cx) == rhs(cx) {
        let ty = result_type(cx);
        let dynamic = ctx.shape(ty).is_some_and(|s| s.iter().any(|&d| d < 0));
        if !dynamic {
            if let Some(z) = zero_attr(ctx, ty) {
                return attr(Some(z));
            }
        }
    }
    if is_zero(ctx, rhs_c(cx)) {
        return val(lhs(cx));
    }
    if let Some(add) = def_named(ir, lhs(cx), "arith.addi") {
        if rhs(cx) == ir.operand(add, 1) {
            return val(ir.operand(add, 0));
        }
        if rhs(cx) == ir.operand(add, 0) {
            return val(ir.operand(add, 1));
        }
    }
    attr(int_binary_wide(ctx, lhs_c(cx), rhs_c(cx), WideOp::Sub))
}

fn fold_muli(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ctx = cx.ir.ctx();
    if is_zero(ctx, rhs_c(cx)) {
        return val(rhs(cx));
    }
    if is_one(ctx, rhs_c(cx)) {
        return val(lhs(cx));
    }
    attr(int_binary_wide(ctx, lhs_c(cx), rhs_c(cx), WideOp::Mul))
}

/// `(a * b) / b -> a` when the multiplication has the overflow flag `flag`.
fn fold_div_mul(ir: &Ir, lhs: Value, rhs: Value, flag: &str) -> Option<Value> {
    let mul = def_named(ir, lhs, "arith.muli")?;
    if !has_overflow_flag(ir, mul, flag) {
        return None;
    }
    if ir.operand(mul, 0) == rhs {
        return Some(ir.operand(mul, 1));
    }
    if ir.operand(mul, 1) == rhs {
        return Some(ir.operand(mul, 0));
    }
    None
}

fn fold_divui(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ir = cx.ir;
    if is_one(ir.ctx(), rhs_c(cx)) {
        return val(lhs(cx));
    }
    if let Some(v) = fold_div_mul(ir, lhs(cx), rhs(cx), "nuw") {
        return val(v);
    }
    attr(int_binary(ir.ctx(), lhs_c(cx), rhs_c(cx), |a, b| {
        (!b.is_zero()).then(|| Int::new(a.w, a.v / b.v))
    }))
}

/// Signed division truncating toward zero; `None` on division by zero or
/// overflow (`sdiv_ov`).
fn sdiv(a: Int, b: Int) -> Option<Int> {
    if b.is_zero() {
        return None;
    }
    Int::from_signed(a.w, a.s() as i128 / b.s() as i128)
}

fn fold_divsi(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ir = cx.ir;
    if is_one(ir.ctx(), rhs_c(cx)) {
        return val(lhs(cx));
    }
    if let Some(v) = fold_div_mul(ir, lhs(cx), rhs(cx), "nsw") {
        return val(v);
    }
    attr(int_binary(ir.ctx(), lhs_c(cx), rhs_c(cx), sdiv))
}

fn fold_ceildivui(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ctx = cx.ir.ctx();
    if is_one(ctx, rhs_c(cx)) {
        return val(lhs(cx));
    }
    attr(int_binary(ctx, lhs_c(cx), rhs_c(cx), |a, b| {
        if b.is_zero() {
            return None;
        }
        let q = a.v / b.v;
        if a.v % b.v == 0 {
            return Some(Int::new(a.w, q));
        }
        // `uadd_ov`: the quotient plus one must not wrap.
        let r = q as u128 + 1;
        (r <= mask(a.w) as u128).then(|| Int::new(a.w, r as u64))
    }))
}

fn fold_ceildivsi(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ctx = cx.ir.ctx();
    if is_one(ctx, rhs_c(cx)) {
        return val(lhs(cx));
    }
    attr(int_binary(ctx, lhs_c(cx), rhs_c(cx), |a, b| {
        if b.is_zero() {
            return None;
        }
        if a.is_zero() {
            return Some(a);
        }
        let w = a.w;
        let (x, y) = (a.s() as i128, b.s() as i128);
        // Every intermediate value of upstream's computation must fit in
        // `w` signed bits (each `*_ov` step), else the fold fails.
        let fits = |v: i128| Int::fits_signed(v, w);
        let ceil_nonneg = |p: i128, q: i128| -> Option<i128> {
            let t = p - 1;
            fits(t).then_some(())?;
            let d = t / q;
            fits(d).then_some(())?;
            let r = d + 1;
            fits(r).then_some(r)
        };
        let r = if x > 0 && y > 0 {
            ceil_nonneg(x, y)?
        } else if x <= 0 && y <= 0 {
            let (pa, pb) = (-x, -y);
            if !fits(pa) || !fits(pb) {
                return None;
            }
            ceil_nonneg(pa, pb)?
        } else if x <= 0 {
            let pa = -x;
            if !fits(pa) {
                return None;
            }
            let d = pa / y;
            fits(d).then_some(())?;
            -d
        } else {
            let pb = -y;
            if !fits(pb) {
                return None;
            }
            let d = x / pb;
            fits(d).then_some(())?;
            -d
        };
        Int::from_signed(w, r)
    }))
}

fn fold_floordivsi(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ctx = cx.ir.ctx();
    if is_one(ctx, rhs_c(cx)) {
        return val(lhs(cx));
    }
    // Upstream's flag is assigned (not accumulated) by `sfloordiv_ov` for
    // each element, so only the last element's overflow (or a zero divisor
    // not followed by another element) blocks the fold; mlir-opt 22 folds
    // `dense<[-128, 5]> floordivsi dense<-1>` to `[-128, -5]`.
    let mut overflow = false;
    let folded = int_binary(ctx, lhs_c(cx), rhs_c(cx), |a, b| {
        if b.is_zero() {
            overflow = true;
            return Some(a);
        }
        let (x, y) = (a.s() as i128, b.s() as i128);
        // Floor division rounds toward negative infinity.
        let fl = if (x % y != 0) && ((x < 0) != (y < 0)) {
            x / y - 1
        } else {
            x / y
        };
        overflow = !Int::fits_signed(x / y, a.w);
        Some(Int::new(a.w, fl as u64))
    });
    if overflow {
        return None;
    }
    attr(folded)
}

fn fold_remui(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ctx = cx.ir.ctx();
    if is_one(ctx, rhs_c(cx)) {
        return attr(zero_attr(ctx, result_type(cx)));
    }
    attr(int_binary(ctx, lhs_c(cx), rhs_c(cx), |a, b| {
        (!b.is_zero()).then(|| Int::new(a.w, a.v % b.v))
    }))
}

fn fold_remsi(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ctx = cx.ir.ctx();
    if is_one(ctx, rhs_c(cx)) {
        return attr(zero_attr(ctx, result_type(cx)));
    }
    attr(int_binary(ctx, lhs_c(cx), rhs_c(cx), |a, b| {
        (!b.is_zero()).then(|| Int::new(a.w, (a.s() as i128 % b.s() as i128) as u64))
    }))
}

/// Whether `v` is `xori(x, all-ones)` (`not(x)`), returning the xori.
fn not_of(ir: &Ir, v: Value, x: Value) -> Option<OpRef> {
    let xor = def_named(ir, v, "arith.xori")?;
    if ir.operand(xor, 0) != x {
        return None;
    }
    let c = ir.value_constant(ir.operand(xor, 1));
    splat_int(ir.ctx(), c)
        .is_some_and(Int::is_all_ones)
        .then_some(xor)
}

fn fold_andi(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    if is_zero(ctx, rhs_c(cx)) {
        return val(rhs(cx));
    }
    if splat_int(ctx, rhs_c(cx)).is_some_and(Int::is_all_ones) {
        return val(lhs(cx));
    }
    if not_of(ir, rhs(cx), lhs(cx)).is_some() || not_of(ir, lhs(cx), rhs(cx)).is_some() {
        return attr(zero_attr(ctx, result_type(cx)));
    }
    // and(a, and(a, b)) -> and(a, b)
    for reverse in [false, true] {
        let (p, other) = if reverse {
            (rhs(cx), lhs(cx))
        } else {
            (lhs(cx), rhs(cx))
        };
        if let Some(prev) = def_named(ir, p, "arith.andi") {
            if other == ir.operand(prev, 0) || other == ir.operand(prev, 1) {
                return val(ir.result(prev, 0));
            }
        }
    }
    attr(int_binary(ctx, lhs_c(cx), rhs_c(cx), |a, b| {
        Some(Int::new(a.w, a.v & b.v))
    }))
}

fn fold_ori(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    if let Some(r) = splat_int(ctx, rhs_c(cx)) {
        if r.is_zero() {
            return val(lhs(cx));
        }
        if r.is_all_ones() {
            return attr(rhs_c(cx));
        }
    }
    if let Some(xor) = not_of(ir, rhs(cx), lhs(cx)) {
        return val(ir.operand(xor, 1));
    }
    if let Some(xor) = not_of(ir, lhs(cx), rhs(cx)) {
        return val(ir.operand(xor, 1));
    }
    attr(int_binary(ctx, lhs_c(cx), rhs_c(cx), |a, b| {
        Some(Int::new(a.w, a.v | b.v))
    }))
}

fn fold_xori(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    if is_zero(ctx, rhs_c(cx)) {
        return val(lhs(cx));
    }
    if lhs(cx) == rhs(cx) {
        return attr(zero_attr(ctx, result_type(cx)));
    }
    if let Some(prev) = def_named(ir, lhs(cx), "arith.xori") {
        if ir.operand(prev, 1) == rhs(cx) {
            return val(ir.operand(prev, 0));
        }
        if ir.operand(prev, 0) == rhs(cx) {
            return val(ir.operand(prev, 1));
        }
    }
    if let Some(prev) = def_named(ir, rhs(cx), "arith.xori") {
        if ir.operand(prev, 1) == lhs(cx) {
            return val(ir.operand(prev, 0));
        }
        if ir.operand(prev, 0) == lhs(cx) {
            return val(ir.operand(prev, 1));
        }
    }
    attr(int_binary(ctx, lhs_c(cx), rhs_c(cx), |a, b| {
        Some(Int::new(a.w, a.v ^ b.v))
    }))
}

/// The arith shifts.
#[derive(Copy, Clone)]
enum Shift {
    Left,
    RightUnsigned,
    RightSigned,
}

/// `APInt`'s shifts: an amount of at least the width shifts everything out
/// (zero, or the sign for an arithmetic right shift). Upstream folds only
/// if the *last* element's amount is below the width (its flag is assigned
/// per element), so a vector whose earlier amounts are too large still
/// folds, with those elements shifted out.
fn fold_shift(cx: &mut FoldCtx<'_>, kind: Shift) -> Option<OpFoldResult> {
    let ctx = cx.ir.ctx();
    if is_zero(ctx, rhs_c(cx)) {
        return val(lhs(cx));
    }
    let mut bounded = false;
    let folded = int_binary(ctx, lhs_c(cx), rhs_c(cx), |a, b| {
        bounded = b.v < b.w as u64;
        let v = if b.v >= a.w as u64 {
            match kind {
                Shift::RightSigned if a.s() < 0 => u64::MAX,
                _ => 0,
            }
        } else {
            let s = b.v as u32;
            match kind {
                Shift::Left => a.v << s,
                Shift::RightUnsigned => a.v >> s,
                Shift::RightSigned => (a.s() >> s) as u64,
            }
        };
        Some(Int::new(a.w, v))
    });
    if !bounded {
        return None;
    }
    attr(folded)
}

#[derive(Copy, Clone, PartialEq)]
enum MinMax {
    MaxS,
    MaxU,
    MinS,
    MinU,
}

fn fold_minmax_int(cx: &mut FoldCtx<'_>, kind: MinMax) -> Option<OpFoldResult> {
    let ctx = cx.ir.ctx();
    if lhs(cx) == rhs(cx) {
        return val(rhs(cx));
    }
    if let Some(c) = splat_int(ctx, rhs_c(cx)) {
        // The absorbing element returns the constant, the identity the other side.
        let (absorbing, identity) = match kind {
            MinMax::MaxS => (c.is_max_signed(), c.is_min_signed()),
            MinMax::MaxU => (c.is_all_ones(), c.is_zero()),
            MinMax::MinS => (c.is_min_signed(), c.is_max_signed()),
            MinMax::MinU => (c.is_zero(), c.is_all_ones()),
        };
        if absorbing {
            return val(rhs(cx));
        }
        if identity {
            return val(lhs(cx));
        }
    }
    attr(int_binary(ctx, lhs_c(cx), rhs_c(cx), |a, b| {
        Some(match kind {
            MinMax::MaxS => {
                if a.s() >= b.s() {
                    a
                } else {
                    b
                }
            }
            MinMax::MinS => {
                if a.s() <= b.s() {
                    a
                } else {
                    b
                }
            }
            MinMax::MaxU => {
                if a.v >= b.v {
                    a
                } else {
                    b
                }
            }
            MinMax::MinU => {
                if a.v <= b.v {
                    a
                } else {
                    b
                }
            }
        })
    }))
}

fn fold_negf(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ir = cx.ir;
    if let Some(inner) = def_named(ir, cx.operand(0), "arith.negf") {
        return val(ir.operand(inner, 0));
    }
    let ctx = ir.ctx();
    attr(fold_unary(
        ctx,
        cx.operand_constant(0),
        result_type(cx),
        |a, ty| {
            let f = float_of(ctx, a)?;
            let sign = sign_bit(f.kind)?;
            Some(ctx.float_attr(
                ty,
                ApFloat {
                    kind: f.kind,
                    bits: f.bits ^ sign,
                },
            ))
        },
    ))
}

fn float_is(ctx: &Context, a: Option<Attribute>, pred: fn(f64) -> bool) -> bool {
    splat_float(ctx, a).and_then(f64_of).is_some_and(pred)
}

fn fold_addf(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ctx = cx.ir.ctx();
    if float_is(ctx, rhs_c(cx), |x| x == 0.0 && x.is_sign_negative()) {
        return val(lhs(cx));
    }
    if !default_rounding(cx.ir, cx.op) {
        return None;
    }
    attr(float_binary(ctx, lhs_c(cx), rhs_c(cx), |a, b| {
        float_binop(a, b, false, |x, y| x + y)
    }))
}

fn fold_subf(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ctx = cx.ir.ctx();
    if float_is(ctx, rhs_c(cx), |x| x == 0.0 && x.is_sign_positive()) {
        return val(lhs(cx));
    }
    if !default_rounding(cx.ir, cx.op) {
        return None;
    }
    attr(float_binary(ctx, lhs_c(cx), rhs_c(cx), |a, b| {
        float_binop(a, b, false, |x, y| x - y)
    }))
}

fn fold_mulf(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ctx = cx.ir.ctx();
    if float_is(ctx, rhs_c(cx), |x| x == 1.0) {
        return val(lhs(cx));
    }
    if has_fastmath(cx.ir, cx.op, &["nnan", "nsz"]) && float_is(ctx, rhs_c(cx), |x| x == 0.0) {
        return val(rhs(cx));
    }
    if !default_rounding(cx.ir, cx.op) {
        return None;
    }
    attr(float_binary(ctx, lhs_c(cx), rhs_c(cx), |a, b| {
        float_binop(a, b, true, |x, y| x * y)
    }))
}

fn fold_divf(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ctx = cx.ir.ctx();
    if float_is(ctx, rhs_c(cx), |x| x == 1.0) {
        return val(lhs(cx));
    }
    if !default_rounding(cx.ir, cx.op) {
        return None;
    }
    attr(float_binary(ctx, lhs_c(cx), rhs_c(cx), |a, b| {
        float_binop(a, b, true, |x, y| x / y)
    }))
}

fn fold_remf(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ctx = cx.ir.ctx();
    attr(float_binary(ctx, lhs_c(cx), rhs_c(cx), |a, b| {
        float_binop(a, b, false, |x, y| x % y)
    }))
}

#[derive(Copy, Clone, PartialEq)]
enum FMinMax {
    Maximum,
    Minimum,
    MaxNum,
    MinNum,
}

/// LLVM's `maximum`/`minimum` (NaN-propagating, `-0 < +0`) and
/// `maxnum`/`minnum` (NaN-ignoring).
fn float_minmax(kind: FMinMax, a: ApFloat, b: ApFloat) -> Option<ApFloat> {
    let (x, y) = (f64_of(a)?, f64_of(b)?);
    let pick_max = matches!(kind, FMinMax::Maximum | FMinMax::MaxNum);
    match kind {
        FMinMax::Maximum | FMinMax::Minimum => {
            if x.is_nan() {
                return Some(a);
            }
            if y.is_nan() {
                return Some(b);
            }
        }
        FMinMax::MaxNum | FMinMax::MinNum => {
            if x.is_nan() {
                return Some(b);
            }
            if y.is_nan() {
                return Some(a);
            }
        }
    }
    if x == 0.0 && y == 0.0 && x.is_sign_negative() != y.is_sign_negative() {
        let neg_is_a = x.is_sign_negative();
        return Some(if pick_max == neg_is_a { b } else { a });
    }
    Some(if pick_max {
        if x < y {
            b
        } else {
            a
        }
    } else if y < x {
        b
    } else {
        a
    })
}

fn fold_minmax_float(cx: &mut FoldCtx<'_>, kind: FMinMax) -> Option<OpFoldResult> {
    let ctx = cx.ir.ctx();
    if lhs(cx) == rhs(cx) {
        return val(rhs(cx));
    }
    let identity = match kind {
        FMinMax::Maximum => float_is(ctx, rhs_c(cx), |x| x == f64::NEG_INFINITY),
        FMinMax::Minimum => float_is(ctx, rhs_c(cx), |x| x == f64::INFINITY),
        FMinMax::MaxNum | FMinMax::MinNum => float_is(ctx, rhs_c(cx), f64::is_nan),
    };
    if identity {
        return val(lhs(cx));
    }
    attr(float_binary(ctx, lhs_c(cx), rhs_c(cx), |a, b| {
        float_minmax(kind, a, b)
    }))
}

/// The integer width of the element type of `ty` (64 for `index`).
fn elem_int_width(ctx: &Context, ty: Type) -> Option<u32> {
    ctx.int_or_index_width(ctx.element_type_or_self(ty))
}

fn fold_ext(cx: &mut FoldCtx<'_>, signed: bool) -> Option<OpFoldResult> {
    let ir = cx.ir;
    let name = if signed { "arith.extsi" } else { "arith.extui" };
    if let Some(inner) = def_named(ir, cx.operand(0), name) {
        cx.update_in_place(InPlaceEdit::SetOperand(0, ir.operand(inner, 0)));
        return val(cx.result(0));
    }
    let ctx = ir.ctx();
    let ty = result_type(cx);
    let w = elem_int_width(ctx, ty)?;
    attr(fold_unary(ctx, cx.operand_constant(0), ty, |a, ety| {
        let x = int_of(ctx, a)?;
        if w > 64 {
            return None;
        }
        let v = if signed { x.s() as u64 } else { x.v };
        Some(ctx.integer_attr(ety, ApInt::from_u64(w, v)))
    }))
}

fn fold_trunci(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    let src = cx.operand(0);
    let dst_w = elem_int_width(ctx, result_type(cx))?;
    let ext = def_named(ir, src, "arith.extui").or_else(|| def_named(ir, src, "arith.extsi"));
    if let Some(ext) = ext {
        let inner = ir.operand(ext, 0);
        let inner_elem = ctx.element_type_or_self(ir.value_type(inner));
        let dst_elem = ctx.element_type_or_self(result_type(cx));
        if ctx.int_or_index_width(inner_elem)? > dst_w {
            cx.update_in_place(InPlaceEdit::SetOperand(0, inner));
            return val(cx.result(0));
        }
        if inner_elem == dst_elem {
            return val(inner);
        }
    }
    if let Some(inner) = def_named(ir, src, "arith.trunci") {
        cx.update_in_place(InPlaceEdit::SetOperand(0, ir.operand(inner, 0)));
        return val(cx.result(0));
    }
    attr(fold_unary(
        ctx,
        cx.operand_constant(0),
        result_type(cx),
        |a, ety| {
            let x = int_of(ctx, a)?;
            Some(ctx.integer_attr(ety, ApInt::from_u64(dst_w, x.v)))
        },
    ))
}

fn float_kind(ctx: &Context, ty: Type) -> Option<FloatKind> {
    match ctx.ty(ctx.element_type_or_self(ty)) {
        TypeKind::Float(k) => Some(*k),
        _ => None,
    }
}

/// `a` converted to `kind` without loss (upstream `convertFloatValue`).
fn convert_float(a: ApFloat, kind: FloatKind) -> Option<ApFloat> {
    super::float::convert_exact(a, kind)
}

fn fold_extf(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    let ty = result_type(cx);
    if let Some(trunc) = def_named(ir, cx.operand(0), "arith.truncf") {
        if ir.value_type(ir.operand(trunc, 0)) == ty
            && has_fastmath(ir, trunc, &["contract"])
            && has_fastmath(ir, cx.op, &["contract"])
        {
            return val(ir.operand(trunc, 0));
        }
    }
    let kind = float_kind(ctx, ty)?;
    attr(fold_unary(ctx, cx.operand_constant(0), ty, |a, ety| {
        Some(ctx.float_attr(ety, convert_float(float_of(ctx, a)?, kind)?))
    }))
}

fn fold_truncf(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    let ty = result_type(cx);
    let kind = float_kind(ctx, ty)?;
    if let Some(ext) = def_named(ir, cx.operand(0), "arith.extf") {
        let src = ir.operand(ext, 0);
        let src_kind = float_kind(ctx, ir.value_type(src))?;
        let mid_kind = float_kind(ctx, ir.value_type(ir.result(ext, 0)))?;
        // Only the native formats' representability is modelled.
        let representable = matches!(
            (src_kind, mid_kind),
            (FloatKind::F32, FloatKind::F64) | (FloatKind::F16, FloatKind::F32 | FloatKind::F64)
        ) || matches!(
            (src_kind, mid_kind),
            (FloatKind::BF16, FloatKind::F32 | FloatKind::F64)
        ) || src_kind == mid_kind;
        if representable {
            if src_kind.width() > kind.width() {
                cx.update_in_place(InPlaceEdit::SetOperand(0, src));
                return val(cx.result(0));
            }
            if src_kind == kind {
                return val(src);
            }
        }
    }
    // Only lossless conversions fold, so the rounding mode cannot matter.
    attr(fold_unary(ctx, cx.operand_constant(0), ty, |a, ety| {
        Some(ctx.float_attr(ety, convert_float(float_of(ctx, a)?, kind)?))
    }))
}

fn fold_itofp(cx: &mut FoldCtx<'_>, signed: bool) -> Option<OpFoldResult> {
    let ctx = cx.ir.ctx();
    let ty = result_type(cx);
    let kind = float_kind(ctx, ty)?;
    attr(fold_unary(ctx, cx.operand_constant(0), ty, |a, ety| {
        let x = int_of(ctx, a)?;
        // The integer exactly, rounded once to the format (overflow gives
        // infinity), as `APFloat::convertFromAPInt`.
        let (neg, mag) = if signed && x.s() < 0 {
            (true, x.s().unsigned_abs() as u128)
        } else if signed {
            (false, x.s() as u128)
        } else {
            (false, x.v as u128)
        };
        let v = if mag == 0 {
            super::float::Val::Zero(false)
        } else {
            super::float::Val::Finite {
                neg,
                sig: mag,
                exp: 0,
            }
        };
        let f = super::float::encode(kind, v)?.0;
        Some(ctx.float_attr(ety, f))
    }))
}

fn fold_fptoi(cx: &mut FoldCtx<'_>, signed: bool) -> Option<OpFoldResult> {
    let ctx = cx.ir.ctx();
    let ty = result_type(cx);
    let w = elem_int_width(ctx, ty)?;
    if w > 64 {
        return None;
    }
    attr(fold_unary(ctx, cx.operand_constant(0), ty, |a, ety| {
        let x = f64_of(float_of(ctx, a)?)?;
        if !x.is_finite() {
            return None;
        }
        let t = x.trunc() as i128;
        let ok = if signed {
            Int::fits_signed(t, w)
        } else {
            t >= 0 && t <= mask(w) as i128
        };
        ok.then(|| ctx.integer_attr(ety, ApInt::from_u64(w, t as u64)))
    }))
}

fn fold_index_cast(cx: &mut FoldCtx<'_>, signed: bool) -> Option<OpFoldResult> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    let ty = result_type(cx);
    let w = elem_int_width(ctx, ty)?;
    let folded = fold_unary(ctx, cx.operand_constant(0), ty, |a, ety| {
        let x = int_of(ctx, a)?;
        let v = if signed { x.s() as u64 } else { x.v };
        Some(ctx.integer_attr(ety, ApInt::from_u64(w, v)))
    });
    // MLIR 22 has no fold of index_cast(index_cast(x)): the
    // IndexCastOfIndexCast canonicalization pattern does it.
    attr(folded)
}

fn fold_bitcast(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ctx = cx.ir.ctx();
    let ty = result_type(cx);
    let convert = |a: Attribute, ety: Type| -> Option<Attribute> {
        let bits: u128 = match ctx.attr(a) {
            AttrKind::Integer { value, .. } if value.width() <= 64 => value.to_u64() as u128,
            AttrKind::Float { value, .. } => value.bits,
            _ => return None,
        };
        match ctx.ty(ety) {
            TypeKind::Float(k) => Some(ctx.float_attr(ety, ApFloat { kind: *k, bits })),
            TypeKind::Integer { width, .. } if *width <= 64 => {
                Some(ctx.integer_attr(ety, ApInt::from_u64(*width, bits as u64)))
            }
            _ => None,
        }
    };
    attr(fold_unary(ctx, cx.operand_constant(0), ty, convert))
}

/// `cmpi` predicates (upstream `CmpIPredicate` values).
pub(crate) mod cmpi {
    pub const EQ: i64 = 0;
    pub const NE: i64 = 1;
    pub const SLT: i64 = 2;
    pub const SLE: i64 = 3;
    pub const SGT: i64 = 4;
    pub const SGE: i64 = 5;
    pub const ULT: i64 = 6;
    pub const ULE: i64 = 7;
    pub const UGT: i64 = 8;
    pub const UGE: i64 = 9;
}

/// Upstream `applyCmpPredicate` for integers.
pub(crate) fn apply_cmpi(pred: i64, a: Int, b: Int) -> bool {
    use cmpi::*;
    match pred {
        EQ => a.v == b.v,
        NE => a.v != b.v,
        SLT => a.s() < b.s(),
        SLE => a.s() <= b.s(),
        SGT => a.s() > b.s(),
        SGE => a.s() >= b.s(),
        ULT => a.v < b.v,
        ULE => a.v <= b.v,
        UGT => a.v > b.v,
        _ => a.v >= b.v,
    }
}

fn fold_cmpi(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    use cmpi::*;
    let ir = cx.ir;
    let ctx = ir.ctx();
    let pred = predicate(ir, cx.op)?;
    let ty = result_type(cx);
    if lhs(cx) == rhs(cx) {
        let v = matches!(pred, EQ | SLE | SGE | ULE | UGE);
        return attr(bool_attr(ctx, ty, v));
    }
    let is_i1 = |v: Value| {
        let t = ir.value_type(v);
        let elem_ok = matches!(
            ctx.ty(t),
            TypeKind::Integer { .. } | TypeKind::Vector { .. }
        );
        elem_ok && ctx.is_signless_integer(ctx.element_type_or_self(t), 1)
    };
    if is_zero(ctx, rhs_c(cx)) {
        for name in ["arith.extsi", "arith.extui"] {
            if let Some(ext) = def_named(ir, lhs(cx), name) {
                if is_i1(ir.operand(ext, 0)) && pred == NE {
                    return val(ir.operand(ext, 0));
                }
            }
        }
        let lhs_elem = ctx.element_type_or_self(ir.value_type(lhs(cx)));
        if ctx.is_signless_integer(lhs_elem, 1) && pred == NE {
            return val(lhs(cx));
        }
    }
    if is_one(ctx, rhs_c(cx)) {
        let lhs_elem = ctx.element_type_or_self(ir.value_type(lhs(cx)));
        if ctx.is_signless_integer(lhs_elem, 1) && pred == EQ {
            return val(lhs(cx));
        }
    }
    // Move a constant to the right-hand side.
    if lhs_c(cx).is_some() && rhs_c(cx).is_none() {
        let swapped = match pred {
            SLT => SGT,
            SGT => SLT,
            SLE => SGE,
            SGE => SLE,
            ULT => UGT,
            UGT => ULT,
            ULE => UGE,
            UGE => ULE,
            p => p,
        };
        let (l, r) = (lhs(cx), rhs(cx));
        let pty = ctx.attr_type(ir.attr(cx.op, "predicate")?)?;
        cx.update_in_place(InPlaceEdit::SetAttr(
            "predicate".into(),
            Some(ctx.int_attr(pty, swapped)),
        ));
        cx.update_in_place(InPlaceEdit::SetOperands(SmallVec::from_slice(&[r, l])));
        return val(cx.result(0));
    }
    let lty = ctx.attr_type(lhs_c(cx)?)?;
    let res_ty = crate::arith::get_i1_same_shape(ctx, lty);
    attr(fold_binary(
        ctx,
        lhs_c(cx),
        rhs_c(cx),
        Some(res_ty),
        |a, b, _| Some(ctx.bool_attr(apply_cmpi(pred, int_of(ctx, a)?, int_of(ctx, b)?))),
    ))
}

/// Upstream `applyCmpPredicate` for floats.
pub(crate) fn apply_cmpf(pred: i64, x: f64, y: f64) -> bool {
    use std::cmp::Ordering::*;
    let ord = x.partial_cmp(&y);
    let (un, eq, gt, lt) = (
        ord.is_none(),
        ord == Some(Equal),
        ord == Some(Greater),
        ord == Some(Less),
    );
    match pred {
        0 => false,
        1 => eq,
        2 => gt,
        3 => gt || eq,
        4 => lt,
        5 => lt || eq,
        6 => !un && !eq,
        7 => !un,
        8 => un || eq,
        9 => un || gt,
        10 => un || gt || eq,
        11 => un || lt,
        12 => un || lt || eq,
        13 => !eq,
        14 => un,
        _ => true,
    }
}

fn fold_cmpf(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    let scalar = |a: Option<Attribute>| a.and_then(|a| float_of(ctx, a));
    let (mut l, mut r) = (scalar(lhs_c(cx)), scalar(rhs_c(cx)));
    // A NaN operand decides the result whatever the other is.
    if l.is_some_and(is_nan) {
        r = l;
    }
    if r.is_some_and(is_nan) {
        l = r;
    }
    let (l, r) = (f64_of(l?)?, f64_of(r?)?);
    let pred = predicate(ir, cx.op)?;
    attr(Some(ctx.bool_attr(apply_cmpf(pred, l, r))))
}

fn fold_select(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    let (cond, tv, fv) = (cx.operand(0), cx.operand(1), cx.operand(2));
    if tv == fv {
        return val(tv);
    }
    let cond_c = cx.operand_constant(0);
    if is_one(ctx, cond_c) {
        return val(tv);
    }
    if is_zero(ctx, cond_c) {
        return val(fv);
    }
    // A fully poisoned operand selects the other one.
    if poison_operand(ctx, cx.operand_constant(1)).is_some() {
        return val(fv);
    }
    if poison_operand(ctx, cx.operand_constant(2)).is_some() {
        return val(tv);
    }
    let ty = result_type(cx);
    if ctx.is_signless_integer(ty, 1)
        && is_one(ctx, cx.operand_constant(1))
        && is_zero(ctx, cx.operand_constant(2))
    {
        return val(cond);
    }
    if let Some(cmp) = def_named(ir, cond, "arith.cmpi") {
        let pred = predicate(ir, cmp)?;
        if pred == cmpi::EQ || pred == cmpi::NE {
            let (cl, cr) = (ir.operand(cmp, 0), ir.operand(cmp, 1));
            if (cl == tv && cr == fv) || (cr == tv && cl == fv) {
                return val(if pred == cmpi::NE { tv } else { fv });
            }
        }
    }
    // An elementwise select of constants.
    let (c, t, f) = (cond_c?, cx.operand_constant(1)?, cx.operand_constant(2)?);
    let (Some((_, ce)), Some((Some(tty), te)), Some((_, fe))) =
        (elements(ctx, c), elements(ctx, t), elements(ctx, f))
    else {
        return None;
    };
    let n = num_elements(ctx, tty)?;
    let pick = |e: &[Attribute], i: usize| e[if e.len() == 1 { 0 } else { i }];
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let b = int_of(ctx, pick(ce, i))?;
        out.push(if b.v != 0 { pick(te, i) } else { pick(fe, i) });
    }
    attr(Some(dense(ctx, tty, out)))
}

fn fold_addui_extended(
    cx: &mut FoldCtx<'_>,
    results: &mut SmallVec<[OpFoldResult; 1]>,
) -> Result<(), ()> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    let overflow_ty = ir.value_type(cx.result(1));
    // `matchPattern(getRhs(), m_Zero())` looks at the value itself.
    if is_zero(ctx, ir.value_constant(rhs(cx))) {
        let f = zero_attr(ctx, overflow_ty).ok_or(())?;
        results.push(OpFoldResult::Value(lhs(cx)));
        results.push(OpFoldResult::Attr(f));
        return Ok(());
    }
    let sum = int_binary(ctx, lhs_c(cx), rhs_c(cx), |a, b| {
        Some(Int::new(a.w, a.v.wrapping_add(b.v)))
    })
    .ok_or(())?;
    let sty = ctx.attr_type(sum).ok_or(())?;
    let oty = crate::arith::get_i1_same_shape(ctx, sty);
    let overflow = fold_binary(ctx, Some(sum), lhs_c(cx), Some(oty), |s, a, _| {
        Some(ctx.bool_attr(int_of(ctx, s)?.v < int_of(ctx, a)?.v))
    })
    .ok_or(())?;
    results.push(OpFoldResult::Attr(sum));
    results.push(OpFoldResult::Attr(overflow));
    Ok(())
}

fn fold_mul_extended(
    cx: &mut FoldCtx<'_>,
    results: &mut SmallVec<[OpFoldResult; 1]>,
    signed: bool,
) -> Result<(), ()> {
    let ctx = cx.ir.ctx();
    if is_zero(ctx, rhs_c(cx)) {
        let z = rhs_c(cx).ok_or(())?;
        results.push(OpFoldResult::Attr(z));
        results.push(OpFoldResult::Attr(z));
        return Ok(());
    }
    if !signed && is_one(ctx, rhs_c(cx)) {
        let z = zero_attr(ctx, cx.ir.value_type(lhs(cx))).ok_or(())?;
        results.push(OpFoldResult::Value(lhs(cx)));
        results.push(OpFoldResult::Attr(z));
        return Ok(());
    }
    let low = int_binary(ctx, lhs_c(cx), rhs_c(cx), |a, b| {
        Some(Int::new(a.w, a.v.wrapping_mul(b.v)))
    })
    .ok_or(())?;
    let high = int_binary(ctx, lhs_c(cx), rhs_c(cx), |a, b| {
        let p = if signed {
            (a.s() as i128 * b.s() as i128) >> a.w
        } else {
            ((a.v as u128 * b.v as u128) >> a.w) as i128
        };
        Some(Int::new(a.w, p as u64))
    })
    .ok_or(())?;
    results.push(OpFoldResult::Attr(low));
    results.push(OpFoldResult::Attr(high));
    Ok(())
}
