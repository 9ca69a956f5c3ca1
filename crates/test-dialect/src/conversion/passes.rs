//! The conversion test passes (upstream `TestLegalizePatternDriver`,
//! `TestUnknownRootOpDriver`, `TestRemappedValue`), their type converters
//! and conversion targets.

use std::sync::{Arc, Mutex, OnceLock, Weak};

use mlir_conversion::{
    add_conversion_pattern, apply_conversion, apply_full_conversion, apply_partial_conversion,
    ConversionConfig, ConversionMode, ConversionTarget, FoldingMode, TypeConverter,
};
use mlir_ir::PreviousPosition;
use mlir_ir::{BlockRef, BuilderListener, InsertPoint, RegionRef, Value};
use mlir_ir::{Context, Ir, OpRef, Severity, Type, TypeKind};
use mlir_rewrite::RewriterListener;
use mlir_rewrite::{FrozenRewritePatternSet, RewritePatternSet};
use mlir_transforms::pass::PassContext;

use super::patterns::*;

/// Upstream's `TestTypeConverter`: drops i16 and i24, i64 -> f64,
/// i42 -> i43, f32 -> (f16, f16), everything else unchanged; `test.cast`
/// materializes in both directions.
pub fn test_type_converter() -> TypeConverter {
    let mut c = TypeConverter::new();
    c.add_conversion(|ctx: &Context, t: Type, out| {
        if ctx.is_signless_integer(t, 16) || is_integer_of(ctx, t, 24) {
            return Some(Ok(()));
        }
        if ctx.is_signless_integer(t, 64) {
            out.push(ctx.f64_type());
        } else if is_integer_of(ctx, t, 42) {
            out.push(ctx.int_type(43));
        } else if t == ctx.f32_type() {
            let f16 = ctx.float_type(mlir_ir::FloatKind::F16);
            out.push(f16);
            out.push(f16);
        } else {
            out.push(t);
        }
        Some(Ok(()))
    });
    let cast = |b: &mut mlir_ir::OpBuilder<'_>, ty: Type, inputs: &[mlir_ir::Value], loc| {
        let op = crate::core::TestCastOp::build(b, loc, ty, inputs).0;
        Some(b.ir.result(op, 0))
    };
    c.add_source_materialization(cast);
    c.add_target_materialization(cast);
    c
}

/// Whether `t` is an integer type of `width` bits, of any signedness
/// (MLIR's `Type::isInteger(width)`).
fn is_integer_of(ctx: &Context, t: Type, width: u32) -> bool {
    matches!(ctx.ty(t), TypeKind::Integer { width: w, .. } if *w == width)
}

/// Whether the op's `attr` attribute is present.
fn has_attr(ir: &Ir, op: OpRef, attr: &str) -> bool {
    ir.attr(op, attr).is_some()
}

/// Prints every notification to stdout, as upstream's `DumpNotifications`
/// listener does (`-test-legalize-patterns` passes it to the conversion).
pub struct DumpNotifications;

/// Prints one notification, through the pass manager's ordered output so
/// that the dump does not depend on the number of threads.
fn out(line: std::fmt::Arguments<'_>) {
    mlir_transforms::pass::parallel::write_stdout_ordered(&format!("{line}\n"));
}

impl BuilderListener for DumpNotifications {
    fn notify_operation_inserted(&mut self, ir: &Ir, op: OpRef, previous: PreviousPosition) {
        let name = ir.op_name_str(op);
        match previous {
            PreviousPosition::Unlinked => out(format_args!(
                "notifyOperationInserted: {name}, was unlinked"
            )),
            PreviousPosition::Unknown(_) => out(format_args!(
                "notifyOperationInserted: {name}, was linked, exact position unknown"
            )),
            PreviousPosition::At(InsertPoint { before: None, .. }) => out(format_args!(
                "notifyOperationInserted: {name}, was last in block"
            )),
            PreviousPosition::At(InsertPoint {
                before: Some(next), ..
            }) => out(format_args!(
                "notifyOperationInserted: {name}, previous = {}",
                ir.op_name_str(next)
            )),
        }
    }
    fn notify_block_inserted(
        &mut self,
        ir: &Ir,
        block: BlockRef,
        previous: Option<(RegionRef, Option<BlockRef>)>,
    ) {
        let into = match ir.block_parent_op(block) {
            Some(p) => format!(" into {}: ", ir.op_name_str(p)),
            None => " into unknown op: ".to_string(),
        };
        let how = if previous.is_none() {
            "was unlinked"
        } else {
            "was linked"
        };
        out(format_args!("notifyBlockInserted{into}{how}"));
    }
}

