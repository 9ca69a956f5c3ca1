//! The patterns of the conversion test passes (upstream `TestPatterns.cpp`,
//! sections "Legalization Driver", "Type-Conversion Rewrite Testing",
//! "Non-Root Replacement", "getRemappedValue testing" and "patterns without
//! a specific root").

use std::sync::Arc;

use smallvec::SmallVec;

use mlir_conversion::{
    ConversionPattern, ConversionPatternRewriter, SignatureConversion, TypeConverter, ValueVector,
};
use mlir_ir::{Context, OpRef, TypeKind, Value};
use mlir_rewrite::{LogicalResult, Pattern, PatternRewriter, RewritePattern};

/// Replaces `op` with a new op `name` taking `operands`, with `op`'s
/// location and the given result types.
fn replace_with_named(
    rw: &mut PatternRewriter<'_>,
    op: OpRef,
    name: &str,
    operands: &[Value],
    result_types: &[mlir_ir::Type],
) -> OpRef {
    rw.replace_op_with_new_named(op, name, operands, result_types, None)
}

/// `test.return` with a single f32 operand is replaced by one returning the
/// operand's 1:N replacement (upstream `TestSplitReturnType`).
pub struct TestSplitReturnType;

impl ConversionPattern for TestSplitReturnType {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.return", 1)
            .with_debug_name("(anonymous namespace)::TestSplitReturnType")
    }
    fn match_and_rewrite_1_to_n(
        &self,
        op: OpRef,
        operands: &[ValueVector],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        let ir = rw.ir();
        if ir.num_operands(op) != 1 || !is_f32(ir.ctx(), ir.value_type(ir.operand(op, 0))) {
            return Err(());
        }
        let vals: SmallVec<[Value; 2]> = operands[0].iter().copied().collect();
        replace_with_named(rw, op, "test.return", &vals, &[]);
        Ok(())
    }
}

fn is_f32(ctx: &Context, ty: mlir_ir::Type) -> bool {
    ty == ctx.f32_type()
}
fn is_f64(ctx: &Context, ty: mlir_ir::Type) -> bool {
    ty == ctx.f64_type()
}

/// Which retyping of `test.type_producer` a pattern does.
#[derive(Copy, Clone)]
pub enum ProducerChange {
    /// i32 to f32 (upstream `TestChangeProducerTypeI32ToF32`).
    I32ToF32,
    /// f32 to f64 (upstream `TestChangeProducerTypeF32ToF64`).
    F32ToF64,
    /// Anything to bf16, benefit 10 (upstream `TestChangeProducerTypeF32ToInvalid`).
    F32ToInvalid,
}

/// Replaces `test.type_producer` with one of another result type.
pub struct TestChangeProducerType(pub ProducerChange);

impl ConversionPattern for TestChangeProducerType {
    fn describe(&self, ctx: &Context) -> Pattern {
        let (benefit, name) = match self.0 {
            ProducerChange::I32ToF32 => (1, "TestChangeProducerTypeI32ToF32"),
            ProducerChange::F32ToF64 => (1, "TestChangeProducerTypeF32ToF64"),
            ProducerChange::F32ToInvalid => (10, "TestChangeProducerTypeF32ToInvalid"),
        };
        Pattern::new(ctx, "test.type_producer", benefit).with_debug_name(name)
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        _operands: &[Value],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        let ctx = rw.ctx();
        let ty = rw.ir().value_type(rw.ir().result(op, 0));
        let new_ty = match self.0 {
            ProducerChange::I32ToF32 => {
                if !ctx.is_signless_integer(ty, 32) {
                    return Err(());
                }
                ctx.f32_type()
            }
            ProducerChange::F32ToF64 => {
                if !is_f32(ctx, ty) {
                    return rw.notify_match_failure(op, || "expected single f32 operand");
                }
                ctx.f64_type()
            }
            ProducerChange::F32ToInvalid => ctx.float_type(mlir_ir::FloatKind::BF16),
        };
        replace_with_named(rw, op, "test.type_producer", &[], &[new_ty]);
        Ok(())
    }
}

/// Replaces `test.type_consumer` once its operand was remapped to f64
/// (upstream `TestUpdateConsumerType`).
pub struct TestUpdateConsumerType;

impl ConversionPattern for TestUpdateConsumerType {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.type_consumer", 1)
            .with_debug_name("(anonymous namespace)::TestUpdateConsumerType")
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        operands: &[Value],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        if !is_f64(rw.ctx(), rw.ir().value_type(operands[0])) {
            return Err(());
        }
        replace_with_named(rw, op, "test.type_consumer", &[operands[0]], &[]);
        Ok(())
    }
}

/// Creates an illegal op and replaces the root with it, then replaces it
/// with a legal op before finishing (upstream `TestNonRootReplacement`).
pub struct TestNonRootReplacement;

impl RewritePattern for TestNonRootReplacement {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.replace_non_root", 1)
            .with_debug_name("(anonymous namespace)::TestNonRootReplacement")
    }
    fn match_and_rewrite(&self, op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
        let ty = rw.ir().value_type(rw.ir().result(op, 0));
        let loc = rw.ir().op_loc(op);
        let illegal = rw.create_named("test.illegal_op_f", loc, &[], &[ty], None);
        let legal = rw.create_named("test.legal_op_b", loc, &[], &[ty], None);
        rw.replace_op_with_op(op, illegal);
        rw.replace_op_with_op(illegal, legal);
        Ok(())
    }
}

