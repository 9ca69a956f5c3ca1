//! The Toy dialect of MLIR's tutorial, built on rmlir the way a downstream
//! project builds on MLIR:
//!
//! - chapter 2: the dialect in ODS (`td/Ops.td`), with custom assembly
//!   formats, verifiers and builders written here in Rust;
//! - chapter 3: canonicalization with a Rust pattern
//!   ([`SimplifyRedundantTranspose`]: `transpose(transpose(x)) -> x`) and
//!   the DRR rules of `td/ToyCombine.td` (reshape folds);
//! - a chapter-5-style partial lowering ([`lowering`]) of the toy
//!   arithmetic to `arith`, with the dialect conversion framework.
//!
//! `toy-opt` (`src/main.rs`) is the driver; `docs/GUIDE.md` walks through
//! the pieces.

// Parse hooks return `Result<(), ()>` like every `OpAsmParser` method: the
// diagnostic has already been emitted when they fail (MLIR's ParseResult).
#![allow(clippy::result_unit_err)]

pub mod lowering;

use mlir_ir::asm::lexer::TokenKind;
use mlir_ir::asm::{OpAsmParser, OpAsmPrinter};
use mlir_ir::diagnostics::Severity;
use mlir_ir::interfaces::function::{
    builtin_function_type, parse_function_op, print_function_op, FunctionOpInterface,
};
use mlir_ir::{
    Attribute, Context, Diagnostic, Dialect, Ir, OpInfo, OpRef, OpType, OperationState, Type, Value,
};
use mlir_rewrite::{
    HasCanonicalizer, LogicalResult, OpRewritePattern, PatternRewriter, RewritePatternSet,
};

/// The ops generated from `td/Ops.td`: one wrapper type per op
/// (`ConstantOp`, `TransposeOp`, ...) with accessors and builders, and
/// `operations()`, their registration records. Generated code keeps the
/// shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, unused_imports, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/toy_ops.rs"));
}

/// The rewrite patterns generated from `td/ToyCombine.td`.
#[allow(dead_code, unused_parens, unused_imports, clippy::all)]
mod combine {
    include!(concat!(env!("OUT_DIR"), "/toy_combine.rs"));
}

pub use ops::{
    AddOp, ConstantOp, FuncOp, GenericCallOp, MulOp, PrintOp, ReshapeOp, ReturnOp, TransposeOp,
};

/// The dialect: its ops with the hooks the `.td` declares attached.
pub struct ToyDialect;

impl Dialect for ToyDialect {
    fn namespace(&self) -> &'static str {
        "toy"
    }
    fn operations(&self) -> Vec<OpInfo> {
        // The generated registration attaches the hooks the `.td` declares
        // (`hasCanonicalizer` below, `hasVerifier`, custom formats).
        ops::operations()
    }
}

/// Loads the Toy dialect and the dialects it lowers to.
pub fn register_toy_dialects(ctx: &mut Context) {
    mlir_dialects::register_all(ctx);
    ctx.load_dialect(ToyDialect);
}

/// `tensor<*xf64>`, the type of values whose shape is not inferred yet.
pub fn unranked_f64_tensor(ctx: &Context) -> Type {
    ctx.unranked_tensor_type(ctx.f64_type())
}

type PResult = Result<(), ()>;

// ----- constant -----

impl ConstantOp {
    /// `toy.constant {attrs} dense<...> : tensor<...>`: the result type is
    /// the type of the value (upstream's `ConstantOp::parse`).
    pub fn parse(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
        p.parse_optional_attr_dict(state)?;
        let off = p.current_offset();
        let value = p.parse_attribute(None)?;
        let Some(ty) = p.ctx().attr_type(value) else {
            return p.error_at(off, "expected a typed elements attribute");
        };
        p.add_attr(state, "value", value);
        state.result_types.push(ty);
        Ok(())
    }

    pub fn print(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
        let ir = p.ir();
        let attrs = p.op_attrs(op);
        p.print_optional_attr_dict(&attrs, &["value"]);
        if let Some(v) = ConstantOp(op).value_attr(ir) {
            p.print_char(' ');
            p.print_attribute(v);
        }
    }

