//! Structural type conversions of the `scf` dialect (MLIR 22's
//! `StructuralTypeConversions.cpp`): conversion patterns that give
//! `scf.for`, `scf.if`, `scf.while` and `scf.index_switch` the converted
//! types of their results, iteration arguments and region arguments, and
//! retype the `scf.yield` / `scf.condition` terminators that feed them, plus
//! the target's dynamic legality of those ops. Conversions may be 1:N (a
//! value converted to several values, or to none): each pattern works on the
//! 1:N adaptor and replaces every result with the range of new results its
//! types became. The yields of other parents (`scf.execute_region`, ...) are
//! left alone, as upstream. See `docs/CONVERSION.md`.

use std::sync::Arc;

use smallvec::SmallVec;

use mlir_conversion::{
    add_conversion_pattern, flatten_values, ConversionPattern, ConversionPatternRewriter,
    ConversionTarget, TypeConverter, TypeVector, ValueVector,
};
use mlir_ir::{Context, OpRef, OpType, OperationState, RegionRef, Type, Value};
use mlir_rewrite::{LogicalResult, Pattern, PatternBenefit, RewritePatternSet};

use super::{ConditionOp, ForOp, IfOp, IndexSwitchOp, WhileOp, YieldOp};

/// The single value of an adaptor range. MLIR asserts
/// (`llvm::getSingleElement`) when a scalar operand such as a loop bound or
/// an `scf.if` condition was converted to zero or several values; here the
/// pattern fails instead.
fn single(range: &ValueVector) -> Option<Value> {
    match range[..] {
        [v] => Some(v),
        _ => None,
    }
}

/// The regions of `op`, in order.
fn regions_of(rw: &ConversionPatternRewriter<'_, '_>, op: OpRef) -> SmallVec<[RegionRef; 2]> {
    rw.ir().regions(op).iter().copied().collect()
}

/// Moves the regions `old` into the regions of `new_op`, one to one, each
/// first retyped with `converter` when given.
fn move_regions(
    rw: &mut ConversionPatternRewriter<'_, '_>,
    old: &[RegionRef],
    new_op: OpRef,
    converter: Option<&Arc<TypeConverter>>,
) -> Option<()> {
    let new = regions_of(rw, new_op);
    for (&from, &to) in old.iter().zip(&new) {
        if let Some(c) = converter {
            rw.convert_region_types(from, c, None).ok()?;
        }
        rw.inline_region_before(from, to, None);
    }
    Some(())
}

/// What the four region-holding patterns share (upstream's CRTP base
/// `Structural1ToNConversionPattern`): the results of `op` are converted as
/// values (so context-aware conversions see them), `convert` builds the new
/// op from the converted result types and takes over the regions, and each
/// old result is replaced by the slice of new results its types map to.
fn convert_structural_op(
    op: OpRef,
    converter: &Arc<TypeConverter>,
    rw: &mut ConversionPatternRewriter<'_, '_>,
    convert: impl FnOnce(&mut ConversionPatternRewriter<'_, '_>, &[Type]) -> Option<OpRef>,
) -> LogicalResult {
    let results: SmallVec<[Value; 4]> = rw.ir().results(op).collect();
    let mut dst_types = TypeVector::new();
    let mut offsets: SmallVec<[usize; 5]> = SmallVec::new();
    offsets.push(0);
    for v in results {
        if converter
            .convert_value_types(rw.ir(), v, &mut dst_types)
            .is_err()
        {
            return rw.notify_match_failure(op, || "could not convert result type");
        }
        offsets.push(dst_types.len());
    }
    rw.set_insertion_point_before(op);
    let Some(new_op) = convert(rw, &dst_types) else {
        return rw.notify_match_failure(op, || "could not convert operation");
    };
    let new_results: SmallVec<[Value; 4]> = rw.ir().results(new_op).collect();
    let packed: SmallVec<[ValueVector; 4]> = offsets
        .windows(2)
        .map(|w| new_results[w[0]..w[1]].iter().copied().collect())
        .collect();
    rw.replace_op_with_multiple(op, &packed);
    Ok(())
}

