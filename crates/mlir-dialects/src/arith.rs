//! The `arith` dialect, generated from `td/Arith.td`, with the hand-written
//! hooks the definitions declare: the helpers their predicates call
//! (`get_i1_same_shape`, `tensor_dims_or_empty`), `arith.constant`'s result
//! names, `arith.select`'s custom assembly form, the verifiers, and the
//! canonical spelling of `#arith.overflow<...>` / `#arith.fastmath<...>`.
//! The fold hooks live in `arith/fold.rs`, the canonicalization patterns
//! in `arith/canonicalize.rs`; the constant materializer
//! (`arith.constant` for typed integer, float and elements attributes) is
//! [`ArithDialect::materialize_constant`].

pub mod canonicalize;
pub mod float;
pub mod fold;

use mlir_ir::asm::lexer::TokenKind;
use mlir_ir::asm::{OpAsmInterface, OpAsmParser, OpAsmPrinter, SetValueName};
use mlir_ir::interfaces::cast::CastOpInterface;
use mlir_ir::ods::{ConstantMaterializer, EnumSpec};
use mlir_ir::{
    AttrKind, Attribute, Context, Diagnostic, Dialect, Ir, Location, OpBuilder, OpInfo, OpRef,
    OperationState, Type, TypeKind,
};

/// The generated op definitions of `td/Arith.td`. Generated code keeps the
/// shapes of its templates (e.g. the parentheses TableGen puts around every
/// predicate leaf), so style lints are not actionable on it.
#[allow(dead_code, unused_parens, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/arith_ops.rs"));
}

pub use ops::*;

/// The `arith` dialect.
pub struct ArithDialect;

/// The dialect enum attributes of `arith` (`#arith.fastmath<...>`,
/// `#arith.overflow<...>`).
static DIALECT_ENUMS: [&EnumSpec; 2] = [
    &ops::ENUM_ARITH_FAST_MATH_ATTR,
    &ops::ENUM_ARITH_INTEGER_OVERFLOW_ATTR,
];

impl Dialect for ArithDialect {
    fn namespace(&self) -> &'static str {
        "arith"
    }
    /// The dialect's inliner interface (`crate::inliner`).
    fn interface(&self, id: std::any::TypeId) -> Option<&(dyn std::any::Any + Send + Sync)> {
        crate::inliner::interface_for(&crate::inliner::ALL, id)
    }

    fn operations(&self) -> Vec<OpInfo> {
        ops::operations()
            .into_iter()
            .map(|mut info| {
                // `CastOpInterface`: the verifier runs its check after the
                // op's traits and before the op's own `verify`.
                // `arith.constant` folds to its `value`: read it directly.
                if &*info.name == "arith.constant" {
                    info = info.with_constant_value(|ir, op| ir.attr(op, "value"));
                }
                if let Some(f) = cast_compatibility(&info.name) {
                    info = info.with_interface(CastOpInterface {
                        are_cast_compatible: f,
                    });
                }
                let names: Option<fn(&Ir, OpRef, SetValueName<'_>)> = match &*info.name {
                    "arith.constant" => Some(constant_result_names),
                    "arith.addui_extended" => Some(|ir, op, set| {
                        named_results(ir, op, set, &["sum", "overflow"]);
                    }),
                    "arith.mulsi_extended" | "arith.mului_extended" => Some(|ir, op, set| {
                        named_results(ir, op, set, &["low", "high"]);
                    }),
                    _ => None,
                };
                match names {
                    Some(f) => info.with_interface(OpAsmInterface {
                        result_names: Some(f),
                        ..Default::default()
                    }),
                    None => info,
                }
            })
            .map(crate::speculation::attach)
            .collect()
    }

    fn materialize_constant(
        &self,
        builder: &mut OpBuilder<'_>,
        value: Attribute,
        ty: Type,
        loc: Location,
    ) -> Option<OpRef> {
        <Self as ConstantMaterializer>::materialize(builder, value, ty, loc)
    }

    fn canonicalize_attribute(
        &self,
        _ctx: &std::sync::Arc<Context>,
        body: &str,
    ) -> Result<Option<String>, Vec<(usize, String)>> {
        mlir_ir::ods::enums::canonicalize_enum_attr(&DIALECT_ENUMS, "arith", body)
    }
}

/// `hasConstantMaterializer`.
impl ConstantMaterializer for ArithDialect {
    fn materialize(
        builder: &mut OpBuilder<'_>,
        value: Attribute,
        ty: Type,
        loc: Location,
    ) -> Option<OpRef> {
        materialize_arith_constant(builder, value, ty, loc)
    }
}

