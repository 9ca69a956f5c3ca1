//! A minimal `llvm` dialect (`td/LLVM.td`): `llvm.func`, whose type is an
//! `!llvm.func<result (inputs)>` rather than a builtin function type (so
//! function-type conversions must leave it alone), with its custom assembly
//! form, and `llvm.return`. LLVM types and attributes stay opaque dialect
//! types and attributes; `!llvm.func<...>` is built from the signature the
//! parser reads and read back by the printer.

use mlir_ir::asm::{OpAsmParser, OpAsmPrinter};
use mlir_ir::interfaces::function::{self, FunctionOpInterface};
use mlir_ir::{
    AttrKind, Attribute, Context, Dialect, OpInfo, OpRef, OperationState, Type, TypeKind,
};

/// The generated op definitions of `td/LLVM.td`. Generated code keeps the
/// shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, non_snake_case, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/llvm_ops.rs"));
}

pub use ops::{LLVMFuncOp, LLVMReturnOp};

type PResult = Result<(), ()>;

/// The `llvm` dialect.
pub struct LlvmDialect;

impl Dialect for LlvmDialect {
    fn namespace(&self) -> &'static str {
        "llvm"
    }
    fn operations(&self) -> Vec<OpInfo> {
        // Unlike `func.func`, `llvm.func` sets no default dialect: the ops
        // of its body print with their `llvm.` prefix.
        vec![
            LLVMFuncOp::op_info().with_interface(FunctionOpInterface {
                signature: llvm_signature,
                clone_type_with: llvm_function_type,
                verify_type: None,
                verify_body: None,
            }),
            LLVMReturnOp::op_info(),
        ]
    }
}

/// The inputs and results of an `!llvm.func<result (inputs)>`, parsed
/// back into types (`void` is no result), for `FunctionOpInterface`.
fn llvm_signature(ir: &mlir_ir::Ir, ty: Type) -> Option<(Vec<Type>, Vec<Type>)> {
    let ctx = ir.ctx_arc();
    let (result, inputs) = signature_parts(ctx, ty)?;
    let parse = |nested: &str| {
        let text = outer_type_text(nested);
        mlir_ir::asm::parse_type_prefix(ctx.clone(), &text, 0)
            .ok()
            .filter(|&(_, end)| end >= text.len())
            .map(|(t, _)| t)
    };
    // A variadic function's `...` is not an argument.
    let inputs = inputs
        .iter()
        .filter(|i| *i != "...")
        .map(|i| parse(i))
        .collect::<Option<Vec<_>>>()?;
    let results = if result == "void" {
        Vec::new()
    } else {
        vec![parse(&result)?]
    };
    Some((inputs, results))
}

/// `!llvm.func<result (inputs)>` (`LLVMFunctionType::clone`); LLVM
/// functions return at most one value, further results are dropped.
fn llvm_function_type(ctx: &Context, _: Type, inputs: &[Type], results: &[Type]) -> Type {
    let inputs: Vec<String> = inputs.iter().map(|&t| nested_type_text(ctx, t)).collect();
    let result = results
        .first()
        .map_or_else(|| "void".to_string(), |&t| nested_type_text(ctx, t));
    ctx.opaque_type("llvm", &format!("func<{result} ({})>", inputs.join(", ")))
}

// The hooks `td/LLVM.td` declares (`hasCustomAssemblyFormat`).
impl LLVMFuncOp {
    pub fn parse(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
        parse_func(p, state)
    }
    pub fn print(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
        print_func(p, op)
    }
}

/// The linkage keywords `llvm.func` accepts before its name (upstream's
/// `linkage::Linkage` cases); `external` is the default and is not printed.
const LINKAGES: &[&str] = &[
    "private",
    "internal",
    "available_externally",
    "linkonce",
    "weak",
    "common",
    "appending",
    "extern_weak",
    "linkonce_odr",
    "weak_odr",
    "external",
];

/// The mnemonics of LLVM types, which lose their `!llvm.` prefix inside an
/// LLVM type such as `!llvm.func<ptr (ptr)>`.
const LLVM_TYPE_KEYWORDS: &[&str] = &[
    "void", "ptr", "struct", "array", "vec", "func", "label", "metadata", "token", "target",
    "x86_amx",
];

fn dialect_attr(ctx: &Context, body: &str) -> Attribute {
    let dialect = ctx.ident("llvm");
    ctx.intern_attr(AttrKind::Opaque {
        dialect,
        body: body.into(),
    })
}

/// `ty` as written inside an LLVM type: LLVM types without `!llvm.`.
fn nested_type_text(ctx: &Context, ty: Type) -> String {
    if let TypeKind::Opaque { dialect, body } = ctx.ty(ty) {
        if ctx.ident_str(*dialect) == "llvm" {
            return body.to_string();
        }
    }
    let flags = mlir_ir::asm::printer::PrintFlags::default();
    let p = mlir_ir::asm::printer::attrs::AttrPrinter::new(ctx, &flags, None);
    let mut s = String::new();
    p.print_type(&mut s, ty);
    s
}

/// A type written inside an LLVM type, as written outside of it.
fn outer_type_text(nested: &str) -> String {
    let mnemonic_end = nested
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(nested.len());
    if LLVM_TYPE_KEYWORDS.contains(&&nested[..mnemonic_end]) {
        format!("!llvm.{nested}")
    } else {
        nested.to_string()
    }
}

