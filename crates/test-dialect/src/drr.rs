//! Test ops of the DRR area and the rewrite patterns generated from the DRR rules of the test dialect (`populate_with_generated`, used by `-test-greedy-patterns` and `-test-legalize-patterns`).
//!
//! The rules live in `td/TestOpsDRR.td`; `build.rs` generates their
//! patterns with `mlir_drr`. The native code their snippets call (upstream's
//! C++ helpers in `TestPatterns.cpp`) is written here, in Rust.

use std::sync::atomic::{AtomicI64, Ordering};

use mlir_ir::asm::{OpAsmInterface, SetValueName};
use mlir_ir::ods::OpSpec;
use mlir_ir::{Attribute, Context, Ir, Location, OpInfo, OperationState, Value};
use mlir_rewrite::PatternRewriter;
use mlir_transforms::pass::PassRegistry;

/// The generated op definitions of `td/TestOpsDRR.td`. Generated code keeps the
/// shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, unused_imports, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/drr_ops.rs"));
    // The rules build this op of `TestOpsCore.td` too: the generated
    // patterns name every op they create through this module.
    pub use crate::core::ops::TestOpConstant;
}

/// The patterns generated from the DRR rules of `td/TestOpsDRR.td`; their
/// native snippets call the helpers of this module.
#[allow(unused_parens, clippy::all)]
pub mod patterns {
    use super::*;
    include!(concat!(env!("OUT_DIR"), "/drr_patterns.rs"));
}

/// The ops of this area, with their hand-written hooks attached.
pub fn operations() -> Vec<OpInfo> {
    ops::operations()
        .into_iter()
        .map(|info| {
            if multi_group_spec(&info.name).is_some() {
                info.with_interface(OpAsmInterface {
                    result_names: Some(ods_result_names),
                    ..Default::default()
                })
            } else {
                info
            }
        })
        .collect()
}

// `test.op_in_place_self_fold`'s folder belongs to the conversion tests
// (`-test-legalize-patterns` legalizes it by folding).
mlir_ir::fold_hooks! {
    ops::TestOpInPlaceSelfFold => crate::conversion::fold_in_place_self_fold,
}

/// The ops of this area with several named result groups: ODS names their
/// results after the groups (`%result1, %result2 = "test.two_result"`).
fn multi_group_spec(name: &str) -> Option<&'static OpSpec> {
    const SPECS: &[&OpSpec] = &[
        ops::ThreeResultOp::SPEC,
        ops::AnotherThreeResultOp::SPEC,
        ops::TwoResultOp::SPEC,
        ops::AnotherTwoResultOp::SPEC,
        ops::OpNativeCodeCall4::SPEC,
        ops::OpNativeCodeCall5::SPEC,
        ops::OpNativeCodeCall6::SPEC,
        ops::MixedVResultOp1::SPEC,
        ops::MixedVResultOp2::SPEC,
        ops::MixedVResultOp3::SPEC,
    ];
    SPECS.iter().copied().find(|s| s.name == name)
}

/// The default `getAsmResultNames` ODS generates for ops with several named
/// result groups: each non-empty group is named after its ODS name.
fn ods_result_names(ir: &Ir, op: mlir_ir::OpRef, set: SetValueName<'_>) {
    let Some(spec) = multi_group_spec(ir.op_name_str(op)) else {
        return;
    };
    for (g, r) in spec.results.iter().enumerate() {
        let range = mlir_ir::ods::result_group(ir, op, spec, g);
        if !range.is_empty() && !r.name.is_empty() {
            set(ir.result(op, range.start), r.name);
        }
    }
}

/// Registers the test passes of this area.
pub fn register_passes(_registry: &mut PassRegistry) {}

/// Adds the patterns generated from the test dialect's DRR rules (upstream's
/// `populateWithGenerated`).
pub fn populate_with_generated(patterns: &mut mlir_rewrite::RewritePatternSet) {
    patterns::populate_with_generated(patterns);
}

