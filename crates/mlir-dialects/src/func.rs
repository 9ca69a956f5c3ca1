//! The `func` dialect: `func.func`, `func.return`, `func.call`,
//! `func.call_indirect` and `func.constant`, with their custom assembly
//! forms written against `OpAsmParser`/`OpAsmPrinter` (MLIR's
//! `function_interface_impl` for `func.func`, declarative formats for the
//! others).

use mlir_ir::asm::lexer::TokenKind;
use mlir_ir::asm::{OpAsmInterface, OpAsmParser, OpAsmPrinter};
use mlir_ir::interfaces::call::{CallOpInterface, CallableOpInterface, Callee};
use mlir_ir::interfaces::function;
use mlir_ir::interfaces::symbol::SymbolOpInterface;
use mlir_ir::symbol_table::{SymbolTableCollection, SymbolUserOpInterface};
use mlir_ir::{AttrKind, Diagnostic, Dialect, Ir, OpInfo, OpRef, OperationState, Type};

pub struct FuncDialect;

/// The generated op definitions of `td/Func.td`: `FuncOp`, `ReturnOp`,
/// `CallOp`, `CallIndirectOp`, `ConstantOp` with their specs, accessors and
/// builders. Generated code keeps the shapes of its templates (e.g. the
/// parentheses TableGen puts around every predicate leaf), so style lints
/// are not actionable on it.
#[allow(dead_code, unused_parens, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/func_ops.rs"));
}

pub use ops::{CallIndirectOp, CallOp, ConstantOp, FuncOp, ReturnOp};

/// `func.constant` names its result `%f` (then `%f_0`, ...), as upstream's
/// `ConstantOp::getAsmResultNames`.
fn constant_result_names(ir: &mlir_ir::Ir, op: OpRef, set: &mut dyn FnMut(mlir_ir::Value, &str)) {
    set(ir.result(op, 0), "f");
}

impl Dialect for FuncDialect {
    fn namespace(&self) -> &'static str {
        "func"
    }
    /// The dialect's inliner interface (`crate::inliner`).
    fn interface(&self, id: std::any::TypeId) -> Option<&(dyn std::any::Any + Send + Sync)> {
        crate::inliner::interface_for(&crate::inliner::FUNC, id)
    }
    fn materialize_constant(
        &self,
        builder: &mut mlir_ir::OpBuilder<'_>,
        value: mlir_ir::Attribute,
        ty: Type,
        loc: mlir_ir::Location,
    ) -> Option<OpRef> {
        <Self as mlir_ir::ods::ConstantMaterializer>::materialize(builder, value, ty, loc)
    }
    fn operations(&self) -> Vec<OpInfo> {
        vec![
            CallOp::op_info()
                .with_interface(SymbolUserOpInterface {
                    verify_symbol_uses: verify_call_symbol_uses,
                })
                .with_interface(CallOpInterface {
                    callee: |ir, op| ir.attr(op, "callee").map(Callee::Symbol),
                    arg_operands: |ir, op| 0..ir.num_operands(op),
                    set_callee: Some(|ir, op, sym| ir.set_attr(op, "callee", Some(sym))),
                }),
            CallIndirectOp::op_info()
                .with_verify(verify_call_indirect)
                .with_interface(CallOpInterface {
                    callee: |ir, op| {
                        (ir.num_operands(op) > 0).then(|| Callee::Value(ir.operand(op, 0)))
                    },
                    arg_operands: |ir, op| 1.min(ir.num_operands(op))..ir.num_operands(op),
                    set_callee: None,
                }),
            ConstantOp::op_info()
                .with_interface(OpAsmInterface {
                    result_names: Some(constant_result_names),
                    ..Default::default()
                })
                .with_interface(SymbolUserOpInterface {
                    verify_symbol_uses: verify_constant_symbol_uses,
                }),
            FuncOp::op_info()
                .with_interface(OpAsmInterface {
                    default_dialect: Some("func"),
                    ..Default::default()
                })
                .with_interface(SymbolOpInterface {
                    is_declaration: Some(func_is_declaration),
                    ..Default::default()
                })
                .with_interface(CallableOpInterface {
                    callable_region: |ir, op| {
                        let r = ir.region(op, 0);
                        (!ir.region_is_empty(r)).then_some(r)
                    },
                    result_types: |ir, op| function_type(ir, op).map(|t| t.1).unwrap_or_default(),
                    argument_types: |ir, op| function_type(ir, op).map(|t| t.0).unwrap_or_default(),
                }),
            ReturnOp::op_info(),
        ]
    }
}

