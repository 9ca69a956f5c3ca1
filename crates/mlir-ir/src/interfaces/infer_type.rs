//! MLIR's `InferTypeOpInterface`: ops whose result types follow from their
//! operands, attributes and regions, with upstream's verifier
//! (`verifyInferredResultTypes` through the default `refineReturnTypes`):
//! the inferred types must be compatible with the op's result types.
//!
//! ODS ops declaring the interface with `verifyInferredTypes` get it
//! attached from their spec; hand-written ops attach their own.

use crate::context::Context;
use crate::diagnostics::Diagnostic;
use crate::interfaces::{OpInterface, OpView};
use crate::ir::{Ir, OpRef};
use crate::types::Type;

/// Whether inferred result types may stand for the actual ones.
pub type CompatibleTypesFn = fn(&Context, &[Type], &[Type]) -> bool;

/// The hooks of `InferTypeOpInterface`.
#[derive(Copy, Clone)]
pub struct InferTypeOpInterface {
    /// The result types inferred for the existing op `op`
    /// (`inferReturnTypes` on its operands, properties and regions), or
    /// the message the inference emits at the op's location.
    pub infer_return_types: fn(&Ir, OpRef) -> Result<Vec<Type>, String>,
    /// Whether the inferred types are compatible with the op's result
    /// types (`isCompatibleReturnTypes`); `None` is upstream's default,
    /// equality.
    pub is_compatible_return_types: Option<CompatibleTypesFn>,
    /// Whether the generic verifier runs [`verify_inferred_result_types`]
    /// on the op: false for ODS ops with `verifyInferredTypes` (their
    /// invariants run the check already) and for ops mlir-opt reports
    /// mismatches of through another verifier first (`scf.if`).
    pub checked_by_verifier: bool,
}

impl OpInterface for InferTypeOpInterface {
    const NAME: &'static str = "InferTypeOpInterface";
}

impl OpView<InferTypeOpInterface> {
    /// The inferred result types (`inferReturnTypes`).
    pub fn infer_return_types(&self, ir: &Ir) -> Result<Vec<Type>, String> {
        (self.imp.infer_return_types)(ir, self.op)
    }
    /// Whether `inferred` may stand for `actual` (`isCompatibleReturnTypes`).
    pub fn is_compatible_return_types(&self, ir: &Ir, inferred: &[Type], actual: &[Type]) -> bool {
        match self.imp.is_compatible_return_types {
            Some(f) => f(ir.ctx(), inferred, actual),
            None => inferred == actual,
        }
    }
    /// Upstream's verifier of the interface ([`verify_inferred_result_types`]).
    pub fn verify(&self, ir: &Ir) -> Result<(), Diagnostic> {
        verify_inferred_result_types(ir, self.op)
    }
}

/// Upstream's `verifyInferredResultTypes`: runs the inference on the op;
/// when it fails (its own message, at the op's location) or the inferred
/// types are incompatible with the op's (`'op' inferred type(s) ... are
/// incompatible with return type(s) of operation ...`), that error is
/// emitted and the op fails with `failed to infer returned types`. Ops
/// without the interface pass.
pub fn verify_inferred_result_types(ir: &Ir, op: OpRef) -> Result<(), Diagnostic> {
    let Some(iface) = ir.interface::<InferTypeOpInterface>(op) else {
        return Ok(());
    };
    let ctx = ir.ctx();
    let first = match iface.infer_return_types(ir) {
        Err(msg) => msg,
        Ok(inferred) => {
            let actual: Vec<Type> = ir.result_types(op).collect();
            if iface.is_compatible_return_types(ir, &inferred, &actual) {
                return Ok(());
            }
            let list = |ts: &[Type]| {
                ts.iter()
                    .map(|&t| format!("'{}'", ctx.display(t)))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            format!(
                "'{}' op inferred type(s) {} are incompatible with return type(s) of operation {}",
                ir.op_name_str(op),
                list(&inferred),
                list(&actual)
            )
        }
    };
    ctx.emit(Diagnostic::error(ir.op_loc(op), first));
    Err(ir.op_error(op, "failed to infer returned types"))
}
