//! Test ops, patterns and passes of the dialect-conversion area
//! (`-test-legalize-patterns`, `-test-legalize-unknown-root-patterns`,
//! `-test-remapped-value`), after upstream's `TestPatterns.cpp`.
//!
//! * [`operations`]: the ops of `td/TestOpsConversion.td` with their folders.
//! * `patterns`: the conversion and rewrite patterns of the test passes.
//! * `passes`: the passes, their type converters and conversion targets.

mod passes;
mod patterns;

use mlir_ir::fold::{FoldCtx, InPlaceEdit, OpFoldResult};
use mlir_ir::OpInfo;
use mlir_transforms::pass::PassRegistry;

pub use passes::{
    TestLegalizePatternDriver, TestMergeBlocksPatternDriver, TestRemappedValue,
    TestTypeConversionDriver, TestUnknownRootOpDriver,
};

/// The generated op definitions of `td/TestOpsConversion.td`. Generated code keeps the
/// shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, unused_imports, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/conversion_ops.rs"));
}

/// The ops of this area, with their hand-written hooks attached.
pub fn operations() -> Vec<OpInfo> {
    ops::operations()
}

/// `test.op_in_place_self_fold` folds once, in place: it sets its `folded`
/// attribute (the op is then legal for `-test-legalize-patterns`). The op is
/// defined with the DRR rules (`td/TestOpsDRR.td`), which attach this hook.
pub fn fold_in_place_self_fold(cx: &mut FoldCtx<'_>) -> Option<OpFoldResult> {
    if cx.ir.attr(cx.op, "folded").is_some() {
        return None;
    }
    let unit = cx.ir.ctx().unit_attr();
    cx.update_in_place(InPlaceEdit::SetAttr("folded".into(), Some(unit)));
    Some(OpFoldResult::Value(cx.result(0)))
}

/// Registers the test passes of this area.
pub fn register_passes(registry: &mut PassRegistry) {
    crate::pass_decls::register_test_legalize_pattern_driver_pass(registry);
    crate::pass_decls::register_test_unknown_root_op_driver_pass(registry);
    crate::pass_decls::register_test_remapped_value_pass(registry);
    crate::pass_decls::register_test_merge_blocks_pattern_driver_pass(registry);
    crate::pass_decls::register_test_type_conversion_driver_pass(registry);
}