/// Erases `test.erase_op` without replacement (upstream `TestEraseOp`).
pub struct TestEraseOp;

impl ConversionPattern for TestEraseOp {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.erase_op", 1).with_debug_name("(anonymous namespace)::TestEraseOp")
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        _operands: &[Value],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        rw.erase_op(op);
        Ok(())
    }
}

/// Replaces `test.invalid` with `test.valid` on the converted operands,
/// casting 1:N replacements back with `test.cast` (upstream
/// `TestPassthroughInvalidOp`).
pub struct TestPassthroughInvalidOp(pub Arc<TypeConverter>);

impl ConversionPattern for TestPassthroughInvalidOp {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.invalid", 1)
            .with_debug_name("(anonymous namespace)::TestPassthroughInvalidOp")
    }
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        Some(&self.0)
    }
    fn match_and_rewrite_1_to_n(
        &self,
        op: OpRef,
        operands: &[ValueVector],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        let mut flat: SmallVec<[Value; 4]> = SmallVec::new();
        for (i, range) in operands.iter().enumerate() {
            if range.len() == 1 {
                flat.push(range[0]);
                continue;
            }
            let ty = rw.ir().value_type(rw.ir().operand(op, i));
            let loc = rw.ir().op_loc(op);
            let cast = rw.create_named("test.cast", loc, range, &[ty], None);
            flat.push(rw.ir().result(cast, 0));
        }
        replace_with_named(rw, op, "test.valid", &flat, &[]);
        Ok(())
    }
}

/// Replaces `test.drop_operands_and_replace_with_valid` with an operand-less
/// `test.valid` (upstream `TestDropAndReplaceInvalidOp`).
pub struct TestDropAndReplaceInvalidOp(pub Arc<TypeConverter>);

impl ConversionPattern for TestDropAndReplaceInvalidOp {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.drop_operands_and_replace_with_valid", 1)
            .with_debug_name("(anonymous namespace)::TestDropAndReplaceInvalidOp")
    }
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        Some(&self.0)
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        _operands: &[Value],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        replace_with_named(rw, op, "test.valid", &[], &[]);
        Ok(())
    }
}

/// Replaces `test.replace_with_valid_producer` with a `test.valid_producer`
/// of its `type` attribute (upstream `TestReplaceWithValidProducer`).
pub struct TestReplaceWithValidProducer;

impl ConversionPattern for TestReplaceWithValidProducer {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.replace_with_valid_producer", 1)
            .with_debug_name("(anonymous namespace)::TestReplaceWithValidProducer")
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        _operands: &[Value],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        let Some(a) = rw.ir().attr(op, "type") else {
            return Err(());
        };
        let mlir_ir::AttrKind::Type(ty) = *rw.ctx().attr(a) else {
            return Err(());
        };
        replace_with_named(rw, op, "test.valid_producer", &[], &[ty]);
        Ok(())
    }
}

/// Replaces `test.replace_with_valid_consumer` with `test.valid_consumer`
/// when its `with_converter` attribute says whether the pattern has a type
/// converter (upstream `TestReplaceWithValidConsumer`).
pub struct TestReplaceWithValidConsumer(pub Option<Arc<TypeConverter>>);

impl ConversionPattern for TestReplaceWithValidConsumer {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.replace_with_valid_consumer", 1)
            .with_debug_name("(anonymous namespace)::TestReplaceWithValidConsumer")
    }
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        self.0.as_ref()
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        operands: &[Value],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        if rw.ir().attr(op, "with_converter").is_some() != self.0.is_some() {
            return Err(());
        }
        replace_with_named(rw, op, "test.valid_consumer", &[operands[0]], &[]);
        Ok(())
    }
}

/// Replaces `test.repetitive_1_to_n_consumer` with a `test.valid` of the
/// replacement values of its single operand (upstream
/// `TestRepetitive1ToNConsumer`).
pub struct TestRepetitive1ToNConsumer;

impl ConversionPattern for TestRepetitive1ToNConsumer {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.repetitive_1_to_n_consumer", 1)
            .with_debug_name("(anonymous namespace)::TestRepetitive1ToNConsumer")
    }
    fn match_and_rewrite_1_to_n(
        &self,
        op: OpRef,
        operands: &[ValueVector],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        if rw.ir().num_operands(op) != 1 {
            return Err(());
        }
        let vals: SmallVec<[Value; 2]> = operands[0].iter().copied().collect();
        replace_with_named(rw, op, "test.valid", &vals, &[]);
        Ok(())
    }
}

/// Erases `test.type_consumer` (upstream `TestTypeConsumerOpPattern`; it is
/// reached only when the 1:1 patterns do not apply).
pub struct TestTypeConsumerOpPattern(pub Arc<TypeConverter>);

impl ConversionPattern for TestTypeConsumerOpPattern {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.type_consumer", 1)
            .with_debug_name("(anonymous namespace)::TestTypeConsumerOpPattern")
    }
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        Some(&self.0)
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        _operands: &[Value],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        rw.erase_op(op);
        Ok(())
    }
}

/// Converts the signature of function-like ops (those with a
/// `function_type` attribute and a body): the entry block's arguments and
/// the function type (upstream `populateAnyFunctionOpInterfaceTypeConversionPattern`).
pub struct FunctionSignatureConversion(pub Arc<TypeConverter>);

