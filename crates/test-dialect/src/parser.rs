//! Test ops of the text-format tests (`td/TestOpsParser.td`, upstream
//! `IR/parser.mlir`) and their hand-written hooks, after upstream's
//! `TestOpDefs.cpp` and `TestDialect.cpp`: the custom forms of
//! `test.isolated_region`, `test.polyfor`, `test.parse_integer_literal`,
//! `test.parse_wrapped_keyword`, `test.parse_b64` and
//! `test.string_attr_pretty_name`; the result, block-argument and default
//! dialect hints of the `OpAsmOpInterface` ops; and the dialect's parse and
//! print hooks for ops without a custom form of their own
//! (`test.dialect_custom_printer`, `test.dialect_custom_format_fallback`).

use mlir_ir::asm::lexer::TokenKind;
use mlir_ir::asm::{
    CustomParseFn, CustomPrintFn, OpAsmInterface, OpAsmParser, OpAsmPrinter, SetValueName,
};
use mlir_ir::{AttrKind, Ir, OpInfo, OpRef, OperationState, RegionRef, Value};

/// The generated op definitions of `td/TestOpsParser.td`. Generated code
/// keeps the shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, unused_imports, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/parser_ops.rs"));
}

pub use ops::*;

type PResult = Result<(), ()>;

/// The ops of this area, with their hand-written hooks attached.
pub fn operations() -> Vec<OpInfo> {
    ops::operations()
        .into_iter()
        .map(|info| match &*info.name {
            "test.polyfor" => info.with_interface(OpAsmInterface {
                block_arg_names: Some(polyfor_arg_names),
                ..Default::default()
            }),
            "test.string_attr_pretty_name" => info.with_interface(OpAsmInterface {
                result_names: Some(pretty_name_result_names),
                ..Default::default()
            }),
            "test.default_dialect" => info.with_interface(OpAsmInterface {
                default_dialect: Some("test"),
                ..Default::default()
            }),
            "test.asm_interface_op" => info.with_interface(OpAsmInterface {
                result_names: Some(asm_interface_result_names),
                ..Default::default()
            }),
            _ => info,
        })
        .collect()
}

// ----- the dialect's hooks for ops without a custom form -----

/// Upstream `TestDialect::getParseOperationHook`.
pub fn parse_operation_hook(name: &str) -> Option<CustomParseFn> {
    match name {
        "test.dialect_custom_printer" => Some(|p, _| p.parse_keyword("custom_format")),
        "test.dialect_custom_format_fallback" => {
            Some(|p, _| p.parse_keyword("custom_format_fallback"))
        }
        "test.dialect_custom_printer.with.dot" => Some(|_, _| Ok(())),
        _ => None,
    }
}

/// Upstream `TestDialect::getOperationPrinter`.
pub fn operation_printer(name: &str) -> Option<CustomPrintFn> {
    match name {
        "test.dialect_custom_printer" => Some(|p, _| p.print_str(" custom_format")),
        "test.dialect_custom_format_fallback" => {
            Some(|p, _| p.print_str(" custom_format_fallback"))
        }
        _ => None,
    }
}

/// Upstream's `test.memref_element` type implements
/// `MemRefElementTypeInterface`.
pub fn type_implements(body: &str, interface: &str) -> bool {
    body == "memref_element" && interface == "MemRefElementTypeInterface"
}

// ----- test.isolated_region -----

impl IsolatedRegionOp {
    /// `%operand region`: the region's argument takes the operand's name.
    pub fn parse(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
        let index = p.ctx().index_type();
        let operand = p.parse_operand()?;
        let v = p.resolve_operand(operand, index)?;
        state.operands.push(v);
        let arg = mlir_ir::asm::parser::Argument {
            ssa: operand,
            ty: index,
            attrs: None,
            loc: None,
        };
        let r = p.parse_region_with_shadowing(&[arg], true)?;
        state.regions.push(r);
        Ok(())
    }

    pub fn print(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
        let ir = p.ir();
        let operand = ir.operand(op, 0);
        let r = ir.region(op, 0);
        p.print_char(' ');
        p.print_operand(operand);
        p.shadow_region_args(r, &[operand]);
        p.print_char(' ');
        p.print_region(r, false, true, false);
    }
}

// ----- test.polyfor -----

