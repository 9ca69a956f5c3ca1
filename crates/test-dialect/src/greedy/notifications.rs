//! `DumpNotifications`: a rewriter listener that prints every IR change to
//! standard output, one line each, in upstream's words
//! (`notifyOperationInserted: test.foo, was unlinked`, ...). The strict and
//! walk driver tests check these lines with FileCheck, interleaved with the
//! printed IR as mlir-opt writes both to its standard output.
//!
//! Pattern begin/end and match failures are not printed (upstream's listener
//! does not override them).

use mlir_ir::PreviousPosition;
use mlir_ir::{BlockRef, BuilderListener, InsertPoint, Ir, OpRef, RegionRef, Value};
use mlir_rewrite::RewriterListener;

/// Prints each notification on standard output.
#[derive(Default)]
pub struct DumpNotifications;

impl DumpNotifications {
    fn print(&self, line: std::fmt::Arguments<'_>) {
        // Through the pass manager's ordered output: on a worker thread the
        // line is buffered and written in op order after the join, so the
        // dump is the same with any number of threads. (A closed standard
        // output is not this listener's concern.)
        mlir_transforms::pass::parallel::write_stdout_ordered(&format!("{line}\n"));
    }
}

impl BuilderListener for DumpNotifications {
    fn notify_operation_inserted(&mut self, ir: &Ir, op: OpRef, previous: PreviousPosition) {
        let name = ir.op_name_str(op);
        match previous {
            PreviousPosition::Unlinked => self.print(format_args!(
                "notifyOperationInserted: {name}, was unlinked"
            )),
            PreviousPosition::Unknown(_) => self.print(format_args!(
                "notifyOperationInserted: {name}, was linked, exact position unknown"
            )),
            PreviousPosition::At(InsertPoint { before: None, .. }) => self.print(format_args!(
                "notifyOperationInserted: {name}, was last in block"
            )),
            PreviousPosition::At(InsertPoint {
                before: Some(next), ..
            }) => self.print(format_args!(
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
            Some(parent) => format!("into {}: ", ir.op_name_str(parent)),
            None => "into unknown op: ".to_string(),
        };
        let was = if previous.is_none() {
            "was unlinked"
        } else {
            "was linked"
        };
        self.print(format_args!("notifyBlockInserted {into}{was}"));
    }
}

impl RewriterListener for DumpNotifications {
    fn notify_block_erased(&mut self, _ir: &Ir, _block: BlockRef) {
        self.print(format_args!("notifyBlockErased"));
    }
    fn notify_operation_erased(&mut self, ir: &Ir, op: OpRef) {
        self.print(format_args!(
            "notifyOperationErased: {}",
            ir.op_name_str(op)
        ));
    }
    fn notify_operation_modified(&mut self, ir: &Ir, op: OpRef) {
        self.print(format_args!(
            "notifyOperationModified: {}",
            ir.op_name_str(op)
        ));
    }
    fn notify_operation_replaced(&mut self, ir: &Ir, op: OpRef, _replacement: &[Value]) {
        self.print(format_args!(
            "notifyOperationReplaced: {}",
            ir.op_name_str(op)
        ));
    }
}