/// The op state of a retyped copy of `op`: same name, location, properties
/// and attributes (upstream's
/// `newOp->setAttrs(op->getAttrs())`), the given operands and result types,
/// and `regions` empty regions to take the old bodies.
fn copy_state(
    rw: &ConversionPatternRewriter<'_, '_>,
    op: OpRef,
    operands: &[Value],
    result_types: &[Type],
    regions: usize,
) -> OperationState {
    let ir = rw.ir();
    let mut state = OperationState::new(ir.op_name(op), ir.op_loc(op));
    state.operands.extend_from_slice(operands);
    state.result_types.extend_from_slice(result_types);
    state.properties = ir.op_properties(op);
    state.attributes = Some(ir.op_attributes(op));
    state.num_empty_regions = regions as u32;
    state
}

/// A pattern's metadata: `root` at `benefit`, named as mlir-opt prints it.
fn describe(ctx: &Context, root: &str, benefit: PatternBenefit, name: &'static str) -> Pattern {
    Pattern::new(ctx, root, benefit).with_debug_name(name)
}

/// Retypes `scf.for` (upstream `ConvertForOpTypes`): the body's block
/// arguments are converted, a new loop takes the converted bounds and the
/// flattened converted initial values (its results take their types) and
/// the old body is moved into it.
pub struct ConvertForOpTypes {
    converter: Arc<TypeConverter>,
    benefit: PatternBenefit,
}

impl ConversionPattern for ConvertForOpTypes {
    fn describe(&self, ctx: &Context) -> Pattern {
        describe(
            ctx,
            ForOp::NAME,
            self.benefit,
            "(anonymous namespace)::ConvertForOpTypes",
        )
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
        if operands.len() < 3 {
            return Err(());
        }
        let (bounds, inits) = operands.split_at(3);
        let scalar: Option<SmallVec<[Value; 3]>> = bounds.iter().map(single).collect();
        let Some(scalar) = scalar else {
            return rw.notify_match_failure(op, || {
                "loop bounds and step must convert to exactly one value"
            });
        };
        let inits = flatten_values(inits);
        let converter = self.converter.clone();
        convert_structural_op(op, &self.converter, rw, |rw, dst_types| {
            // The loop's results take the types of its initial values; each
            // old result is replaced by a slice sized by its converted types,
            // so the two must agree.
            if inits.len() != dst_types.len() {
                return None;
            }
            // The body keeps its ops (they are still to be legalized): only
            // its block signature is converted, then the region moves.
            let body = rw.ir().region(op, 0);
            rw.convert_region_types(body, &converter, None).ok()?;
            let mut all: SmallVec<[Value; 8]> = scalar.iter().copied().collect();
            all.extend(inits.iter().copied());
            let types: SmallVec<[Type; 4]> = inits.iter().map(|&v| rw.ir().value_type(v)).collect();
            let state = copy_state(rw, op, &all, &types, 1);
            let new_op = rw.create(state);
            let dst = rw.ir().region(new_op, 0);
            rw.inline_region_before(body, dst, None);
            Some(new_op)
        })
    }
}

/// Retypes `scf.if` (upstream `ConvertIfOpTypes`): a new `scf.if` with the
/// converted result types takes both regions (they have no arguments).
pub struct ConvertIfOpTypes {
    converter: Arc<TypeConverter>,
    benefit: PatternBenefit,
}

impl ConversionPattern for ConvertIfOpTypes {
    fn describe(&self, ctx: &Context) -> Pattern {
        describe(
            ctx,
            IfOp::NAME,
            self.benefit,
            "(anonymous namespace)::ConvertIfOpTypes",
        )
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
        let Some(cond) = operands.first().and_then(single) else {
            return rw
                .notify_match_failure(op, || "the condition must convert to exactly one value");
        };
        convert_structural_op(op, &self.converter, rw, |rw, dst_types| {
            let old = regions_of(rw, op);
            let state = copy_state(rw, op, &[cond], dst_types, old.len());
            let new_op = rw.create(state);
            move_regions(rw, &old, new_op, None)?;
            Some(new_op)
        })
    }
}

