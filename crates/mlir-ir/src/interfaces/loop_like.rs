//! MLIR's `LoopLikeOpInterface`: the regions of a loop, its iteration
//! arguments (inits, region iter_args, yielded values, results), whether a
//! value is defined outside of it and how to hoist an op out of it, with
//! upstream's verifier of the iteration arguments
//! (`detail::verifyLoopLikeOpInterface`).

use crate::diagnostics::Diagnostic;
use crate::ir::{Ir, OpRef, RegionRef, Value};
use crate::types::Type;

/// The hooks of `LoopLikeOpInterface`; the defaults of the optional ones
/// are upstream's (no iteration arguments, no results).
#[derive(Copy, Clone)]
pub struct LoopLikeOpInterface {
    /// The loop's body regions (`getLoopRegions`).
    pub loop_regions: fn(&Ir, OpRef) -> Vec<RegionRef>,
    /// The initial values of the iteration arguments (`getInits`).
    pub inits: Option<fn(&Ir, OpRef) -> Vec<Value>>,
    /// The region arguments carrying the iteration values
    /// (`getRegionIterArgs`).
    pub region_iter_args: Option<fn(&Ir, OpRef) -> Vec<Value>>,
    /// The values yielded for the next iteration (`getYieldedValues`).
    pub yielded_values: Option<fn(&Ir, OpRef) -> Vec<Value>>,
    /// The results carrying the final iteration values (`getLoopResults`);
    /// `None` when the loop does not define them.
    pub loop_results: Option<fn(&Ir, OpRef) -> Vec<Value>>,
    /// The op lists `LoopLikeOpInterface` after `RegionBranchOpInterface`
    /// in its traits, so its verifier runs second (MLIR runs the interface
    /// verifiers in list order; `scf.while` does this, `scf.for` the
    /// opposite).
    pub listed_after_region_branch: bool,
    /// The entry-block arguments before the region iter_args (the
    /// induction variables). Upstream drops them from the argument list
    /// without a bounds check, so its verifier reports a block with fewer
    /// arguments as a wrapped (huge) number of region iter_args; the
    /// verifier reproduces that count.
    pub leading_block_args: usize,
}

/// The loop interface of `op`, if it implements it.
pub fn loop_like(ir: &Ir, op: OpRef) -> Option<LoopLikeOpInterface> {
    ir.ctx()
        .op_info(ir.op_name(op))
        .interface::<LoopLikeOpInterface>()
        .copied()
}

impl LoopLikeOpInterface {
    pub fn regions(&self, ir: &Ir, op: OpRef) -> Vec<RegionRef> {
        (self.loop_regions)(ir, op)
    }
    pub fn inits(&self, ir: &Ir, op: OpRef) -> Vec<Value> {
        self.inits.map(|f| f(ir, op)).unwrap_or_default()
    }
    pub fn region_iter_args(&self, ir: &Ir, op: OpRef) -> Vec<Value> {
        self.region_iter_args.map(|f| f(ir, op)).unwrap_or_default()
    }
    pub fn yielded_values(&self, ir: &Ir, op: OpRef) -> Vec<Value> {
        self.yielded_values.map(|f| f(ir, op)).unwrap_or_default()
    }
    pub fn loop_results(&self, ir: &Ir, op: OpRef) -> Option<Vec<Value>> {
        self.loop_results.map(|f| f(ir, op))
    }
}

/// Whether `value` is defined outside of loop `op` (upstream's default
/// `isDefinedOutsideOfLoop`: not in any region of the op).
pub fn is_defined_outside_of_loop(ir: &Ir, op: OpRef, value: Value) -> bool {
    match ir.value_parent_region(value) {
        Some(r) => !ir
            .region_parent_op(r)
            .is_some_and(|p| ir.is_ancestor(op, p)),
        None => true,
    }
}

/// `ty` as diagnostics print it, quoted.
fn quoted(ir: &Ir, ty: Type) -> String {
    let flags = crate::asm::PrintFlags::default();
    let pr = crate::asm::printer::attrs::AttrPrinter::new(ir.ctx(), &flags, None);
    let mut s = String::from("'");
    pr.print_type(&mut s, ty);
    s.push('\'');
    s
}

