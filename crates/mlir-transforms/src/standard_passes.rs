//! Registration of the standard passes that sit beside the canonicalizer
//! (MLIR's `mlir/Transforms/Passes.td`): `symbol-dce`, `strip-debuginfo`,
//! `print-op-stats`, `topological-sort`, ... One function so that the
//! registry gains them with a single line.

use crate::pass::PassRegistry;

/// Registers every standard pass of this crate except `cse` and
/// `canonicalize`.
pub fn register(registry: &mut PassRegistry) {
    registry.register_pass(|| Box::new(crate::symbol_dce::SymbolDcePass::new()));
    registry.register_pass(|| Box::new(crate::symbol_privatize::SymbolPrivatizePass::default()));
    registry.register_pass(|| Box::new(crate::strip_debuginfo::StripDebugInfoPass));
    registry.register_pass(|| Box::new(crate::op_stats::PrintOpStatsPass::default()));
    registry.register_pass(|| Box::new(crate::topological_sort::TopologicalSortPass));
    registry.register_pass(|| Box::new(crate::control_flow_sink::ControlFlowSinkPass));
    registry.register_pass(|| Box::new(crate::licm::LoopInvariantCodeMotionPass));
    registry.register_pass(|| Box::new(crate::sccp::SccpPass));
    registry.register_pass(|| Box::new(crate::inliner::InlinerPass::default()));
    registry.register_pass(|| Box::new(crate::remove_dead_values::RemoveDeadValuesPass));
}
