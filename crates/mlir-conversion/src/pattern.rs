//! Conversion patterns (MLIR's `ConversionPattern`, `OpConversionPattern`)
//! and the rewriter they receive (`ConversionPatternRewriter`).
//!
//! A conversion pattern gets the op plus its *remapped operands* (the
//! adaptor): for every original operand, the values that currently replace
//! it, converted to the pattern's type converter's types (with target
//! materializations where needed). The 1:N form sees a vector per operand;
//! the 1:1 form, the default, one value per operand.
//!
//! [`ConversionPatternRewriter`] is the driver's `PatternRewriter` (with the
//! conversion state installed as its hooks) plus the conversion-only
//! methods; it dereferences to `PatternRewriter`, so every rewriter method is
//! available and goes through the conversion's journal.

use std::ops::{Deref, DerefMut};
use std::sync::Arc;

use smallvec::SmallVec;

use mlir_ir::{BlockRef, Context, Ir, OpRef, OpType, RegionRef, Type, Value};
use mlir_rewrite::{LogicalResult, Pattern, PatternBenefit, PatternRewriter, RewritePattern};

use crate::state::{ConversionState, MaterializationKind, ValueVector};
use crate::type_converter::{InputMapping, SignatureConversion, TypeConverter, TypeVector};

/// A pattern of the dialect conversion (MLIR's `ConversionPattern`). Add it
/// to a `RewritePatternSet` with [`add_conversion_pattern`].
pub trait ConversionPattern: Send + Sync + 'static {
    /// The pattern's metadata (root, benefit, generated ops).
    fn describe(&self, ctx: &Context) -> Pattern;
    /// Adjusts the metadata (MLIR's `initialize`).
    fn initialize(&mut self, _pattern: &mut Pattern) {}
    /// The type converter operands are converted with, if any.
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        None
    }
    /// The 1:N form: each original operand maps to a vector of values. By
    /// default, calls the 1:1 form when every operand maps to one value.
    fn match_and_rewrite_1_to_n(
        &self,
        op: OpRef,
        operands: &[ValueVector],
        rewriter: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        if operands.iter().any(|v| v.len() != 1) {
            return rewriter.notify_match_failure(op, || {
                "pattern '1:1 conversion' does not support 1:N replacements".to_string()
            });
        }
        let flat: SmallVec<[Value; 4]> = operands.iter().map(|v| v[0]).collect();
        self.match_and_rewrite(op, &flat, rewriter)
    }
    /// The 1:1 form (fails unless overridden).
    fn match_and_rewrite(
        &self,
        _op: OpRef,
        _operands: &[Value],
        _rewriter: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        Err(())
    }
}

/// A conversion pattern on a specific op (MLIR's `OpConversionPattern<Op>`);
/// the adaptor is the remapped operand list.
pub trait OpConversionPattern: Send + Sync + 'static {
    /// The root op.
    type Op: OpType;
    /// The static benefit.
    fn benefit(&self) -> PatternBenefit {
        PatternBenefit::new(1)
    }
    /// The names of ops the rewrite may generate (MLIR's generated names):
    /// the legalization graph orders and filters patterns by them.
    fn generated_ops(&self) -> &[&'static str] {
        &[]
    }
    /// The type converter, if any.
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        None
    }
    /// Tries to convert `op`; `adaptor` holds its remapped operands.
    fn match_and_rewrite(
        &self,
        op: Self::Op,
        adaptor: &[Value],
        rewriter: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult;
}

/// Adapts an [`OpConversionPattern`] to [`ConversionPattern`].
pub struct OpConversion<P>(pub P);

impl<P: OpConversionPattern> ConversionPattern for OpConversion<P> {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::for_op::<P::Op>(ctx, self.0.benefit())
            .with_generated_ops(ctx, self.0.generated_ops())
            .with_debug_name(std::any::type_name::<P>())
    }
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        self.0.type_converter()
    }
    fn match_and_rewrite(
        &self,
        op: OpRef,
        operands: &[Value],
        rewriter: &mut ConversionPatternRewriter<'_, '_>,
    ) -> LogicalResult {
        match P::Op::from_op(rewriter.ir(), op) {
            Some(typed) => self.0.match_and_rewrite(typed, operands, rewriter),
            None => Err(()),
        }
    }
}

/// Runs a [`ConversionPattern`] as a `RewritePattern`: outside a dialect
/// conversion (no conversion state in the rewriter) it never matches.
pub struct ConversionPatternAdapter<P>(pub P);

