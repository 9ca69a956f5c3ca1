//! MLIR's `CastOpInterface`: ops converting values of some types into
//! values of others, with upstream's verifier (`verifyCastInterfaceOp`:
//! the op's `areCastCompatible` accepts its operand and result types) and
//! the fold every cast gets (`foldCastInterfaceOp`: a cast whose result
//! types are its operand types is its operands).

use crate::context::Context;
use crate::diagnostics::Diagnostic;
use crate::fold::OpFoldResult;
use crate::interfaces::{OpInterface, OpView};
use crate::ir::{Ir, OpRef};
use crate::types::Type;

/// The hook of `CastOpInterface`.
#[derive(Copy, Clone)]
pub struct CastOpInterface {
    /// Whether a cast from `inputs` to `outputs` is valid for this op
    /// (`areCastCompatible`).
    pub are_cast_compatible: fn(&Context, &[Type], &[Type]) -> bool,
}

impl OpInterface for CastOpInterface {
    const NAME: &'static str = "CastOpInterface";
}

impl OpView<CastOpInterface> {
    /// Whether this op may cast `inputs` to `outputs`.
    pub fn are_cast_compatible(&self, ir: &Ir, inputs: &[Type], outputs: &[Type]) -> bool {
        (self.imp.are_cast_compatible)(ir.ctx(), inputs, outputs)
    }
    /// Upstream's verifier of the interface ([`verify_cast_op`]).
    pub fn verify(&self, ir: &Ir) -> Result<(), Diagnostic> {
        verify_cast_op(ir, self.op)
    }
    /// The interface's fold ([`fold_cast_op`]).
    pub fn fold(&self, ir: &Ir) -> Option<Vec<OpFoldResult>> {
        fold_cast_op(ir, self.op)
    }
}

/// `types` as a diagnostic streams them after `what` (`operand type 'i32'`,
/// `operand types []`, `operand types 'i32', 'i64'`).
fn describe(ctx: &Context, what: &str, types: &[Type]) -> String {
    let q = |t: &Type| format!("'{}'", ctx.display(*t));
    match types {
        [] => format!("{what}s []"),
        [t] => format!("{what} {}", q(t)),
        _ => format!(
            "{what}s {}",
            types.iter().map(q).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// Upstream's `verifyCastInterfaceOp`: a cast has at least one result, and
/// its `areCastCompatible` accepts its operand and result types. Ops
/// without the interface pass.
pub fn verify_cast_op(ir: &Ir, op: OpRef) -> Result<(), Diagnostic> {
    let Some(cast) = ir.interface::<CastOpInterface>(op) else {
        return Ok(());
    };
    let outputs: smallvec::SmallVec<[Type; 2]> = ir.result_types(op).collect();
    if outputs.is_empty() {
        return Err(ir.op_error(op, "expected at least one result for cast operation"));
    }
    let inputs: smallvec::SmallVec<[Type; 2]> = ir.operands(op).map(|v| ir.value_type(v)).collect();
    if cast.are_cast_compatible(ir, &inputs, &outputs) {
        return Ok(());
    }
    let ctx = ir.ctx();
    Err(ir.op_error(
        op,
        format!(
            "{} and {} are cast incompatible",
            describe(ctx, "operand type", &inputs),
            describe(ctx, "result type", &outputs)
        ),
    ))
}

/// Upstream's `foldCastInterfaceOp`, the generic fold of casts: when the
/// op has operands and its result types are exactly its operand types, the
/// results are the operands. `None` otherwise (the op's own fold may still
/// apply). Works on any op; the interface's ops use it as a fallback.
pub fn fold_cast_op(ir: &Ir, op: OpRef) -> Option<Vec<OpFoldResult>> {
    if ir.num_operands(op) == 0 || ir.num_operands(op) != ir.num_results(op) {
        return None;
    }
    let same = ir
        .operands(op)
        .zip(ir.result_types(op))
        .all(|(v, t)| ir.value_type(v) == t);
    same.then(|| ir.operands(op).map(OpFoldResult::Value).collect())
}
