//! Type-converter-driven helpers for conversion patterns: the conversion of
//! a function op's signature (MLIR's
//! `populateFunctionOpInterfaceTypeConversionPattern`) and the re-creation
//! of an op with converted result types (MLIR's `convertOpResultTypes`).
//!
//! mlir-ir has no `FunctionOpInterface`; a function op here is one laid out
//! like `func.func`: a `function_type` attribute holding a builtin function
//! type, the body in region 0 (empty for a declaration), and optional
//! `arg_attrs` / `res_attrs` arrays of dictionaries. Among our dialects that
//! is `func.func`; `llvm.func` keeps an `!llvm.func` type, which MLIR's
//! helper rejects too (it only handles `FunctionType`).

use std::sync::Arc;

use smallvec::SmallVec;

use mlir_ir::{AttrKind, Attribute, Context, OpRef, OperationState, Type, TypeKind, Value};
use mlir_rewrite::{LogicalResult, Pattern, RewritePatternSet};

use crate::pattern::{add_conversion_pattern, ConversionPattern, ConversionPatternRewriter};
use crate::type_converter::{SignatureConversion, TypeConverter, TypeVector};

/// The attribute holding a function op's type.
const FUNCTION_TYPE_ATTR: &str = "function_type";
/// The attribute holding a function op's per-argument attribute dictionaries.
const ARG_ATTRS: &str = "arg_attrs";
/// The attribute holding a function op's per-result attribute dictionaries.
const RES_ATTRS: &str = "res_attrs";

/// The inputs and results of `op`'s `function_type`, if it is a builtin
/// function type.
fn function_signature(
    rw: &ConversionPatternRewriter<'_, '_>,
    op: OpRef,
) -> Option<(Vec<Type>, Vec<Type>)> {
    let ctx = rw.ctx();
    let attr = rw.ir().attr(op, FUNCTION_TYPE_ATTR)?;
    let AttrKind::Type(ty) = *ctx.attr(attr) else {
        return None;
    };
    match ctx.ty(ty) {
        TypeKind::Function { inputs, results } => Some((inputs.to_vec(), results.to_vec())),
        _ => None,
    }
}

/// The new value of an `arg_attrs` / `res_attrs` array when the number of
/// arguments (results) changes from `old` to `new` (MLIR's
/// `function_interface_impl::setFunctionType`): `None` removes the
/// attribute. Dropped entries are cut from the end, added ones are empty
/// dictionaries, and an array of only empty dictionaries is removed.
fn resized_arg_res_attrs(
    ctx: &Context,
    attrs: Option<Attribute>,
    old: usize,
    new: usize,
) -> Option<Option<Attribute>> {
    if old == new {
        return None;
    }
    if new == 0 {
        return Some(None);
    }
    let attrs = attrs?;
    let AttrKind::Array(elements) = ctx.attr(attrs) else {
        return None;
    };
    let empty = ctx.empty_dictionary();
    let mut elements: Vec<Attribute> = elements.iter().copied().take(new).collect();
    elements.resize(new, empty);
    if elements.iter().all(|&a| a == empty) {
        Some(None)
    } else {
        Some(Some(ctx.array_attr(&elements)))
    }
}