impl<P: ConversionPattern> RewritePattern for ConversionPatternAdapter<P> {
    fn describe(&self, ctx: &Context) -> Pattern {
        self.0.describe(ctx)
    }
    fn initialize(&mut self, pattern: &mut Pattern) {
        self.0.initialize(pattern)
    }
    fn match_and_rewrite(&self, op: OpRef, rewriter: &mut PatternRewriter<'_>) -> LogicalResult {
        if rewriter.hooks_as::<ConversionState>().is_none() {
            return Err(());
        }
        let converter = self.0.type_converter().cloned();
        let previous = std::mem::replace(
            &mut rewriter
                .hooks_as::<ConversionState>()
                .expect("conversion state")
                .current_converter,
            converter.clone(),
        );
        let mut crw = ConversionPatternRewriter { rw: rewriter };
        let result = match crw.remap_operands(op, converter.as_ref()) {
            Ok(operands) => self.0.match_and_rewrite_1_to_n(op, &operands, &mut crw),
            Err(()) => Err(()),
        };
        crw.state().current_converter = previous;
        result
    }
}

/// The values of every range of a 1:N adaptor, one after the other (MLIR's
/// `flattenValues`).
pub fn flatten_values(ranges: &[ValueVector]) -> SmallVec<[Value; 4]> {
    ranges.iter().flat_map(|r| r.iter().copied()).collect()
}

/// Adds a conversion pattern to a pattern set.
pub fn add_conversion_pattern<P: ConversionPattern>(
    set: &mut mlir_rewrite::RewritePatternSet,
    pattern: P,
) {
    set.add(ConversionPatternAdapter(pattern));
}

/// Adds an op conversion pattern to a pattern set.
pub fn add_op_conversion_pattern<P: OpConversionPattern>(
    set: &mut mlir_rewrite::RewritePatternSet,
    pattern: P,
) {
    set.add(ConversionPatternAdapter(OpConversion(pattern)));
}

/// The rewriter of conversion patterns (MLIR's `ConversionPatternRewriter`).
pub struct ConversionPatternRewriter<'r, 'a> {
    rw: &'r mut PatternRewriter<'a>,
}

impl<'a> Deref for ConversionPatternRewriter<'_, 'a> {
    type Target = PatternRewriter<'a>;
    fn deref(&self) -> &PatternRewriter<'a> {
        self.rw
    }
}

impl<'a> DerefMut for ConversionPatternRewriter<'_, 'a> {
    fn deref_mut(&mut self) -> &mut PatternRewriter<'a> {
        self.rw
    }
}

/// Typed creation on the conversion rewriter is the wrapped rewriter's, so
/// generic code can take any [`mlir_ir::OpCreator`].
impl mlir_ir::OpCreator for ConversionPatternRewriter<'_, '_> {
    fn with_op_builder<R>(&mut self, f: impl FnOnce(&mut mlir_ir::OpBuilder<'_>) -> R) -> R {
        self.rw.with_builder(f)
    }
}

impl<'r, 'a> ConversionPatternRewriter<'r, 'a> {
    /// Wraps the driver's rewriter; `None` if it carries no conversion state.
    pub fn from_rewriter(rw: &'r mut PatternRewriter<'a>) -> Option<Self> {
        rw.hooks_as::<ConversionState>()?;
        Some(ConversionPatternRewriter { rw })
    }

    /// The conversion state.
    pub fn state(&mut self) -> &mut ConversionState {
        self.rw
            .hooks_as::<ConversionState>()
            .expect("conversion state installed")
    }

    /// Builds an unresolved materialization: a
    /// `builtin.unrealized_conversion_cast` from `inputs` to `types`,
    /// inserted right after the definition of the last input (or at the start
    /// of the block of a block-argument input), or before `fallback`.
    pub(crate) fn build_unresolved_materialization(
        &mut self,
        kind: MaterializationKind,
        inputs: &[Value],
        types: &[Type],
        loc: mlir_ir::Location,
        fallback: OpRef,
        converter: Option<Arc<TypeConverter>>,
    ) -> OpRef {
        let ip = match inputs {
            [] => mlir_ir::InsertPoint::before(self.ir(), fallback),
            _ => crate::state::insert_point_after(self.ir(), inputs),
        };
        let (ir, state) = self.rw.ir_mut_and_hooks_as::<ConversionState>();
        state
            .expect("conversion state")
            .build_materialization(ir, kind, ip, loc, inputs, types, converter, true)
    }