/// Upstream's `verifyLoopLikeOpInterface`: as many inits, region
/// iter_args, yielded values (when the loop yields any) and results (when it
/// has them), of the same types.
pub fn verify_loop_like(ir: &Ir, op: OpRef) -> Result<(), Diagnostic> {
    let Some(iface) = loop_like(ir, op) else {
        return Ok(());
    };
    let inits = iface.inits(ir, op);
    let iter_args = iface.region_iter_args(ir, op);
    let yielded = iface.yielded_values(ir, op);
    let results = iface.loop_results(ir, op);
    let block_args = iface
        .regions(ir, op)
        .first()
        .and_then(|&r| ir.first_block(r))
        .map_or(0, |b| ir.num_arguments(b));
    if block_args < iface.leading_block_args {
        let wrapped = (block_args as u64).wrapping_sub(iface.leading_block_args as u64);
        return Err(ir.op_error(
            op,
            format!(
                "different number of inits and region iter_args: {} != {wrapped}",
                inits.len()
            ),
        ));
    }
    if inits.len() != iter_args.len() {
        return Err(ir.op_error(
            op,
            format!(
                "different number of inits and region iter_args: {} != {}",
                inits.len(),
                iter_args.len()
            ),
        ));
    }
    if !yielded.is_empty() && iter_args.len() != yielded.len() {
        return Err(ir.op_error(
            op,
            format!(
                "different number of region iter_args and yielded values: {} != {}",
                iter_args.len(),
                yielded.len()
            ),
        ));
    }
    if let Some(res) = &results {
        if res.len() != iter_args.len() {
            return Err(ir.op_error(
                op,
                format!(
                    "different number of loop results and region iter_args: {} != {}",
                    res.len(),
                    iter_args.len()
                ),
            ));
        }
    }
    for (i, (&init, &arg)) in inits.iter().zip(&iter_args).enumerate() {
        let (a, b) = (ir.value_type(init), ir.value_type(arg));
        if a != b {
            return Err(ir.op_error(
                op,
                format!(
                    "{i}-th init and {i}-th region iter_arg have different type: {} != {}",
                    quoted(ir, a),
                    quoted(ir, b)
                ),
            ));
        }
        if let Some(&y) = yielded.get(i) {
            let c = ir.value_type(y);
            if b != c {
                return Err(ir.op_error(
                    op,
                    format!(
                        "{i}-th region iter_arg and {i}-th yielded value have different type: {} != {}",
                        quoted(ir, b),
                        quoted(ir, c)
                    ),
                ));
            }
        }
    }
    if let Some(res) = &results {
        for (i, (&arg, &r)) in iter_args.iter().zip(res).enumerate() {
            let (a, b) = (ir.value_type(arg), ir.value_type(r));
            if a != b {
                return Err(ir.op_error(
                    op,
                    format!(
                        "{i}-th region iter_arg and {i}-th loop result have different type: {} != {}",
                        quoted(ir, a),
                        quoted(ir, b)
                    ),
                ));
            }
        }
    }
    Ok(())
}

impl crate::interfaces::OpInterface for LoopLikeOpInterface {
    const NAME: &'static str = "LoopLikeOpInterface";
}

impl crate::interfaces::OpView<LoopLikeOpInterface> {
    /// The loop's body regions (`getLoopRegions`).
    pub fn loop_regions(&self, ir: &Ir) -> Vec<RegionRef> {
        self.imp.regions(ir, self.op)
    }
    /// `getInits`.
    pub fn inits(&self, ir: &Ir) -> Vec<Value> {
        self.imp.inits(ir, self.op)
    }
    /// `getRegionIterArgs`.
    pub fn region_iter_args(&self, ir: &Ir) -> Vec<Value> {
        self.imp.region_iter_args(ir, self.op)
    }
    /// `getYieldedValues`.
    pub fn yielded_values(&self, ir: &Ir) -> Vec<Value> {
        self.imp.yielded_values(ir, self.op)
    }
    /// `getLoopResults`.
    pub fn loop_results(&self, ir: &Ir) -> Option<Vec<Value>> {
        self.imp.loop_results(ir, self.op)
    }
    /// `isDefinedOutsideOfLoop`.
    pub fn is_defined_outside(&self, ir: &Ir, value: Value) -> bool {
        is_defined_outside_of_loop(ir, self.op, value)
    }
    /// Upstream's verifier of the interface ([`verify_loop_like`]).
    pub fn verify(&self, ir: &Ir) -> Result<(), Diagnostic> {
        verify_loop_like(ir, self.op)
    }
}
