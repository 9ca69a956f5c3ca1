//! The `cf` dialect, generated from `td/ControlFlow.td`, with the
//! hand-written hooks the definitions declare: `cf.switch`'s
//! `custom<SwitchOpCases>` directive and its verifier. The ops'
//! canonicalizations live in `cf/canonicalize.rs`, its structural type
//! conversions (dialect-conversion patterns and legality of the branch ops)
//! in `cf/type_conversions.rs`.

pub mod canonicalize;
pub mod type_conversions;

use mlir_ir::asm::lexer::TokenKind;
use mlir_ir::asm::parser::UnresolvedOperand;
use mlir_ir::asm::{OpAsmParser, OpAsmPrinter};
use mlir_ir::interfaces::verify_branch_successor_operands;
use mlir_ir::ods::spec::{CustomParseArg, CustomPrintArg, CustomRef};
use mlir_ir::{AttrKind, Attribute, Context, Diagnostic, Dialect, Ir, OpInfo, OpRef, Type};

/// The generated op definitions of `td/ControlFlow.td`. Generated code keeps
/// the shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/cf_ops.rs"));
}

pub use ops::*;

/// The `cf` dialect.
pub struct ControlFlowDialect;

impl Dialect for ControlFlowDialect {
    fn namespace(&self) -> &'static str {
        "cf"
    }
    /// The dialect's inliner interface (`crate::inliner`).
    fn interface(&self, id: std::any::TypeId) -> Option<&(dyn std::any::Any + Send + Sync)> {
        crate::inliner::interface_for(&crate::inliner::ALL, id)
    }

    fn operations(&self) -> Vec<OpInfo> {
        // BranchOpInterface's verifier (successor operands against block
        // arguments) runs before the op's own `verify`, as MLIR's interface
        // trait verifiers do.
        ops::operations()
            .into_iter()
            .map(|info| match &*info.name {
                "cf.br" => info
                    .with_interface(mlir_ir::interfaces::BranchSuccessorForOperands(
                        |_, _, _| Some(0),
                    ))
                    .with_verify(verify_branch_successor_operands)
                    .with_interface(mlir_ir::interfaces::BranchOpInterface {
                        successor_operands: br_successor_operands,
                        erase_successor_operand: None,
                    }),
                "cf.cond_br" => info
                    .with_interface(mlir_ir::interfaces::BranchSuccessorForOperands(
                        cond_br_successor_for_operands,
                    ))
                    .with_verify(|ir, op| {
                        verify_branch_successor_operands(ir, op)?;
                        CondBranchOp(op).verify(ir)
                    })
                    .with_interface(mlir_ir::interfaces::BranchOpInterface {
                        successor_operands: cond_br_successor_operands,
                        erase_successor_operand: Some(cond_br_erase_successor_operand),
                    })
                    .with_interface(mlir_ir::interfaces::AppendSuccessorOperands(
                        cond_br_append_successor_operands,
                    )),
                "cf.switch" => info
                    .with_verify(|ir, op| {
                        verify_branch_successor_operands(ir, op)?;
                        SwitchOp(op).verify(ir)
                    })
                    .with_interface(mlir_ir::interfaces::BranchSuccessorForOperands(
                        switch_successor_for_operands,
                    ))
                    .with_interface(mlir_ir::interfaces::BranchOpInterface {
                        successor_operands: switch_successor_operands,
                        erase_successor_operand: Some(switch_erase_successor_operand),
                    })
                    .with_interface(mlir_ir::interfaces::AppendSuccessorOperands(
                        switch_append_successor_operands,
                    )),
                // Upstream's `AssertOp::getEffects`: a write to the default
                // resource, so asserts are neither dropped nor reordered.
                "cf.assert" => info.with_interface(mlir_ir::interfaces::MemoryEffectsInterface {
                    get_effects: |_, _, effects| {
                        effects.push(mlir_ir::interfaces::MemoryEffect::new(
                            mlir_ir::interfaces::MemoryEffectKind::Write,
                            None,
                        ))
                    },
                }),
                _ => info,
            })
            .collect()
    }
}