impl PolyForOp {
    /// `%i, %j, ... region`: index arguments without delimiters.
    pub fn parse(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
        let index = p.ctx().index_type();
        let mut args = Vec::new();
        if p.at(TokenKind::PercentIdent) {
            loop {
                let mut a = p.parse_argument(false, false)?;
                a.ty = index;
                args.push(a);
                if !p.parse_optional_token(TokenKind::Comma) {
                    break;
                }
            }
        }
        let r = p.parse_region(&args)?;
        state.regions.push(r);
        Ok(())
    }

    pub fn print(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
        let ir = p.ir();
        let r = ir.region(op, 0);
        let args: Vec<Value> = ir
            .first_block(r)
            .map(|b| ir.arguments(b).collect())
            .unwrap_or_default();
        p.print_char(' ');
        for (i, &a) in args.iter().enumerate() {
            if i > 0 {
                p.print_str(", ");
            }
            p.print_region_argument(a, &[], true);
        }
        p.print_char(' ');
        p.print_region(r, false, true, false);
    }
}

/// Names the loop arguments after the `arg_names` string array.
fn polyfor_arg_names(ir: &Ir, region: RegionRef, set: SetValueName<'_>) {
    let ctx = ir.ctx();
    let Some(op) = ir.region_parent_op(region) else {
        return;
    };
    let Some(names) = ir.attr(op, "arg_names") else {
        return;
    };
    let AttrKind::Array(names) = ctx.attr(names) else {
        return;
    };
    let Some(entry) = ir.first_block(region) else {
        return;
    };
    for (arg, &name) in ir.arguments(entry).zip(names.iter()) {
        if let AttrKind::String { value, .. } = ctx.attr(name) {
            set(arg, &String::from_utf8_lossy(value));
        }
    }
}

// ----- test.parse_integer_literal, test.parse_wrapped_keyword, test.parse_b64 -----

impl ParseIntegerLiteralOp {
    /// Nothing, or `: N` for N index results.
    pub fn parse(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
        if !p.parse_optional_token(TokenKind::Colon) {
            return Ok(());
        }
        let at = p.current_offset();
        let Some(n) = p.parse_optional_integer_i64()? else {
            return p.emit_error(at, "expected integer value");
        };
        // The count sizes an allocation: a few bytes of input must not ask
        // for terabytes (mlir-opt 22 takes it as `size_t` and never ends on
        // `-1` or `4294967296`; a fuzz input made rmlir abort on the
        // allocation).
        const MAX_RESULTS: i64 = 1 << 20;
        if !(0..=MAX_RESULTS).contains(&n) {
            return p.emit_error(
                at,
                format!("result count must be between 0 and {MAX_RESULTS}"),
            );
        }
        let index = p.ctx().index_type();
        state
            .result_types
            .extend(std::iter::repeat_n(index, n as usize));
        Ok(())
    }

    pub fn print(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
        let n = p.ir().num_results(op);
        if n != 0 {
            p.print_str(&format!(" : {n}"));
        }
    }
}

impl ParseWrappedKeywordOp {
    pub fn parse(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
        let kw = p.parse_any_keyword()?;
        let attr = p.ctx().string_attr(kw);
        p.add_attr(state, "keyword", attr);
        Ok(())
    }

    pub fn print(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
        let ir = p.ir();
        let kw = ir
            .attr(op, "keyword")
            .and_then(|a| ir.ctx().string_attr_value(a))
            .unwrap_or_default()
            .into_owned();
        p.print_char(' ');
        p.print_str(&kw);
    }
}

impl ParseB64BytesOp {
    pub fn parse(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
        let bytes = p.parse_base64_bytes()?;
        let attr = p.ctx().intern_attr(AttrKind::String {
            value: bytes.into(),
            ty: None,
        });
        p.add_attr(state, "b64", attr);
        Ok(())
    }

    pub fn print(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
        let ir = p.ir();
        let bytes: &[u8] = match ir.attr(op, "b64").map(|a| ir.ctx().attr(a)) {
            Some(AttrKind::String { value, .. }) => value,
            _ => &[],
        };
        let text = mlir_ir::asm::base64::encode(bytes);
        p.print_str(&format!(" \"{text}\""));
    }
}

// ----- test.string_attr_pretty_name -----

