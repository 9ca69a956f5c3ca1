//! Test ops, folders and passes of the canonicalizer and folding area
//! (`td/TestOpsCanon.td`): the folders and canonicalization patterns of the
//! test ops (upstream `TestOpDefs.cpp`), the dialect's own canonicalization
//! pattern and `shouldMaterializeInto` (upstream `TestDialect.cpp` /
//! `TestDialectInterfaces.cpp`), the interfaces `test.br` and
//! `test.test_effects_result` declare, and the `-test-trait-folder` pass.

use smallvec::SmallVec;

use mlir_ir::fold::{FoldCtx, OpFoldResult};
use mlir_ir::interfaces::{
    AppendSuccessorOperands, BranchOpInterface, MemoryEffect, MemoryEffectKind,
    MemoryEffectsInterface, SuccessorOperands,
};
use mlir_ir::ods::preds::dense_int_array;
use mlir_ir::ods::spec::OPERAND_SEGMENTS;
use mlir_ir::{AttrKind, Context, Ir, OpInfo, OpRef, RegionRef, Signedness, Value};
use mlir_rewrite::{FrozenRewritePatternSet, Pattern, PatternRewriter, RewritePatternSet};
use mlir_transforms::canonicalize::DialectCanonicalizationPatterns;
use mlir_transforms::greedy::{apply_patterns_greedily, GreedyRewriteConfig};
use mlir_transforms::pass::{PassContext, PassRegistry};

/// The generated op definitions of `td/TestOpsCanon.td`. Generated code keeps the
/// shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, unused_imports, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/canon_ops.rs"));
}

/// The ops of this area, with their hand-written hooks attached.
pub fn operations() -> Vec<OpInfo> {
    ops::operations()
        .into_iter()
        .map(|info| match &*info.name {
            "test.producing_br" => info
                .with_interface(BranchOpInterface {
                    successor_operands: producing_br_successor_operands,
                    erase_successor_operand: Some(producing_br_erase_operand),
                })
                .with_interface(AppendSuccessorOperands(producing_br_append_operands)),
            "test.test_effects_result" => info.with_interface(MemoryEffectsInterface {
                get_effects: effects_result_effects,
            }),
            _ => info,
        })
        .collect()
}

/// The sizes of `test.producing_br`'s operand groups (first, second).
fn producing_br_segments(ir: &Ir, op: OpRef) -> [usize; 2] {
    let ctx = ir.ctx();
    let sizes: SmallVec<[usize; 2]> = ir
        .attr(op, OPERAND_SEGMENTS)
        .and_then(|a| match ctx.attr(a) {
            AttrKind::DenseArray { elements, .. } => Some(
                elements
                    .iter()
                    .map(|&e| ctx.int_attr_value(e).unwrap_or(0).max(0) as usize)
                    .collect(),
            ),
            _ => None,
        })
        .unwrap_or_default();
    match sizes[..] {
        [first, second] => [first, second],
        _ => [ir.num_operands(op), 0],
    }
}

/// Successor 0 receives the second operand group, successor 1 the first.
fn producing_br_successor_operands(ir: &Ir, op: OpRef, succ: usize) -> SuccessorOperands {
    let [first, second] = producing_br_segments(ir, op);
    let (start, len) = if succ == 0 {
        (first, second)
    } else {
        (0, first)
    };
    SuccessorOperands {
        produced: 0,
        start,
        len,
    }
}

/// Stores new operand group sizes of `test.producing_br`.
fn set_producing_br_segments(ir: &mut Ir, op: OpRef, sizes: [usize; 2]) {
    let sizes = [sizes[0] as i64, sizes[1] as i64];
    let attr = dense_int_array(ir.ctx(), 32, &sizes);
    ir.set_attr(op, OPERAND_SEGMENTS, Some(attr));
}

fn producing_br_erase_operand(ir: &mut Ir, op: OpRef, succ: usize, operand: usize) {
    let [first, second] = producing_br_segments(ir, op);
    let so = producing_br_successor_operands(ir, op, succ);
    ir.erase_operand(op, so.start + operand);
    let sizes = if succ == 0 {
        [first, second - 1]
    } else {
        [first - 1, second]
    };
    set_producing_br_segments(ir, op, sizes);
}

fn producing_br_append_operands(ir: &mut Ir, op: OpRef, succ: usize, values: &[Value]) {
    let [first, second] = producing_br_segments(ir, op);
    let so = producing_br_successor_operands(ir, op, succ);
    ir.insert_operands(op, so.start + so.len, values);
    let n = values.len();
    let sizes = if succ == 0 {
        [first, second + n]
    } else {
        [first + n, second]
    };
    set_producing_br_segments(ir, op, sizes);
}

