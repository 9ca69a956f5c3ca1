//! The inliner interfaces of func, cf, arith and scf (upstream's
//! `FuncInlinerInterface` extension, `ControlFlowInlinerInterface`,
//! `ArithInlinerInterface`, `SCFInlinerInterface`): every op of these
//! dialects may be inlined anywhere; `func.return` becomes a `cf.br` to the
//! block after the call (several inlined blocks) or forwards its operands
//! to the call's results (one block), `scf.yield` likewise for the one
//! block case.

use mlir_ir::interfaces::inliner::{
    replace_with_terminator_operands, DialectInlinerInterface, ALL_LEGAL,
};
use mlir_ir::{BlockRef, Ir, OpRef, OperationState};

/// `func.return` becomes `cf.br ^dest(operands)`.
fn func_return_to_branch(ir: &mut Ir, op: OpRef, dest: BlockRef) {
    if ir.op_name_str(op) != "func.return" {
        return;
    }
    let operands: Vec<_> = ir.operands(op).collect();
    let name = ir.ctx().op_name("cf.br");
    let state = OperationState::new(name, ir.op_loc(op))
        .operands(&operands)
        .successors(&[dest]);
    let br = ir.create_op(state);
    ir.insert_op_before(op, br);
    ir.erase_op(op);
}

/// The interface of the func dialect.
pub static FUNC: DialectInlinerInterface = DialectInlinerInterface {
    handle_terminator_block: Some(func_return_to_branch),
    handle_terminator_values: Some(|ir, op, values| {
        if ir.op_name_str(op) == "func.return" {
            replace_with_terminator_operands(ir, op, values);
        }
    }),
    ..ALL_LEGAL
};

/// The interface of the scf dialect.
pub static SCF: DialectInlinerInterface = DialectInlinerInterface {
    handle_terminator_values: Some(|ir, op, values| {
        if ir.op_name_str(op) == "scf.yield" {
            replace_with_terminator_operands(ir, op, values);
        }
    }),
    ..ALL_LEGAL
};

/// The interface of the cf and arith dialects.
pub static ALL: DialectInlinerInterface = ALL_LEGAL;

/// `Dialect::interface` for a dialect whose inliner interface is `iface`.
pub fn interface_for(
    iface: &'static DialectInlinerInterface,
    id: std::any::TypeId,
) -> Option<&'static (dyn std::any::Any + Send + Sync)> {
    (id == std::any::TypeId::of::<DialectInlinerInterface>()).then_some(iface as _)
}