/// Implements `ConstantMaterializer` for a dialect whose constants are
/// arith's (`hasConstantMaterializer` in its `.td`, materialized with
/// [`materialize_arith_constant`], as upstream's affine, math, memref,
/// tensor and vector dialects do).
macro_rules! arith_constant_materializer {
    ($dialect:ty) => {
        impl mlir_ir::ods::ConstantMaterializer for $dialect {
            fn materialize(
                builder: &mut mlir_ir::OpBuilder<'_>,
                value: mlir_ir::Attribute,
                ty: mlir_ir::Type,
                loc: mlir_ir::Location,
            ) -> Option<mlir_ir::OpRef> {
                $crate::arith::materialize_arith_constant(builder, value, ty, loc)
            }
        }
    };
}
pub(crate) use arith_constant_materializer;

/// Upstream `ArithDialect::materializeConstant`: `ub.poison` for
/// `#ub.poison`, else `arith::ConstantOp::materialize`, an `arith.constant`
/// if [`is_buildable_with`] holds (the materializer of arith and of the
/// dialects whose constants are arith constants: affine, math, memref,
/// tensor).
pub fn materialize_arith_constant(
    builder: &mut OpBuilder<'_>,
    value: Attribute,
    ty: Type,
    loc: Location,
) -> Option<OpRef> {
    if crate::ub::is_poison(builder.ctx(), value) {
        return Some(crate::ub::PoisonOp::build(builder, loc, ty, Some(value)).0);
    }
    is_buildable_with(builder.ctx(), value, ty)
        .then(|| ConstantOp::build(builder, loc, ty, value).0)
}

/// Upstream `ConstantOp::isBuildableWith`: a typed integer, float or
/// elements attribute of exactly `ty`, with a signless integer element type
/// if it is an integer.
pub fn is_buildable_with(ctx: &Context, value: Attribute, ty: Type) -> bool {
    if ctx.attr_type(value) != Some(ty) {
        return false;
    }
    if let TypeKind::Integer { signedness, .. } = ctx.ty(ctx.element_type_or_self(ty)) {
        if *signedness != mlir_ir::Signedness::Signless {
            return false;
        }
    }
    matches!(
        ctx.attr(value),
        AttrKind::Integer { .. }
            | AttrKind::Float { .. }
            | AttrKind::DenseElements { .. }
            | AttrKind::DenseStrings { .. }
            | AttrKind::DenseResource { .. }
    )
}

// ----- helpers the predicates of `td/Arith.td` call -----

/// `i1` with the shape of `ty` (upstream's `getI1SameShape`): `vector<4xi1>`
/// for `vector<4xf32>`, `tensor<?xi1>` for `tensor<?xi32>`, `i1` for scalars.
pub fn get_i1_same_shape(ctx: &Context, ty: Type) -> Type {
    let i1 = ctx.i1_type();
    let kind = match ctx.ty(ty) {
        TypeKind::Vector {
            shape, scalable, ..
        } => TypeKind::Vector {
            shape: shape.clone(),
            scalable: scalable.clone(),
            element: i1,
        },
        TypeKind::RankedTensor {
            shape, encoding, ..
        } => TypeKind::RankedTensor {
            shape: shape.clone(),
            element: i1,
            encoding: *encoding,
        },
        TypeKind::UnrankedTensor { .. } => TypeKind::UnrankedTensor { element: i1 },
        TypeKind::MemRef {
            shape,
            layout,
            memory_space,
            ..
        } => TypeKind::MemRef {
            shape: shape.clone(),
            element: i1,
            layout: *layout,
            memory_space: *memory_space,
        },
        TypeKind::UnrankedMemRef { memory_space, .. } => TypeKind::UnrankedMemRef {
            element: i1,
            memory_space: *memory_space,
        },
        _ => return i1,
    };
    ctx.intern_type(kind)
}

/// The dimensions of `ty` if it is a ranked tensor, else the empty shape
/// (what arith's casts compare between input and output).
pub fn tensor_dims_or_empty(ctx: &Context, ty: Type) -> &[i64] {
    match ctx.ty(ty) {
        TypeKind::RankedTensor { shape, .. } => shape,
        _ => &[],
    }
}

/// A type as MLIR prints it.
fn type_str(ctx: &Context, ty: Type) -> String {
    let flags = mlir_ir::asm::PrintFlags::default();
    let p = mlir_ir::asm::printer::attrs::AttrPrinter::new(ctx, &flags, None);
    let mut s = String::new();
    p.print_type(&mut s, ty);
    s
}

// ----- result names (OpAsmOpInterface) -----