impl ConversionPattern for FunctionSignatureConversion {
    fn describe(&self, _ctx: &Context) -> Pattern {
        Pattern::match_any(1)
            .with_debug_name("(anonymous namespace)::AnyFunctionOpInterfaceSignatureConversion")
    }
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        Some(&self.0)
    }
    fn match_and_rewrite_1_to_n(
        &self,
        op: OpRef,
        _operands: &[ValueVector],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        let ctx = rw.ctx();
        let Some(fty_attr) = rw.ir().attr(op, "function_type") else {
            return Err(());
        };
        let mlir_ir::AttrKind::Type(fty) = *ctx.attr(fty_attr) else {
            return Err(());
        };
        let TypeKind::Function { inputs, results } = ctx.ty(fty).clone() else {
            return Err(());
        };
        let converter = &self.0;
        let mut conv = SignatureConversion::new(inputs.len());
        if converter
            .convert_signature_args(ctx, &inputs, &mut conv)
            .is_err()
        {
            return Err(());
        }
        let mut new_results = mlir_conversion::TypeVector::new();
        for &r in results.iter() {
            converter.convert_types(ctx, r, &mut new_results)?;
        }
        let new_fty = ctx.function_type(conv.converted_types(), &new_results);
        let new_attr = ctx.type_attr(new_fty);
        let Some(&body) = rw.ir().regions(op).first() else {
            return Err(());
        };
        // Only the entry block, as MLIR 22's `convertFuncOpTypes`.
        if let Some(entry) = rw.ir().first_block(body) {
            let conv_arc = converter.clone();
            rw.apply_signature_conversion(entry, &conv, Some(&conv_arc));
        }
        rw.modify_op_in_place(op, |m| m.set_attr("function_type", Some(new_attr)));
        Ok(())
    }
}

/// Replaces a one-operand `test.one_variadic_out_one_variadic_in1` with one
/// taking the remapped operand twice, through `get_remapped_value`
/// (upstream `OneVResOneVOperandOp1Converter`).
pub struct OneVResOneVOperandOp1Converter;

impl ConversionPattern for OneVResOneVOperandOp1Converter {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.one_variadic_out_one_variadic_in1", 1)
            .with_debug_name("(anonymous namespace)::OneVResOneVOperandOp1Converter")
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        _operands: &[Value],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        if rw.ir().num_operands(op) != 1 {
            return Err(());
        }
        let orig = rw.ir().operand(op, 0);
        let a = rw.get_remapped_value(orig).ok_or(())?;
        let b = rw.get_remapped_value(orig).ok_or(())?;
        let types: SmallVec<[mlir_ir::Type; 2]> = rw.ir().result_types(op).collect();
        replace_with_named(
            rw,
            op,
            "test.one_variadic_out_one_variadic_in1",
            &[a, b],
            &types,
        );
        Ok(())
    }
}

/// Inlines the body of `test.remapped_value_region` into the parent block
/// and replaces the op with the remapped terminator operands (upstream
/// `TestRemapValueInRegion`).
pub struct TestRemapValueInRegion(pub Arc<TypeConverter>);

impl ConversionPattern for TestRemapValueInRegion {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.remapped_value_region", 1)
            .with_debug_name("(anonymous namespace)::TestRemapValueInRegion")
    }
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        Some(&self.0)
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        _operands: &[Value],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        let ir = rw.ir();
        let region = ir.regions(op)[0];
        let block = ir.first_block(region).ok_or(())?;
        let terminator = ir.last_op(block).ok_or(())?;
        let parent_block = ir.op_block(op).ok_or(())?;
        let final_block = rw.split_block(parent_block, Some(op));
        rw.merge_blocks(block, parent_block, &[]);
        rw.merge_blocks(final_block, parent_block, &[]);
        let operands: SmallVec<[Value; 4]> = rw.ir().operands(terminator).collect();
        let mut remapped = SmallVec::<[Value; 1]>::new();
        rw.get_remapped_values(&operands, &mut remapped)?;
        rw.erase_op(terminator);
        rw.replace_op(op, &remapped);
        Ok(())
    }
}

/// Erases every op of the test dialect (upstream `RemoveTestDialectOps`).
pub struct RemoveTestDialectOps;

impl RewritePattern for RemoveTestDialectOps {
    fn describe(&self, _ctx: &Context) -> Pattern {
        Pattern::match_any(1).with_debug_name("(anonymous namespace)::RemoveTestDialectOps")
    }
    fn match_and_rewrite(&self, op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
        if !rw.ir().op_name_str(op).starts_with("test.") {
            return Err(());
        }
        rw.erase_op(op);
        Ok(())
    }
}

/// Erases the branch ending the first block of `op`'s region and merges the
/// second block into the first, passing the branch operands (upstream
/// `TestMergeBlock` and, with `add_illegal_op`, `TestUndoBlocksMerge`, which
/// first creates an illegal op in the second block so that the pattern's
/// result cannot be legalized and the merge is undone).
pub struct TestMergeBlock {
    /// The root op name.
    pub root: &'static str,
    /// Whether an illegal `test.illegal_op_f` is created first.
    pub add_illegal_op: bool,
}

