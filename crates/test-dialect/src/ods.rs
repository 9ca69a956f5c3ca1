//! Test ops and passes of the ODS area of the upstream suite
//! (`mlir-tblgen/types.mlir`, `return-types.mlir` with `-test-return-type`,
//! `op-derived-attribute.mlir` with `-test-derived-attr`), and the test
//! dialect's own types (`!test.smpla`, `!test.struct<...>`,
//! `!test.test_rec<...>` kept as written) through [`canonicalize_type`].

use std::sync::Arc;

use mlir_ir::diagnostics::Severity;
use mlir_ir::{Context, Ir, OpBuilder, OpInfo, OpRef, OpType, Type, TypeKind, Value};
use mlir_transforms::pass::{PassContext, PassRegistry};

/// The generated op definitions of `td/TestOpsODS.td`. Generated code keeps the
/// shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, unused_imports, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/ods_ops.rs"));
}

use ops::{
    OpWithInferTypeAdaptorInterfaceOp, OpWithInferTypeInterfaceOp, OpWithRefineTypeInterfaceOp,
    OpWithShapedTypeInferTypeInterfaceOp,
};

/// The ops of this area, with their hand-written hooks attached.
pub fn operations() -> Vec<OpInfo> {
    ops::operations()
}

/// Registers the test passes of this area.
pub fn register_passes(registry: &mut PassRegistry) {
    crate::pass_decls::register_test_return_type_driver_pass(registry);
    crate::pass_decls::register_test_derived_attribute_driver_pass(registry);
}

// ----- InferTypeOpInterface hooks -----

/// `t` as MLIR prints a type.
pub(crate) fn type_text(ctx: &Context, t: Type) -> String {
    let flags = mlir_ir::asm::PrintFlags::default();
    let mut s = String::new();
    mlir_ir::asm::printer::attrs::AttrPrinter::new(ctx, &flags, None).print_type(&mut s, t);
    s
}

fn quoted(ctx: &Context, t: Type) -> String {
    format!("'{}'", type_text(ctx, t))
}

/// `OpWithInferTypeInterfaceOp::inferReturnTypes`: both operands must have
/// the same type, which is the result type.
fn infer_same_as_operands(ctx: &Context, operands: &[Type]) -> Result<Vec<Type>, String> {
    match operands {
        [a, b, ..] if a != b => Err(format!(
            "operand type mismatch {} vs {}",
            quoted(ctx, *a),
            quoted(ctx, *b)
        )),
        [a, ..] => Ok(vec![*a]),
        [] => Err("expected operands".into()),
    }
}

/// `OpWithShapedTypeInferTypeInterfaceOp::inferReturnTypeComponents`: a
/// 1-D tensor of `i17` whose size is the first dimension of the first
/// operand, keeping its encoding.
fn infer_shaped(ctx: &Context, operands: &[Type]) -> Result<Vec<Type>, String> {
    let Some(&first) = operands.first() else {
        return Err("expected operands".into());
    };
    let i17 = ctx.int_type(17);
    match ctx.ty(first) {
        TypeKind::RankedTensor {
            shape, encoding, ..
        } => {
            let dim = shape.first().copied().unwrap_or(mlir_ir::types::DYNAMIC);
            Ok(vec![ctx.ranked_tensor_type(&[dim], i17, *encoding)])
        }
        TypeKind::UnrankedTensor { .. } => Ok(vec![ctx.ranked_tensor_type(
            &[mlir_ir::types::DYNAMIC],
            i17,
            None,
        )]),
        _ => Err("only shaped type operands allowed".into()),
    }
}

fn operand_types(ir: &Ir, op: OpRef) -> Vec<Type> {
    (0..ir.num_operands(op))
        .map(|i| ir.value_type(ir.operand(op, i)))
        .collect()
}

fn legacy(r: Result<Vec<Type>, String>, out: &mut Vec<Type>) -> bool {
    match r {
        Ok(t) => {
            out.extend(t);
            true
        }
        Err(_) => false,
    }
}

impl OpWithInferTypeInterfaceOp {
    pub fn infer_return_types(
        ctx: &Context,
        operands: &[Type],
        _props: Option<mlir_ir::Attribute>,
        out: &mut Vec<Type>,
    ) -> bool {
        legacy(infer_same_as_operands(ctx, operands), out)
    }
    pub fn verify_inferred_types(self, ir: &Ir) -> Result<Vec<Type>, String> {
        infer_same_as_operands(ir.ctx(), &operand_types(ir, self.0))
    }
}