/// `BranchOpInterface` of `cf.br`: every operand goes to the successor.
fn br_successor_operands(
    ir: &Ir,
    op: OpRef,
    _succ: usize,
) -> mlir_ir::interfaces::SuccessorOperands {
    mlir_ir::interfaces::SuccessorOperands {
        produced: 0,
        start: 0,
        len: ir.num_operands(op),
    }
}

/// The sizes of `cf.cond_br`'s operand groups (condition, true operands,
/// false operands).
fn cond_br_segments(ir: &Ir, op: OpRef) -> [usize; 3] {
    let ctx = ir.ctx();
    let sizes: Vec<usize> = ir
        .attr(op, mlir_ir::ods::spec::OPERAND_SEGMENTS)
        .and_then(|a| match ctx.attr(a) {
            AttrKind::DenseArray { elements, .. } => Some(
                elements
                    .iter()
                    .map(|&e| ctx.int_attr_value(e).unwrap_or(0).max(0) as usize)
                    .collect(),
            ),
            _ => None,
        })
        .unwrap_or_default();
    match sizes[..] {
        [c, t, f] => [c, t, f],
        _ => [1, ir.num_operands(op).saturating_sub(1), 0],
    }
}

/// `BranchOpInterface` of `cf.cond_br`: successor 0 gets the true
/// operands, successor 1 the false operands.
/// A constant condition selects the true (0) or false (1) destination.
fn cond_br_successor_for_operands(
    ir: &Ir,
    _op: OpRef,
    operands: &[Option<mlir_ir::Attribute>],
) -> Option<usize> {
    match ir.ctx().attr((*operands.first()?)?) {
        mlir_ir::AttrKind::Integer { value, .. } => Some(if value.is_zero() { 1 } else { 0 }),
        _ => None,
    }
}

fn cond_br_successor_operands(
    ir: &Ir,
    op: OpRef,
    succ: usize,
) -> mlir_ir::interfaces::SuccessorOperands {
    let [c, t, f] = cond_br_segments(ir, op);
    let (start, len) = if succ == 0 { (c, t) } else { (c + t, f) };
    mlir_ir::interfaces::SuccessorOperands {
        produced: 0,
        start,
        len,
    }
}

/// Erases forwarded operand `operand` of successor `succ` of `cf.cond_br`,
/// shrinking its operand segment.
fn cond_br_erase_successor_operand(ir: &mut Ir, op: OpRef, succ: usize, operand: usize) {
    let [c, t, f] = cond_br_segments(ir, op);
    let so = cond_br_successor_operands(ir, op, succ);
    ir.erase_operand(op, so.start + operand);
    let sizes = if succ == 0 {
        [c, t - 1, f]
    } else {
        [c, t, f - 1]
    };
    let sizes: Vec<i64> = sizes.iter().map(|&s| s as i64).collect();
    let attr = mlir_ir::ods::preds::dense_int_array(ir.ctx(), 32, &sizes);
    ir.set_attr(op, mlir_ir::ods::spec::OPERAND_SEGMENTS, Some(attr));
}

/// Appends `values` to the operands successor `succ` of `cf.cond_br`
/// receives, growing its operand segment.
fn cond_br_append_successor_operands(
    ir: &mut Ir,
    op: OpRef,
    succ: usize,
    values: &[mlir_ir::Value],
) {
    let [c, t, f] = cond_br_segments(ir, op);
    let so = cond_br_successor_operands(ir, op, succ);
    ir.insert_operands(op, so.start + so.len, values);
    let n = values.len();
    let sizes = if succ == 0 {
        [c, t + n, f]
    } else {
        [c, t, f + n]
    };
    let sizes: Vec<i64> = sizes.iter().map(|&s| s as i64).collect();
    let attr = mlir_ir::ods::preds::dense_int_array(ir.ctx(), 32, &sizes);
    ir.set_attr(op, mlir_ir::ods::spec::OPERAND_SEGMENTS, Some(attr));
}