/// Splits `text` at the commas outside any brackets.
fn split_top_level(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    for (i, c) in text.char_indices() {
        match c {
            '<' | '(' | '[' | '{' => depth += 1,
            '>' | ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(text[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    if !text[start..].trim().is_empty() {
        parts.push(text[start..].trim());
    }
    parts
}

/// The result and input types (as written inside the LLVM type) of an
/// `!llvm.func<result (inputs)>`.
fn signature_parts(ctx: &Context, fn_ty: Type) -> Option<(String, Vec<String>)> {
    let TypeKind::Opaque { dialect, body } = ctx.ty(fn_ty) else {
        return None;
    };
    if ctx.ident_str(*dialect) != "llvm" {
        return None;
    }
    let inner = body.strip_prefix("func<")?.strip_suffix('>')?;
    // The inputs are the last parenthesized group.
    let open = inner.rfind(" (")?;
    let result = inner[..open].trim().to_string();
    let inputs = inner[open + 2..].strip_suffix(')')?;
    Some((
        result,
        split_top_level(inputs)
            .into_iter()
            .map(str::to_string)
            .collect(),
    ))
}

fn parse_func(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
    let ctx = p.ir().ctx_arc().clone();
    let linkage = p.parse_optional_keyword_of(LINKAGES).unwrap_or("external");
    let name = p.parse_symbol_name()?;
    p.add_attr(state, "sym_name", ctx.string_attr(&name));

    // The shared signature form; LLVM functions return at most one value
    // and may be variadic (`...` becomes `vararg` in the type).
    let sig_off = p.current_offset();
    let sig = function::parse_function_signature(p, true)?;
    if sig.results.len() > 1 {
        return p.error_at(sig_off, "expected at most one result type");
    }
    let mut inputs: Vec<String> = sig
        .args
        .iter()
        .map(|a| nested_type_text(&ctx, a.ty))
        .collect();
    if sig.variadic {
        inputs.push("...".to_string());
    }
    let result_text = sig
        .results
        .first()
        .map_or_else(|| "void".to_string(), |&t| nested_type_text(&ctx, t));
    let fn_ty = ctx.opaque_type(
        "llvm",
        &format!("func<{result_text} ({})>", inputs.join(", ")),
    );
    p.add_attr(state, "function_type", ctx.type_attr(fn_ty));
    p.add_attr(
        state,
        "linkage",
        dialect_attr(&ctx, &format!("linkage<{linkage}>")),
    );
    p.add_attr(state, "CConv", dialect_attr(&ctx, "cconv<ccc>"));
    let i64 = ctx.int_type(64);
    p.add_attr(state, "unnamed_addr", ctx.int_attr(i64, 0));
    p.add_attr(state, "visibility_", ctx.int_attr(i64, 0));
    function::add_arg_and_result_attrs(p, state, &sig);
    function::parse_function_attrs_and_body(p, state, &sig.args, &[])
}

fn print_func(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
    let ir = p.ir();
    let ctx = ir.ctx();
    p.print_char(' ');
    if let Some(AttrKind::Opaque { body, .. }) = ir.attr(op, "linkage").map(|a| ctx.attr(a)) {
        let kw = body
            .strip_prefix("linkage<")
            .and_then(|b| b.strip_suffix('>'))
            .unwrap_or("external");
        if kw != "external" {
            p.print_str(kw);
            p.print_char(' ');
        }
    }
    let name = ir
        .attr(op, "sym_name")
        .and_then(|v| ctx.string_attr_value(v))
        .unwrap_or_default();
    p.print_symbol_name(&name);
    let (result, inputs) = ir
        .attr(op, "function_type")
        .and_then(|t| match ctx.attr(t) {
            AttrKind::Type(t) => signature_parts(ctx, *t),
            _ => None,
        })
        .unwrap_or_else(|| ("void".to_string(), Vec::new()));
    let body = ir.region(op, 0);
    let entry = ir.first_block(body);
    let typed = ir
        .interface::<FunctionOpInterface>(op)
        .and_then(|f| f.signature(ir));
    match typed {
        // The shared signature form, with argument and result attributes.
        Some((input_types, result_types)) => {
            let variadic = inputs.last().is_some_and(|i| i == "...");
            function::print_function_signature(p, op, &input_types, variadic, &result_types);
        }
        // A type whose parts do not parse prints as written.
        None => {
            p.print_char('(');
            for (i, input) in inputs.iter().enumerate() {
                if i > 0 {
                    p.print_str(", ");
                }
                match entry {
                    Some(b) if i < ir.num_arguments(b) => {
                        p.print_region_argument(ir.argument(b, i), &[], false);
                    }
                    _ => p.print_str(&outer_type_text(input)),
                }
            }
            p.print_char(')');
            if result != "void" {
                p.print_str(" -> ");
                p.print_str(&outer_type_text(&result));
            }
        }
    }
    let attrs = p.op_attrs(op);
    p.print_optional_attr_dict_with_keyword(
        &attrs,
        &[
            "sym_name",
            "function_type",
            "linkage",
            "CConv",
            "unnamed_addr",
            "visibility_",
            "arg_attrs",
            "res_attrs",
        ],
    );
    if entry.is_some() {
        p.print_char(' ');
        p.print_region(body, false, true, false);
    }
}