impl OpWithInferTypeAdaptorInterfaceOp {
    pub fn infer_return_types(
        ctx: &Context,
        operands: &[Type],
        _props: Option<mlir_ir::Attribute>,
        out: &mut Vec<Type>,
    ) -> bool {
        legacy(infer_same_as_operands(ctx, operands), out)
    }
    pub fn verify_inferred_types(self, ir: &Ir) -> Result<Vec<Type>, String> {
        infer_same_as_operands(ir.ctx(), &operand_types(ir, self.0))
    }
}

impl OpWithRefineTypeInterfaceOp {
    pub fn infer_return_types(
        ctx: &Context,
        operands: &[Type],
        _props: Option<mlir_ir::Attribute>,
        out: &mut Vec<Type>,
    ) -> bool {
        legacy(infer_same_as_operands(ctx, operands), out)
    }
    /// `refineReturnTypes`: the op keeps its result types, which must start
    /// with the first operand's type.
    pub fn verify_inferred_types(self, ir: &Ir) -> Result<Vec<Type>, String> {
        let results: Vec<Type> = ir.result_types(self.0).collect();
        let first = (ir.num_operands(self.0) > 0).then(|| ir.value_type(ir.operand(self.0, 0)));
        if results.first().copied() != first {
            return Err("required first operand and result to match".into());
        }
        Ok(results)
    }
}

impl OpWithShapedTypeInferTypeInterfaceOp {
    pub fn infer_return_types(
        ctx: &Context,
        operands: &[Type],
        _props: Option<mlir_ir::Attribute>,
        out: &mut Vec<Type>,
    ) -> bool {
        legacy(infer_shaped(ctx, operands), out)
    }
    pub fn verify_inferred_types(self, ir: &Ir) -> Result<Vec<Type>, String> {
        infer_shaped(ir.ctx(), &operand_types(ir, self.0))
    }
}

// ----- -test-return-type -----

/// Upstream's `TestReturnTypeDriver` on `func.func`: in `@testCreateFunctions`
/// it builds, after each op but the terminator, every inferable op of the
/// three inferring test ops over each pair of the function's arguments
/// (each op class's group right after the op, so later classes come first);
/// in `@testReifyFunctions` it reifies the result shape of each
/// `test.op_with_shaped_type_infer_type_if` and reports it as a remark.
/// Declared in `td/TestPasses.td`.
#[derive(Clone, Copy, Default)]
pub(crate) struct TestReturnTypePass;