impl RewriterListener for DumpNotifications {
    fn notify_block_erased(&mut self, _ir: &Ir, _block: BlockRef) {
        out(format_args!("notifyBlockErased"));
    }
    fn notify_operation_erased(&mut self, ir: &Ir, op: OpRef) {
        out(format_args!(
            "notifyOperationErased: {}",
            ir.op_name_str(op)
        ));
    }
    fn notify_operation_modified(&mut self, ir: &Ir, op: OpRef) {
        out(format_args!(
            "notifyOperationModified: {}",
            ir.op_name_str(op)
        ));
    }
    fn notify_operation_replaced(&mut self, ir: &Ir, op: OpRef, _replacement: &[Value]) {
        out(format_args!(
            "notifyOperationReplaced: {}",
            ir.op_name_str(op)
        ));
    }
}

/// `-test-legalize-patterns`: runs the test dialect's legalization patterns
/// in partial, full or analysis mode (declared in `td/TestPasses.td`).
#[derive(Clone, Default)]
pub struct TestLegalizePatternDriver {
    pub(crate) base: crate::pass_decls::TestLegalizePatternDriverBase,
}

impl TestLegalizePatternDriver {
    fn patterns(ctx: &Arc<Context>, converter: &Arc<TypeConverter>) -> FrozenRewritePatternSet {
        let mut set = RewritePatternSet::new(ctx.clone());
        crate::drr::populate_with_generated(&mut set);
        // Upstream's order (equal benefits are tried in insertion order).
        add_conversion_pattern(&mut set, TestRegionRewriteBlockMovement);
        add_conversion_pattern(&mut set, TestDetachedSignatureConversion);
        set.add(TestRegionRewriteUndo);
        set.add(TestCreateBlock { illegal: false });
        set.add(TestCreateBlock { illegal: true });
        add_conversion_pattern(&mut set, TestUndoBlockErase);
        add_conversion_pattern(&mut set, TestUndoPropertiesModification);
        add_conversion_pattern(&mut set, TestSplitReturnType);
        add_conversion_pattern(&mut set, TestChangeProducerType(ProducerChange::I32ToF32));
        add_conversion_pattern(&mut set, TestChangeProducerType(ProducerChange::F32ToF64));
        add_conversion_pattern(
            &mut set,
            TestChangeProducerType(ProducerChange::F32ToInvalid),
        );
        add_conversion_pattern(&mut set, TestUpdateConsumerType);
        set.add(TestNonRootReplacement);
        set.add(TestBoundedRecursiveRewrite);
        set.add(TestNestedOpCreationUndoRewrite);
        set.add(TestReplaceEraseOp);
        set.add(TestCreateUnregisteredOp);
        add_conversion_pattern(&mut set, TestUndoMoveOpBefore);
        add_conversion_pattern(&mut set, TestEraseOp);
        add_conversion_pattern(&mut set, TestReplaceWithValidProducer);
        add_conversion_pattern(&mut set, TestReplaceWithValidConsumer(None));
        add_conversion_pattern(&mut set, TestRepetitive1ToNConsumer);
        add_conversion_pattern(&mut set, TestDropOpSignatureConversion(converter.clone()));
        add_conversion_pattern(&mut set, TestDropAndReplaceInvalidOp(converter.clone()));
        add_conversion_pattern(&mut set, TestPassthroughInvalidOp(converter.clone()));
        add_conversion_pattern(&mut set, TestMultiple1ToNReplacement(converter.clone()));
        add_conversion_pattern(&mut set, TestValueReplace(converter.clone()));
        add_conversion_pattern(
            &mut set,
            TestReplaceWithValidConsumer(Some(converter.clone())),
        );
        add_conversion_pattern(&mut set, TestTypeConsumerOpPattern(converter.clone()));
        add_conversion_pattern(&mut set, TestConvertBlockArgs(converter.clone()));
        add_conversion_pattern(&mut set, TestPostOrderLegalization(converter.clone()));
        add_conversion_pattern(&mut set, FunctionSignatureConversion(converter.clone()));
        add_conversion_pattern(&mut set, CallOpSignatureConversion(converter.clone()));
        FrozenRewritePatternSet::new(set)
    }