/// Upstream `FuncDialect::materializeConstant`: a `func.constant` for a
/// flat symbol reference of function type (`ConstantOp::isBuildableWith`).
impl mlir_ir::ods::ConstantMaterializer for FuncDialect {
    fn materialize(
        builder: &mut mlir_ir::OpBuilder<'_>,
        value: mlir_ir::Attribute,
        ty: Type,
        loc: mlir_ir::Location,
    ) -> Option<OpRef> {
        let ctx = builder.ctx();
        let flat = matches!(ctx.attr(value), mlir_ir::AttrKind::SymbolRef { nested, .. } if nested.is_empty());
        let function = matches!(ctx.ty(ty), mlir_ir::TypeKind::Function { .. });
        (flat && function).then(|| ConstantOp::build(builder, loc, ty, value).0)
    }
}

// The hook `td/Func.td` declares (`hasCanonicalizer`).
mlir_rewrite::canonicalization_hooks! {
    CallIndirectOp => call_indirect_patterns,
}

/// `func.call_indirect` of a `func.constant` becomes a direct `func.call`
/// (upstream's `SimplifyIndirectCallWithKnownCallee`).
fn call_indirect_patterns(set: &mut mlir_rewrite::RewritePatternSet, ctx: &mlir_ir::Context) {
    let pattern = mlir_rewrite::Pattern::new(ctx, "func.call_indirect", 1)
        .with_debug_name("SimplifyIndirectCallWithKnownCallee");
    set.add_fn(pattern, |op, rw: &mut mlir_rewrite::PatternRewriter<'_>| {
        let ir = rw.ir();
        let callee = ir.operand(op, 0);
        let def = callee.defining_op().ok_or(())?;
        if ir.op_name_str(def) != "func.constant" {
            return Err(());
        }
        let sym = ir.attr(def, "value").ok_or(())?;
        let ctx = ir.ctx();
        let props = ctx.dictionary_attr(&[(ctx.ident("callee"), sym)]);
        let operands: Vec<mlir_ir::Value> = ir.operands(op).skip(1).collect();
        let results: Vec<Type> = ir.result_types(op).collect();
        let state = OperationState::new(ctx.op_name("func.call"), ir.op_loc(op))
            .operands(&operands)
            .results(&results)
            .properties(props);
        rw.replace_op_with_new_op(op, state);
        Ok(())
    });
}

/// A `func.func` without a body is a declaration (`isExternal`).
fn func_is_declaration(ir: &Ir, op: OpRef) -> bool {
    ir.region_is_empty(ir.region(op, 0))
}

// The hooks `td/Func.td` declares (`hasVerifier`, `hasCustomAssemblyFormat`).
impl FuncOp {
    pub fn verify(self, ir: &Ir) -> Result<(), Diagnostic> {
        verify_func(ir, self.0)
    }
    pub fn parse(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
        parse_func(p, state)
    }
    pub fn print(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
        print_func(p, op)
    }
}

impl ReturnOp {
    pub fn verify(self, ir: &Ir) -> Result<(), Diagnostic> {
        verify_return(ir, self.0)
    }
}

impl CallIndirectOp {
    pub fn parse(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
        parse_call_indirect(p, state)
    }
    pub fn print(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
        print_call_indirect(p, op)
    }
}

type PResult = Result<(), ()>;

/// A type as MLIR streams it into a diagnostic: quoted.
fn quoted(ir: &Ir, ty: Type) -> String {
    let flags = mlir_ir::asm::PrintFlags::default();
    let p = mlir_ir::asm::printer::attrs::AttrPrinter::new(ir.ctx(), &flags, None);
    let mut s = String::from("'");
    p.print_type(&mut s, ty);
    s.push('\'');
    s
}

