//! `mlir-conversion`: MLIR 22's dialect-conversion framework.
//!
//! * [`ConversionTarget`] (`target.rs`): legal, dynamically legal and
//!   illegal ops and dialects, recursive legality, unknown-op legality.
//! * [`TypeConverter`] (`type_converter.rs`): type conversions on types and
//!   (context-aware) on values, caching, type-attribute conversions,
//!   source and 1:N target materializations, [`SignatureConversion`].
//! * Helpers over the type converter (`function_signature.rs`): the
//!   function-signature conversion pattern and [`convert_op_result_types`].
//! * [`ConversionPattern`], [`OpConversionPattern`] and the
//!   [`ConversionPatternRewriter`] (`pattern.rs`).
//! * The driver (`driver.rs`): [`apply_partial_conversion`],
//!   [`apply_full_conversion`], [`apply_analysis_conversion`], folding
//!   modes, rollback.
//! * The legalization graph (`legalization_graph.rs`): which patterns the
//!   driver tries on an op, ordered by legalization depth, then benefit.
//! * The conversion state (`state.rs`): value mapping, deferred
//!   replacements, the undo journal, unresolved materializations.
//!
//! See `docs/CONVERSION.md` for the design.

// Failure is `Result<_, ()>` like MLIR's `LogicalResult`: whatever needs
// saying has been reported through diagnostics or the listener already.
#![allow(clippy::result_unit_err)]

pub mod driver;
pub mod function_signature;
mod legalization_graph;
mod log;
pub mod pattern;
pub mod state;
pub mod target;
pub mod type_converter;

#[cfg(test)]
mod legalization_graph_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod type_converter_tests;

pub use driver::{
    apply_analysis_conversion, apply_conversion, apply_full_conversion, apply_partial_conversion,
    ConversionConfig, ConversionMode, ConversionReport, FoldingMode,
};
pub use function_signature::{
    convert_function_op_types, convert_op_result_types,
    populate_function_op_interface_type_conversion_pattern, FunctionOpSignatureConversion,
};
pub use pattern::{
    add_conversion_pattern, add_op_conversion_pattern, flatten_values, ConversionPattern,
    ConversionPatternAdapter, ConversionPatternRewriter, OpConversion, OpConversionPattern,
};
pub use state::{ConversionState, MaterializationKind, ValueVector};
pub use target::{
    ConversionTarget, LegalOpDetails, LegalityFn, LegalizationAction, RecursiveLegalityFn,
};
pub use type_converter::{
    AttributeConversionResult, InputMapping, SignatureConversion, TypeConverter, TypeVector,
};

/// `ty` as mlir-opt prints it in diagnostics.
pub(crate) fn type_str(ctx: &mlir_ir::Context, ty: mlir_ir::Type) -> String {
    let flags = mlir_ir::asm::printer::PrintFlags::default();
    let p = mlir_ir::asm::printer::attrs::AttrPrinter::new(ctx, &flags, None);
    let mut s = String::new();
    p.print_type(&mut s, ty);
    s
}