    /// The value's type is the result type, and its shape matches the
    /// result's when the result is ranked (upstream's `ConstantOp::verify`).
    pub fn verify(self, ir: &Ir) -> Result<(), Diagnostic> {
        let ctx = ir.ctx();
        let result_ty = ir.value_type(ir.result(self.0, 0));
        let Some(result_shape) = ctx.shape(result_ty) else {
            // Unranked results are not checked further.
            return Ok(());
        };
        let Some(attr_ty) = self.value_attr(ir).and_then(|a| ctx.attr_type(a)) else {
            return Ok(());
        };
        let attr_shape = ctx.shape(attr_ty).unwrap_or(&[]);
        if attr_shape.len() != result_shape.len() {
            return Err(ir.op_error(
                self.0,
                format!(
                    "return type must match the one of the attached value attribute: {} != {}",
                    attr_shape.len(),
                    result_shape.len()
                ),
            ));
        }
        for (dim, (a, r)) in attr_shape.iter().zip(result_shape).enumerate() {
            if a != r {
                return Err(ir.op_error(
                    self.0,
                    format!(
                        "return type shape mismatches its attribute at dimension {dim}: {a} != {r}"
                    ),
                ));
            }
        }
        Ok(())
    }
}

// ----- binary ops: add, mul -----

/// Upstream's `parseBinaryOp`: `%a, %b {attrs} : T` when every type is
/// `T`, else a function type `(T1, T2) -> R`.
fn parse_binary_op(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
    let off = p.current_offset();
    let operands = p.parse_operand_list()?;
    p.parse_optional_attr_dict(state)?;
    p.parse_token(TokenKind::Colon, "expected ':'")?;
    let ty = p.parse_type()?;
    if let Some((inputs, results)) = p
        .ctx()
        .function_signature(ty)
        .map(|(i, r)| (i.to_vec(), r.to_vec()))
    {
        p.resolve_operands(&operands, &inputs, off, state)?;
        state.result_types.extend(results);
        return Ok(());
    }
    let types = vec![ty; operands.len()];
    p.resolve_operands(&operands, &types, off, state)?;
    state.result_types.push(ty);
    Ok(())
}

/// Upstream's `printBinaryOp`.
fn print_binary_op(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
    let ir = p.ir();
    p.print_char(' ');
    p.print_operands(ir.operands(op));
    let attrs = p.op_attrs(op);
    p.print_optional_attr_dict(&attrs, &[]);
    p.print_str(" : ");
    let result_ty = ir.value_type(ir.result(op, 0));
    if ir.operands(op).all(|v| ir.value_type(v) == result_ty) {
        p.print_type(result_ty);
    } else {
        p.print_functional_type(op);
    }
}

impl AddOp {
    pub fn parse(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
        parse_binary_op(p, state)
    }
    pub fn print(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
        print_binary_op(p, op)
    }
}

impl MulOp {
    pub fn parse(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
        parse_binary_op(p, state)
    }
    pub fn print(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
        print_binary_op(p, op)
    }
}

// ----- func, return -----

