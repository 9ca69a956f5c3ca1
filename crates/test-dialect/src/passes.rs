//! Test ops and passes of the standard passes beside the canonicalizer
//! (topological sort, symbol DCE, inlining, SCCP, LICM, control-flow
//! sinking): upstream's `TestTopologicalSort.cpp` and the test ops those
//! passes' upstream tests use.

use mlir_ir::ir::WalkOrder;
use mlir_ir::{ApInt, Ir, OpRef};
use mlir_transforms::pass::{Pass, PassContext, PassRegistry};
use mlir_transforms::topological_sort::{compute_topological_sorting, no_extra_ready};

/// `-test-topological-sort-analysis`: in every op with a `root` attribute,
/// orders the ops marked `selected` (without moving them) and records each
/// one's position in a `pos` index attribute.
#[derive(Clone, Default)]
pub struct TestTopologicalSortAnalysisPass;

impl Pass for TestTopologicalSortAnalysisPass {
    fn name(&self) -> &str {
        "(anonymous namespace)::TestTopologicalSortAnalysisPass"
    }
    fn argument(&self) -> &str {
        "test-topological-sort-analysis"
    }
    fn description(&self) -> &str {
        "Test topological sorting of ops"
    }
    fn op_name(&self) -> Option<&str> {
        Some("builtin.module")
    }
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        _cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let index = ir.ctx().index_type();
        for root in ir.walk_collect(op, WalkOrder::PostOrder) {
            if ir.attr(root, "root").is_none() {
                continue;
            }
            let Some(block) = ir.regions(root).first().and_then(|&r| ir.first_block(r)) else {
                continue;
            };
            let mut selected: Vec<OpRef> = ir
                .block_ops(block)
                .flat_map(|o| ir.walk_collect(o, WalkOrder::PostOrder))
                .filter(|&o| ir.attr(o, "selected").is_some())
                .collect();
            compute_topological_sorting(ir, &mut selected, &no_extra_ready);
            for (i, o) in selected.into_iter().enumerate() {
                let pos = ir.ctx().integer_attr(index, ApInt::from_i64(64, i as i64));
                ir.set_attr(o, "pos", Some(pos));
            }
        }
        Ok(())
    }
}

/// Registers the test passes of this area.
pub fn register_passes(registry: &mut PassRegistry) {
    registry.register_pass(|| Box::new(TestTopologicalSortAnalysisPass));
}