/// Upstream `ConstantOp::getAsmResultNames`: `%true`/`%false` for `i1`,
/// `%c<value>_<type>` for other integers (`%c-1_i64`), `%c<value>` for
/// `index`, `%cst` for everything else.
fn constant_result_names(ir: &Ir, op: OpRef, set: SetValueName<'_>) {
    if ir.num_results(op) != 1 {
        return;
    }
    let ctx = ir.ctx();
    let result = ir.result(op, 0);
    let ty = ir.value_type(result);
    let value = ir.attr(op, "value").map(|a| ctx.attr(a));
    match value {
        Some(AttrKind::Integer { value, .. }) => {
            let int_ty = match ctx.ty(ty) {
                TypeKind::Integer { width, signedness } => Some((*width, *signedness)),
                _ => None,
            };
            if matches!(int_ty, Some((1, _))) {
                set(result, if value.is_zero() { "false" } else { "true" });
                return;
            }
            // Named for every printed constant: built in one buffer, with
            // 64-bit values and the type written directly rather than
            // through the big-integer and type printers.
            use std::fmt::Write as _;
            let mut name = String::with_capacity(16);
            name.push('c');
            if value.fits_i64() {
                let _ = write!(name, "{}", value.to_i64());
            } else {
                name.push_str(&value.to_string_signed());
            }
            if let Some((width, signedness)) = int_ty {
                let prefix = match signedness {
                    mlir_ir::Signedness::Signless => "i",
                    mlir_ir::Signedness::Signed => "si",
                    mlir_ir::Signedness::Unsigned => "ui",
                };
                let _ = write!(name, "_{prefix}{width}");
            }
            set(result, &name);
        }
        _ => set(result, "cst"),
    }
}

/// The names ODS gives the results of a multi-result op whose results are
/// all named (`%sum, %overflow`).
fn named_results(ir: &Ir, op: OpRef, set: SetValueName<'_>, names: &[&str]) {
    if ir.num_results(op) != names.len() {
        return;
    }
    for (i, n) in names.iter().enumerate() {
        set(ir.result(op, i), n);
    }
}

// ----- verifiers -----

/// The element type of a shaped type, or the type itself.
fn element_type(ctx: &Context, ty: Type) -> Type {
    ctx.element_type_or_self(ty)
}

/// The bit width of an integer or float type.
fn bit_width(ctx: &Context, ty: Type) -> Option<u32> {
    match ctx.ty(ty) {
        TypeKind::Integer { width, .. } => Some(*width),
        TypeKind::Float(k) => Some(k.width()),
        _ => None,
    }
}

/// Upstream `verifyExtOp` / `verifyTruncateOp`: the result element type must
/// be wider (`wider`) or narrower than the operand's.
fn verify_width_change(ir: &Ir, op: OpRef, wider: bool) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let src = element_type(ctx, ir.value_type(ir.operand(op, 0)));
    let dst = element_type(ctx, ir.value_type(ir.result(op, 0)));
    let (Some(sw), Some(dw)) = (bit_width(ctx, src), bit_width(ctx, dst)) else {
        return Ok(());
    };
    let (ok, what) = if wider {
        (sw < dw, "wider")
    } else {
        (sw > dw, "shorter")
    };
    if ok {
        return Ok(());
    }
    Err(ir.op_error(
        op,
        format!(
            "result type '{}' must be {what} than operand type '{}'",
            type_str(ctx, dst),
            type_str(ctx, src)
        ),
    ))
}

// ----- CastOpInterface -----

/// The `areCastCompatible` of each arith cast op, by name (`None` for ops
/// that are not casts).
#[allow(clippy::type_complexity)]
fn cast_compatibility(name: &str) -> Option<fn(&Context, &[Type], &[Type]) -> bool> {
    Some(match name {
        "arith.extui" => |c, i, o| are_cast_compatible(c, "arith.extui", i, o),
        "arith.extsi" => |c, i, o| are_cast_compatible(c, "arith.extsi", i, o),
        "arith.extf" => |c, i, o| are_cast_compatible(c, "arith.extf", i, o),
        "arith.scaling_extf" => |c, i, o| are_cast_compatible(c, "arith.scaling_extf", i, o),
        "arith.trunci" => |c, i, o| are_cast_compatible(c, "arith.trunci", i, o),
        "arith.truncf" => |c, i, o| are_cast_compatible(c, "arith.truncf", i, o),
        "arith.scaling_truncf" => |c, i, o| are_cast_compatible(c, "arith.scaling_truncf", i, o),
        "arith.uitofp" => |c, i, o| are_cast_compatible(c, "arith.uitofp", i, o),
        "arith.sitofp" => |c, i, o| are_cast_compatible(c, "arith.sitofp", i, o),
        "arith.fptoui" => |c, i, o| are_cast_compatible(c, "arith.fptoui", i, o),
        "arith.fptosi" => |c, i, o| are_cast_compatible(c, "arith.fptosi", i, o),
        "arith.index_cast" => |c, i, o| are_cast_compatible(c, "arith.index_cast", i, o),
        "arith.index_castui" => |c, i, o| are_cast_compatible(c, "arith.index_castui", i, o),
        "arith.bitcast" => |c, i, o| are_cast_compatible(c, "arith.bitcast", i, o),
        _ => return None,
    })
}

