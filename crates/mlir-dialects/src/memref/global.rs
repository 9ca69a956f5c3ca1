//! `memref.global` and `memref.get_global`: the
//! `custom<GlobalMemrefOpTypeAndInitialValue>` directive (the memref type,
//! then `= uninitialized` or `= <elements>` read with the matching tensor
//! type), the global's verifier, and `get_global`'s symbol-use check
//! (upstream `GetGlobalOp::verifySymbolUses`).

use mlir_ir::asm::lexer::TokenKind;
use mlir_ir::asm::{OpAsmParser, OpAsmPrinter};
use mlir_ir::ods::spec::{CustomParseArg, CustomPrintArg};
use mlir_ir::symbol_table::SymbolTableCollection;
use mlir_ir::{AttrKind, Context, Diagnostic, Ir, OpRef, Type, TypeKind};

use super::ops::GlobalOp;

/// Whether `ty` is a memref type with a static shape.
fn is_static_memref(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.ty(ty), TypeKind::MemRef { shape, .. } if shape.iter().all(|&d| d >= 0))
}

/// The tensor type of memref type `ty` (upstream
/// `getTensorTypeFromMemRefType`, ranked case): its shape and element type.
fn tensor_of(ctx: &Context, ty: Type) -> Type {
    let shape = ctx.shape(ty).unwrap_or(&[]).to_vec();
    ctx.ranked_tensor_type(&shape, ctx.element_type_or_self(ty), None)
}

/// Upstream `parseGlobalMemrefOpTypeAndInitialValue`.
pub fn parse_global_memref_op_type_and_initial_value<'a>(
    p: &mut OpAsmParser<'_, 'a>,
    args: &mut [CustomParseArg<'a>],
) -> Result<(), ()> {
    let ty = p.parse_type()?;
    if !is_static_memref(p.ctx(), ty) {
        let msg = format!(
            "type should be static shaped memref, but got '{}'",
            p.ctx().display(ty)
        );
        return p.emit_error(p.name_offset(), msg);
    }
    args[0] = CustomParseArg::Attr(Some(p.ctx().type_attr(ty)));
    if !p.parse_optional_token(TokenKind::Equal) {
        args[1] = CustomParseArg::Attr(None);
        return Ok(());
    }
    if p.parse_optional_keyword("uninitialized") {
        args[1] = CustomParseArg::Attr(Some(p.ctx().unit_attr()));
        return Ok(());
    }
    let tensor = tensor_of(p.ctx(), ty);
    let value = p.parse_attribute(Some(tensor))?;
    if !mlir_ir::ods::preds::is_elements_attr(p.ctx(), value) {
        return p.emit_error(
            p.name_offset(),
            "initial value should be a unit or elements attribute",
        );
    }
    args[1] = CustomParseArg::Attr(Some(value));
    Ok(())
}

/// Upstream `printGlobalMemrefOpTypeAndInitialValue`.
pub fn print_global_memref_op_type_and_initial_value(
    p: &mut OpAsmPrinter<'_, '_>,
    _op: OpRef,
    args: &[CustomPrintArg],
) {
    let ctx = p.ir().ctx();
    if let Some(CustomPrintArg::Attr(Some(t))) = args.first() {
        if let Some(ty) = ctx.type_attr_value(*t) {
            p.print_type(ty);
        }
    }
    if let Some(CustomPrintArg::Attr(Some(init))) = args.get(1) {
        p.print_str(" = ");
        if matches!(ctx.attr(*init), AttrKind::Unit) {
            p.print_str("uninitialized");
        } else {
            p.print_attribute_without_type(*init);
        }
    }
}

impl GlobalOp {
    /// Upstream `GlobalOp::verify`: a statically shaped memref type, and an
    /// initial value that is a unit attribute or an elements attribute of
    /// the memref's element type and shape.
    pub fn verify(self, ir: &Ir) -> Result<(), Diagnostic> {
        let ctx = ir.ctx();
        let op = self.0;
        let Some(ty) = ir.attr(op, "type").and_then(|a| ctx.type_attr_value(a)) else {
            return Ok(());
        };
        if !is_static_memref(ctx, ty) {
            return Err(ir.op_error(
                op,
                format!(
                    "type should be static shaped memref, but got '{}'",
                    ctx.display(ty)
                ),
            ));
        }
        let Some(init) = ir.attr(op, "initial_value") else {
            return Ok(());
        };
        if matches!(ctx.attr(init), AttrKind::Unit) {
            return Ok(());
        }
        if !mlir_ir::ods::preds::is_elements_attr(ctx, init) {
            return Err(ir.op_error(
                op,
                format!(
                    "initial value should be a unit or elements attribute, but got {}",
                    ctx.display(init)
                ),
            ));
        }
        let Some(init_ty) = ctx.attr_type(init) else {
            return Ok(());
        };
        let (elem, init_elem) = (
            ctx.element_type_or_self(ty),
            ctx.element_type_or_self(init_ty),
        );
        if elem != init_elem {
            return Err(ir.op_error(
                op,
                format!(
                    "initial value element expected to be of type '{}', but was of type '{}'",
                    ctx.display(elem),
                    ctx.display(init_elem)
                ),
            ));
        }
        let (shape, init_shape) = (
            ctx.shape(ty).unwrap_or(&[]),
            ctx.shape(init_ty).unwrap_or(&[]),
        );
        if shape != init_shape {
            let list = |s: &[i64]| s.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
            return Err(ir.op_error(
                op,
                format!(
                    "initial value shape expected to be {} but was {}",
                    list(shape),
                    list(init_shape)
                ),
            ));
        }
        Ok(())
    }
}

/// Upstream `GetGlobalOp::verifySymbolUses`: the name refers to a
/// `memref.global` (looked up from the nearest symbol table) whose type is
/// the result type.
pub(crate) fn verify_get_global_uses(
    ir: &Ir,
    op: OpRef,
    tables: &mut SymbolTableCollection,
) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let Some(name) = ir.attr(op, "name") else {
        return Ok(());
    };
    let text = match ctx.attr(name) {
        AttrKind::SymbolRef { root, .. } => ctx.ident_str(*root).to_string(),
        _ => return Ok(()),
    };
    let global = tables
        .lookup_nearest_symbol_from(ir, op, name)
        .filter(|&g| ir.op_name_str(g) == "memref.global");
    let Some(global) = global else {
        return Err(ir.op_error(
            op,
            format!("'{text}' does not reference a valid global memref"),
        ));
    };
    let global_ty = ir.attr(global, "type").and_then(|a| ctx.type_attr_value(a));
    let result_ty = ir.value_type(ir.result(op, 0));
    if global_ty != Some(result_ty) {
        let shown = global_ty.map_or_else(String::new, |t| ctx.display(t).to_string());
        return Err(ir.op_error(
            op,
            format!(
                "result type '{}' does not match type '{shown}' of the global memref @{text}",
                ctx.display(result_ty)
            ),
        ));
    }
    Ok(())
}
