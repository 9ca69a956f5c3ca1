//! Structural type conversions of the `cf` dialect (MLIR's
//! `ControlFlow/Transforms/StructuralTypeConversions.cpp`): conversion
//! patterns for `cf.br`, `cf.cond_br` and `cf.switch` that convert the
//! operands they forward to their successors (1:N where the type converter
//! splits a value) together with the argument types of the successor blocks,
//! and the dynamic legality that makes a `ConversionTarget` send such ops to
//! the patterns when their operands have illegal types.
//!
//! Why the blocks are converted here: a function-signature conversion (MLIR
//! 22's `convertFuncOpTypes`, `mlir_conversion::convert_function_op_types`)
//! converts only the entry block of a function. The other blocks are reached
//! through branches, so the branch ops convert them, each destination once:
//! the first branch into a block applies the block's signature conversion,
//! which replaces the block by one with the converted argument types and
//! redirects every predecessor to it; later branches find a destination whose
//! argument types already equal their converted operands' and keep it.

use std::sync::Arc;

use smallvec::SmallVec;

use mlir_conversion::{
    flatten_values, ConversionPattern, ConversionPatternRewriter, ConversionTarget, TypeConverter,
    ValueVector,
};
use mlir_ir::{BlockRef, Context, OpRef, Type, Value};
use mlir_rewrite::{LogicalResult, Pattern, PatternBenefit, RewritePatternSet};

use super::{BranchOp, CondBranchOp, SwitchOp};

/// The destination a branch op should target after the conversion of its
/// successor `block` (MLIR's `getConvertedBlock`): `block` itself when its
/// argument types already equal `expected` (the types of the converted
/// operands forwarded to it, e.g. because another predecessor converted it
/// already), else the block that replaces it after its signature conversion.
/// Fails (with a match-failure note on `branch`) when the converter cannot
/// convert the block's signature or converts it to other types than the
/// operands'.
fn converted_block(
    rw: &mut ConversionPatternRewriter<'_, '_>,
    converter: &Arc<TypeConverter>,
    branch: OpRef,
    block: BlockRef,
    expected: &[Type],
) -> Result<BlockRef, ()> {
    let ir = rw.ir();
    // An entry block has no predecessors and a successor is never detached:
    // a branch to either is invalid IR, which the verifier rejects; refuse
    // rather than convert it.
    let Some(region) = ir.block_parent_region(block) else {
        return fail(rw, branch, "branch to a detached block");
    };
    if ir.first_block(region) == Some(block) {
        return fail(rw, branch, "branch to an entry block");
    }
    if ir
        .arguments(block)
        .map(|a| ir.value_type(a))
        .eq(expected.iter().copied())
    {
        return Ok(block);
    }
    let Some(conversion) = converter.convert_block_signature(ir, block) else {
        return fail(rw, branch, "could not compute block signature");
    };
    if conversion.converted_types() != expected {
        return fail(
            rw,
            branch,
            "mismatch between adaptor operand types and computed block signature",
        );
    }
    Ok(rw.apply_signature_conversion(block, &conversion, Some(converter)))
}

/// Reports a match failure of `branch` with `reason` and fails.
fn fail<T>(
    rw: &mut ConversionPatternRewriter<'_, '_>,
    branch: OpRef,
    reason: &'static str,
) -> Result<T, ()> {
    rw.notify_match_failure(branch, || reason)?;
    Err(())
}

/// The types of `values`.
fn types_of(rw: &ConversionPatternRewriter<'_, '_>, values: &[Value]) -> SmallVec<[Type; 4]> {
    values.iter().map(|&v| rw.ir().value_type(v)).collect()
}

/// Converts a `cf.br`: its operands become their converted values (1:N
/// flattened) and its destination the converted block (upstream
/// `BranchOpConversion`).
pub struct BranchOpConversion {
    converter: Arc<TypeConverter>,
    benefit: PatternBenefit,
}