// `td/Ops.td` declares `FunctionOpInterface`, so registering `toy.func`
// attaches the interface (signature, argument and result attributes, the
// entry block check in the verifier) and makes it a symbol and a callable.
impl FuncOp {
    /// The function form shared by every function-like op (upstream calls
    /// `function_interface_impl::parseFunctionOp`).
    pub fn parse(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> PResult {
        parse_function_op(p, state, false, builtin_function_type)
    }
    pub fn print(p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
        print_function_op(p, op, &[])
    }
}

impl ReturnOp {
    /// The operands match the enclosing function's results (upstream's
    /// `ReturnOp::verify`, with its messages).
    pub fn verify(self, ir: &Ir) -> Result<(), Diagnostic> {
        let Some(func) = ir.op_parent_op(self.0) else {
            return Ok(());
        };
        let ctx = ir.ctx();
        let Some(results) = ir
            .interface::<FunctionOpInterface>(func)
            .and_then(|f| f.signature(ir))
            .map(|(_, r)| r)
        else {
            return Ok(());
        };
        let n = ir.num_operands(self.0);
        if n > 1 {
            return Err(ir.op_error(self.0, "expects at most 1 return operand"));
        }
        if n != results.len() {
            return Err(ir.op_error(
                self.0,
                format!(
                    "does not return the same number of values ({n}) as the enclosing function ({})",
                    results.len()
                ),
            ));
        }
        let Some(v) = ir.operands(self.0).next() else {
            return Ok(());
        };
        let input_ty = ir.value_type(v);
        let result_ty = results[0];
        let unranked = |t: Type| ctx.shape(t).is_none();
        if input_ty == result_ty || unranked(input_ty) || unranked(result_ty) {
            return Ok(());
        }
        Err(ir.op_diag(
            self.0,
            Severity::Error,
            format!(
                "type of return operand ({}) doesn't match function result type ({})",
                type_text(ir, input_ty),
                type_text(ir, result_ty),
            ),
        ))
    }
}

/// A type as MLIR streams it into a diagnostic: quoted.
fn type_text(ir: &Ir, ty: Type) -> String {
    let flags = mlir_ir::asm::PrintFlags::default();
    let p = mlir_ir::asm::printer::attrs::AttrPrinter::new(ir.ctx(), &flags, None);
    let mut s = String::from("'");
    p.print_type(&mut s, ty);
    s.push('\'');
    s
}

// ----- transpose -----

impl TransposeOp {
    /// A ranked transpose reverses the dimensions (upstream's
    /// `TransposeOp::verify`).
    pub fn verify(self, ir: &Ir) -> Result<(), Diagnostic> {
        let ctx = ir.ctx();
        let input = ir.value_type(self.input(ir));
        let result = ir.value_type(ir.result(self.0, 0));
        let (Some(in_shape), Some(out_shape)) = (ctx.shape(input), ctx.shape(result)) else {
            return Ok(());
        };
        if !in_shape.iter().eq(out_shape.iter().rev()) {
            return Err(ir.op_error(
                self.0,
                "expected result shape to be a transpose of the input",
            ));
        }
        Ok(())
    }
}

impl HasCanonicalizer for TransposeOp {
    /// Chapter 3: `transpose(transpose(x)) -> x` as a Rust pattern.
    fn canonicalization_patterns(set: &mut RewritePatternSet, _ctx: &Context) {
        set.add_op(SimplifyRedundantTranspose);
    }
}

impl HasCanonicalizer for ReshapeOp {
    /// Chapter 3: the reshape folds of `td/ToyCombine.td`, generated by DRR.
    fn canonicalization_patterns(set: &mut RewritePatternSet, _ctx: &Context) {
        combine::populate_with_generated(set);
    }
}

/// `transpose(transpose(x)) -> x` (the tutorial's
/// `SimplifyRedundantTranspose`): the outer transpose's uses get `x`; the
/// inner one, now unused and pure, is removed by the canonicalizer's dead
/// code elimination.
pub struct SimplifyRedundantTranspose;

impl OpRewritePattern for SimplifyRedundantTranspose {
    type Op = TransposeOp;
    fn match_and_rewrite(
        &self,
        op: TransposeOp,
        rewriter: &mut PatternRewriter<'_>,
    ) -> LogicalResult {
        let ir = rewriter.ir();
        // Look through the input of the current transpose.
        let input = op.input(ir);
        let Some(inner) = input
            .defining_op()
            .and_then(|d| TransposeOp::from_op(ir, d))
        else {
            return Err(());
        };
        // Otherwise, we have a redundant transpose. Use the rewriter.
        let x = inner.input(ir);
        rewriter.replace_op(op.op(), &[x]);
        Ok(())
    }
}

/// The native call of `FoldConstantReshapeOptPattern`: the constant's
/// elements with the reshape's result type.
pub fn reshape_constant(ir: &Ir, value: Attribute, reshaped: Value) -> Attribute {
    let ctx = ir.ctx();
    let ty = ir.value_type(reshaped);
    // A checked reshape: the verifier has made the counts equal, but a
    // dynamic or mismatched type keeps the constant as it was rather than
    // building elements that do not fill the type.
    ctx.dense_elements(value)
        .and_then(|d| d.reshape(ty).ok())
        .unwrap_or(value)
}