impl mlir_transforms::pass::PassImpl for TestReturnTypePass {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        func: OpRef,
        _cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let ctx = ir.ctx_arc().clone();
        let sym = ir
            .attr(func, "sym_name")
            .and_then(|a| ctx.string_attr_value(a).map(|s| s.into_owned()));
        let Some(block) = ir.first_block(ir.region(func, 0)) else {
            return Ok(());
        };
        let ops: Vec<OpRef> = ir.block_ops(block).collect();
        match sym.as_deref() {
            Some("testCreateFunctions") => {
                let args: Vec<Value> = (0..ir.num_arguments(block) as u32)
                    .map(|i| Value::argument(block, i))
                    .collect();
                for &op in ops.iter().take(ops.len().saturating_sub(1)) {
                    create_inferred(
                        ir,
                        op,
                        &args,
                        OpWithInferTypeInterfaceOp::NAME,
                        infer_same_as_operands,
                    );
                    create_inferred(
                        ir,
                        op,
                        &args,
                        OpWithInferTypeAdaptorInterfaceOp::NAME,
                        infer_same_as_operands,
                    );
                    create_inferred(
                        ir,
                        op,
                        &args,
                        OpWithShapedTypeInferTypeInterfaceOp::NAME,
                        infer_shaped,
                    );
                }
            }
            Some("testReifyFunctions") => {
                for op in ops {
                    if OpWithShapedTypeInferTypeInterfaceOp::from_op(ir, op).is_some() {
                        reify_return_shape(ir, op);
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }
}

/// Upstream's `invokeCreateWithInferredReturnType<OpTy>`: for each pair of
/// `args` whose types `infer` accepts, an `op_name` op with the inferred
/// result types, an unknown location and `op`'s discardable attributes.
fn create_inferred(
    ir: &mut Ir,
    op: OpRef,
    args: &[Value],
    op_name: &str,
    infer: fn(&Context, &[Type]) -> Result<Vec<Type>, String>,
) {
    let attrs = ir.op_attributes(op);
    let attrs = (!ir.ctx().dictionary_entries(attrs).is_empty()).then_some(attrs);
    let loc = ir.ctx().unknown_loc();
    let name = ir.ctx().op_name(op_name);
    let mut b = OpBuilder::new(ir);
    b.set_insertion_point_after(op);
    for &x in args {
        for &y in args {
            let types = [b.ir.value_type(x), b.ir.value_type(y)];
            let Ok(results) = infer(b.ctx(), &types) else {
                continue;
            };
            let mut state = mlir_ir::OperationState::new(name, loc);
            state.operands.extend([x, y]);
            state.result_types.extend(results);
            state.attributes = attrs;
            b.create(state);
        }
    }
}

/// Upstream's `reifyReturnShape` with the op's `reifyReturnTypeShapes`:
/// `tensor.dim %operand0, 0` built with `createOrFold`, which folds to the
/// size of a static dimension (the index constant `0` the builder made for
/// the dimension stays, as upstream's does).
fn reify_return_shape(ir: &mut Ir, op: OpRef) {
    if ir.num_operands(op) == 0 {
        return;
    }
    let operand = ir.operand(op, 0);
    if ir.ctx().shape(ir.value_type(operand)).is_none() {
        return;
    }
    let loc = ir.op_loc(op);
    let mut b = OpBuilder::new(ir);
    b.set_insertion_point_before(op);
    let zero = index_constant(&mut b, loc, 0);
    let index = b.ctx().index_type();
    let mut dim = mlir_ir::OperationState::new(b.ctx().op_name("tensor.dim"), loc);
    dim.operands.push(operand);
    dim.operands.push(b.ir.result(zero, 0));
    dim.result_types.push(index);
    let value = b.create_or_fold(dim)[0];
    // `<< op` in a diagnostic prints the value's defining op in custom form,
    // local scope.
    let Some(def) = value.defining_op() else {
        return;
    };
    let text =
        mlir_ir::asm::printer::print_op_local(b.ir, def, &mlir_ir::asm::PrintFlags::default());
    ir.ctx()
        .emit(ir.op_diag(op, Severity::Remark, format!("value 0: {text}")));
}

fn index_constant(b: &mut OpBuilder<'_>, loc: mlir_ir::Location, v: i64) -> OpRef {
    let ctx = b.ctx();
    let index = ctx.index_type();
    let value = ctx.int_attr(index, v);
    let props = ctx.dictionary_attr(&[(ctx.ident("value"), value)]);
    let name = ctx.op_name("arith.constant");
    let mut state = mlir_ir::OperationState::new(name, loc).properties(props);
    state.result_types.push(index);
    b.create(state)
}

// ----- -test-derived-attr -----

/// Upstream's `TestDerivedAttributeDriver`: a remark `name = value` per
/// derived attribute of every op implementing `DerivedAttributeOpInterface`.
/// Declared in `td/TestPasses.td`.
#[derive(Clone, Copy, Default)]
pub(crate) struct TestDerivedAttrPass;

impl mlir_transforms::pass::PassImpl for TestDerivedAttrPass {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        func: OpRef,
        _cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let ctx = ir.ctx_arc().clone();
        for op in ir.walk_collect(func, mlir_ir::WalkOrder::PostOrder) {
            let name = ir.op_name(op);
            let Some(d) = ctx
                .op_info(name)
                .interface::<mlir_ir::ods::DerivedAttributes>()
            else {
                continue;
            };
            for (n, v) in (d.0)(ir, op) {
                let text = ctx.attr_to_diagnostic_string(v);
                ctx.emit(ir.op_diag(op, Severity::Remark, format!("{n} = {text}")));
            }
        }
        Ok(())
    }
}

// ----- test dialect types -----

/// The test dialect's type parser and printer (upstream `TestTypeDefs.td` /
/// `TestTypes.cpp`) for the types the suite uses: `smpla`,
/// `struct<{name,type}, ...>` (printed so); the other mnemonics upstream
/// defines (`test_rec`, ...) are kept as written, since those types are
/// not modelled yet, and any other mnemonic is rejected as upstream's
/// `TestDialect::parseType` rejects it. Returns the canonical spelling or
/// the parse error.
pub fn canonicalize_type(
    ctx: &Arc<Context>,
    body: &str,
) -> Result<Option<String>, Vec<(usize, String)>> {
    let (mnemonic, rest) = match body.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
        Some(i) => (&body[..i], &body[i..]),
        None => (body, ""),
    };
    match mnemonic {
        "" => Err(vec![(0, "expected valid keyword".into())]),
        // Upstream's generated parser of a parameterless type reads the
        // mnemonic only; whatever follows in the body is ignored.
        "smpla" => Ok((!rest.is_empty()).then(|| "smpla".to_string())),
        "struct" => parse_struct(ctx, body, mnemonic.len()).map(Some),
        m if TEST_TYPE_MNEMONICS.contains(&m) => Ok(None),
        _ => Err(vec![(0, "unknown type!".into())]),
    }
}

/// The mnemonics of upstream's test dialect types (`TestTypeDefs.td`, its
/// dynamic types and the hand-written `test_rec`), checked against
/// mlir-opt 22, which accepts each of them and rejects any other one.
const TEST_TYPE_MNEMONICS: &[&str] = &[
    "smpla",
    "cmpnd_a",
    "cmpnd_inner",
    "cmpnd_nested_outer",
    "cmpnd_nested_outer_qual",
    "int",
    "test_type",
    "test_type_with_layout",
    "memref_element",
    "test_type_with_trait",
    "type_with_format",
    "no_parser",
    "struct_capture_all",
    "optional_param",
    "optional_params",
    "optional_params_after",
    "optional_struct",
    "all_optional_params",
    "all_optional_struct",
    "optional_group",
    "optional_group_params",
    "optional_group_struct",
    "spaces",
    "ap_float",
    "optional_value_type",
    "default_valued_type",
    "custom_type",
    "custom_type_spacing",
    "custom_type_string",
    "optional_type_string",
    "else_anchor",
    "else_anchor_struct",
    "i32",
    "test_rec_alias",
    "type_verification",
    "op_asm_type_interface",
    "test_rec",
    "dynamic_singleton",
    "dynamic_pair",
    "dynamic_custom_assembly_format",
];

/// `struct<{a, i32}, {b, f64}>`: fields are `{keyword, type}`.
fn parse_struct(
    ctx: &Arc<Context>,
    body: &str,
    start: usize,
) -> Result<String, Vec<(usize, String)>> {
    let b = body.as_bytes();
    let mut i = start;
    let skip_ws = |i: &mut usize| {
        while *i < b.len() && b[*i].is_ascii_whitespace() {
            *i += 1;
        }
    };
    // A missing token is reported right after the previous one, as MLIR's
    // `emitWrongTokenError` does.
    let expect = |i: &mut usize, c: u8| -> Result<(), Vec<(usize, String)>> {
        let after_prev = *i;
        skip_ws(i);
        if *i < b.len() && b[*i] == c {
            *i += 1;
            Ok(())
        } else {
            Err(vec![(after_prev, format!("expected '{}'", c as char))])
        }
    };
    expect(&mut i, b'<')?;
    // Upstream's grammar: fields while an optional `{` follows, each
    // optionally followed by `,` (so a trailing comma is accepted).
    let optional = |i: &mut usize, c: u8| -> bool {
        let mut j = *i;
        while j < b.len() && b[j].is_ascii_whitespace() {
            j += 1;
        }
        let found = j < b.len() && b[j] == c;
        if found {
            *i = j + 1;
        }
        found
    };
    let mut fields = Vec::new();
    while optional(&mut i, b'{') {
        skip_ws(&mut i);
        let kw_start = i;
        if i < b.len() && (b[i].is_ascii_alphabetic() || b[i] == b'_') {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b"_$.".contains(&b[i])) {
                i += 1;
            }
        } else {
            return Err(vec![(kw_start, "expected valid keyword".into())]);
        }
        let name = &body[kw_start..i];
        expect(&mut i, b',')?;
        skip_ws(&mut i);
        let (ty, end) =
            mlir_ir::asm::parse_type_prefix(ctx.clone(), body, i).map_err(|e| vec![e])?;
        // Back over the whitespace the parser skipped after the type.
        i = end;
        while i > 0 && b[i - 1].is_ascii_whitespace() {
            i -= 1;
        }
        expect(&mut i, b'}')?;
        fields.push(format!("{{{name},{}}}", type_text(ctx, ty)));
        if !optional(&mut i, b',') {
            break;
        }
    }
    expect(&mut i, b'>')?;
    Ok(format!("struct<{}>", fields.join(", ")))
}
