//! MLIR's `DialectInlinerInterface`: what a dialect allows the inliner to
//! move into other regions, and how its terminators become control flow in
//! the caller. Dialects return it from `Dialect::interface`; an op whose
//! dialect has none (an op of an unloaded dialect) is never inlined.

use crate::ir::{BlockRef, Ir, OpRef, RegionRef, Value};
use crate::types::Type;
use crate::Location;

/// Whether a call may be inlined with a callable (call, callable, cloned).
pub type LegalCallFn = fn(&Ir, OpRef, OpRef, bool) -> bool;
/// Whether a region may be inlined into another (dest, src, cloned).
pub type LegalRegionFn = fn(&Ir, RegionRef, RegionRef, bool) -> bool;
/// Whether an op may be inlined into a region (op, dest, cloned).
pub type LegalOpFn = fn(&Ir, OpRef, RegionRef, bool) -> bool;
/// Builds a conversion of a value to a type before an op, at a location.
pub type MaterializeConversionFn = fn(&mut Ir, OpRef, Value, Type, Location) -> Option<OpRef>;

/// Transforms an argument (or result) value of an inlined call given the
/// callable's attribute dictionary for it, inserting ops at the insertion
/// point `(block, before)`: (ir, point, call, callable, value, attrs) ->
/// the value to use instead (of the same type).
pub type HandleValueFn =
    fn(&mut Ir, (BlockRef, Option<OpRef>), OpRef, OpRef, Value, Option<crate::Attribute>) -> Value;

/// The hooks of MLIR's `DialectInlinerInterface`; `None` is upstream's
/// default (not legal for the legality hooks, nothing for the others).
#[derive(Copy, Clone, Default)]
pub struct DialectInlinerInterface {
    /// Whether `call` (of this dialect) may be inlined with `callable`.
    pub is_legal_to_inline_call: Option<LegalCallFn>,
    /// Whether `src` may be inlined into `dest` (owned by an op of this
    /// dialect).
    pub is_legal_to_inline_region: Option<LegalRegionFn>,
    /// Whether `op` (of this dialect) may be inlined into `dest`.
    pub is_legal_to_inline_op: Option<LegalOpFn>,
    /// Whether the inliner looks into the regions of `op` (`false` for ops
    /// forming their own functional scope).
    pub should_analyze_recursively: Option<fn(&Ir, OpRef) -> bool>,
    /// Replaces terminator `op` of an inlined block by a branch to `dest`
    /// (the block after the call), when several blocks were inlined.
    pub handle_terminator_block: Option<fn(&mut Ir, OpRef, BlockRef)>,
    /// Replaces the uses of `values` (the call's results) by the operands of
    /// terminator `op`, when one block was inlined.
    pub handle_terminator_values: Option<fn(&mut Ir, OpRef, &[Value])>,
    /// Builds a conversion of `input` to `ty` before `at`, for call
    /// operands and results whose types differ from the callee's
    /// (`materializeCallConversion`).
    pub materialize_call_conversion: Option<MaterializeConversionFn>,
    /// Adjusts the blocks just inlined for `call` (of this dialect), before
    /// its terminators are handled (`processInlinedCallBlocks`).
    pub process_inlined_call_blocks: Option<fn(&mut Ir, OpRef, &[BlockRef])>,
    /// Transforms each argument of an inlined call, given the callable's
    /// attributes for it, before the body is inlined (`handleArgument`,
    /// asked of the callable's dialect).
    pub handle_argument: Option<HandleValueFn>,
    /// Transforms each result of an inlined call, given the callable's
    /// attributes for it, after the body is inlined (`handleResult`).
    pub handle_result: Option<HandleValueFn>,
}

/// The inliner interface of `op`'s dialect, if the dialect is loaded and
/// has one.
pub fn inliner_interface(ir: &Ir, op: OpRef) -> Option<DialectInlinerInterface> {
    let info = ir.ctx().op_info(ir.op_name(op));
    ir.ctx()
        .dialect_interface::<DialectInlinerInterface>(&info.dialect)
        .copied()
}

/// An interface under which everything of the dialect may be inlined.
pub const ALL_LEGAL: DialectInlinerInterface = DialectInlinerInterface {
    is_legal_to_inline_call: Some(|_, _, _, _| true),
    is_legal_to_inline_region: Some(|_, _, _, _| true),
    is_legal_to_inline_op: Some(|_, _, _, _| true),
    should_analyze_recursively: None,
    handle_terminator_block: None,
    handle_terminator_values: None,
    materialize_call_conversion: None,
    process_inlined_call_blocks: None,
    handle_argument: None,
    handle_result: None,
};

/// Replaces the uses of `values` by the operands of `term`, one to one
/// (the usual single-block terminator handling).
pub fn replace_with_terminator_operands(ir: &mut Ir, term: OpRef, values: &[Value]) {
    let operands: Vec<Value> = ir.operands(term).collect();
    for (&v, o) in values.iter().zip(operands) {
        ir.replace_all_uses_with(v, o);
    }
}