/// The sizes of `cf.switch`'s operand groups (flag, default operands,
/// case operands) and of its per-case operand groups.
fn switch_segments(ir: &Ir, op: OpRef) -> ([usize; 3], Vec<usize>) {
    let top = segment_sizes(ir, op, mlir_ir::ods::spec::OPERAND_SEGMENTS);
    let cases = segment_sizes(ir, op, "case_operand_segments");
    let top = match top[..] {
        [f, d, c] => [f, d, c],
        _ => [1, ir.num_operands(op).saturating_sub(1), 0],
    };
    (top, cases)
}

/// `BranchOpInterface` of `cf.switch`: successor 0 (the default) gets the
/// default operands, successor `i + 1` the operands of case `i`.
/// The destination a constant flag selects: the case with that value, the
/// default when no case has it (or there are no cases), as mlir-opt 22's
/// `getSuccessorForOperands` (its SCCP then leaves the cases dead).
fn switch_successor_for_operands(
    ir: &Ir,
    op: OpRef,
    operands: &[Option<mlir_ir::Attribute>],
) -> Option<usize> {
    let ctx = ir.ctx();
    let Some(case_values) = ir.attr(op, "case_values") else {
        return Some(0);
    };
    let flag = match ctx.attr((*operands.first()?)?) {
        AttrKind::Integer { value, .. } => value.clone(),
        _ => return None,
    };
    let (_, values) = elements(ctx, case_values);
    for (i, v) in values.iter().enumerate() {
        if matches!(ctx.attr(*v), AttrKind::Integer { value, .. } if *value == flag) {
            return Some(i + 1);
        }
    }
    // A known flag no case matches takes the default destination.
    Some(0)
}

fn switch_successor_operands(
    ir: &Ir,
    op: OpRef,
    succ: usize,
) -> mlir_ir::interfaces::SuccessorOperands {
    let ([f, d, _], cases) = switch_segments(ir, op);
    let (start, len) = if succ == 0 {
        (f, d)
    } else {
        let before: usize = cases.iter().take(succ - 1).sum();
        (f + d + before, cases.get(succ - 1).copied().unwrap_or(0))
    };
    mlir_ir::interfaces::SuccessorOperands {
        produced: 0,
        start,
        len,
    }
}

/// Writes `cf.switch`'s operand segment attributes after operands of
/// successor `succ` were added (`delta` > 0) or removed.
fn switch_set_segments(ir: &mut Ir, op: OpRef, succ: usize, delta: isize) {
    let ([f, d, c], mut cases) = switch_segments(ir, op);
    let grow = |n: usize| (n as isize + delta).max(0) as usize;
    let (d, c) = if succ == 0 {
        (grow(d), c)
    } else {
        if let Some(n) = cases.get_mut(succ - 1) {
            *n = grow(*n);
        }
        (d, grow(c))
    };
    let ctx = ir.ctx();
    let top = mlir_ir::ods::preds::dense_int_array(ctx, 32, &[f as i64, d as i64, c as i64]);
    let per_case: Vec<i64> = cases.iter().map(|&n| n as i64).collect();
    let per_case = mlir_ir::ods::preds::dense_int_array(ctx, 32, &per_case);
    ir.set_attr(op, mlir_ir::ods::spec::OPERAND_SEGMENTS, Some(top));
    ir.set_attr(op, "case_operand_segments", Some(per_case));
}

/// Erases forwarded operand `operand` of successor `succ` of `cf.switch`.
fn switch_erase_successor_operand(ir: &mut Ir, op: OpRef, succ: usize, operand: usize) {
    let so = switch_successor_operands(ir, op, succ);
    ir.erase_operand(op, so.start + operand);
    switch_set_segments(ir, op, succ, -1);
}

/// Appends `values` to the operands successor `succ` of `cf.switch`
/// receives.
fn switch_append_successor_operands(
    ir: &mut Ir,
    op: OpRef,
    succ: usize,
    values: &[mlir_ir::Value],
) {
    let so = switch_successor_operands(ir, op, succ);
    ir.insert_operands(op, so.start + so.len, values);
    switch_set_segments(ir, op, succ, values.len() as isize);
}

