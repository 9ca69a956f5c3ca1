//! MLIR's `RegionBranchOpInterface` and `RegionBranchTerminatorOpInterface`:
//! the control flow between an op and its regions, with upstream's helpers
//! (successor operands and inputs along each edge, the region graph,
//! invocation bounds) and its verifier of the values passed along every
//! edge.
//!
//! A *branch point* is the op itself (control enters from above) or a
//! terminator in one of its regions; a *successor* is a region (entered
//! through its entry block, whose arguments or some of them receive the
//! forwarded values) or the op itself (control leaves, the op's results or
//! some of them receive the values). The op says where control may go from
//! each point and which values are received; the terminators say which of
//! their operands they forward. Ops with the `ReturnLike` trait forward all
//! of their operands, as upstream's trait implies the terminator interface.

use crate::attributes::Attribute;
use crate::diagnostics::Diagnostic;
use crate::ir::{Ir, OpRef, RegionRef, Value};
use crate::traits::TraitSet;
use crate::types::Type;

/// Where control comes from: the op itself or a terminator in one of its
/// regions (MLIR's `RegionBranchPoint`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum RegionBranchPoint {
    Parent,
    Terminator(OpRef),
}

impl RegionBranchPoint {
    /// The region the terminator is in, if the point is a terminator.
    pub fn region(self, ir: &Ir) -> Option<RegionRef> {
        match self {
            RegionBranchPoint::Parent => None,
            RegionBranchPoint::Terminator(t) => ir.op_parent_region(t),
        }
    }
}

/// Where control goes: a region of the op, or back to the op (MLIR's
/// `RegionSuccessor`), with the values that receive what is forwarded.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RegionSuccessor {
    /// The region entered, `None` for the parent op.
    pub region: Option<RegionRef>,
    /// The values receiving the forwarded operands: arguments of the
    /// region's entry block, or results of the op.
    pub inputs: Vec<Value>,
}

impl RegionSuccessor {
    /// Region `r`, receiving all of its entry block's arguments.
    pub fn region_all_args(ir: &Ir, r: RegionRef) -> Self {
        let inputs = ir
            .first_block(r)
            .map(|b| ir.arguments(b).collect())
            .unwrap_or_default();
        RegionSuccessor {
            region: Some(r),
            inputs,
        }
    }
    /// Region `r`, receiving nothing.
    pub fn region_no_inputs(r: RegionRef) -> Self {
        RegionSuccessor {
            region: Some(r),
            inputs: Vec::new(),
        }
    }
    /// Region `r`, receiving its entry block's arguments from `skip` on.
    pub fn region_args_from(ir: &Ir, r: RegionRef, skip: usize) -> Self {
        let inputs = ir
            .first_block(r)
            .map(|b| ir.arguments(b).skip(skip).collect())
            .unwrap_or_default();
        RegionSuccessor {
            region: Some(r),
            inputs,
        }
    }
    /// The parent op, receiving all of its results.
    pub fn parent_results(ir: &Ir, op: OpRef) -> Self {
        RegionSuccessor {
            region: None,
            inputs: ir.results(op).collect(),
        }
    }
    /// The parent op, receiving nothing.
    pub fn parent_no_inputs() -> Self {
        RegionSuccessor {
            region: None,
            inputs: Vec::new(),
        }
    }
    pub fn is_parent(&self) -> bool {
        self.region.is_none()
    }
}

/// How often a region may run per execution of its op (MLIR's
/// `InvocationBounds`): `upper` is `None` when unbounded or unknown.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct InvocationBounds {
    pub lower: u32,
    pub upper: Option<u32>,
}

impl InvocationBounds {
    pub const UNKNOWN: InvocationBounds = InvocationBounds {
        lower: 0,
        upper: None,
    };
}

/// Successors given the constant operands (`None` when unknown).
pub type ConstSuccessorsFn = fn(&Ir, OpRef, &[Option<Attribute>]) -> Vec<RegionSuccessor>;
/// The operand indices forwarded to a successor.
pub type SuccessorOperandsFn = fn(&Ir, OpRef, &RegionSuccessor) -> std::ops::Range<usize>;
/// Invocation bounds of each region given the constant operands.
pub type InvocationBoundsFn = fn(&Ir, OpRef, &[Option<Attribute>]) -> Vec<InvocationBounds>;