/// Retypes `scf.while` (upstream `ConvertWhileOpTypes`): a new loop with the
/// converted result types on the flattened converted operands, then for each
/// region in turn its block arguments are converted and it moves into the
/// new loop. Like upstream, the new loop does not copy the old one's
/// attributes.
pub struct ConvertWhileOpTypes {
    converter: Arc<TypeConverter>,
    benefit: PatternBenefit,
}

impl ConversionPattern for ConvertWhileOpTypes {
    fn describe(&self, ctx: &Context) -> Pattern {
        describe(
            ctx,
            WhileOp::NAME,
            self.benefit,
            "(anonymous namespace)::ConvertWhileOpTypes",
        )
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
        let inits = flatten_values(operands);
        let converter = self.converter.clone();
        convert_structural_op(op, &self.converter, rw, |rw, dst_types| {
            let loc = rw.ir().op_loc(op);
            let mut state = OperationState::new(rw.ctx().op_name(WhileOp::NAME), loc);
            state.operands.extend_from_slice(&inits);
            state.result_types.extend_from_slice(dst_types);
            state.num_empty_regions = 2;
            let new_op = rw.create(state);
            let old = regions_of(rw, op);
            move_regions(rw, &old, new_op, Some(&converter))?;
            Some(new_op)
        })
    }
}

/// Retypes `scf.index_switch` (upstream `ConvertIndexSwitchOpTypes`): a new
/// switch with the converted result types, on the *original* switch value
/// and with the same cases (nothing else of the old op is copied, as
/// upstream's builder call), takes the default and case regions.
pub struct ConvertIndexSwitchOpTypes {
    converter: Arc<TypeConverter>,
    benefit: PatternBenefit,
}

impl ConversionPattern for ConvertIndexSwitchOpTypes {
    fn describe(&self, ctx: &Context) -> Pattern {
        describe(
            ctx,
            IndexSwitchOp::NAME,
            self.benefit,
            "(anonymous namespace)::ConvertIndexSwitchOpTypes",
        )
    }
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        Some(&self.converter)
    }
    fn match_and_rewrite_1_to_n(
        &self,
        op: OpRef,
        _operands: &[ValueVector],
        rw: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        convert_structural_op(op, &self.converter, rw, |rw, dst_types| {
            let ir = rw.ir();
            let mut state = OperationState::new(ir.op_name(op), ir.op_loc(op));
            state.operands.extend(ir.operands(op));
            state.result_types.extend_from_slice(dst_types);
            // `cases` is the switch's only inherent attribute.
            state.properties = ir.op_properties(op);
            let old = regions_of(rw, op);
            state.num_empty_regions = old.len() as u32;
            let new_op = rw.create(state);
            move_regions(rw, &old, new_op, None)?;
            Some(new_op)
        })
    }
}

/// Replaces `scf.yield` by one yielding the flattened converted operands
/// (upstream `ConvertYieldOpTypes`), so that the terminator of a retyped
/// region yields the converted types.
pub struct ConvertYieldOpTypes {
    converter: Arc<TypeConverter>,
    benefit: PatternBenefit,
}

impl ConversionPattern for ConvertYieldOpTypes {
    fn describe(&self, ctx: &Context) -> Pattern {
        describe(
            ctx,
            YieldOp::NAME,
            self.benefit,
            "(anonymous namespace)::ConvertYieldOpTypes",
        )
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
        rw.replace_op_with_new_named(op, YieldOp::NAME, &values, &[], None);
        Ok(())
    }
}

/// Sets the operands of `scf.condition` to its flattened converted operands,
/// in place (upstream `ConvertConditionOpTypes`).
pub struct ConvertConditionOpTypes {
    converter: Arc<TypeConverter>,
    benefit: PatternBenefit,
}

impl ConversionPattern for ConvertConditionOpTypes {
    fn describe(&self, ctx: &Context) -> Pattern {
        describe(
            ctx,
            ConditionOp::NAME,
            self.benefit,
            "(anonymous namespace)::ConvertConditionOpTypes",
        )
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
        rw.modify_op_in_place(op, |m| m.set_operands(&values));
        Ok(())
    }
}