/// The sizes held by the `DenseI32ArrayAttr` `name` of `op`.
fn segment_sizes(ir: &Ir, op: OpRef, name: &str) -> Vec<usize> {
    let ctx = ir.ctx();
    ir.attr(op, name)
        .map(|a| match ctx.attr(a) {
            AttrKind::DenseArray { elements, .. } => elements
                .iter()
                .map(|&e| ctx.int_attr_value(e).unwrap_or(0).max(0) as usize)
                .collect(),
            _ => Vec::new(),
        })
        .unwrap_or_default()
}

/// A type as MLIR prints it.
fn type_str(ctx: &Context, ty: Type) -> String {
    let flags = mlir_ir::asm::PrintFlags::default();
    let p = mlir_ir::asm::printer::attrs::AttrPrinter::new(ctx, &flags, None);
    let mut s = String::new();
    p.print_type(&mut s, ty);
    s
}

/// The values of an integer elements attribute, one per element (a splat
/// repeated), as attributes.
fn elements(ctx: &Context, a: Attribute) -> (Option<Type>, Vec<Attribute>) {
    match ctx.attr(a) {
        AttrKind::DenseElements { ty, elements } => {
            let n: i64 = ctx.shape(*ty).map(|s| s.iter().product()).unwrap_or(0);
            let v = if elements.len() == 1 {
                vec![elements[0]; n.max(0) as usize]
            } else {
                elements.to_vec()
            };
            (Some(ctx.element_type_or_self(*ty)), v)
        }
        _ => (None, Vec::new()),
    }
}

// ----- cf.switch -----

/// `( operand-list : type-list )` after a successor, if present.
fn parse_successor_operands<'a>(
    p: &mut OpAsmParser<'_, 'a>,
) -> Result<(Vec<UnresolvedOperand<'a>>, Vec<Type>), ()> {
    if !p.parse_optional_token(TokenKind::LParen) {
        return Ok((Vec::new(), Vec::new()));
    }
    let operands = p.parse_operand_list()?;
    let types = p.parse_colon_type_list()?;
    p.parse_token(TokenKind::RParen, "expected ')'")?;
    Ok((operands, types))
}

/// Upstream `parseSwitchOpCases`: `default: ^bb(...)` then `, value: ^bb(...)`
/// per case; the values become `case_values : vector<N x flag-type>`.
pub fn parse_switch_op_cases<'a>(
    p: &mut OpAsmParser<'_, 'a>,
    args: &mut [CustomParseArg<'a>],
) -> Result<(), ()> {
    let flag_ty = match &args[0] {
        CustomParseArg::Ref(CustomRef::Types(t)) => t.first().copied(),
        _ => None,
    };
    p.parse_keyword("default")?;
    p.parse_token(TokenKind::Colon, "expected ':'")?;
    let default_dest = p.parse_successor()?;
    let (default_operands, default_types) = parse_successor_operands(p)?;
    let mut values: Vec<i64> = Vec::new();
    let mut dests = Vec::new();
    let mut case_operands = Vec::new();
    let mut case_types = Vec::new();
    while p.parse_optional_token(TokenKind::Comma) {
        let Some(v) = p.parse_optional_integer_i64()? else {
            return p.error("expected integer value");
        };
        values.push(v);
        p.parse_token(TokenKind::Colon, "expected ':'")?;
        dests.push(p.parse_successor()?);
        let (o, t) = parse_successor_operands(p)?;
        case_operands.push(o);
        case_types.push(t);
    }
    let case_values = match flag_ty {
        Some(flag_ty) if !values.is_empty() => {
            let ctx = p.ctx();
            let ty = ctx.vector_type(&[values.len() as i64], flag_ty);
            let mut elems: Vec<Attribute> =
                values.iter().map(|&v| ctx.int_attr(flag_ty, v)).collect();
            if elems.iter().all(|&e| e == elems[0]) {
                elems.truncate(1);
            }
            Some(ctx.intern_attr(AttrKind::DenseElements {
                ty,
                elements: elems.into(),
            }))
        }
        _ => None,
    };
    args[1] = CustomParseArg::Successor(Some(default_dest));
    args[2] = CustomParseArg::Operands(default_operands);
    args[3] = CustomParseArg::Types(default_types);
    args[4] = CustomParseArg::Attr(case_values);
    args[5] = CustomParseArg::Successors(dests);
    args[6] = CustomParseArg::OperandGroups(case_operands);
    args[7] = CustomParseArg::TypeGroups(case_types);
    Ok(())
}