    fn target(converter: &Arc<TypeConverter>) -> ConversionTarget {
        let mut t = ConversionTarget::new();
        t.add_legal_op("builtin.module");
        for name in [
            "test.legal_op_a",
            "test.legal_op_b",
            "test.legal_op_c",
            "test.cast",
            "test.valid",
            "test.finish",
            "test.constant",
            "test.one_region_op",
            "test.valid_producer",
            "test.valid_consumer",
            "test.legal_op",
        ] {
            t.add_legal_op(name);
        }
        for name in [
            "test.illegal_op_f",
            "test.region_builder",
            "test.op_with_region_fold",
        ] {
            t.add_illegal_op(name);
        }
        t.add_dynamically_legal_op("test.return", |ir, op| {
            let f32 = ir.ctx().f32_type();
            ir.operands(op).all(|v| ir.value_type(v) != f32)
        });
        let c = converter.clone();
        t.add_dynamically_legal_op("func.func", move |ir, op| {
            let ctx = ir.ctx();
            let sig = ir
                .attr(op, "function_type")
                .and_then(|a| match ctx.attr(a) {
                    mlir_ir::AttrKind::Type(t) => Some(*t),
                    _ => None,
                });
            // The signature only, as mlir-opt 22's test passes check.
            sig.is_some_and(|s| c.is_signature_legal(ctx, s))
        });
        let c = converter.clone();
        t.add_dynamically_legal_op("func.call", move |ir, op| c.is_legal_op(ir, op));
        t.add_dynamically_legal_op("test.value_replace", |ir, op| has_attr(ir, op, "is_legal"));
        t.add_dynamically_legal_op("test.post_order_legalization", |ir, op| {
            has_attr(ir, op, "is_legal")
        });
        t.add_dynamically_legal_op("test.illegal_op_g", |_, _| false);
        t.add_dynamically_legal_op("test.type_producer", |ir, op| {
            ir.value_type(ir.result(op, 0)) == ir.ctx().f64_type()
        });
        t.add_dynamically_legal_op("test.type_consumer", |ir, op| {
            ir.value_type(ir.operand(op, 0)) == ir.ctx().f64_type()
        });
        let recursively_legal: mlir_conversion::RecursiveLegalityFn =
            Arc::new(|ir, op| has_attr(ir, op, "test.recursively_legal"));
        t.mark_op_recursively_legal("func.func", Some(recursively_legal.clone()));
        t.mark_op_recursively_legal("builtin.module", Some(recursively_legal));
        t.add_dynamically_legal_op("test.recursive_rewrite", |ir, op| {
            ir.attr(op, "depth")
                .and_then(|a| ir.ctx().int_attr_value(a))
                .is_some_and(|d| d == 0)
        });
        t.add_dynamically_legal_op("test.op_in_place_self_fold", |ir, op| {
            has_attr(ir, op, "folded")
        });
        t.add_dynamically_legal_op("test.convert_block_args", |ir, op| {
            has_attr(ir, op, "is_legal")
        });
        t
    }
}