/// Adds the six structural patterns with `converter` at benefit 1 (MLIR's
/// `populateSCFStructuralTypeConversions` with its default benefit).
pub fn populate_scf_structural_type_conversions(
    converter: &Arc<TypeConverter>,
    set: &mut RewritePatternSet,
) {
    populate_scf_structural_type_conversions_with_benefit(converter, set, PatternBenefit::new(1));
}

/// Adds the six structural patterns with `converter` at `benefit`, in
/// upstream's order: for, if, yield, while, condition, index_switch.
pub fn populate_scf_structural_type_conversions_with_benefit(
    converter: &Arc<TypeConverter>,
    set: &mut RewritePatternSet,
    benefit: PatternBenefit,
) {
    let c = || converter.clone();
    add_conversion_pattern(
        set,
        ConvertForOpTypes {
            converter: c(),
            benefit,
        },
    );
    add_conversion_pattern(
        set,
        ConvertIfOpTypes {
            converter: c(),
            benefit,
        },
    );
    add_conversion_pattern(
        set,
        ConvertYieldOpTypes {
            converter: c(),
            benefit,
        },
    );
    add_conversion_pattern(
        set,
        ConvertWhileOpTypes {
            converter: c(),
            benefit,
        },
    );
    add_conversion_pattern(
        set,
        ConvertConditionOpTypes {
            converter: c(),
            benefit,
        },
    );
    add_conversion_pattern(
        set,
        ConvertIndexSwitchOpTypes {
            converter: c(),
            benefit,
        },
    );
}

/// Makes the structural ops dynamically legal on `target` (MLIR's
/// `populateSCFStructuralTypeConversionTarget`): `scf.for`, `scf.if` and
/// `scf.index_switch` when their results are legal; `scf.yield` when its
/// operands are, or always when its parent is none of `scf.for`, `scf.if`,
/// `scf.while`, `scf.index_switch` (no pattern retypes the other parents); `scf.while` and `scf.condition` when
/// all their operands and results are. Legality asks about the values, so
/// context-aware conversions apply.
pub fn populate_scf_structural_type_conversion_target(
    converter: &Arc<TypeConverter>,
    target: &mut ConversionTarget,
) {
    for name in [ForOp::NAME, IfOp::NAME, IndexSwitchOp::NAME] {
        let c = converter.clone();
        target.add_dynamically_legal_op(name, move |ir, op| {
            let results: SmallVec<[Value; 4]> = ir.results(op).collect();
            c.is_legal_values(ir, &results)
        });
    }
    let c = converter.clone();
    target.add_dynamically_legal_op(YieldOp::NAME, move |ir, op| {
        let retyped_parent = ir.op_parent_op(op).is_some_and(|p| {
            matches!(
                ir.op_name_str(p),
                ForOp::NAME | IfOp::NAME | WhileOp::NAME | IndexSwitchOp::NAME
            )
        });
        if !retyped_parent {
            return true;
        }
        let operands: SmallVec<[Value; 4]> = ir.operands(op).collect();
        c.is_legal_values(ir, &operands)
    });
    for name in [WhileOp::NAME, ConditionOp::NAME] {
        let c = converter.clone();
        target.add_dynamically_legal_op(name, move |ir, op| c.is_legal_op(ir, op));
    }
}