/// MLIR's `RegionBranchOpInterface`.
#[derive(Copy, Clone)]
#[allow(clippy::type_complexity)]
pub struct RegionBranchOpInterface {
    /// The successors of `point` (`getSuccessorRegions`).
    pub successor_regions: fn(&Ir, OpRef, RegionBranchPoint) -> Vec<RegionSuccessor>,
    /// The successors of the op on entry, knowing some operands are
    /// constants (`getEntrySuccessorRegions`); `None` uses
    /// `successor_regions(Parent)`.
    pub entry_successor_regions: Option<ConstSuccessorsFn>,
    /// The op's operands forwarded to `successor` on entry, as a range of
    /// operand indices (`getEntrySuccessorOperands`); `None` forwards none.
    pub entry_successor_operands: Option<SuccessorOperandsFn>,
    /// How often each region runs (`getRegionInvocationBounds`); `None`
    /// means unknown for every region.
    pub region_invocation_bounds: Option<InvocationBoundsFn>,
    /// Whether a forwarded value of one type may flow into an input of
    /// another (`areTypesCompatible`); `None` requires equal types.
    pub are_types_compatible: Option<fn(&Ir, Type, Type) -> bool>,
}

/// MLIR's `RegionBranchTerminatorOpInterface`.
#[derive(Copy, Clone)]
#[allow(clippy::type_complexity)]
pub struct RegionBranchTerminatorOpInterface {
    /// The operands forwarded to `successor`, as a range of operand indices
    /// (`getMutableSuccessorOperands`).
    pub successor_operands: SuccessorOperandsFn,
    /// The successors knowing some operands are constants
    /// (`getSuccessorRegions(operands)`); `None` asks the parent op.
    pub successor_regions: Option<ConstSuccessorsFn>,
}

/// `ReturnLike` terminators forward all of their operands.
fn all_operands(ir: &Ir, op: OpRef, _: &RegionSuccessor) -> std::ops::Range<usize> {
    0..ir.num_operands(op)
}

/// The region branch interface of `op`, if it implements it.
pub fn region_branch_op(ir: &Ir, op: OpRef) -> Option<RegionBranchOpInterface> {
    ir.ctx()
        .op_info(ir.op_name(op))
        .interface::<RegionBranchOpInterface>()
        .copied()
}

/// The region branch terminator interface of `op`: its own, or the one the
/// `ReturnLike` trait implies.
pub fn region_branch_terminator(ir: &Ir, op: OpRef) -> Option<RegionBranchTerminatorOpInterface> {
    let info = ir.ctx().op_info(ir.op_name(op));
    if let Some(i) = info.interface::<RegionBranchTerminatorOpInterface>() {
        return Some(*i);
    }
    info.has_trait(TraitSet::RETURN_LIKE)
        .then_some(RegionBranchTerminatorOpInterface {
            successor_operands: all_operands,
            successor_regions: None,
        })
}

impl RegionBranchOpInterface {
    /// The successors of `point`.
    pub fn successors(&self, ir: &Ir, op: OpRef, point: RegionBranchPoint) -> Vec<RegionSuccessor> {
        (self.successor_regions)(ir, op, point)
    }
    /// The successors on entry given constant operands.
    pub fn entry_successors(
        &self,
        ir: &Ir,
        op: OpRef,
        operands: &[Option<Attribute>],
    ) -> Vec<RegionSuccessor> {
        match self.entry_successor_regions {
            Some(f) => f(ir, op, operands),
            None => (self.successor_regions)(ir, op, RegionBranchPoint::Parent),
        }
    }
    /// The operand indices forwarded from `point` to `succ`: the op's own
    /// operands for the parent, the terminator's otherwise.
    pub fn successor_operand_range(
        &self,
        ir: &Ir,
        op: OpRef,
        point: RegionBranchPoint,
        succ: &RegionSuccessor,
    ) -> std::ops::Range<usize> {
        match point {
            RegionBranchPoint::Parent => match self.entry_successor_operands {
                Some(f) => f(ir, op, succ),
                None => ir.num_operands(op)..ir.num_operands(op),
            },
            RegionBranchPoint::Terminator(t) => match region_branch_terminator(ir, t) {
                Some(ti) => (ti.successor_operands)(ir, t, succ),
                None => 0..0,
            },
        }
    }
    /// The values forwarded from `point` to `succ`.
    pub fn successor_operands(
        &self,
        ir: &Ir,
        op: OpRef,
        point: RegionBranchPoint,
        succ: &RegionSuccessor,
    ) -> Vec<Value> {
        let owner = match point {
            RegionBranchPoint::Parent => op,
            RegionBranchPoint::Terminator(t) => t,
        };
        let n = ir.num_operands(owner);
        let r = self.successor_operand_range(ir, op, point, succ);
        (r.start.min(n)..r.end.min(n))
            .map(|i| ir.operand(owner, i))
            .collect()
    }
    /// How often each region runs given constant operands.
    pub fn invocation_bounds(
        &self,
        ir: &Ir,
        op: OpRef,
        operands: &[Option<Attribute>],
    ) -> Vec<InvocationBounds> {
        match self.region_invocation_bounds {
            Some(f) => f(ir, op, operands),
            None => vec![InvocationBounds::UNKNOWN; ir.num_regions(op)],
        }
    }
    /// Whether a value of type `a` may be forwarded to an input of type `b`.
    pub fn types_compatible(&self, ir: &Ir, a: Type, b: Type) -> bool {
        match self.are_types_compatible {
            Some(f) => f(ir, a, b),
            None => a == b,
        }
    }
}