/// The `function_type` of a `func.func`.
fn function_type(ir: &Ir, func: OpRef) -> Option<(Vec<Type>, Vec<Type>)> {
    let t = ir.attr(func, "function_type")?;
    match ir.ctx().attr(t) {
        AttrKind::Type(t) => ir
            .ctx()
            .function_signature(*t)
            .map(|(i, r)| (i.to_vec(), r.to_vec())),
        _ => None,
    }
}

/// `func.func`'s own verifier, after `FunctionOpInterface`'s (signature,
/// argument and result attributes, entry block; run by the verifier for
/// every function op): a declaration may not be public (upstream's
/// `SymbolOpInterface` check of declarations).
pub fn verify_func(ir: &Ir, op: OpRef) -> Result<(), Diagnostic> {
    if ir.region_is_empty(ir.region(op, 0))
        && mlir_ir::symbol_table::symbol_visibility(ir, op)
            == mlir_ir::symbol_table::Visibility::Public
    {
        return Err(ir.op_error(op, "symbol declaration cannot have public visibility"));
    }
    Ok(())
}

/// `func.return` must return what the enclosing function's type says.
fn verify_return(ir: &Ir, op: OpRef) -> Result<(), Diagnostic> {
    let Some(func) = ir.op_parent_op(op) else {
        return Ok(());
    };
    let Some((_, results)) = function_type(ir, func) else {
        return Ok(());
    };
    let name = mlir_ir::symbol_table::symbol_name(ir, func)
        .unwrap_or_default()
        .into_owned();
    let n = ir.num_operands(op);
    if n != results.len() {
        return Err(ir.op_error(
            op,
            format!(
                "has {n} operands, but enclosing function (@{name}) returns {}",
                results.len()
            ),
        ));
    }
    for (i, (v, &t)) in ir.operands(op).zip(&results).enumerate() {
        let vt = ir.value_type(v);
        if vt != t {
            return Err(ir.op_diag(
                op,
                mlir_ir::Severity::Error,
                format!(
                    "type of return operand {i} ({}) doesn't match function result type ({}) in function @{name}",
                    quoted(ir, vt),
                    quoted(ir, t)
                ),
            ));
        }
    }
    Ok(())
}

/// `func.call` must name a `func.func` whose signature matches the call.
/// `func.call_indirect`'s `TypesMatchWith` constraints: the callee's input
/// and result types are the types of the call's operands and results.
fn verify_call_indirect(ir: &Ir, op: OpRef) -> Result<(), Diagnostic> {
    let Some(callee) = ir.operands(op).next() else {
        return Ok(());
    };
    let Some((inputs, results)) = ir
        .ctx()
        .function_signature(ir.value_type(callee))
        .map(|(i, r)| (i.to_vec(), r.to_vec()))
    else {
        return Ok(());
    };
    let operand_types: Vec<Type> = ir.operands(op).skip(1).map(|v| ir.value_type(v)).collect();
    if inputs != operand_types {
        return Err(ir.op_error(
            op,
            "failed to verify that callee input types match argument types",
        ));
    }
    let result_types: Vec<Type> = ir.result_types(op).collect();
    if results != result_types {
        return Err(ir.op_error(
            op,
            "failed to verify that callee result types match result types",
        ));
    }
    Ok(())
}

/// Upstream `ConstantOp::verifySymbolUses`: the value names a `func.func`
/// of the result's type.
fn verify_constant_symbol_uses(
    ir: &Ir,
    op: OpRef,
    tables: &mut SymbolTableCollection,
) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let Some(value) = ir.attr(op, "value") else {
        return Ok(());
    };
    let name = match ctx.attr(value) {
        AttrKind::SymbolRef { root, .. } => ctx.ident_str(*root).to_string(),
        _ => return Ok(()),
    };
    let func = tables
        .lookup_nearest_symbol_from(ir, op, value)
        .filter(|&f| ir.op_name_str(f) == "func.func");
    let Some(func) = func else {
        return Err(ir.op_error(op, format!("reference to undefined function '{name}'")));
    };
    let fn_type = ir
        .attr(func, "function_type")
        .and_then(|t| match ctx.attr(t) {
            AttrKind::Type(t) => Some(*t),
            _ => None,
        });
    if fn_type != ir.result_types(op).next() {
        return Err(ir.op_error(op, "reference to function with mismatched type"));
    }
    Ok(())
}