impl ConversionPattern for TestMergeBlock {
    fn describe(&self, ctx: &Context) -> Pattern {
        let name = if self.add_illegal_op {
            "TestUndoBlocksMerge"
        } else {
            "TestMergeBlock"
        };
        Pattern::new(ctx, self.root, 1).with_debug_name(name)
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        _operands: &[Value],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        let ir = rw.ir();
        let region = *ir.regions(op).first().ok_or(())?;
        let first = ir.first_block(region).ok_or(())?;
        let second = ir.next_block(first).ok_or(())?;
        let branch = ir.last_op(first).ok_or(())?;
        if self.add_illegal_op {
            let loc = ir.op_loc(op);
            let f32 = ir.ctx().f32_type();
            rw.set_insertion_point_to_start(second);
            rw.create_named("test.illegal_op_f", loc, &[], &[f32], None);
        }
        let replacements: SmallVec<[Value; 4]> = rw.ir().operands(branch).collect();
        rw.erase_op(branch);
        rw.merge_blocks(second, first, &replacements);
        rw.modify_op_in_place(op, |_| {});
        Ok(())
    }
}

/// Inlines a `test.SingleBlockImplicitTerminator` nested in another one into
/// its parent block (upstream `TestMergeSingleBlockOps`).
pub struct TestMergeSingleBlockOps;

impl ConversionPattern for TestMergeSingleBlockOps {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.SingleBlockImplicitTerminator", 1)
            .with_debug_name("(anonymous namespace)::TestMergeSingleBlockOps")
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        _operands: &[Value],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        let ir = rw.ir();
        if !has_ancestor_named(ir, op, "test.SingleBlockImplicitTerminator") {
            return Err(());
        }
        let inner = ir.first_block(ir.regions(op)[0]).ok_or(())?;
        let terminator = ir.last_op(inner).ok_or(())?;
        rw.inline_block_before_op(inner, op, &[]);
        rw.erase_op(terminator);
        rw.erase_op(op);
        Ok(())
    }
}

/// Whether an op enclosing `op` is named `name` (MLIR's `getParentOfType`).
pub fn has_ancestor_named(ir: &mlir_ir::Ir, op: OpRef, name: &str) -> bool {
    let mut cur = ir.op_parent_op(op);
    while let Some(p) = cur {
        if ir.op_name_str(p) == name {
            return true;
        }
        cur = ir.op_parent_op(p);
    }
    false
}

/// Converts the entry-block signature of `test.drop_region_op`'s region,
/// then erases the op (upstream `TestDropOpSignatureConversion`): the ops of
/// an erased region need no legalization.
pub struct TestDropOpSignatureConversion(pub Arc<TypeConverter>);

impl ConversionPattern for TestDropOpSignatureConversion {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.drop_region_op", 1)
            .with_debug_name("(anonymous namespace)::TestDropOpSignatureConversion")
    }
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        Some(&self.0)
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        _operands: &[Value],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        let ir = rw.ir();
        let region = *ir.regions(op).first().ok_or(())?;
        let entry = ir.first_block(region).ok_or(())?;
        let types: SmallVec<[mlir_ir::Type; 4]> =
            ir.arguments(entry).map(|a| ir.value_type(a)).collect();
        let mut conv = SignatureConversion::new(types.len());
        self.0.convert_signature_args(rw.ctx(), &types, &mut conv)?;
        let converter = self.0.clone();
        rw.convert_region_types(region, &converter, Some(&conv))?;
        rw.erase_op(op);
        Ok(())
    }
}

/// Inlines (or, with `legalizer.should_clone`, clones) the region of
/// `test.region` at the end of the parent region, optionally erases the old
/// blocks, and erases the op (upstream `TestRegionRewriteBlockMovement`).
pub struct TestRegionRewriteBlockMovement;

impl ConversionPattern for TestRegionRewriteBlockMovement {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.region", 1)
            .with_debug_name("(anonymous namespace)::TestRegionRewriteBlockMovement")
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        _operands: &[Value],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        let ir = rw.ir();
        let parent = ir.op_parent_region(op).ok_or(())?;
        let region = *ir.regions(op).first().ok_or(())?;
        let clone = ir.attr(op, "legalizer.should_clone").is_some();
        let erase_old = ir.attr(op, "legalizer.erase_old_blocks").is_some();
        if clone {
            let mut mapping = mlir_ir::IrMapping::default();
            rw.clone_region_before(region, parent, None, &mut mapping);
        } else {
            rw.inline_region_before(region, parent, None);
        }
        if erase_old {
            while let Some(b) = rw.ir().first_block(region) {
                rw.erase_block(b);
            }
        }
        rw.erase_op(op);
        Ok(())
    }
}

/// Creates an op `name` with one region holding one new block with
/// arguments of `arg_types` (at unknown locations), and leaves the
/// insertion point in that block.
fn create_op_with_block(
    rw: &mut PatternRewriter<'_>,
    name: &str,
    loc: mlir_ir::Location,
    arg_types: &[mlir_ir::Type],
) -> OpRef {
    let mut state = mlir_ir::OperationState::new(rw.ctx().op_name(name), loc);
    state.num_empty_regions = 1;
    let new_op = rw.create(state);
    let region = rw.ir().regions(new_op)[0];
    let locs = vec![rw.ctx().unknown_loc(); arg_types.len()];
    rw.create_block(region, None, arg_types, &locs);
    new_op
}

/// Replaces `test.region_builder` with a `test.region` whose entry block
/// holds an illegal op (upstream `TestRegionRewriteUndo`).
pub struct TestRegionRewriteUndo;

