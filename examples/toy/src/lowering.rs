//! A chapter-5-style partial lowering: the Toy computations that have an
//! `arith` counterpart on tensors (`toy.constant`, `toy.add`, `toy.mul`)
//! become `arith.constant`, `arith.addf` and `arith.mulf`; everything else
//! (functions, calls, reshapes, transposes, prints) stays Toy. As in the
//! tutorial, the target says what is legal (`arith`, and the Toy ops kept)
//! and what must go (the rest of `toy`), and a partial conversion applies
//! one conversion pattern per op.
//!
//! The pass is `toy-lower-to-arith`; it fails, with an error on the op, if
//! an illegal op is left (e.g. a `toy.add` of operands of different types,
//! which `arith.addf` cannot express).

use mlir_conversion::{
    add_op_conversion_pattern, apply_partial_conversion, ConversionConfig,
    ConversionPatternRewriter, ConversionTarget, OpConversionPattern,
};
use mlir_ir::{Ir, OpRef, OpType, OperationState, Value};
use mlir_rewrite::{FrozenRewritePatternSet, LogicalResult, RewritePatternSet};
use mlir_transforms::pass::{PassContext, PassRegistry};

use crate::{AddOp, ConstantOp, MulOp};

/// `toy.constant` → `arith.constant` with the same value and type.
struct ConstantOpLowering;

impl OpConversionPattern for ConstantOpLowering {
    type Op = ConstantOp;
    fn generated_ops(&self) -> &[&'static str] {
        &["arith.constant"]
    }
    fn match_and_rewrite(
        &self,
        op: ConstantOp,
        _adaptor: &[Value],
        rewriter: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        let ir = rewriter.ir();
        let Some(value) = op.value_attr(ir) else {
            return Err(());
        };
        let ty = ir.value_type(ir.result(op.op(), 0));
        let loc = ir.op_loc(op.op());
        let ctx = ir.ctx_arc().clone();
        let mut state = OperationState::new(ctx.op_name("arith.constant"), loc).results(&[ty]);
        state.properties = Some(ctx.dictionary_attr(&[(ctx.ident("value"), value)]));
        let new = rewriter.create(state);
        rewriter.replace_op(op.op(), &[Value::result(new, 0)]);
        Ok(())
    }
}

/// A Toy element-wise binary op → the `arith` op `target` on the converted
/// operands, when operands and result share one type (the form `arith`
/// requires; the tutorial's shape inference would establish it).
fn lower_binary(
    op: OpRef,
    target: &str,
    operands: &[Value],
    rewriter: &mut ConversionPatternRewriter<'_, '_>,
) -> LogicalResult {
    let ir: &Ir = rewriter.ir();
    let ty = ir.value_type(ir.result(op, 0));
    if operands.iter().any(|&v| ir.value_type(v) != ty) {
        return Err(());
    }
    let loc = ir.op_loc(op);
    let name = ir.ctx().op_name(target);
    let state = OperationState::new(name, loc)
        .operands(operands)
        .results(&[ty]);
    let new = rewriter.create(state);
    rewriter.replace_op(op, &[Value::result(new, 0)]);
    Ok(())
}

/// `toy.add` → `arith.addf`.
struct AddOpLowering;

impl OpConversionPattern for AddOpLowering {
    type Op = AddOp;
    fn generated_ops(&self) -> &[&'static str] {
        &["arith.addf"]
    }
    fn match_and_rewrite(
        &self,
        op: AddOp,
        adaptor: &[Value],
        rewriter: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        lower_binary(op.op(), "arith.addf", adaptor, rewriter)
    }
}

/// `toy.mul` → `arith.mulf`.
struct MulOpLowering;

impl OpConversionPattern for MulOpLowering {
    type Op = MulOp;
    fn generated_ops(&self) -> &[&'static str] {
        &["arith.mulf"]
    }
    fn match_and_rewrite(
        &self,
        op: MulOp,
        adaptor: &[Value],
        rewriter: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        lower_binary(op.op(), "arith.mulf", adaptor, rewriter)
    }
}

/// Adds the Toy-to-arith patterns to `set`.
pub fn populate_toy_to_arith_patterns(set: &mut RewritePatternSet) {
    add_op_conversion_pattern(set, ConstantOpLowering);
    add_op_conversion_pattern(set, AddOpLowering);
    add_op_conversion_pattern(set, MulOpLowering);
}

/// The conversion target: `arith` is legal, and of `toy` only the ops this
/// lowering keeps.
pub fn toy_to_arith_target() -> ConversionTarget {
    let mut target = ConversionTarget::new();
    target.add_legal_dialect("arith");
    target.add_illegal_dialect("toy");
    for kept in [
        "toy.func",
        "toy.return",
        "toy.generic_call",
        "toy.print",
        "toy.reshape",
        "toy.transpose",
    ] {
        target.add_legal_op(kept);
    }
    target
}

/// `toy-lower-to-arith`: the partial lowering on each `toy.func`.
#[derive(Clone, Default)]
pub struct ToyToArithLoweringPass;

impl mlir_transforms::pass::PassImpl for ToyToArithLoweringPass {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        _cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let mut set = RewritePatternSet::new(ir.ctx_arc().clone());
        populate_toy_to_arith_patterns(&mut set);
        let patterns = FrozenRewritePatternSet::new(set);
        let target = toy_to_arith_target();
        apply_partial_conversion(ir, op, &target, &patterns, &ConversionConfig::default()).0
    }
}

/// The declarations generated from `td/Passes.td`.
#[allow(dead_code)]
mod decls {
    include!(concat!(env!("OUT_DIR"), "/toy_passes.rs"));
}

/// Registers the Toy passes (generated from `td/Passes.td`).
pub fn register_passes(registry: &mut PassRegistry) {
    decls::register_toy_passes(registry);
}