impl StringAttrPrettyNameOp {
    /// `attributes {...}` optionally; without `names`, they come from the
    /// SSA names the results are bound to (numeric names count as none).
    pub fn parse(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
        let n = p.num_results();
        let i32_ty = p.ctx().int_type(32);
        state.result_types.extend(std::iter::repeat_n(i32_ty, n));
        p.parse_optional_attr_dict_with_keyword(state)?;
        let ctx = p.ctx();
        let had_names = [state.properties, state.attributes]
            .into_iter()
            .flatten()
            .any(|d| ctx.dictionary_get(d, "names").is_some());
        if had_names || n == 0 {
            return Ok(());
        }
        let names: Vec<_> = (0..n)
            .map(|i| {
                let (name, _) = p.result_name(i);
                let name = if name.starts_with(|c: char| c.is_ascii_digit()) {
                    ""
                } else {
                    name
                };
                p.ctx().string_attr(name)
            })
            .collect();
        let names = p.ctx().array_attr(&names);
        p.add_attr(state, "names", names);
        Ok(())
    }

    /// `attributes {...}`, where `names` is elided when every result prints
    /// under the name it lists.
    pub fn print(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
        let ir = p.ir();
        let ctx = ir.ctx();
        let names: Vec<mlir_ir::Attribute> = match ir.attr(op, "names").map(|a| ctx.attr(a)) {
            Some(AttrKind::Array(elems)) => elems.to_vec(),
            _ => Vec::new(),
        };
        let n = ir.num_results(op);
        let mut disagree = names.len() != n;
        for (i, &name) in names.iter().enumerate() {
            if disagree {
                break;
            }
            let printed = p.value_name(Value::result(op, i as u32));
            let expected = match ctx.attr(name) {
                AttrKind::String { value, .. } => Some(value),
                _ => None,
            };
            disagree = expected.is_none_or(|e| printed.as_bytes().get(1..) != Some(&e[..]));
        }
        let attrs = p.op_attrs(op);
        let elided: &[&str] = if disagree { &[] } else { &["names"] };
        p.print_optional_attr_dict_with_keyword(&attrs, elided);
    }
}

/// Each result is named after its entry of `names` (empty entries give none).
fn pretty_name_result_names(ir: &Ir, op: OpRef, set: SetValueName<'_>) {
    let ctx = ir.ctx();
    let Some(AttrKind::Array(names)) = ir.attr(op, "names").map(|a| ctx.attr(a)) else {
        return;
    };
    let n = ir.num_results(op);
    for (i, &name) in names.iter().enumerate().take(n) {
        if let AttrKind::String { value, .. } = ctx.attr(name) {
            if !value.is_empty() {
                set(Value::result(op, i as u32), &String::from_utf8_lossy(value));
            }
        }
    }
}

// ----- test.asm_interface_op -----

/// Names the first result `first` and the middle group `middle_results`;
/// the last result is numbered.
fn asm_interface_result_names(ir: &Ir, op: OpRef, set: SetValueName<'_>) {
    // Results: `first`, then the variadic middle group, then the last one
    // (counted directly, so that an op with too few results cannot panic).
    let n = ir.num_results(op);
    if n >= 1 {
        set(Value::result(op, 0), "first");
    }
    if n >= 3 {
        set(Value::result(op, 1), "middle_results");
    }
    // The last result keeps the default numbering, as a group of its own.
    if n >= 2 {
        set(Value::result(op, n as u32 - 1), "");
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use mlir_ir::asm::printer::{print_to_string, PrintFlags};
    use mlir_ir::asm::{parse_source, ParseConfig};
    use mlir_ir::Context;

    /// `--mlir-print-assume-verified`: an op whose declared invariants fail
    /// (here its operand is not an index) prints in the generic form unless
    /// the printer may assume it verified.
    #[test]
    fn assume_verified_uses_the_custom_form_without_checking_invariants() {
        let mut ctx = Context::new();
        ctx.set_allow_unregistered_dialects(true);
        crate::register_test_dialect(&mut ctx);
        let ctx = Arc::new(ctx);
        let src = "\"foo.def\"() ({\n^bb0(%x: i32):\n  \"test.isolated_region\"(%x) ({\n  ^bb0(%y: i32):\n    \"foo.use\"(%y) : (i32) -> ()\n  }) : (i32) -> ()\n}) : () -> ()\n";
        let (ir, top) = parse_source(ctx, src, &ParseConfig::default()).expect("parses");
        let checked = print_to_string(&ir, top, &PrintFlags::default());
        assert!(
            checked.contains("\"test.isolated_region\"(%arg0) ({"),
            "{checked}"
        );
        let assumed = PrintFlags {
            assume_verified: true,
            ..Default::default()
        };
        let printed = print_to_string(&ir, top, &assumed);
        assert!(
            printed.contains("test.isolated_region %arg0 {\n      \"foo.use\"(%arg0)"),
            "{printed}"
        );
    }
}