    /// The remapped operands of `op` for a pattern with `converter`.
    pub(crate) fn remap_operands(
        &mut self,
        op: OpRef,
        converter: Option<&Arc<TypeConverter>>,
    ) -> Result<Vec<ValueVector>, ()> {
        let operands: SmallVec<[Value; 4]> = self.ir().operands(op).collect();
        let mut out = Vec::with_capacity(operands.len());
        for (i, &v) in operands.iter().enumerate() {
            match self.remap_value(op, v, converter, true) {
                Some(r) => out.push(r),
                None => {
                    let ty = self.ir().value_type(v);
                    let tys = crate::type_str(self.ctx(), ty);
                    let _ = self.notify_match_failure(op, || {
                        format!("unable to convert type for operand #{i}, type was {tys}")
                    });
                    return Err(());
                }
            }
        }
        Ok(out)
    }

    /// The replacement of `v` for a pattern with `converter` (on behalf of
    /// `user`). A materialization built for it is at `user`'s location when
    /// `at_user` (adaptor operands, as MLIR's `remapValues` is given the op's
    /// location), else at `v`'s.
    fn remap_value(
        &mut self,
        user: OpRef,
        v: Value,
        converter: Option<&Arc<TypeConverter>>,
        at_user: bool,
    ) -> Option<ValueVector> {
        let latest = self.state().lookup(v);
        let Some(converter) = converter else {
            return Some(latest);
        };
        let orig_ty = self.ir().value_type(v);
        let mut desired = TypeVector::new();
        // The value, not just its type, is converted: context-aware
        // conversions see it (MLIR 22's `remapValues`).
        converter
            .convert_value_types(self.ir(), v, &mut desired)
            .ok()?;
        let ir = self.ir();
        if latest.len() == desired.len()
            && latest
                .iter()
                .zip(&desired)
                .all(|(&l, &t)| ir.value_type(l) == t)
        {
            return Some(latest);
        }
        let (ir, state) = self.rw.ir_and_hooks_as::<ConversionState>();
        if let Some(found) = state
            .expect("conversion state")
            .lookup_with_types(ir, v, &desired)
        {
            return Some(found);
        }
        if desired.is_empty() {
            return Some(ValueVector::new());
        }
        // A materialization of the same values to the same types is shared.
        if let [single] = latest[..] {
            let (ir, state) = self.rw.ir_and_hooks_as::<ConversionState>();
            if let Some(c) = state
                .expect("conversion state")
                .cached_target_cast(ir, single, &desired)
            {
                return Some(ir.results(c).collect());
            }
        }
        let loc = if at_user {
            self.ir().op_loc(user)
        } else {
            self.ir().value_loc(v)
        };
        let cast = self.build_unresolved_materialization(
            MaterializationKind::Target,
            &latest,
            &desired,
            loc,
            user,
            Some(converter.clone()),
        );
        self.state().set_unresolved_original_type(cast, orig_ty);
        if let [single] = latest[..] {
            self.state().note_target_cast(single, cast);
        }
        Some(self.ir().results(cast).collect())
    }

    /// The value that currently replaces `v`, converted with the type
    /// converter of the running pattern (MLIR's `getRemappedValue`).
    pub fn get_remapped_value(&mut self, v: Value) -> Option<Value> {
        let mut out = SmallVec::<[Value; 1]>::new();
        self.get_remapped_values(&[v], &mut out).ok()?;
        (out.len() == 1).then(|| out[0])
    }

    /// The values that currently replace `values` (MLIR's `getRemappedValues`).
    pub fn get_remapped_values(
        &mut self,
        values: &[Value],
        out: &mut SmallVec<[Value; 1]>,
    ) -> LogicalResult {
        let converter = self.state().current_converter.clone();
        for &v in values {
            let user = match v.defining_op() {
                Some(op) => op,
                None => self.ir().uses(v).next().map(|u| u.op).ok_or(())?,
            };
            let r = self
                .remap_value(user, v, converter.as_ref(), false)
                .ok_or(())?;
            if r.len() != 1 {
                return Err(());
            }
            out.push(r[0]);
        }
        Ok(())
    }