/// MLIR's `verifyCompatibleShape` for two types.
fn compatible_shapes(ctx: &Context, a: Type, b: Type) -> bool {
    let shaped = |t: Type| match ctx.ty(t) {
        TypeKind::Vector { .. }
        | TypeKind::RankedTensor { .. }
        | TypeKind::MemRef { .. }
        | TypeKind::UnrankedTensor { .. }
        | TypeKind::UnrankedMemRef { .. } => Some(ctx.shape(t)),
        _ => None,
    };
    match (shaped(a), shaped(b)) {
        (None, None) => true,
        (Some(Some(x)), Some(Some(y))) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y)
                    .all(|(&p, &q)| p == mlir_ir::DYNAMIC || q == mlir_ir::DYNAMIC || p == q)
        }
        (Some(_), Some(_)) => true,
        _ => false,
    }
}

/// Upstream `areCastCompatible` of each arith cast op: one input and one
/// output of compatible shapes (the scaling casts compare their first
/// input), whose element types are of the kinds the cast converts between,
/// with the width relation it requires.
fn are_cast_compatible(ctx: &Context, name: &str, inputs: &[Type], outputs: &[Type]) -> bool {
    let scaling = name.starts_with("arith.scaling_");
    let valid = outputs.len() == 1
        && if scaling {
            !inputs.is_empty()
        } else {
            inputs.len() == 1
        };
    if !valid || (!scaling && !compatible_shapes(ctx, inputs[0], outputs[0])) {
        return false;
    }
    let (src, dst) = (element_type(ctx, inputs[0]), element_type(ctx, outputs[0]));
    let int = |t: Type| matches!(ctx.ty(t), TypeKind::Integer { .. });
    let float = |t: Type| matches!(ctx.ty(t), TypeKind::Float(_));
    let signless = |t: Type| matches!(ctx.ty(t), TypeKind::Integer { signedness, .. } if *signedness == mlir_ir::Signedness::Signless);
    let width = |t: Type| bit_width(ctx, t).unwrap_or(0);
    match name {
        "arith.extui" | "arith.extsi" => int(src) && int(dst) && width(dst) > width(src),
        "arith.trunci" => int(src) && int(dst) && width(dst) < width(src),
        "arith.extf" | "arith.scaling_extf" => float(src) && float(dst) && width(dst) > width(src),
        "arith.truncf" | "arith.scaling_truncf" => {
            float(src) && float(dst) && width(dst) < width(src)
        }
        "arith.uitofp" | "arith.sitofp" => int(src) && float(dst),
        "arith.fptoui" | "arith.fptosi" => float(src) && int(dst),
        "arith.index_cast" | "arith.index_castui" => {
            (ctx.is_index(src) && signless(dst)) || (signless(src) && ctx.is_index(dst))
        }
        "arith.bitcast" => {
            (int(src) || float(src)) && (int(dst) || float(dst)) && width(src) == width(dst)
        }
        _ => true,
    }
}

impl ConstantOp {
    /// Upstream `ConstantOp::verify`.
    pub fn verify(self, ir: &Ir) -> Result<(), Diagnostic> {
        let ctx = ir.ctx();
        let op = self.0;
        let ty = ir.value_type(ir.result(op, 0));
        if let TypeKind::Integer { signedness, .. } = ctx.ty(ty) {
            if *signedness != mlir_ir::Signedness::Signless {
                return Err(ir.op_error(op, "integer return type must be signless"));
            }
        }
        let value = ir.attr(op, "value").map(|a| ctx.attr(a));
        let is_splat = match value {
            Some(AttrKind::Integer { .. } | AttrKind::Float { .. }) => true,
            Some(AttrKind::DenseElements { elements, .. }) => elements.len() == 1,
            Some(AttrKind::DenseStrings { elements, .. }) => elements.len() == 1,
            Some(AttrKind::DenseResource { .. }) => false,
            _ => {
                return Err(
                    ir.op_error(op, "value must be an integer, float, or elements attribute")
                )
            }
        };
        if let TypeKind::Vector { scalable, .. } = ctx.ty(ty) {
            if scalable.iter().any(|&s| s) && !is_splat {
                return Err(ir.op_error(
                    op,
                    "intializing scalable vectors with elements attribute is not supported unless it's a vector splat",
                ));
            }
        }
        Ok(())
    }
}