// ----- native code of the rules (upstream `TestPatterns.cpp`) -----

/// `chooseOperand`: the first value if `choice` is true, else the second.
pub fn choose_operand(ctx: &Context, input1: Value, input2: Value, choice: Attribute) -> Value {
    if choice == ctx.bool_attr(true) {
        input1
    } else {
        input2
    }
}

/// `createOpI`: builds a `test.op_i` on `input`.
pub fn create_op_i(rewriter: &mut PatternRewriter<'_>, loc: Location, input: Value) {
    let name = rewriter.ctx().op_name("test.op_i");
    let mut state = OperationState::new(name, loc);
    state.operands.push(input);
    rewriter.create(state);
}

/// `getFirstI32Result`: the first result of `op`, if it is a 32-bit
/// signless integer.
pub fn get_first_i32_result(ir: &Ir, op: mlir_ir::OpRef) -> Option<Value> {
    let first = ir.results(op).next()?;
    ir.ctx()
        .is_signless_integer(ir.value_type(first), 32)
        .then_some(first)
}

/// `bindNativeCodeCallResult`: the value itself.
pub fn bind_native_code_call_result(value: Value) -> Value {
    value
}

/// `bindMultipleNativeCodeCallResult`: the two values swapped.
pub fn bind_multiple_native_code_call_result(input1: Value, input2: Value) -> (Value, Value) {
    (input2, input1)
}

/// `assertBinOpEqualArgsAndReturnTrue`: the equality of the two operands
/// was checked before this constraint runs. The op symbol stands for the
/// op's result, as upstream's helper receives it.
pub fn assert_bin_op_equal_args_and_return_true(ir: &Ir, result: Value) -> bool {
    let Some(op) = result.defining_op() else {
        return false;
    };
    assert_eq!(
        ir.operand(op, 0),
        ir.operand(op, 1),
        "equality constraints run before user constraints"
    );
    true
}

/// The counter of `opMTest`: each call yields the next value.
static OP_M_COUNTER: AtomicI64 = AtomicI64::new(314159265);

/// `opMTest`: an `i32` attribute whose value changes at every call, so a
/// test sees whether a native call ran once or twice.
pub fn op_m_test(ctx: &Context, _value: Value) -> Attribute {
    let i = OP_M_COUNTER.fetch_add(1, Ordering::Relaxed);
    ctx.int_attr(ctx.int_type(32), i)
}

/// Whether element `index` of array attribute `attr` is the integer `value`.
pub fn array_element_is(ctx: &Context, attr: Attribute, index: usize, value: i64) -> bool {
    match ctx.attr(attr) {
        mlir_ir::AttrKind::Array(elems) => elems
            .get(index)
            .and_then(|&e| ctx.int_attr_value(e))
            .is_some_and(|v| v == value),
        _ => false,
    }
}

/// `handleNoResultOp`: builds a `test.symbol_binding_b` on the operand of
/// `op` (a `test.symbol_binding_no_result`).
pub fn handle_no_result_op(rewriter: &mut PatternRewriter<'_>, op: mlir_ir::OpRef) {
    let operand = rewriter.ir().operand(op, 0);
    let ty = rewriter.ir().value_type(operand);
    let loc = rewriter.ir().op_loc(op);
    let name = rewriter.ctx().op_name("test.symbol_binding_b");
    let mut state = OperationState::new(name, loc);
    state.operands.push(operand);
    state.result_types.push(ty);
    rewriter.create(state);
}

/// `m_Constant`: the value attribute of a constant-like op.
pub fn match_constant(ir: &Ir, op: mlir_ir::OpRef) -> Option<Attribute> {
    if !ir.op_has_trait(op, mlir_ir::TraitSet::CONSTANT_LIKE) {
        return None;
    }
    ir.attr(op, "value")
}