impl mlir_transforms::pass::PassImpl for TestLegalizePatternDriver {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        _cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let converter = Arc::new(test_type_converter());
        let patterns = Self::patterns(ir.ctx_arc(), &converter);
        let mut target = Self::target(&converter);
        let o = &self.base;
        let config = ConversionConfig {
            folding_mode: match o.folding_mode() {
                "never" => FoldingMode::Never,
                "after-patterns" => FoldingMode::AfterPatterns,
                _ => FoldingMode::BeforePatterns,
            },
            allow_pattern_rollback: o.allow_pattern_rollback(),
            build_materializations: o.build_materializations(),
            attach_debug_materialization_kind: o.attach_debug_materialization_kind(),
        };
        let remark = |ir: &Ir, op: OpRef, msg: String| {
            let d = ir.op_diag(op, Severity::Remark, msg);
            ir.ctx().emit(d);
        };
        let mut dump = DumpNotifications;
        match o.mode() {
            "full" => {
                target.mark_unknown_op_dynamically_legal(|ir, op| {
                    Some(has_attr(ir, op, "test.dynamically_legal"))
                });
                let (result, _) = apply_conversion(
                    ir,
                    &[op],
                    &target,
                    &patterns,
                    &config,
                    ConversionMode::Full,
                    Some(&mut dump),
                );
                if result.is_err() {
                    remark(ir, op, "applyFullConversion failed".to_string());
                }
                Ok(())
            }
            "analysis" => {
                let (result, report) = apply_conversion(
                    ir,
                    &[op],
                    &target,
                    &patterns,
                    &config,
                    ConversionMode::Analysis,
                    Some(&mut dump),
                );
                result?;
                for l in report.legalizable_ops {
                    let msg = format!("op '{}' is legalizable", ir.op_name_str(l));
                    remark(ir, l, msg);
                }
                Ok(())
            }
            _ => {
                let (result, report) = apply_conversion(
                    ir,
                    &[op],
                    &target,
                    &patterns,
                    &config,
                    ConversionMode::Partial,
                    Some(&mut dump),
                );
                if result.is_err() {
                    remark(ir, op, "applyPartialConversion failed".to_string());
                }
                for u in report.unlegalized_ops {
                    let msg = format!("op '{}' is not legalizable", ir.op_name_str(u));
                    remark(ir, u, msg);
                }
                Ok(())
            }
        }
    }
}

/// `-test-legalize-unknown-root-patterns`: a match-any pattern erases every
/// op of the (illegal) test dialect.
#[derive(Clone, Default)]
pub struct TestUnknownRootOpDriver;

impl mlir_transforms::pass::PassImpl for TestUnknownRootOpDriver {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        _cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let mut set = RewritePatternSet::new(ir.ctx_arc().clone());
        set.add(RemoveTestDialectOps);
        let patterns = FrozenRewritePatternSet::new(set);
        let mut target = ConversionTarget::new();
        target.add_illegal_dialect("test");
        apply_partial_conversion(ir, op, &target, &patterns, &ConversionConfig::default()).0
    }
}

/// `-test-remapped-value`: a full conversion exercising
/// `get_remapped_value(s)`.
#[derive(Clone, Default)]
pub struct TestRemappedValue;

impl mlir_transforms::pass::PassImpl for TestRemappedValue {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        _cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        // f32 -> f64, every other type unchanged.
        let mut converter = TypeConverter::new();
        converter.add_type_conversion(|_, t| Some(Some(t)));
        converter.add_type_conversion(|ctx, t| (t == ctx.f32_type()).then(|| Some(ctx.f64_type())));
        let converter = Arc::new(converter);
        let mut set = RewritePatternSet::new(ir.ctx_arc().clone());
        add_conversion_pattern(&mut set, OneVResOneVOperandOp1Converter);
        add_conversion_pattern(&mut set, TestChangeProducerType(ProducerChange::F32ToF64));
        add_conversion_pattern(&mut set, TestUpdateConsumerType);
        add_conversion_pattern(&mut set, TestRemapValueInRegion(converter));
        let patterns = FrozenRewritePatternSet::new(set);
        let mut target = ConversionTarget::new();
        target.add_legal_op("builtin.module");
        target.add_legal_op("func.func");
        target.add_legal_op("test.return");
        target.add_dynamically_legal_op("test.type_producer", |ir, op| {
            ir.value_type(ir.result(op, 0)) == ir.ctx().f64_type()
        });
        target.add_dynamically_legal_op("test.type_consumer", |ir, op| {
            ir.value_type(ir.operand(op, 0)) == ir.ctx().f64_type()
        });
        target.add_dynamically_legal_op("test.one_variadic_out_one_variadic_in1", |ir, op| {
            ir.num_operands(op) > 1
        });
        apply_full_conversion(ir, op, &target, &patterns, &ConversionConfig::default())
    }
}

/// `-test-merge-blocks`: block merging and inlining under the conversion,
/// with rollback of a merge whose result cannot be legalized.
#[derive(Clone, Default)]
pub struct TestMergeBlocksPatternDriver;