impl ConversionPattern for BranchOpConversion {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::for_op::<BranchOp>(ctx, self.benefit)
            .with_debug_name("(anonymous namespace)::BranchOpConversion")
    }
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        Some(&self.converter)
    }
    fn match_and_rewrite_1_to_n(
        &self,
        op: OpRef,
        operands: &[ValueVector],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        let values = flatten_values(operands);
        let types = types_of(rw, &values);
        let dest = BranchOp(op).dest(rw.ir());
        let dest = converted_block(rw, &self.converter, op, dest, &types)?;
        let loc = rw.ir().op_loc(op);
        rw.set_insertion_point_before(op);
        let new_op = rw.with_builder(|b| BranchOp::build(b, loc, &values, dest).0);
        rw.replace_op_with_op(op, new_op);
        Ok(())
    }
}

/// Converts a `cf.cond_br`: the operands forwarded to each destination
/// become their converted values (1:N flattened), each destination the
/// converted block; the condition must stay a single value and the branch
/// weights are kept (upstream `CondBranchOpConversion`).
pub struct CondBranchOpConversion {
    converter: Arc<TypeConverter>,
    benefit: PatternBenefit,
}

impl ConversionPattern for CondBranchOpConversion {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::for_op::<CondBranchOp>(ctx, self.benefit)
            .with_debug_name("(anonymous namespace)::CondBranchOpConversion")
    }
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        Some(&self.converter)
    }
    fn match_and_rewrite_1_to_n(
        &self,
        op: OpRef,
        operands: &[ValueVector],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        let ir = rw.ir();
        let t = super::cond_br_successor_operands(ir, op, 0);
        let f = super::cond_br_successor_operands(ir, op, 1);
        let true_values = flatten_values(&operands[t.start..t.start + t.len]);
        let false_values = flatten_values(&operands[f.start..f.start + f.len]);
        let [condition] = operands[0][..] else {
            return rw.notify_match_failure(op, || "expected single element condition");
        };
        let br = CondBranchOp(op);
        let weights = br.branch_weights_attr(ir);
        // Each destination is read from the op just before it is converted:
        // converting the first one redirects every branch to it, this op's
        // other edge included when both go to the same block.
        let types = types_of(rw, &true_values);
        let true_dest = br.true_dest(rw.ir());
        let true_dest = converted_block(rw, &self.converter, op, true_dest, &types)?;
        let types = types_of(rw, &false_values);
        let false_dest = br.false_dest(rw.ir());
        let false_dest = converted_block(rw, &self.converter, op, false_dest, &types)?;
        let loc = rw.ir().op_loc(op);
        rw.set_insertion_point_before(op);
        let new_op = rw.with_builder(|b| {
            CondBranchOp::build(
                b,
                loc,
                condition,
                &true_values,
                &false_values,
                weights,
                true_dest,
                false_dest,
            )
            .0
        });
        rw.replace_op_with_op(op, new_op);
        Ok(())
    }
}

/// Converts a `cf.switch`: the flag and the operands forwarded to each
/// destination become their converted values, each destination the
/// converted block; the case values are kept (upstream `SwitchOpConversion`).
/// Upstream's pattern takes the 1:1 adaptor, so a value converted to zero or
/// several values makes it fail to match.
pub struct SwitchOpConversion {
    converter: Arc<TypeConverter>,
    benefit: PatternBenefit,
}

/// The debug name of [`SwitchOpConversion`], as mlir-opt prints it.
const SWITCH_OP_CONVERSION: &str = "(anonymous namespace)::SwitchOpConversion";