/// Every branch point of `op`: the op itself, then the region branch
/// terminators ending the blocks of its regions (MLIR's
/// `getAllRegionBranchPoints`).
pub fn all_region_branch_points(ir: &Ir, op: OpRef) -> Vec<RegionBranchPoint> {
    let mut points = vec![RegionBranchPoint::Parent];
    for &r in ir.regions(op) {
        for b in ir.region_blocks(r) {
            if let Some(t) = ir.last_op(b) {
                if region_branch_terminator(ir, t).is_some() {
                    points.push(RegionBranchPoint::Terminator(t));
                }
            }
        }
    }
    points
}

/// The successors of terminator `term` given constant operands: its own
/// answer if it has one, else its parent op's successors of it.
pub fn terminator_successors(
    ir: &Ir,
    term: OpRef,
    operands: &[Option<Attribute>],
) -> Vec<RegionSuccessor> {
    if let Some(f) = region_branch_terminator(ir, term).and_then(|t| t.successor_regions) {
        return f(ir, term, operands);
    }
    let Some(parent) = ir.op_parent_op(term) else {
        return Vec::new();
    };
    match region_branch_op(ir, parent) {
        Some(i) => i.successors(ir, parent, RegionBranchPoint::Terminator(term)),
        None => Vec::new(),
    }
}

/// MLIR's `detail::verifyRegionBranchOpInterface`: along every edge, the
/// branch point forwards as many values as the successor receives, of
/// compatible types. The error names the edge and a note points at the
/// branch point.
pub fn verify_region_branch_op(ir: &Ir, op: OpRef) -> Result<(), Diagnostic> {
    let Some(iface) = region_branch_op(ir, op) else {
        return Ok(());
    };
    for point in all_region_branch_points(ir, op) {
        for succ in iface.successors(ir, op, point) {
            let operands = iface.successor_operands(ir, op, point, &succ);
            let edge = || {
                let from = match point {
                    RegionBranchPoint::Parent => "parent".to_string(),
                    RegionBranchPoint::Terminator(t) => format!("Operation {}", ir.op_name_str(t)),
                };
                let to = match succ.region {
                    Some(r) => format!("Region #{}", ir.region_number(r).unwrap_or(0)),
                    None => "parent".to_string(),
                };
                format!("along control flow edge from {from} to {to}")
            };
            let error = |msg: String| {
                let mut d = ir.op_error(op, msg);
                let loc = match point {
                    RegionBranchPoint::Parent => ir.op_loc(op),
                    RegionBranchPoint::Terminator(t) => ir.op_loc(t),
                };
                d.attach_note(loc, "region branch point");
                d
            };
            if operands.len() != succ.inputs.len() {
                return Err(error(format!(
                    "{}: region branch point has {} operands, but region successor needs {} inputs",
                    edge(),
                    operands.len(),
                    succ.inputs.len()
                )));
            }
            for (i, (&v, &input)) in operands.iter().zip(&succ.inputs).enumerate() {
                let (a, b) = (ir.value_type(v), ir.value_type(input));
                if !iface.types_compatible(ir, a, b) {
                    return Err(error(format!(
                        "{}: successor operand type #{i} '{}' should match successor input type #{i} '{}'",
                        edge(),
                        type_text(ir, a),
                        type_text(ir, b)
                    )));
                }
            }
        }
    }
    Ok(())
}

/// `ty` as diagnostics print it.
fn type_text(ir: &Ir, ty: Type) -> String {
    let flags = crate::asm::PrintFlags::default();
    let pr = crate::asm::printer::attrs::AttrPrinter::new(ir.ctx(), &flags, None);
    let mut s = String::new();
    pr.print_type(&mut s, ty);
    s
}