impl RewritePattern for TestRegionRewriteUndo {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.region_builder", 1)
            .with_debug_name("(anonymous namespace)::TestRegionRewriteUndo")
    }
    fn match_and_rewrite(&self, op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
        let loc = rw.ir().op_loc(op);
        let i64 = rw.ctx().int_type(64);
        create_op_with_block(rw, "test.region", loc, &[i64]);
        let i32 = rw.ctx().int_type(32);
        rw.create_named("test.illegal_op_f", loc, &[], &[i32], None);
        rw.create_named("test.valid", loc, &[], &[], None);
        rw.erase_op(op);
        Ok(())
    }
}

/// Replaces `test.illegal_op_with_region_anchor` with a
/// `test.illegal_op_with_region` holding a block that ends in
/// `test.illegal_op_terminator`; both are illegal, so the replacement is
/// undone (upstream `TestNestedOpCreationUndoRewrite`). Upstream's builder
/// creates the terminator in a detached region before the op; rmlir's IR has
/// no detached regions, so the op comes first (see `docs/DEVIATIONS.md`).
pub struct TestNestedOpCreationUndoRewrite;

impl RewritePattern for TestNestedOpCreationUndoRewrite {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.illegal_op_with_region_anchor", 1)
            .with_debug_name("(anonymous namespace)::TestNestedOpCreationUndoRewrite")
    }
    fn match_and_rewrite(&self, op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
        let loc = rw.ir().op_loc(op);
        let new_op = create_op_with_block(rw, "test.illegal_op_with_region", loc, &[]);
        rw.create_named("test.illegal_op_terminator", loc, &[], &[], None);
        let results: SmallVec<[Value; 1]> = rw.ir().results(new_op).collect();
        rw.replace_op(op, &results);
        Ok(())
    }
}

/// Legalizes the regions of `test.post_order_legalization` before the op
/// itself, then marks the op legal with `is_legal` (upstream
/// `TestPostOrderLegalization`, MLIR 22's `ConversionPatternRewriter::
/// legalize(Region *)`).
pub struct TestPostOrderLegalization(pub Arc<TypeConverter>);

impl ConversionPattern for TestPostOrderLegalization {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.post_order_legalization", 1)
            .with_debug_name("(anonymous namespace)::TestPostOrderLegalization")
    }
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        Some(&self.0)
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        _operands: &[Value],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        let regions: SmallVec<[mlir_ir::RegionRef; 1]> =
            rw.ir().regions(op).iter().copied().collect();
        for r in regions {
            rw.legalize_region(r)?;
        }
        rw.modify_op_in_place(op, |m| {
            let unit = m.ir().ctx().unit_attr();
            m.set_attr("is_legal", Some(unit))
        });
        Ok(())
    }
}

/// Creates a block with two i32 arguments at the end of the parent region
/// and erases the root; with `illegal`, the block holds an illegal op
/// (upstream `TestCreateBlock` and `TestCreateIllegalBlock`).
pub struct TestCreateBlock {
    /// Whether to add `test.illegal_op_f` to the new block.
    pub illegal: bool,
}

impl RewritePattern for TestCreateBlock {
    fn describe(&self, ctx: &Context) -> Pattern {
        if self.illegal {
            Pattern::new(ctx, "test.create_illegal_block", 1)
                .with_debug_name("(anonymous namespace)::TestCreateIllegalBlock")
        } else {
            Pattern::new(ctx, "test.create_block", 1)
                .with_debug_name("(anonymous namespace)::TestCreateBlock")
        }
    }
    fn match_and_rewrite(&self, op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
        let region = rw.ir().op_parent_region(op).ok_or(())?;
        let i32 = rw.ctx().int_type(32);
        let loc = rw.ir().op_loc(op);
        rw.create_block(region, None, &[i32, i32], &[loc, loc]);
        if self.illegal {
            rw.create_named("test.illegal_op_f", loc, &[], &[i32], None);
        }
        rw.create_named("test.finish", loc, &[], &[], None);
        rw.erase_op(op);
        Ok(())
    }
}

/// Replaces the uses of the first operand of `test.value_replace` with twice
/// the second operand (a 1:2 replacement of a value), and marks the op legal
/// unless `trigger_rollback` is set (upstream `TestValueReplace`).
pub struct TestValueReplace(pub Arc<TypeConverter>);

impl ConversionPattern for TestValueReplace {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.value_replace", 1)
            .with_debug_name("(anonymous namespace)::TestValueReplace")
    }
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        Some(&self.0)
    }
    // The 1:N form: the adaptor operands are not used, and the second
    // operand's type may convert to no type at all (`i16` is dropped).
    fn match_and_rewrite_1_to_n(
        &self,
        op: OpRef,
        _operands: &[ValueVector],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        let ir = rw.ir();
        if ir.num_operands(op) < 2 {
            return Err(());
        }
        let from = ir.operand(op, 0);
        let repl = ir.operand(op, 1);
        rw.replace_all_uses_of_value(from, &[repl, repl]);
        let rollback = rw.ir().attr(op, "trigger_rollback").is_some();
        let unit = rw.ctx().unit_attr();
        rw.modify_op_in_place(op, |m| {
            if !rollback {
                m.set_attr("is_legal", Some(unit));
            }
        });
        Ok(())
    }
}

/// Hoists `test.hoist_me` before its parent and replaces it with an illegal
/// op, so that the move is undone (upstream `TestUndoMoveOpBefore`).
pub struct TestUndoMoveOpBefore;