impl ConversionPattern for SwitchOpConversion {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::for_op::<SwitchOp>(ctx, self.benefit).with_debug_name(SWITCH_OP_CONVERSION)
    }
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        Some(&self.converter)
    }
    fn match_and_rewrite_1_to_n(
        &self,
        op: OpRef,
        operands: &[ValueVector],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        if operands.iter().any(|v| v.len() != 1) {
            return rw.notify_match_failure(op, || {
                format!("pattern '{SWITCH_OP_CONVERSION}' does not support 1:N conversion")
            });
        }
        let flat: SmallVec<[Value; 4]> = operands.iter().map(|v| v[0]).collect();
        self.match_and_rewrite(op, &flat, rw)
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        operands: &[Value],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        let ir = rw.ir();
        let switch = SwitchOp(op);
        let case_values = switch.case_values_attr(ir);
        let case_segments = switch.case_operand_segments_attr(ir);
        let num_cases = ir.num_successors(op) - 1;
        // The operands of successor `i` (0: the default destination).
        let range = |i: usize| {
            let so = super::switch_successor_operands(ir, op, i);
            so.start..so.start + so.len
        };
        let default_values: SmallVec<[Value; 4]> = operands[range(0)].into();
        let case_values_of: Vec<SmallVec<[Value; 4]>> = (0..num_cases)
            .map(|i| operands[range(i + 1)].into())
            .collect();
        let flag = operands[0];

        // Each destination is read from the op just before it is converted:
        // converting a block redirects every branch to it, so a block this
        // op reaches through several edges is converted once.
        let types = types_of(rw, &default_values);
        let default_dest = switch.default_destination(rw.ir());
        let default_dest = converted_block(rw, &self.converter, op, default_dest, &types)?;
        let mut case_dests: SmallVec<[BlockRef; 4]> = SmallVec::new();
        for (i, values) in case_values_of.iter().enumerate() {
            let types = types_of(rw, values);
            let dest = rw.ir().successor(op, i + 1);
            case_dests.push(converted_block(rw, &self.converter, op, dest, &types)?);
        }

        // Operands convert 1:1 here, so the per-case operand counts stay.
        let segments = match case_segments {
            Some(s) => s,
            None => {
                let sizes: Vec<i64> = case_values_of.iter().map(|v| v.len() as i64).collect();
                mlir_ir::ods::preds::dense_int_array(rw.ctx(), 32, &sizes)
            }
        };
        let all_case_values: SmallVec<[Value; 4]> =
            case_values_of.iter().flatten().copied().collect();
        let loc = rw.ir().op_loc(op);
        rw.set_insertion_point_before(op);
        let new_op = rw.with_builder(|b| {
            SwitchOp::build(
                b,
                loc,
                flag,
                &default_values,
                &all_case_values,
                case_values,
                segments,
                default_dest,
                &case_dests,
            )
            .0
        });
        rw.replace_op_with_op(op, new_op);
        Ok(())
    }
}

/// Adds the conversion patterns of `cf.br`, `cf.cond_br` and `cf.switch`
/// with `converter` and `benefit` to `patterns` (MLIR's
/// `cf::populateCFStructuralTypeConversions`).
pub fn populate_cf_structural_type_conversions(
    converter: &Arc<TypeConverter>,
    patterns: &mut RewritePatternSet,
    benefit: PatternBenefit,
) {
    mlir_conversion::add_conversion_pattern(
        patterns,
        BranchOpConversion {
            converter: converter.clone(),
            benefit,
        },
    );
    mlir_conversion::add_conversion_pattern(
        patterns,
        CondBranchOpConversion {
            converter: converter.clone(),
            benefit,
        },
    );
    mlir_conversion::add_conversion_pattern(
        patterns,
        SwitchOpConversion {
            converter: converter.clone(),
            benefit,
        },
    );
}

/// Makes `cf.br`, `cf.cond_br` and `cf.switch` dynamically legal on
/// `target`: legal when `converter` finds all their operands legal (MLIR's
/// `cf::populateCFStructuralTypeConversionTarget`). As upstream's, only the
/// operands are asked about, as values (so context-aware conversions see
/// them): the argument types of the destinations always equal the types of
/// the operands forwarded to them in valid IR.
pub fn populate_cf_structural_type_conversion_target(
    converter: &Arc<TypeConverter>,
    target: &mut ConversionTarget,
) {
    for name in [
        <BranchOp as mlir_ir::OpType>::NAME,
        <CondBranchOp as mlir_ir::OpType>::NAME,
        <SwitchOp as mlir_ir::OpType>::NAME,
    ] {
        let converter = converter.clone();
        target.add_dynamically_legal_op(name, move |ir, op| {
            let operands: SmallVec<[Value; 4]> = ir.operands(op).collect();
            converter.is_legal_values(ir, &operands)
        });
    }
}

/// Both of the above (MLIR's
/// `cf::populateCFStructuralTypeConversionsAndLegality`).
pub fn populate_cf_structural_type_conversions_and_legality(
    converter: &Arc<TypeConverter>,
    patterns: &mut RewritePatternSet,
    target: &mut ConversionTarget,
    benefit: PatternBenefit,
) {
    populate_cf_structural_type_conversions(converter, patterns, benefit);
    populate_cf_structural_type_conversion_target(converter, target);
}

#[cfg(test)]
#[path = "type_conversions_tests.rs"]
mod tests;