impl mlir_transforms::pass::PassImpl for TestMergeBlocksPatternDriver {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        _cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let mut set = RewritePatternSet::new(ir.ctx_arc().clone());
        add_conversion_pattern(
            &mut set,
            TestMergeBlock {
                root: "test.merge_blocks",
                add_illegal_op: false,
            },
        );
        add_conversion_pattern(
            &mut set,
            TestMergeBlock {
                root: "test.undo_blocks_merge",
                add_illegal_op: true,
            },
        );
        add_conversion_pattern(&mut set, TestMergeSingleBlockOps);
        let patterns = FrozenRewritePatternSet::new(set);
        let mut target = ConversionTarget::new();
        for name in [
            "func.func",
            "builtin.module",
            "test.finish",
            "test.br",
            "test.type_consumer",
            "test.type_producer",
            "test.return",
        ] {
            target.add_legal_op(name);
        }
        target.add_illegal_op("test.illegal_op_f");
        target.add_dynamically_legal_op("test.merge_blocks", |ir, op| {
            let r = ir.regions(op)[0];
            ir.first_block(r)
                .is_some_and(|b| ir.next_block(b).is_none())
        });
        target.add_dynamically_legal_op("test.br", |ir, op| {
            has_ancestor_named(ir, op, "test.merge_blocks")
        });
        target.add_dynamically_legal_op("test.SingleBlockImplicitTerminator", |ir, op| {
            !has_ancestor_named(ir, op, "test.SingleBlockImplicitTerminator")
        });
        let (_, report) =
            apply_partial_conversion(ir, op, &target, &patterns, &ConversionConfig::default());
        for u in report.unlegalized_ops {
            let d = ir.op_diag(
                u,
                Severity::Remark,
                format!("op '{}' is not legalizable", ir.op_name_str(u)),
            );
            ir.ctx().emit(d);
        }
        Ok(())
    }
}

/// `-test-legalize-type-conversion`: a partial conversion with upstream's
/// `TestTypeConversionDriver` type converter (floats to f64, integers
/// dropped) and source materializations.
#[derive(Clone, Default)]
pub struct TestTypeConversionDriver {
    pub(crate) base: crate::pass_decls::TestTypeConversionDriverBase,
}