/// Both of the above (MLIR's `populateSCFStructuralTypeConversionsAndLegality`).
pub fn populate_scf_structural_type_conversions_and_legality(
    converter: &Arc<TypeConverter>,
    set: &mut RewritePatternSet,
    target: &mut ConversionTarget,
) {
    populate_scf_structural_type_conversions(converter, set);
    populate_scf_structural_type_conversion_target(converter, target);
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use mlir_conversion::{
        apply_partial_conversion, populate_function_op_interface_type_conversion_pattern,
        ConversionConfig,
    };
    use mlir_ir::asm::printer::{print_to_string, PrintFlags};
    use mlir_ir::{Diagnostic, FloatKind, Ir, TypeKind};
    use mlir_rewrite::FrozenRewritePatternSet;

    use super::*;

    fn context() -> Arc<Context> {
        let mut ctx = Context::new();
        ctx.set_allow_unregistered_dialects(true);
        crate::register_all(&mut ctx);
        Arc::new(ctx)
    }

    /// The converter of the tests: f32 becomes two f16 (1:N), i32 is
    /// dropped (1:0), any other type is legal.
    fn splitting_converter() -> Arc<TypeConverter> {
        let mut c = TypeConverter::new();
        c.add_conversion(|_, t, out| {
            out.push(t);
            Some(Ok(()))
        });
        c.add_conversion(|ctx, t, out| {
            if t == ctx.f32_type() {
                let f16 = ctx.float_type(FloatKind::F16);
                out.extend([f16, f16]);
                return Some(Ok(()));
            }
            matches!(ctx.ty(t), TypeKind::Integer { width: 32, .. }).then_some(Ok(()))
        });
        Arc::new(c)
    }

    /// A target where `func.func` is legal once its signature and body are,
    /// the module is legal, and the scf ops follow the structural rules.
    fn target(converter: &Arc<TypeConverter>) -> ConversionTarget {
        let mut target = ConversionTarget::new();
        target.add_legal_op("builtin.module");
        target.add_legal_op("func.return");
        let c = converter.clone();
        target.add_dynamically_legal_op("func.func", move |ir, op| {
            let ctx = ir.ctx();
            let sig = ir
                .attr(op, "function_type")
                .and_then(|a| match ctx.attr(a) {
                    mlir_ir::AttrKind::Type(t) => Some(*t),
                    _ => None,
                });
            sig.is_some_and(|s| c.is_signature_legal(ctx, s))
                && ir.regions(op).iter().all(|&r| c.is_legal_region(ir, r))
        });
        target
    }

    /// Runs a partial conversion of `src` with the structural patterns (and
    /// the function signature pattern); returns whether it succeeded, the
    /// printed result and the diagnostics.
    fn convert(
        src: &str,
        converter: &Arc<TypeConverter>,
        allow_pattern_rollback: bool,
    ) -> (bool, String, Vec<String>) {
        let ctx = context();
        let (mut ir, module): (Ir, OpRef) =
            mlir_ir::asm::parse_source(ctx.clone(), src, &Default::default())
                .unwrap_or_else(|e| panic!("test IR does not parse: {e:?}"));
        let mut target = target(converter);
        let mut set = RewritePatternSet::new(ctx.clone());
        populate_function_op_interface_type_conversion_pattern(
            "func.func",
            &mut set,
            converter.clone(),
        );
        populate_scf_structural_type_conversions_and_legality(converter, &mut set, &mut target);
        let patterns = FrozenRewritePatternSet::new(set);
        // The casts stay (the converter has no materializations), so the
        // output shows how each converted value is bridged.
        let config = ConversionConfig {
            build_materializations: false,
            allow_pattern_rollback,
            ..ConversionConfig::default()
        };
        let seen = Arc::new(Mutex::new(Vec::new()));
        let sink = seen.clone();
        let id = ctx.add_diagnostic_handler(Box::new(move |_: &Context, d: &Diagnostic| {
            sink.lock().unwrap().push(d.message.clone());
            true
        }));
        let ok = apply_partial_conversion(&mut ir, module, &target, &patterns, &config)
            .0
            .is_ok();
        ctx.remove_diagnostic_handler(id);
        let printed = print_to_string(&ir, module, &PrintFlags::default());
        let diags = seen.lock().unwrap().clone();
        (ok, printed, diags)
    }

    const FOR_1_TO_N: &str = r#"
func.func @f(%lb: index, %ub: index, %step: index, %x: f32, %n: i32, %y: f64) {
  %r:3 = scf.for %i = %lb to %ub step %step iter_args(%a = %x, %b = %n, %c = %y) -> (f32, i32, f64) {
    %u = "test.body"(%a) : (f32) -> f32
    scf.yield %u, %b, %c : f32, i32, f64
  } {test.keep}
  "test.use"(%r#0, %r#1, %r#2) : (f32, i32, f64) -> ()
  return
}"#;

    const FOR_1_TO_N_EXPECTED: &str = r#"module {
  func.func @f(%arg0: index, %arg1: index, %arg2: index, %arg3: f16, %arg4: f16, %arg5: f64) {
    %0:3 = scf.for %arg6 = %arg0 to %arg1 step %arg2 iter_args(%arg7 = %arg3, %arg8 = %arg4, %arg9 = %arg5) -> (f16, f16, f64) {
      %3 = builtin.unrealized_conversion_cast %arg7, %arg8 : f16, f16 to f32
      %4 = "test.body"(%3) : (f32) -> f32
      %5:2 = builtin.unrealized_conversion_cast %4 : f32 to f16, f16
      scf.yield %5#0, %5#1, %arg9 : f16, f16, f64
    } {test.keep}
    %1 = builtin.unrealized_conversion_cast %0#0, %0#1 : f16, f16 to f32
    %2 = builtin.unrealized_conversion_cast to i32
    "test.use"(%1, %2, %0#2) : (f32, i32, f64) -> ()
    return
  }
}
"#;

    /// `scf.for` with a 1:N iteration argument (f32 to two f16), a dropped
    /// one (i32) and a legal one: the loop carries the flattened values, its
    /// body takes the converted block signature, the yield is flattened, and
    /// the old results are replaced by their ranges (the remaining users get
    /// casts). Attributes are kept.
    #[test]
    fn for_with_one_to_many_and_dropped_iter_args() {
        let converter = splitting_converter();
        let (ok, printed, diags) = convert(FOR_1_TO_N, &converter, true);
        assert!(ok, "{diags:?}");
        assert_eq!(printed, FOR_1_TO_N_EXPECTED);
    }

    /// The same conversion without rollback (changes applied at once) gives
    /// the same IR.
    #[test]
    fn for_without_rollback() {
        let converter = splitting_converter();
        let (ok, printed, diags) = convert(FOR_1_TO_N, &converter, false);
        assert!(ok, "{diags:?}");
        assert_eq!(printed, FOR_1_TO_N_EXPECTED);
    }

    /// `scf.while` and `scf.condition` with 1:N and dropped values, and an
    /// `scf.if` nested in the after region: every region signature and
    /// terminator is converted; the while loop loses its attributes, as
    /// upstream.
    #[test]
    fn while_and_nested_if() {
        let converter = splitting_converter();
        let src = r#"
func.func @w(%c: i1, %x: f32, %n: i32) {
  %r:2 = scf.while (%a = %x, %b = %n) : (f32, i32) -> (f32, i32) {
    scf.condition(%c) %a, %b : f32, i32
  } do {
  ^bb0(%a2: f32, %b2: i32):
    %s = scf.if %c -> (f32) {
      scf.yield %a2 : f32
    } else {
      scf.yield %x : f32
    } {test.if_attr}
    scf.yield %s, %b2 : f32, i32
  } attributes {test.dropped}
  return
}"#;
        let (ok, printed, diags) = convert(src, &converter, true);
        assert!(ok, "{diags:?}");
        assert_eq!(
            printed,
            r#"module {
  func.func @w(%arg0: i1, %arg1: f16, %arg2: f16) {
    %0:2 = scf.while (%arg3 = %arg1, %arg4 = %arg2) : (f16, f16) -> (f16, f16) {
      scf.condition(%arg0) %arg3, %arg4 : f16, f16
    } do {
    ^bb0(%arg3: f16, %arg4: f16):
      %1:2 = scf.if %arg0 -> (f16, f16) {
        scf.yield %arg3, %arg4 : f16, f16
      } else {
        scf.yield %arg1, %arg2 : f16, f16
      } {test.if_attr}
      scf.yield %1#0, %1#1 : f16, f16
    }
    return
  }
}
"#
        );
    }

    /// `scf.index_switch` results are converted 1:N; an `scf.execute_region`
    /// yield is legal whatever its types (no pattern retypes its parent).
    #[test]
    fn index_switch_and_other_parents() {
        let converter = splitting_converter();
        let src = r#"
func.func @s(%i: index, %x: f32) {
  %s = scf.index_switch %i -> f32
  case 1 {
    scf.yield %x : f32
  }
  default {
    scf.yield %x : f32
  }
  %e = scf.execute_region -> f32 {
    scf.yield %s : f32
  }
  "test.use"(%e) : (f32) -> ()
  return
}"#;
        let (ok, printed, diags) = convert(src, &converter, true);
        assert!(ok, "{diags:?}");
        assert_eq!(
            printed,
            r#"module {
  func.func @s(%arg0: index, %arg1: f16, %arg2: f16) {
    %0:2 = scf.index_switch %arg0 -> f16, f16 
    case 1 {
      scf.yield %arg1, %arg2 : f16, f16
    }
    default {
      scf.yield %arg1, %arg2 : f16, f16
    }
    %1 = builtin.unrealized_conversion_cast %0#0, %0#1 : f16, f16 to f32
    %2 = scf.execute_region -> f32 {
      scf.yield %1 : f32
    }
    "test.use"(%2) : (f32) -> ()
    return
  }
}
"#
        );
    }

    /// A condition converted to two values cannot be an `scf.if` condition:
    /// the pattern fails (MLIR asserts) and the illegal `scf.if` is reported.
    #[test]
    fn if_condition_converted_to_several_values_fails() {
        let mut c = TypeConverter::new();
        c.add_conversion(|_, t, out| {
            out.push(t);
            Some(Ok(()))
        });
        c.add_conversion(|ctx, t, out| {
            if t == ctx.f32_type() {
                out.push(ctx.f64_type());
                return Some(Ok(()));
            }
            matches!(ctx.ty(t), TypeKind::Integer { width: 1, .. }).then(|| {
                out.extend([t, t]);
                Ok(())
            })
        });
        let converter = Arc::new(c);
        let src = r#"
func.func @i() {
  %c = "test.cond"() : () -> i1
  %x = "test.value"() : () -> f32
  %r = scf.if %c -> (f32) {
    scf.yield %x : f32
  } else {
    scf.yield %x : f32
  }
  "test.use"(%r) : (f32) -> ()
  return
}"#;
        let (ok, printed, diags) = convert(src, &converter, true);
        assert!(!ok);
        assert_eq!(
            diags,
            ["failed to legalize operation 'scf.if' that was explicitly marked illegal"]
        );
        // Everything was rolled back.
        assert!(printed.contains("scf.if %0 -> (f32)"), "{printed}");
        assert!(!printed.contains("unrealized_conversion_cast"), "{printed}");
    }

    /// The target's rules: ops whose values are legal are legal, yields are
    /// judged by their operands only under the retyped parents.
    #[test]
    fn target_legality() {
        let converter = splitting_converter();
        let ctx = context();
        let src = r#"
func.func @t(%lb: index, %c: i1, %x: f32, %y: f64) {
  %a = scf.for %i = %lb to %lb step %lb iter_args(%v = %y) -> (f64) {
    scf.yield %v : f64
  }
  %b = scf.if %c -> (f32) {
    scf.yield %x : f32
  } else {
    scf.yield %x : f32
  }
  %e = scf.execute_region -> f32 {
    scf.yield %x : f32
  }
  return
}"#;
        let (ir, module): (Ir, OpRef) =
            mlir_ir::asm::parse_source(ctx.clone(), src, &Default::default()).unwrap();
        let mut target = ConversionTarget::new();
        populate_scf_structural_type_conversion_target(&converter, &mut target);
        let ops = ir.walk_collect(module, mlir_ir::WalkOrder::PreOrder);
        let legality: Vec<(String, bool)> = ops
            .iter()
            .filter(|&&o| ir.op_name_str(o).starts_with("scf."))
            .map(|&o| {
                (
                    ir.op_name_str(o).to_string(),
                    target.is_legal(&ir, o).is_some(),
                )
            })
            .collect();
        let expected = [
            ("scf.for", true),
            ("scf.yield", true),
            ("scf.if", false),
            ("scf.yield", false),
            ("scf.yield", false),
            ("scf.execute_region", false),
            ("scf.yield", true),
        ];
        let expected: Vec<(String, bool)> =
            expected.iter().map(|(n, l)| (n.to_string(), *l)).collect();
        assert_eq!(legality, expected);
    }
}