impl ExtUIOp {
    pub fn verify(self, ir: &Ir) -> Result<(), Diagnostic> {
        verify_width_change(ir, self.0, true)
    }
}

impl ExtSIOp {
    pub fn verify(self, ir: &Ir) -> Result<(), Diagnostic> {
        verify_width_change(ir, self.0, true)
    }
}

impl ExtFOp {
    pub fn verify(self, ir: &Ir) -> Result<(), Diagnostic> {
        verify_width_change(ir, self.0, true)
    }
}

impl ScalingExtFOp {
    pub fn verify(self, ir: &Ir) -> Result<(), Diagnostic> {
        verify_width_change(ir, self.0, true)
    }
}

impl TruncIOp {
    pub fn verify(self, ir: &Ir) -> Result<(), Diagnostic> {
        verify_width_change(ir, self.0, false)
    }
}

impl TruncFOp {
    pub fn verify(self, ir: &Ir) -> Result<(), Diagnostic> {
        verify_width_change(ir, self.0, false)
    }
}

impl ScalingTruncFOp {
    pub fn verify(self, ir: &Ir) -> Result<(), Diagnostic> {
        verify_width_change(ir, self.0, false)
    }
}

// ----- arith.select -----

impl SelectOp {
    /// Upstream `SelectOp::verify`: a non-`i1` condition must be `i1` with
    /// the shape of a vector or tensor result.
    pub fn verify(self, ir: &Ir) -> Result<(), Diagnostic> {
        let ctx = ir.ctx();
        let op = self.0;
        let cond = ir.value_type(ir.operand(op, 0));
        if ctx.is_signless_integer(cond, 1) {
            return Ok(());
        }
        let result = ir.value_type(ir.result(op, 0));
        let shaped = matches!(
            ctx.ty(result),
            TypeKind::Vector { .. }
                | TypeKind::RankedTensor { .. }
                | TypeKind::UnrankedTensor { .. }
        );
        if !shaped {
            return Err(ir.op_error(
                op,
                format!(
                    "expected condition to be a signless i1, but got {}",
                    type_str(ctx, cond)
                ),
            ));
        }
        let expected = get_i1_same_shape(ctx, result);
        if cond != expected {
            return Err(ir.op_error(
                op,
                format!(
                    "expected condition type to have the same shape as the result type, expected {}, but got {}",
                    type_str(ctx, expected),
                    type_str(ctx, cond)
                ),
            ));
        }
        Ok(())
    }

    /// `%c, %a, %b attr-dict : [condition-type ,] result-type`.
    pub fn parse(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> Result<(), ()> {
        let start = p.current_offset();
        let operands = p.parse_operand_list()?;
        if operands.len() != 3 {
            return p.error_at(start, "expected 3 operands");
        }
        p.parse_optional_attr_dict(state)?;
        p.parse_token(TokenKind::Colon, "expected ':'")?;
        let mut result_ty = p.parse_type()?;
        let cond_ty = if p.parse_optional_token(TokenKind::Comma) {
            let c = result_ty;
            result_ty = p.parse_type()?;
            c
        } else {
            p.ctx().i1_type()
        };
        state.result_types.push(result_ty);
        let name = p.name_offset();
        p.resolve_operands(&operands, &[cond_ty, result_ty, result_ty], name, state)
    }

    /// Prints the form `parse` reads; the condition type only when shaped.
    pub fn print(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
        let ir = p.ir();
        let ctx = ir.ctx();
        p.print_char(' ');
        p.print_operands(ir.operands(op));
        let attrs = p.op_attrs(op);
        p.print_optional_attr_dict(&attrs, &[]);
        p.print_str(" : ");
        let cond = ir.value_type(ir.operand(op, 0));
        if ctx.shape(cond).is_some()
            || matches!(
                ctx.ty(cond),
                TypeKind::UnrankedTensor { .. } | TypeKind::UnrankedMemRef { .. }
            )
        {
            p.print_type(cond);
            p.print_str(", ");
        }
        if ir.num_results(op) > 0 {
            p.print_type(ir.value_type(ir.result(op, 0)));
        }
    }
}