/// Whether region `to` can be reached from region `from` of the same op by
/// following the region graph (MLIR's `isRegionReachable`).
pub fn is_region_reachable(ir: &Ir, from: RegionRef, to: RegionRef) -> bool {
    traverse_region_graph(ir, from, |r, _| r == to)
}

/// Whether region `r` may run more than once per execution of its op: it
/// can reach itself again (MLIR's `isRepetitiveRegion`).
pub fn is_repetitive_region(ir: &Ir, r: RegionRef) -> bool {
    is_region_reachable(ir, r, r)
}

/// Depth-first walk over the regions reachable from `begin` through the
/// terminators of each visited region; stops with `true` as soon as
/// `stop(region, visited)` holds for a successor region.
fn traverse_region_graph(
    ir: &Ir,
    begin: RegionRef,
    mut stop: impl FnMut(RegionRef, &[bool]) -> bool,
) -> bool {
    let Some(op) = ir.region_parent_op(begin) else {
        return false;
    };
    if region_branch_op(ir, op).is_none() {
        return false;
    }
    let n = ir.num_regions(op);
    let mut visited = vec![false; n];
    visited[ir.region_number(begin).unwrap_or(0)] = true;
    let mut worklist: Vec<RegionRef> = Vec::new();
    let enqueue = |r: RegionRef, worklist: &mut Vec<RegionRef>| {
        for b in ir.region_blocks(r) {
            let Some(t) = ir.last_op(b) else { continue };
            if region_branch_terminator(ir, t).is_none() {
                continue;
            }
            let operands = vec![None; ir.num_operands(t)];
            for s in terminator_successors(ir, t, &operands) {
                if let Some(sr) = s.region {
                    worklist.push(sr);
                }
            }
        }
    };
    enqueue(begin, &mut worklist);
    while let Some(next) = worklist.pop() {
        if stop(next, &visited) {
            return true;
        }
        let i = ir.region_number(next).unwrap_or(0);
        if visited[i] {
            continue;
        }
        visited[i] = true;
        enqueue(next, &mut worklist);
    }
    false
}

/// The values `succ` receives from every branch point leading to it, one
/// list per input: what dataflow analyses join (used by SCCP and dead-value
/// removal).
pub fn predecessors_of(
    ir: &Ir,
    op: OpRef,
    succ_region: Option<RegionRef>,
) -> Vec<(RegionBranchPoint, RegionSuccessor, Vec<Value>)> {
    let Some(iface) = region_branch_op(ir, op) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for point in all_region_branch_points(ir, op) {
        for s in iface.successors(ir, op, point) {
            if s.region == succ_region {
                let vals = iface.successor_operands(ir, op, point, &s);
                out.push((point, s, vals));
            }
        }
    }
    out
}

impl crate::interfaces::OpInterface for RegionBranchOpInterface {
    const NAME: &'static str = "RegionBranchOpInterface";
}

impl crate::interfaces::OpInterface for RegionBranchTerminatorOpInterface {
    const NAME: &'static str = "RegionBranchTerminatorOpInterface";
    /// `ReturnLike` terminators forward all of their operands.
    fn implied(_: &Ir, _: OpRef, info: &crate::OpInfo) -> Option<Self> {
        info.has_trait(TraitSet::RETURN_LIKE)
            .then_some(RegionBranchTerminatorOpInterface {
                successor_operands: all_operands,
                successor_regions: None,
            })
    }
}

impl crate::interfaces::OpView<RegionBranchOpInterface> {
    /// The successors of `point` (`getSuccessorRegions`).
    pub fn successors(&self, ir: &Ir, point: RegionBranchPoint) -> Vec<RegionSuccessor> {
        self.imp.successors(ir, self.op, point)
    }
    /// The successors on entry given constant operands
    /// (`getEntrySuccessorRegions`).
    pub fn entry_successors(
        &self,
        ir: &Ir,
        operands: &[Option<Attribute>],
    ) -> Vec<RegionSuccessor> {
        self.imp.entry_successors(ir, self.op, operands)
    }
    /// Every branch point of the op: itself, then each terminator of its
    /// regions that branches ([`all_region_branch_points`]).
    pub fn branch_points(&self, ir: &Ir) -> Vec<RegionBranchPoint> {
        all_region_branch_points(ir, self.op)
    }
    /// Upstream's verifier of the interface ([`verify_region_branch_op`]).
    pub fn verify(&self, ir: &Ir) -> Result<(), Diagnostic> {
        verify_region_branch_op(ir, self.op)
    }
}