/// `split_constant`: the value, the low and high 32-bit halves of the
/// `i64` attribute `value`, and the type `i64` (a native call returning a
/// value, attributes and a type at once).
pub fn split_constant(
    ctx: &Context,
    input: Value,
    value: Attribute,
) -> (Value, Attribute, Attribute, mlir_ir::Type) {
    let v = ctx.int_attr_value(value).unwrap_or(0);
    let i32 = ctx.int_type(32);
    let lo = ctx.int_attr(i32, (v as u32) as i32 as i64);
    let hi = ctx.int_attr(i32, ((v >> 32) as u32) as i32 as i64);
    (input, lo, hi, ctx.int_type(64))
}

// ----- elements attributes of the DRR test ops -----

/// Whether `attr` is a dense elements attribute of `kind` floats in a
/// tensor of shape `shape`.
fn is_float_elements_of(
    ctx: &Context,
    attr: Attribute,
    kind: mlir_ir::FloatKind,
    shape: &[i64],
) -> bool {
    match ctx.attr(attr) {
        mlir_ir::AttrKind::DenseElements { ty, .. } => {
            ctx.shape(*ty) == Some(shape)
                && ctx.shaped_element_type(*ty) == Some(ctx.float_type(kind))
        }
        _ => false,
    }
}

/// `RankedF32ElementsAttr<shape>`.
pub fn is_float_elements(ctx: &Context, attr: Attribute, shape: &[i64]) -> bool {
    is_float_elements_of(ctx, attr, mlir_ir::FloatKind::F32, shape)
}

/// `RankedF64ElementsAttr<shape>`.
pub fn is_f64_elements(ctx: &Context, attr: Attribute, shape: &[i64]) -> bool {
    is_float_elements_of(ctx, attr, mlir_ir::FloatKind::F64, shape)
}

/// A dense `f32` elements attribute of shape `shape` holding `values`.
pub fn float_elements(ctx: &Context, shape: &[i64], values: &[f64]) -> Attribute {
    let f32 = ctx.f32_type();
    let ty = ctx.ranked_tensor_type(shape, f32, None);
    let elements: Vec<Attribute> = values
        .iter()
        .map(|&v| ctx.float_attr(f32, mlir_ir::ApFloat::from_f32(v as f32)))
        .collect();
    ctx.intern_attr(mlir_ir::AttrKind::DenseElements {
        ty,
        elements: elements.into(),
    })
}

/// The rank of the type of an elements attribute.
pub fn rank_of(ctx: &Context, attr: Attribute) -> Option<usize> {
    ctx.attr_type(attr)
        .and_then(|t| ctx.shape(t))
        .map(|s| s.len())
}

/// Whether the block owning the argument `arg` holds only a terminator whose
/// single operand is `arg` (the region computes the identity).
pub fn block_yields_only(ir: &Ir, arg: Value) -> bool {
    let mlir_ir::ValueDef::BlockArgument(block, _) = arg.def() else {
        return false;
    };
    let mut ops = ir.block_ops(block);
    match (ops.next(), ops.next()) {
        (Some(t), None) => ir.num_operands(t) == 1 && ir.operand(t, 0) == arg,
        _ => false,
    }
}

// ----- result type inference of the DRR test ops -----

impl ops::AnotherThreeResultOp {
    /// Upstream's `inferReturnTypes`: `i32, f32, f32`.
    pub fn infer_return_types(
        ctx: &Context,
        _operands: &[mlir_ir::Type],
        _props: Option<Attribute>,
        results: &mut Vec<mlir_ir::Type>,
    ) -> bool {
        let f32 = ctx.f32_type();
        results.extend([ctx.int_type(32), f32, f32]);
        true
    }
}

impl ops::DrrInferFromOperand {
    /// The result has the operand's type.
    pub fn infer_return_types(
        _ctx: &Context,
        operands: &[mlir_ir::Type],
        _props: Option<Attribute>,
        results: &mut Vec<mlir_ir::Type>,
    ) -> bool {
        match operands.first() {
            Some(&t) => {
                results.push(t);
                true
            }
            None => false,
        }
    }
}