/// `test.test_effects_result` allocates its result and writes to it, on
/// the test dialect's own resource: both effects are on a value the op
/// allocates, so an unused op is dead.
fn effects_result_effects(ir: &Ir, op: OpRef, effects: &mut SmallVec<[MemoryEffect; 4]>) {
    let result = Some(ir.result(op, 0));
    for kind in [MemoryEffectKind::Allocate, MemoryEffectKind::Write] {
        effects.push(MemoryEffect {
            kind,
            value: result,
            resource: "TestResource",
        });
    }
}

// The hooks `td/TestOpsCanon.td` declares.
mlir_rewrite::canonicalization_hooks! {
    ops::TestOpWithRegionPattern => op_with_region_pattern_patterns,
}

mlir_ir::fold_hooks! {
    ops::TestInvolutionTraitFailingOperationFolderOp => fold_failing,
    ops::TestInvolutionTraitSuccesfulOperationFolderOp => fold_operand_if_defined_by_op,
}

mlir_ir::multi_result_fold_hooks! {
    ops::TestOpWithVariadicResultsAndFolder => fold_variadic_results,
    ops::TestOpInPlaceFoldSuccess => fold_in_place_noop,
}

/// Claims an in-place fold and changes nothing.
fn fold_in_place_noop(
    _cx: &mut FoldCtx<'_>,
    _results: &mut SmallVec<[OpFoldResult; 1]>,
) -> Result<(), ()> {
    Ok(())
}

/// `TestRemoveOpWithInnerOps`: erases `test.op_with_region_pattern` with
/// everything nested in it.
fn op_with_region_pattern_patterns(set: &mut RewritePatternSet, ctx: &Context) {
    let pattern = Pattern::new(ctx, "test.op_with_region_pattern", 1)
        .with_debug_name("TestRemoveOpWithInnerOps");
    set.add_fn(pattern, |op, rw: &mut PatternRewriter<'_>| {
        rw.erase_op(op);
        Ok(())
    });
}

/// `test.op_with_variadic_results_and_folder` folds each result to the
/// operand in the same position.
fn fold_variadic_results(
    cx: &mut FoldCtx<'_>,
    results: &mut SmallVec<[OpFoldResult; 1]>,
) -> Result<(), ()> {
    results.extend(cx.ir.operands(cx.op).map(OpFoldResult::Value));
    Ok(())
}

/// A folder that always fails, so that the `Involution` trait fold runs.
fn fold_failing(_cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    None
}

/// Folds to the operand when it is an op result (not a block argument); a
/// successful op fold suppresses the trait fold.
fn fold_operand_if_defined_by_op(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    let operand = cx.operand(0);
    operand.defining_op().map(|_| OpFoldResult::Value(operand))
}

/// The test dialect's own canonicalization patterns (upstream
/// `TestDialect::getCanonicalizationPatterns`): `test.dialect_canonicalizable`
/// becomes `arith.constant 42 : i32`.
pub fn dialect_canonicalization_patterns() -> DialectCanonicalizationPatterns {
    DialectCanonicalizationPatterns(|set, ctx| {
        let pattern = Pattern::new(ctx, "test.dialect_canonicalizable", 1)
            .with_debug_name("dialectCanonicalizationPattern");
        set.add_fn(pattern, |op, rw: &mut PatternRewriter<'_>| {
            let loc = rw.ir().op_loc(op);
            let ctx = rw.ctx();
            let i32_ty = ctx.integer_type(32, Signedness::Signless);
            let value = ctx.int_attr(i32_ty, 42);
            let cst = rw
                .with_builder(|b| mlir_dialects::arith::ConstantOp::build(b, loc, i32_ty, value).0);
            rw.replace_op_with_op(op, cst);
            Ok(())
        });
    })
}

/// Registers the test passes of this area.
pub fn register_passes(registry: &mut PassRegistry) {
    crate::pass_decls::register_test_trait_folder_pass(registry);
}

/// Upstream's `TestDialect` `shouldMaterializeInto`: folded constants of ops
/// inside `test.one_region_op` stay in its region.
pub fn should_materialize_into(ir: &Ir, region: RegionRef) -> bool {
    ir.region_parent_op(region)
        .is_some_and(|op| ir.op_name_str(op) == "test.one_region_op")
}

/// `-test-trait-folder`: runs the greedy driver with no patterns on each
/// `func.func`, so only folding (including the `Involution` and
/// `Idempotent` trait folds) and dead code elimination apply.
#[derive(Clone, Default)]
pub struct TestTraitFolder;

impl mlir_transforms::pass::PassImpl for TestTraitFolder {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        _cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let patterns = FrozenRewritePatternSet::new(RewritePatternSet::new(ir.ctx_arc().clone()));
        // Upstream ignores the result (non-convergence is not a failure).
        let _ = apply_patterns_greedily(ir, op, &patterns, GreedyRewriteConfig::default());
        Ok(())
    }
}