impl ConversionPattern for TestUndoMoveOpBefore {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.hoist_me", 1)
            .with_debug_name("(anonymous namespace)::TestUndoMoveOpBefore")
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        _operands: &[Value],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        let parent = rw.ir().op_parent_op(op).ok_or(())?;
        rw.move_op_before(op, parent);
        let f32 = rw.ctx().f32_type();
        rw.set_insertion_point_before(op);
        replace_with_named(rw, op, "test.illegal_op_f", &[], &[f32]);
        Ok(())
    }
}

/// Creates an illegal op in the second block of `test.undo_block_erase` and
/// erases that block (upstream `TestUndoBlockErase`).
pub struct TestUndoBlockErase;

impl ConversionPattern for TestUndoBlockErase {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.undo_block_erase", 1)
            .with_debug_name("(anonymous namespace)::TestUndoBlockErase")
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        _operands: &[Value],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        let ir = rw.ir();
        let first = ir.first_block(ir.regions(op)[0]).ok_or(())?;
        let second = ir.next_block(first).ok_or(())?;
        let loc = ir.op_loc(op);
        let f32 = ir.ctx().f32_type();
        rw.set_insertion_point_to_start(second);
        rw.create_named("test.illegal_op_f", loc, &[], &[f32], None);
        rw.erase_block(second);
        rw.modify_op_in_place(op, |_| {});
        Ok(())
    }
}

/// Sets `a = 42` on a `test.with_properties` marked `modify_inplace`,
/// leaving the op illegal, so that the modification is rolled back
/// (upstream `TestUndoPropertiesModification`).
pub struct TestUndoPropertiesModification;

impl ConversionPattern for TestUndoPropertiesModification {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.with_properties", 1)
            .with_debug_name("(anonymous namespace)::TestUndoPropertiesModification")
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        _operands: &[Value],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        if rw.ir().attr(op, "modify_inplace").is_none() {
            return Err(());
        }
        let ctx = rw.ctx();
        let a = ctx.int_attr(ctx.int_type(64), 42);
        rw.modify_op_in_place(op, |m| m.set_inherent_attr("a", Some(a)));
        Ok(())
    }
}

/// Decrements the `depth` of `test.recursive_rewrite` in place; the target
/// makes it legal at depth 0 (upstream `TestBoundedRecursiveRewrite`).
pub struct TestBoundedRecursiveRewrite;

impl RewritePattern for TestBoundedRecursiveRewrite {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.recursive_rewrite", 1)
            .with_debug_name("(anonymous namespace)::TestBoundedRecursiveRewrite")
            .with_bounded_rewrite_recursion()
    }
    fn match_and_rewrite(&self, op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
        let ctx = rw.ctx();
        let depth = rw
            .ir()
            .attr(op, "depth")
            .and_then(|a| ctx.int_attr_value(a))
            .ok_or(())?;
        let a = ctx.int_attr(ctx.int_type(64), depth - 1);
        rw.modify_op_in_place(op, |m| m.set_attr("depth", Some(a)));
        Ok(())
    }
}

/// Erases `test.blackhole` and then its operand's producer (upstream
/// `TestReplaceEraseOp`).
pub struct TestReplaceEraseOp;

impl RewritePattern for TestReplaceEraseOp {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.blackhole", 1)
            .with_debug_name("(anonymous namespace)::TestReplaceEraseOp")
    }
    fn match_and_rewrite(&self, op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
        let producer = rw.ir().operand(op, 0).defining_op().ok_or(())?;
        rw.erase_op(op);
        rw.erase_op(producer);
        Ok(())
    }
}

/// Replaces `test.illegal_op_g` with `test.legal_op_c` of a new
/// `arith.constant 0 : i32` (which the target does not know; upstream
/// `TestCreateUnregisteredOp`).
pub struct TestCreateUnregisteredOp;

impl RewritePattern for TestCreateUnregisteredOp {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.illegal_op_g", 1)
            .with_debug_name("(anonymous namespace)::TestCreateUnregisteredOp")
    }
    fn match_and_rewrite(&self, op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
        let ctx = rw.ctx();
        let i32 = ctx.int_type(32);
        let zero = ctx.int_attr(i32, 0);
        let props = ctx.dictionary_attr(&[(ctx.ident("value"), zero)]);
        let loc = rw.ir().op_loc(op);
        let name = ctx.op_name("arith.constant");
        let mut state = mlir_ir::OperationState::new(name, loc).results(&[i32]);
        state.properties = Some(props);
        let c = rw.create(state);
        let v = rw.ir().result(c, 0);
        let types: SmallVec<[mlir_ir::Type; 1]> = rw.ir().result_types(op).collect();
        rw.replace_op_with_new_named(op, "test.legal_op_c", &[v], &types, None);
        Ok(())
    }
}

/// Replaces an op and each of its results by an op with twice the results,
/// twice: `test.multiple_1_to_n_replacement` -> `test.step_1` ->
/// `test.legal_op` (upstream `TestMultiple1ToNReplacement`).
pub struct TestMultiple1ToNReplacement(pub Arc<TypeConverter>);