impl mlir_transforms::pass::PassImpl for TestTypeConversionDriver {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        _cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let mut converter = TypeConverter::new();
        converter.add_type_conversion(|ctx, t| {
            let f64 = ctx.f64_type();
            Some(match ctx.ty(t) {
                _ if t == f64 => Some(t),
                TypeKind::Float(
                    mlir_ir::FloatKind::BF16 | mlir_ir::FloatKind::F16 | mlir_ir::FloatKind::F32,
                ) => Some(f64),
                _ => None,
            })
        });
        // Index is legal.
        converter.add_type_conversion(|ctx, t| ctx.is_index(t).then_some(Some(t)));
        // Integers are dropped, except i1 and i38, which are legal.
        converter.add_conversion(|ctx, t, out| {
            if !matches!(ctx.ty(t), TypeKind::Integer { .. }) {
                return None;
            }
            if is_integer_of(ctx, t, 1) || is_integer_of(ctx, t, 38) {
                out.push(t);
            }
            Some(Ok(()))
        });
        // Recursive `!test.test_rec<name, body>` types: the body is converted
        // with the converter itself; a type met again while its own body is
        // being converted (a self-reference) becomes `!test.smpla`, so the
        // result is not recursive. The converter is only reachable once it
        // is shared, hence the late-bound weak reference.
        let this: Arc<OnceLock<Weak<TypeConverter>>> = Arc::new(OnceLock::new());
        let stack: Arc<Mutex<Vec<String>>> = Arc::new(Mutex::new(Vec::new()));
        {
            let this = this.clone();
            converter.add_conversion(move |ctx, t, out| {
                let (name, body) = recursive_type_parts(ctx, t)?;
                if name == "outer_converted_type" {
                    out.push(t);
                    return Some(Ok(()));
                }
                let on_stack = stack.lock().expect("stack").contains(&name);
                if on_stack {
                    out.push(ctx.opaque_type("test", "smpla"));
                    return Some(Ok(()));
                }
                let converter = this.get().and_then(Weak::upgrade)?;
                stack.lock().expect("stack").push(name.clone());
                let converted_body = body.and_then(|b| converter.convert_type(ctx, b));
                stack.lock().expect("stack").pop();
                let Some(b) = converted_body else {
                    return Some(Err(()));
                };
                let text = format!(
                    "test_rec<outer_converted_type, {}>",
                    nested_type_text(ctx, b)
                );
                out.push(ctx.opaque_type("test", &text));
                Some(Ok(()))
            });
        }
        // Context-aware: an i37 value inside a function takes the width
        // 37 + the function's `increment` attribute; without one (or
        // outside a function) it cannot be converted.
        converter.add_value_type_conversion(|ir, v| {
            let ctx = ir.ctx();
            if !is_integer_of(ctx, ir.value_type(v), 37) {
                return None;
            }
            let increment = enclosing_function(ir, v)
                .and_then(|f| ir.attr(f, "increment"))
                .and_then(|a| ctx.int_attr_value(a));
            Some(
                increment
                    .and_then(|i| u32::try_from(37 + i).ok())
                    .filter(|&w| w > 0 && w <= 1 << 24)
                    .map(|w| ctx.int_type(w)),
            )
        });
        converter.add_source_materialization(|b, ty, inputs, loc| {
            let ctx = b.ctx();
            let f16 = ctx.float_type(mlir_ir::FloatKind::F16);
            let is_int = |t: Type| matches!(ctx.ty(t), TypeKind::Integer { .. });
            let input_ty = |i: usize| b.ir.value_type(inputs[i]);
            if ty != f16 && inputs.len() == 1 && input_ty(0) == ctx.f64_type() {
                let op = crate::core::TestCastOp::build(b, loc, ty, inputs).0;
                return Some(b.ir.result(op, 0));
            }
            if (is_integer_of(ctx, ty, 32) || is_integer_of(ctx, ty, 64)) && inputs.is_empty() {
                let op = super::ops::TestTypeProducerOp::build(b, loc, ty).0;
                return Some(b.ir.result(op, 0));
            }
            if is_int(ty) && inputs.len() == 1 && is_int(input_ty(0)) {
                let op = crate::core::TestCastOp::build(b, loc, ty, inputs).0;
                return Some(b.ir.result(op, 0));
            }
            None
        });
        // An i37 value reaches another type through an
        // `unrealized_conversion_cast` of its own.
        converter.add_target_materialization(|b, ty, inputs, loc| {
            let ctx = b.ctx();
            if inputs.len() != 1 || !is_integer_of(ctx, b.ir.value_type(inputs[0]), 37) {
                return None;
            }
            let name = ctx.op_name("builtin.unrealized_conversion_cast");
            let state = mlir_ir::OperationState::new(name, loc)
                .operands(inputs)
                .results(&[ty]);
            let op = b.create(state);
            Some(b.ir.result(op, 0))
        });
        let converter = Arc::new(converter);
        let _ = this.set(Arc::downgrade(&converter));

        let mut target = ConversionTarget::new();
        target.add_legal_op("test.legal_op_d");
        target.add_dynamically_legal_op("test.type_producer", |ir, op| {
            let ctx = ir.ctx();
            let t = ir.value_type(ir.result(op, 0));
            t == ctx.f64_type()
                || is_integer_of(ctx, t, 64)
                || recursive_type_parts(ctx, t).is_some_and(|(n, _)| n == "outer_converted_type")
        });
        let c = converter.clone();
        target.add_dynamically_legal_op("func.func", move |ir, op| {
            let ctx = ir.ctx();
            let sig = ir
                .attr(op, "function_type")
                .and_then(|a| match ctx.attr(a) {
                    mlir_ir::AttrKind::Type(t) => Some(*t),
                    _ => None,
                });
            // The signature only, as mlir-opt 22's test passes check.
            sig.is_some_and(|s| c.is_signature_legal(ctx, s))
        });
        target.add_dynamically_legal_op("test.cast", |ir, op| {
            let ctx = ir.ctx();
            ir.num_operands(op) > 0
                && ir.value_type(ir.operand(op, 0)) == ctx.f64_type()
                && ir.value_type(ir.result(op, 0)) == ctx.f32_type()
        });
        let c = converter.clone();
        target.add_dynamically_legal_op("test.signature_conversion_no_converter", move |ir, op| {
            let ctx = ir.ctx();
            ir.first_block(ir.regions(op)[0]).is_none_or(|b| {
                ir.arguments(b)
                    .all(|a| c.is_legal_type(ctx, ir.value_type(a)))
            })
        });