    /// Replaces each result of `op` with a vector of values (MLIR's
    /// `replaceOpWithMultiple`, the 1:N replacement).
    pub fn replace_op_with_multiple(&mut self, op: OpRef, replacements: &[ValueVector]) {
        let n = self.ir().num_results(op);
        assert_eq!(n, replacements.len(), "incorrect # of replacement ranges");
        let results: SmallVec<[Value; 4]> = self.ir().results(op).collect();
        if self.state().immediate {
            // Bridge each range to its result's type now, then replace as
            // usual (the rewriter notifies).
            let converter = self.state().current_converter.clone();
            let mut values: SmallVec<[Value; 4]> = SmallVec::new();
            for (r, repl) in results.iter().zip(replacements) {
                let (ir, state) = self.rw.ir_mut_and_hooks_as::<ConversionState>();
                let v = state.expect("conversion state").replacement_value(
                    ir,
                    *r,
                    repl,
                    converter.clone(),
                );
                values.push(v.unwrap_or(*r));
            }
            self.rw.replace_op(op, &values);
            return;
        }
        let state = self.state();
        let converter = state.current_converter.clone();
        if state.is_replaced(op) {
            return;
        }
        let (ir, state) = self.rw.ir_mut_and_hooks_as::<ConversionState>();
        state
            .expect("conversion state")
            .map_replacement(ir, op, &results, replacements, converter);
    }

    /// Replaces the uses of block argument `from` with `to` (1:N), deferred
    /// to the end of the conversion like every replacement.
    pub fn replace_uses_of_block_argument(&mut self, from: Value, to: &[Value]) {
        self.replace_all_uses_of_value(from, to);
    }

    /// Replaces all uses of the value `from` (an op result or a block
    /// argument) with `to` (1:N; MLIR 22's `replaceAllUsesWith(Value,
    /// ValueRange)`), deferred to the end of the conversion like every
    /// replacement.
    pub fn replace_all_uses_of_value(&mut self, from: Value, to: &[Value]) {
        let converter = self.state().current_converter.clone();
        if self.state().immediate {
            let (ir, state) = self.rw.ir_mut_and_hooks_as::<ConversionState>();
            state
                .expect("conversion state")
                .replace_value_now(ir, from, to, converter);
            return;
        }
        self.state()
            .map(from, to.iter().copied().collect(), converter);
    }

    /// Converts the signature of `block` as `conversion` says (MLIR's
    /// `applySignatureConversion`): a new block with the converted argument
    /// types takes the old block's place and ops; each old argument is
    /// mapped to its new arguments (or remapped values). Returns the new block.
    pub fn apply_signature_conversion(
        &mut self,
        block: BlockRef,
        conversion: &SignatureConversion,
        converter: Option<&Arc<TypeConverter>>,
    ) -> BlockRef {
        let ir = self.ir();
        let region = ir.block_parent_region(block).expect("block in a region");
        let old_args: SmallVec<[Value; 4]> = ir.arguments(block).collect();
        let types: SmallVec<[Type; 4]> = conversion.converted_types().iter().copied().collect();
        // Nothing changes when the argument types stay the same.
        if old_args
            .iter()
            .map(|&a| ir.value_type(a))
            .eq(types.iter().copied())
        {
            return block;
        }
        // Each new argument takes the location of the original input it
        // comes from; added inputs take an unknown location.
        let unknown = ir.ctx().unknown_loc();
        let mut locs: SmallVec<[mlir_ir::Location; 4]> = SmallVec::from_elem(unknown, types.len());
        for (i, &a) in old_args.iter().enumerate() {
            if let Some(InputMapping::Inputs { start, len }) = conversion.input_mapping(i) {
                for l in locs.iter_mut().skip(*start).take(*len) {
                    *l = ir.value_loc(a);
                }
            }
        }
        let ip = self.insertion_point();
        let new_block = self.create_block(region, Some(block), &types, &locs);
        self.set_insertion_point(ip);
        // Move the ops, then map the old arguments.
        while let Some(op) = self.ir().first_op(block) {
            self.move_op_before_in(op, new_block, None);
        }
        let immediate = self.state().immediate;
        if immediate {
            // Predecessors branch to the new block, unnotified as in MLIR.
            let (ir, _) = self.rw.ir_mut_and_hooks_as::<ConversionState>();
            let uses: SmallVec<[mlir_ir::BlockOperand; 4]> = ir.block_uses(block).collect();
            for u in uses {
                ir.set_successor(u.op, u.index as usize, new_block);
            }
        }
        let converter_arc = converter.cloned();
        for (i, &a) in old_args.iter().enumerate() {
            let repl: ValueVector = match conversion.input_mapping(i) {
                Some(InputMapping::Inputs { start, len }) => (0..*len)
                    .map(|k| self.ir().argument(new_block, start + k))
                    .collect(),
                Some(InputMapping::Values(vs)) => vs.iter().copied().collect(),
                None => ValueVector::new(),
            };
            let (ir, state) = self.rw.ir_mut_and_hooks_as::<ConversionState>();
            let state = state.expect("conversion state");
            let mut repl = repl;
            let dropped = repl.is_empty()
                && !matches!(conversion.input_mapping(i), Some(InputMapping::Values(_)));
            if dropped && ir.uses(a).next().is_some() {
                // A dropped argument still in use: a value "out of thin
                // air" at the start of the new block, built at once in both
                // modes (MLIR 22 builds it in `applySignatureConversion`), so
                // the source materializations built at commit (also at the
                // start) come before it.
                let ip = mlir_ir::InsertPoint {
                    block: new_block,
                    before: ir.first_op(new_block),
                };
                repl.push(state.source_materialization(
                    ir,
                    ip,
                    a,
                    &[],
                    converter_arc.clone(),
                    false,
                ));
            }
            if immediate {
                state.replace_value_now(ir, a, &repl, converter_arc.clone());
                continue;
            }
            self.state().map(a, repl, converter_arc.clone());
            self.state().arg_home.insert(a, new_block);
        }
        if !immediate {
            // Predecessors of the old block branch to the new one.
            self.replace_all_block_uses_with(block, new_block);
        }
        self.erase_block(block);
        new_block
    }