impl ConversionPattern for TestMultiple1ToNReplacement {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.multiple_1_to_n_replacement", 1)
            .with_debug_name("(anonymous namespace)::TestMultiple1ToNReplacement")
    }
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        Some(&self.0)
    }
    fn match_and_rewrite_1_to_n(
        &self,
        op: OpRef,
        _operands: &[ValueVector],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        let double = |rw: &mut ConversionPatternRewriter<'_, '_>, op: OpRef, name: &str| {
            rw.set_insertion_point_after(op);
            let mut types: SmallVec<[mlir_ir::Type; 4]> = SmallVec::new();
            for t in rw.ir().result_types(op) {
                types.push(t);
                types.push(t);
            }
            let loc = rw.ir().op_loc(op);
            let attrs = rw.ir().op_attributes(op);
            let props = rw.ir().op_properties(op);
            let n = rw.ctx().op_name(name);
            let mut state = mlir_ir::OperationState::new(n, loc).results(&types);
            state.attributes = Some(attrs);
            state.properties = props;
            let new_op = rw.create(state);
            let repls: Vec<ValueVector> = (0..rw.ir().num_results(op))
                .map(|i| {
                    let ir = rw.ir();
                    smallvec::smallvec![ir.result(new_op, 2 * i), ir.result(new_op, 2 * i + 1)]
                })
                .collect();
            rw.replace_op_with_multiple(op, &repls);
            new_op
        };
        let step = double(rw, op, "test.step_1");
        double(rw, step, "test.legal_op");
        Ok(())
    }
}

/// Forwards the converted operands to `test.type_consumer` in place
/// (upstream `TestTypeConsumerForward`): triggers target materializations.
pub struct TestTypeConsumerForward(pub Arc<TypeConverter>);

impl ConversionPattern for TestTypeConsumerForward {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.type_consumer", 1)
            .with_debug_name("(anonymous namespace)::TestTypeConsumerForward")
    }
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        Some(&self.0)
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        operands: &[Value],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        rw.modify_op_in_place(op, |m| m.set_operands(operands));
        Ok(())
    }
}

/// Retypes `test.type_producer`: floats to f64, i16 to i64, recursive test
/// types to their conversion (upstream `TestTypeConversionProducer`).
pub struct TestTypeConversionProducer(pub Arc<TypeConverter>);

impl ConversionPattern for TestTypeConversionProducer {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.type_producer", 1)
            .with_debug_name("(anonymous namespace)::TestTypeConversionProducer")
    }
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        Some(&self.0)
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        _operands: &[Value],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        let ctx = rw.ctx();
        let ty = rw.ir().value_type(rw.ir().result(op, 0));
        let converted = self.0.convert_type(ctx, ty);
        let new_ty = if ctx.is_float(ty) {
            ctx.f64_type()
        } else if matches!(ctx.ty(ty), TypeKind::Integer { width: 16, .. }) {
            ctx.int_type(64)
        } else if let Some(c) =
            converted.filter(|&c| c != ty && super::passes::recursive_type_parts(ctx, ty).is_some())
        {
            c
        } else {
            return Err(());
        };
        replace_with_named(rw, op, "test.type_producer", &[], &[new_ty]);
        Ok(())
    }
}

/// Converts the region types of `test.signature_conversion_undo`, then
/// fails, so that the conversion is undone (upstream
/// `TestSignatureConversionUndo`).
pub struct TestSignatureConversionUndo(pub Arc<TypeConverter>);

impl ConversionPattern for TestSignatureConversionUndo {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.signature_conversion_undo", 1)
            .with_debug_name("(anonymous namespace)::TestSignatureConversionUndo")
    }
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        Some(&self.0)
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        _operands: &[Value],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        let region = rw.ir().regions(op)[0];
        let converter = self.0.clone();
        let _ = rw.convert_region_types(region, &converter, None);
        Err(())
    }
}

/// Converts the entry-block signature of
/// `test.signature_conversion_no_converter` without giving the rewriter a
/// type converter, so nothing can materialize the old argument types
/// (upstream `TestTestSignatureConversionNoConverter`).
pub struct TestSignatureConversionNoConverter(pub Arc<TypeConverter>);

impl ConversionPattern for TestSignatureConversionNoConverter {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.signature_conversion_no_converter", 1)
            .with_debug_name("(anonymous namespace)::TestTestSignatureConversionNoConverter")
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        _operands: &[Value],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        let ir = rw.ir();
        let entry = ir.first_block(ir.regions(op)[0]).ok_or(())?;
        let types: SmallVec<[mlir_ir::Type; 4]> =
            ir.arguments(entry).map(|a| ir.value_type(a)).collect();
        let mut conv = SignatureConversion::new(types.len());
        self.0.convert_signature_args(rw.ctx(), &types, &mut conv)?;
        rw.start_op_modification(op);
        rw.apply_signature_conversion(entry, &conv, None);
        rw.finalize_op_modification(op);
        Ok(())
    }
}

/// Replaces `test.another_type_producer` with a `test.type_producer` of the
/// same type (upstream `TestTypeConversionAnotherProducer`).
pub struct TestTypeConversionAnotherProducer;

impl RewritePattern for TestTypeConversionAnotherProducer {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.another_type_producer", 1)
            .with_debug_name("(anonymous namespace)::TestTypeConversionAnotherProducer")
    }
    fn match_and_rewrite(&self, op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
        let ty = rw.ir().value_type(rw.ir().result(op, 0));
        rw.replace_op_with_new_named(op, "test.type_producer", &[], &[ty], None);
        Ok(())
    }
}

/// Replaces `test.replace_with_legal_op` with `test.legal_op_d` of its
/// converted operand (upstream `TestReplaceWithLegalOp`).
pub struct TestReplaceWithLegalOp(pub Arc<TypeConverter>);