        let mut set = RewritePatternSet::new(ir.ctx_arc().clone());
        add_conversion_pattern(&mut set, TestTypeConsumerForward(converter.clone()));
        add_conversion_pattern(&mut set, TestTypeConversionProducer(converter.clone()));
        add_conversion_pattern(&mut set, TestSignatureConversionUndo(converter.clone()));
        add_conversion_pattern(
            &mut set,
            TestSignatureConversionNoConverter(converter.clone()),
        );
        add_conversion_pattern(&mut set, TestReplaceWithLegalOp(converter.clone()));
        set.add(TestTypeConversionAnotherProducer);
        // In mlir-opt 22's order: functions, scf, cf.
        add_conversion_pattern(&mut set, FunctionSignatureConversion(converter.clone()));
        mlir_dialects::scf::type_conversions::populate_scf_structural_type_conversions_and_legality(
            &converter,
            &mut set,
            &mut target,
        );
        mlir_dialects::cf::type_conversions::populate_cf_structural_type_conversions_and_legality(
            &converter,
            &mut set,
            &mut target,
            1.into(),
        );
        let patterns = FrozenRewritePatternSet::new(set);
        let config = ConversionConfig {
            allow_pattern_rollback: self.base.allow_pattern_rollback(),
            ..ConversionConfig::default()
        };
        apply_partial_conversion(ir, op, &target, &patterns, &config).0
    }
}

/// The closest op enclosing `v` (the owner of the region that holds it, or
/// an ancestor) that is a function: one with a `function_type` (rmlir's
/// stand-in for MLIR's `FunctionOpInterface`).
fn enclosing_function(ir: &Ir, v: Value) -> Option<OpRef> {
    let block = match v.def() {
        mlir_ir::ValueDef::BlockArgument(b, _) => b,
        mlir_ir::ValueDef::OpResult(op, _) => ir.op_block(op)?,
    };
    let mut cur = ir.block_parent_op(block);
    while let Some(op) = cur {
        if ir.attr(op, "function_type").is_some() {
            return Some(op);
        }
        cur = ir.op_parent_op(op);
    }
    None
}

/// The name and body of a recursive test type `!test.test_rec<name, body>`
/// (upstream `TestRecursiveType`); `test_rec<name>` alone names the type
/// itself, inside its own body. rmlir keeps test types as canonical text
/// (see `docs/DEVIATIONS.md`), so the parts are read from it; a body that
/// is a test type is returned as one, any other body as `None`.
pub fn recursive_type_parts(ctx: &Context, t: Type) -> Option<(String, Option<Type>)> {
    let TypeKind::Opaque { dialect, body } = ctx.ty(t) else {
        return None;
    };
    if ctx.ident_str(*dialect) != "test" {
        return None;
    }
    let inner = body.strip_prefix("test_rec<")?.strip_suffix('>')?;
    match inner.split_once(',') {
        None => Some((inner.trim().to_string(), None)),
        Some((name, rest)) => {
            let rest = rest.trim();
            let is_test_type = rest.starts_with("test_rec<") || rest == "smpla";
            let body = is_test_type.then(|| ctx.opaque_type("test", rest));
            Some((name.trim().to_string(), body))
        }
    }
}

/// How a type prints inside a test type's body: test types without their
/// `!test.` prefix (as upstream's printer writes them), others in full.
fn nested_type_text(ctx: &Context, t: Type) -> String {
    match ctx.ty(t) {
        TypeKind::Opaque { dialect, body } if ctx.ident_str(*dialect) == "test" => body.to_string(),
        _ => {
            let flags = mlir_ir::asm::printer::PrintFlags::default();
            let p = mlir_ir::asm::printer::attrs::AttrPrinter::new(ctx, &flags, None);
            let mut s = String::new();
            p.print_type(&mut s, t);
            s
        }
    }
}