    /// Converts the argument types of every block of `region` with
    /// `converter`, the entry block with `entry_conversion` if given (MLIR's
    /// `convertRegionTypes`). Returns the new entry block.
    pub fn convert_region_types(
        &mut self,
        region: RegionRef,
        converter: &Arc<TypeConverter>,
        entry_conversion: Option<&SignatureConversion>,
    ) -> Result<Option<BlockRef>, ()> {
        let mut blocks: SmallVec<[BlockRef; 4]> = SmallVec::new();
        let mut b = self.ir().first_block(region);
        while let Some(block) = b {
            blocks.push(block);
            b = self.ir().next_block(block);
        }
        let mut entry = None;
        for (i, &block) in blocks.iter().enumerate() {
            // The arguments are converted as values, so that context-aware
            // conversions see them (MLIR 22's `convertBlockSignature(Block *)`).
            let conv = match (i, entry_conversion) {
                (0, Some(c)) => c.clone(),
                _ => converter
                    .convert_block_signature(self.ir(), block)
                    .ok_or(())?,
            };
            let new_block = self.apply_signature_conversion(block, &conv, Some(converter));
            if i == 0 {
                entry = Some(new_block);
            }
        }
        Ok(entry)
    }

    /// Legalizes `op` now, with the running conversion's target and
    /// patterns (MLIR 22's `ConversionPatternRewriter::legalize(Operation *)`):
    /// a pattern can convert the ops it depends on before itself.
    pub fn legalize(&mut self, op: OpRef) -> LogicalResult {
        let Some(legalizer) = self.rw.nested_legalizer() else {
            return Err(());
        };
        legalizer.legalize_op(self.rw, op)
    }

    /// Legalizes the ops of `region` now (MLIR 22's
    /// `ConversionPatternRewriter::legalize(Region *)`): the ops are gathered
    /// first, then, if the running pattern has a type converter, the entry
    /// block's signature is converted with it, then each op is legalized in
    /// order; the first failure fails.
    pub fn legalize_region(&mut self, region: RegionRef) -> LogicalResult {
        let Some(entry) = self.ir().first_block(region) else {
            return Ok(());
        };
        let mut ops: Vec<OpRef> = Vec::new();
        let mut b = Some(entry);
        while let Some(block) = b {
            ops.extend(self.ir().block_ops(block));
            b = self.ir().next_block(block);
        }
        if let Some(converter) = self.state().current_converter.clone() {
            let conversion = converter
                .convert_block_signature(self.ir(), entry)
                .ok_or(())?;
            self.apply_signature_conversion(entry, &conversion, Some(&converter));
        }
        for op in ops {
            if !self.ir().is_live_op(op) {
                continue;
            }
            self.legalize(op)?;
        }
        Ok(())
    }

    /// The IR, read-only (patterns get no `&mut Ir`).
    pub fn ir_ref(&self) -> &Ir {
        self.rw.ir()
    }
}