fn verify_call_symbol_uses(
    ir: &Ir,
    op: OpRef,
    tables: &mut SymbolTableCollection,
) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let callee = ir.attr(op, "callee").filter(
        |&a| matches!(ctx.attr(a), AttrKind::SymbolRef { nested, .. } if nested.is_empty()),
    );
    let Some(callee) = callee else {
        return Err(ir.op_error(op, "requires a 'callee' symbol reference attribute"));
    };
    let callee_name = match ctx.attr(callee) {
        AttrKind::SymbolRef { root, .. } => ctx.ident_str(*root).to_string(),
        _ => String::new(),
    };
    let func = tables
        .lookup_nearest_symbol_from(ir, op, callee)
        .filter(|&f| ir.op_name_str(f) == "func.func");
    let Some(func) = func else {
        return Err(ir.op_error(
            op,
            format!("'{callee_name}' does not reference a valid function"),
        ));
    };
    let Some((inputs, results)) = function_type(ir, func) else {
        return Ok(());
    };
    if inputs.len() != ir.num_operands(op) {
        return Err(ir.op_error(op, "incorrect number of operands for callee"));
    }
    for (i, (v, &t)) in ir.operands(op).zip(&inputs).enumerate() {
        let vt = ir.value_type(v);
        if vt != t {
            return Err(ir.op_error(
                op,
                format!(
                    "operand type mismatch: expected operand type {}, but provided {} for operand number {i}",
                    quoted(ir, t),
                    quoted(ir, vt)
                ),
            ));
        }
    }
    if results.len() != ir.num_results(op) {
        return Err(ir.op_error(op, "incorrect number of results for callee"));
    }
    for (i, (rt, &t)) in ir.result_types(op).zip(&results).enumerate() {
        if rt != t {
            let list = |ts: &mut dyn Iterator<Item = Type>| {
                ts.map(|t| quoted(ir, t)).collect::<Vec<_>>().join(", ")
            };
            let loc = ir.op_loc(op);
            let op_types = list(&mut ir.result_types(op));
            let fn_types = list(&mut results.iter().copied());
            return Err(ir
                .op_error(op, format!("result type mismatch at index {i}"))
                .with_note(loc, format!("      op result types: {op_types}"))
                .with_note(loc, format!("function result types: {fn_types}")));
        }
    }
    Ok(())
}

/// The custom form of `func.func`: MLIR's
/// `function_interface_impl::parseFunctionOp` with a builtin function
/// type ([`mlir_ir::interfaces::function::parse_function_op`], which
/// downstream dialects use for their own function ops).
pub fn parse_func(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
    function::parse_function_op(p, state, false, function::builtin_function_type)
}

/// The printer matching [`parse_func`] (`printFunctionOp`).
pub fn print_func(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
    function::print_function_op(p, op, &[])
}

/// `call_indirect %f(%a) attr-dict : (i32) -> i32`.
fn parse_call_indirect(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
    let callee = p.parse_operand()?;
    p.parse_token(TokenKind::LParen, "expected '('")?;
    let operands = p.parse_operand_list()?;
    p.parse_token(TokenKind::RParen, "expected ')'")?;
    p.parse_optional_attr_dict(state)?;
    p.parse_token(TokenKind::Colon, "expected ':'")?;
    let off = p.current_offset();
    let ty = p.parse_type()?;
    let Some((inputs, results)) = p
        .ctx()
        .function_signature(ty)
        .map(|(i, r)| (i.to_vec(), r.to_vec()))
    else {
        return p.error_at(off, "expected function type");
    };
    let f = p.resolve_operand(callee, ty)?;
    state.operands.push(f);
    p.resolve_operands(&operands, &inputs, off, state)?;
    state.result_types.extend(results);
    Ok(())
}

fn print_call_indirect(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
    let ir = p.ir();
    let ops: Vec<_> = ir.operands(op).collect();
    p.print_char(' ');
    if let Some((&f, rest)) = ops.split_first() {
        p.print_operand(f);
        p.print_char('(');
        p.print_operands(rest.iter().copied());
        p.print_char(')');
        let attrs = p.op_attrs(op);
        p.print_optional_attr_dict(&attrs, &[]);
        p.print_str(" : ");
        p.print_type(ir.value_type(f));
    }
}