/// Upstream `printSwitchOpCases`: case values print zero-extended.
pub fn print_switch_op_cases(p: &mut OpAsmPrinter<'_, '_>, op: OpRef, args: &[CustomPrintArg]) {
    let ir = p.ir();
    let ctx = ir.ctx();
    let operands = |i: usize| match args.get(i) {
        Some(CustomPrintArg::Operands(r)) => r.clone().map(|j| ir.operand(op, j)).collect(),
        _ => Vec::new(),
    };
    let successors = |i: usize| match args.get(i) {
        Some(CustomPrintArg::Successors(r)) => r.clone().map(|j| ir.successor(op, j)).collect(),
        _ => Vec::new(),
    };
    let default_dest: Vec<_> = successors(1);
    let default_operands: Vec<_> = operands(2);
    p.print_str("  default: ");
    if let Some(&d) = default_dest.first() {
        p.print_successor_and_use_list(d, &default_operands);
    }
    let case_values = match args.get(4) {
        Some(CustomPrintArg::Attr(Some(a))) => *a,
        _ => return,
    };
    let (_, values) = elements(ctx, case_values);
    let dests: Vec<_> = successors(5);
    let all_case_operands: Vec<_> = operands(6);
    let sizes = segment_sizes(ir, op, "case_operand_segments");
    let mut start = 0usize;
    for (i, v) in values.iter().enumerate() {
        p.print_char(',');
        p.print_newline();
        p.print_str("  ");
        if let AttrKind::Integer { value, .. } = ctx.attr(*v) {
            p.print_str(&value.to_string_unsigned());
        }
        p.print_str(": ");
        let n = sizes.get(i).copied().unwrap_or(0);
        let end = (start + n).min(all_case_operands.len());
        if let Some(&d) = dests.get(i) {
            p.print_successor_and_use_list(d, &all_case_operands[start.min(end)..end]);
        }
        start = end;
    }
    p.print_newline();
}

impl CondBranchOp {
    /// `WeightedBranchOpInterface`'s verifier (upstream `verifyWeights`):
    /// when set, one weight per successor, not all zero. Reported with
    /// `emitError`, without the `'op' op` prefix, as upstream does.
    pub fn verify(self, ir: &Ir) -> Result<(), Diagnostic> {
        let op = self.0;
        let weights = crate::scf::dense_array(ir.ctx(), ir.attr(op, "branch_weights"));
        if weights.is_empty() {
            return Ok(());
        }
        let n = ir.num_successors(op);
        let error = |msg: String| ir.op_diag(op, mlir_ir::Severity::Error, msg);
        if weights.len() != n {
            return Err(error(format!(
                "expects number of branch weights to match number of successors: {} vs {n}",
                weights.len()
            )));
        }
        if weights.iter().all(|&w| w == 0) {
            return Err(error("branch weights cannot all be zero".to_string()));
        }
        Ok(())
    }
}

impl SwitchOp {
    /// Upstream `SwitchOp::verify`.
    pub fn verify(self, ir: &Ir) -> Result<(), Diagnostic> {
        let ctx = ir.ctx();
        let op = self.0;
        let num_dests = self.case_destinations(ir).len();
        let Some(values) = self.case_values_attr(ir) else {
            if num_dests != 0 {
                return Err(ir.op_error(
                    op,
                    format!("number of case values (0) should match number of case destinations ({num_dests})"),
                ));
            }
            return Ok(());
        };
        let (elem_ty, values) = elements(ctx, values);
        let flag_ty = ir.value_type(self.flag(ir));
        if let Some(et) = elem_ty {
            if et != flag_ty {
                return Err(ir.op_error(
                    op,
                    format!(
                        "'flag' type ('{}') should match case value type ('{}')",
                        type_str(ctx, flag_ty),
                        type_str(ctx, et)
                    ),
                ));
            }
        }
        if values.len() != num_dests {
            return Err(ir.op_error(
                op,
                format!(
                    "number of case values ({}) should match number of case destinations ({num_dests})",
                    values.len()
                ),
            ));
        }
        Ok(())
    }
}