impl ConversionPattern for TestReplaceWithLegalOp {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.replace_with_legal_op", 1)
            .with_debug_name("(anonymous namespace)::TestReplaceWithLegalOp")
    }
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        Some(&self.0)
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        operands: &[Value],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        replace_with_named(rw, op, "test.legal_op_d", &[operands[0]], &[]);
        Ok(())
    }
}

/// Moves the region of `test.detached_signature_conversion` into a new
/// `test.legal_op`, converts the (then detached from the old op) entry
/// block's arguments to f64, and replaces the op (upstream
/// `TestDetachedSignatureConversion`).
pub struct TestDetachedSignatureConversion;

impl ConversionPattern for TestDetachedSignatureConversion {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.detached_signature_conversion", 1)
            .with_debug_name("(anonymous namespace)::TestDetachedSignatureConversion")
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        operands: &[Value],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        let ir = rw.ir();
        if ir.regions(op).len() != 1 {
            return Err(());
        }
        let region = ir.regions(op)[0];
        let loc = ir.op_loc(op);
        let types: SmallVec<[mlir_ir::Type; 2]> = ir.result_types(op).collect();
        let name = rw.ctx().op_name("test.legal_op");
        let mut state = mlir_ir::OperationState::new(name, loc)
            .operands(operands)
            .results(&types);
        state.num_empty_regions = 1;
        let new_op = rw.create(state);
        let new_region = rw.ir().regions(new_op)[0];
        rw.inline_region_before(region, new_region, None);
        let entry = rw.ir().first_block(new_region).ok_or(())?;
        let n = rw.ir().num_arguments(entry);
        let mut conv = SignatureConversion::new(n);
        let f64 = rw.ctx().f64_type();
        for i in 0..n {
            conv.add_inputs(i, &[f64]);
        }
        rw.apply_signature_conversion(entry, &conv, None);
        rw.replace_op_with_op(op, new_op);
        Ok(())
    }
}

/// Converts the body signature of `test.convert_block_args`: duplicates
/// every argument (`duplicate`) or replaces each with twice the operand
/// (`replace_with_operand`), then marks the op legal (upstream
/// `TestConvertBlockArgs`).
pub struct TestConvertBlockArgs(pub Arc<TypeConverter>);

impl ConversionPattern for TestConvertBlockArgs {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.convert_block_args", 1)
            .with_debug_name("(anonymous namespace)::TestConvertBlockArgs")
    }
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        Some(&self.0)
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        operands: &[Value],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        let ir = rw.ir();
        if ir.attr(op, "is_legal").is_some() {
            return Err(());
        }
        let body = ir.first_block(ir.regions(op)[0]).ok_or(())?;
        let types: SmallVec<[mlir_ir::Type; 4]> =
            ir.arguments(body).map(|a| ir.value_type(a)).collect();
        let replace = ir.attr(op, "replace_with_operand").is_some();
        let duplicate = ir.attr(op, "duplicate").is_some();
        let mut conv = SignatureConversion::new(types.len());
        for (i, &t) in types.iter().enumerate() {
            if replace {
                let v = *operands.first().ok_or(())?;
                conv.remap_input(i, &[v, v]);
            } else if duplicate {
                conv.add_inputs(i, &[t, t]);
            } else {
                return Err(());
            }
        }
        let unit = rw.ctx().unit_attr();
        rw.start_op_modification(op);
        let converter = self.0.clone();
        rw.apply_signature_conversion(body, &conv, Some(&converter));
        rw.modify(op).set_attr("is_legal", Some(unit));
        rw.finalize_op_modification(op);
        Ok(())
    }
}

/// Converts the operand and result types of `func.call` (upstream
/// `populateCallOpTypeConversionPattern`): a new call on the 1:N converted
/// operands, each original result replaced by its converted results.
pub struct CallOpSignatureConversion(pub Arc<TypeConverter>);

impl ConversionPattern for CallOpSignatureConversion {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "func.call", 1)
            .with_debug_name("(anonymous namespace)::CallOpSignatureConversion")
    }
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        Some(&self.0)
    }
    fn match_and_rewrite_1_to_n(
        &self,
        op: OpRef,
        operands: &[ValueVector],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        let ctx = rw.ctx();
        let mut result_types = mlir_conversion::TypeVector::new();
        let mut counts: SmallVec<[usize; 4]> = SmallVec::new();
        for t in rw.ir().result_types(op) {
            let before = result_types.len();
            self.0.convert_types(ctx, t, &mut result_types)?;
            counts.push(result_types.len() - before);
        }
        let flat = mlir_conversion::flatten_values(operands);
        let loc = rw.ir().op_loc(op);
        let name = ctx.op_name("func.call");
        let mut state = mlir_ir::OperationState::new(name, loc)
            .operands(&flat)
            .results(&result_types);
        state.properties = rw.ir().op_properties(op);
        state.attributes = Some(rw.ir().op_attributes(op));
        let new_call = rw.create(state);
        let mut repls: Vec<ValueVector> = Vec::new();
        let mut next = 0;
        for n in counts {
            repls.push(
                (next..next + n)
                    .map(|i| rw.ir().result(new_call, i))
                    .collect(),
            );
            next += n;
        }
        rw.replace_op_with_multiple(op, &repls);
        Ok(())
    }
}
