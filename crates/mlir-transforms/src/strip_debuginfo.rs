//! `-strip-debuginfo` (MLIR's `StripDebugInfo`): replaces the location of
//! every op and block argument nested in the op the pass runs on (the op
//! itself included) with `loc(unknown)`.

use mlir_ir::ir::WalkOrder;
use mlir_ir::{Ir, OpRef};

use crate::pass::PassContext;

/// The `-strip-debuginfo` pass.
#[derive(Clone, Default)]
pub struct StripDebugInfoPass;

impl crate::pass::PassImpl for StripDebugInfoPass {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        _cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        strip_debug_info(ir, op);
        Ok(())
    }
}

/// Sets every location in `root` (ops and block arguments) to unknown.
pub fn strip_debug_info(ir: &mut Ir, root: OpRef) {
    let unknown = ir.ctx().unknown_loc();
    for op in ir.walk_collect(root, WalkOrder::PostOrder) {
        ir.set_op_loc(op, unknown);
        let blocks: Vec<_> = ir
            .regions(op)
            .iter()
            .flat_map(|&r| ir.region_blocks(r).collect::<Vec<_>>())
            .collect();
        for b in blocks {
            for i in 0..ir.num_arguments(b) {
                let arg = ir.argument(b, i);
                ir.set_arg_loc(arg, unknown);
            }
        }
    }
}