/// Converts the signature of the function op `op` with `converter` (MLIR's
/// `convertFuncOpTypes`): the input types through a
/// [`SignatureConversion`], the result types, the entry block with that
/// conversion (only the entry block: as in MLIR 22, the other blocks are
/// left to the patterns of the ops branching to them), then the
/// `function_type` in place, resizing `arg_attrs` / `res_attrs` if the
/// number of inputs or results changed. Fails, changing nothing, when the op
/// has no builtin function type or a type does not convert.
pub fn convert_function_op_types(
    op: OpRef,
    converter: &Arc<TypeConverter>,
    rw: &mut ConversionPatternRewriter<'_, '_>,
) -> LogicalResult {
    let Some((inputs, results)) = function_signature(rw, op) else {
        return Err(());
    };
    let ctx = rw.ctx();
    let mut conversion = SignatureConversion::new(inputs.len());
    let mut new_results = TypeVector::new();
    converter.convert_signature_args(ctx, &inputs, &mut conversion)?;
    converter.convert_type_list(ctx, &results, &mut new_results)?;
    if let Some(entry) = rw
        .ir()
        .regions(op)
        .first()
        .and_then(|&b| rw.ir().first_block(b))
    {
        rw.apply_signature_conversion(entry, &conversion, Some(converter));
    }
    let ctx = rw.ctx();
    let new_type = ctx.function_type(conversion.converted_types(), &new_results);
    let new_type_attr = ctx.type_attr(new_type);
    let arg_attrs = resized_arg_res_attrs(
        ctx,
        rw.ir().attr(op, ARG_ATTRS),
        inputs.len(),
        conversion.converted_types().len(),
    );
    let res_attrs = resized_arg_res_attrs(
        ctx,
        rw.ir().attr(op, RES_ATTRS),
        results.len(),
        new_results.len(),
    );
    rw.modify_op_in_place(op, |m| {
        m.set_attr(FUNCTION_TYPE_ATTR, Some(new_type_attr));
        if let Some(a) = arg_attrs {
            m.set_attr(ARG_ATTRS, a);
        }
        if let Some(a) = res_attrs {
            m.set_attr(RES_ATTRS, a);
        }
    });
    Ok(())
}

/// The conversion pattern converting the signature of every op named
/// `root` (MLIR's `FunctionOpInterfaceSignatureConversion`); see
/// [`convert_function_op_types`].
pub struct FunctionOpSignatureConversion {
    root: String,
    converter: Arc<TypeConverter>,
}

impl FunctionOpSignatureConversion {
    /// The pattern for the function ops named `root` (e.g. `func.func`).
    pub fn new(root: &str, converter: Arc<TypeConverter>) -> Self {
        FunctionOpSignatureConversion {
            root: root.to_string(),
            converter,
        }
    }
}

impl ConversionPattern for FunctionOpSignatureConversion {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, &self.root, 1)
            .with_debug_name("(anonymous namespace)::FunctionOpInterfaceSignatureConversion")
    }
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        Some(&self.converter)
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        _operands: &[Value],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        convert_function_op_types(op, &self.converter, rw)
    }
}

/// Adds the pattern converting the signature of the function ops named
/// `function_op_name` with `converter` (MLIR's
/// `populateFunctionOpInterfaceTypeConversionPattern`), benefit 1.
pub fn populate_function_op_interface_type_conversion_pattern(
    function_op_name: &str,
    set: &mut RewritePatternSet,
    converter: Arc<TypeConverter>,
) {
    add_conversion_pattern(
        set,
        FunctionOpSignatureConversion::new(function_op_name, converter),
    );
}

/// Replaces nothing, but creates a copy of `op` (same name, attributes and
/// properties; `operands` as operands; no regions or successors) whose result
/// types are `op`'s results converted with `converter`, at the rewriter's
/// insertion point, and returns it (MLIR's `convertOpResultTypes`). The
/// results are converted as values, so context-aware conversions apply.
/// Fails with a match-failure note when `op` is already legal for the
/// converter or a result type does not convert.
pub fn convert_op_result_types(
    op: OpRef,
    operands: &[Value],
    converter: &TypeConverter,
    rw: &mut ConversionPatternRewriter<'_, '_>,
) -> Result<OpRef, ()> {
    let loc = rw.ir().op_loc(op);
    if converter.is_legal_op(rw.ir(), op) {
        let _ = rw.notify_match_failure_at(loc, || "op already legal");
        return Err(());
    }
    let results: SmallVec<[Value; 4]> = rw.ir().results(op).collect();
    let mut new_types = TypeVector::new();
    if converter
        .convert_value_list(rw.ir(), &results, &mut new_types)
        .is_err()
    {
        let _ = rw.notify_match_failure_at(loc, || "couldn't convert return types");
        return Err(());
    }
    let ir = rw.ir();
    let mut state = OperationState::new(ir.op_name(op), loc)
        .operands(operands)
        .results(&new_types);
    state.properties = ir.op_properties(op);
    state.attributes = Some(ir.op_attributes(op));
    Ok(rw.create(state))
}
