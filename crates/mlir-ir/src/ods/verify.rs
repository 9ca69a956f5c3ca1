//! The ODS invariant verifier driven by an [`OpSpec`]: what MLIR runs as
//! the count traits (`NOperands<2>`, `AtLeastNSuccessors<1>`, ...),
//! `AttrSizedOperandSegments` and the generated `verifyInvariantsImpl`, with
//! mlir-opt's messages and in its order: counts (regions, results,
//! successors, operands), segment sizes, required attributes, attribute
//! constraints, operand and result type constraints, type relations,
//! region constraints.

use crate::asm::printer::attrs::AttrPrinter;
use crate::asm::PrintFlags;
use crate::attributes::Attribute;
use crate::context::Context;
use crate::diagnostics::Diagnostic;
use crate::ir::{Ir, OpRef};
use crate::ods::spec::{
    operand_group, region_group, result_group, segment_sizes, Arity, AttrPresence, OpSpec,
    TypeRule, ValueSpec, OPERAND_SEGMENTS, RESULT_SEGMENTS,
};
use crate::types::Type;

/// A type as MLIR streams it into a diagnostic: `'i32'`.
pub(crate) fn quoted_type(ctx: &Context, ty: Type) -> String {
    let flags = PrintFlags::default();
    let p = AttrPrinter::new(ctx, &flags, None);
    let mut s = String::from("'");
    p.print_type(&mut s, ty);
    s.push('\'');
    s
}

fn count_check(
    ir: &Ir,
    op: OpRef,
    fixed: usize,
    variadic: bool,
    found: usize,
    msgs: [&dyn Fn() -> String; 4],
) -> Result<(), Diagnostic> {
    let [zero, one, n, at_least] = msgs;
    let bad = if variadic {
        found < fixed
    } else {
        found != fixed
    };
    if !bad {
        return Ok(());
    }
    let msg = match (variadic, fixed) {
        (true, _) => at_least(),
        (false, 0) => zero(),
        (false, 1) => one(),
        _ => n(),
    };
    Err(ir.op_error(op, msg))
}

fn value_counts(specs: &[ValueSpec]) -> (usize, bool) {
    let fixed = specs.iter().filter(|s| s.arity == Arity::Single).count();
    (fixed, fixed != specs.len())
}

fn verify_segments(
    ir: &Ir,
    op: OpRef,
    name: &str,
    kind: &str,
    groups: usize,
    total: usize,
) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let attr = ir.attr(op, name);
    let sizes: &[Attribute] = match attr {
        None => &[],
        Some(a) => match segment_sizes(ctx, a) {
            Some(s) => s,
            None => {
                return Err(ir.op_error(op, format!("requires dense i32 array attribute '{name}'")))
            }
        },
    };
    if attr.is_some() && sizes.len() != groups {
        return Err(ir.op_error(
            op,
            format!(
                "'{name}' attribute for specifying {kind} segments must have {groups} elements, but got {}",
                sizes.len()
            ),
        ));
    }
    let mut sum: i64 = 0;
    for &s in sizes {
        let v = ctx.int_attr_value(s).unwrap_or(0);
        if v < 0 {
            return Err(ir.op_error(
                op,
                format!("'{name}' attribute cannot have negative elements"),
            ));
        }
        sum += v;
    }
    if sum != total as i64 {
        return Err(ir.op_error(
            op,
            format!(
                "{kind} count ({total}) does not match with the total size ({sum}) specified in attribute '{name}'"
            ),
        ));
    }
    Ok(())
}

/// The first type of the operand or result named `name`.
fn named_type(spec: &OpSpec, ir: &Ir, op: OpRef, name: &str) -> Option<Type> {
    if let Some(i) = spec.operand_index(name) {
        let r = operand_group(ir, op, spec, i);
        return r.clone().next().map(|j| ir.value_type(ir.operand(op, j)));
    }
    if let Some(i) = spec.result_index(name) {
        let r = result_group(ir, op, spec, i);
        return r.clone().next().map(|j| ir.value_type(ir.result(op, j)));
    }
    if let Some(i) = spec.attr_index(name) {
        let a = ir.attr(op, spec.attrs[i].name)?;
        return ir.ctx().attr_type(a);
    }
    None
}

/// The types of the variadic operand or result group named `name`; `None`
/// when `name` is not a variadic group.
fn variadic_types(spec: &OpSpec, ir: &Ir, op: OpRef, name: &str) -> Option<Vec<Type>> {
    if let Some(i) = spec.operand_index(name) {
        if spec.operands[i].arity != Arity::Variadic {
            return None;
        }
        let r = operand_group(ir, op, spec, i);
        return Some(r.map(|j| ir.value_type(ir.operand(op, j))).collect());
    }
    let i = spec.result_index(name)?;
    if spec.results[i].arity != Arity::Variadic {
        return None;
    }
    let r = result_group(ir, op, spec, i);
    Some(r.map(|j| ir.value_type(ir.result(op, j))).collect())
}

/// Where the values of one kind (operands or results) fall into groups on
/// the fast path: at most one group that is not a single value (`var`,
/// holding `len` values), no segment sizes.
#[derive(Clone, Copy)]
struct Layout {
    var: usize,
    len: usize,
}

impl Layout {
    /// The layout of `n` values in `specs`, or `None` when the fast path
    /// does not handle it (several variadic groups) or the count is wrong
    /// (which the full check reports).
    fn of(specs: &[ValueSpec], n: usize) -> Option<Layout> {
        let mut var: Option<(usize, Arity)> = None;
        for (i, s) in specs.iter().enumerate() {
            if s.arity != Arity::Single {
                if var.is_some() {
                    return None;
                }
                var = Some((i, s.arity));
            }
        }
        match var {
            None => (n == specs.len()).then_some(Layout {
                var: specs.len(),
                len: 0,
            }),
            Some((i, arity)) => {
                let len = n.checked_sub(specs.len() - 1)?;
                (arity != Arity::Optional || len <= 1).then_some(Layout { var: i, len })
            }
        }
    }
    /// The group of value `j`.
    fn group_of(self, j: usize) -> usize {
        if j < self.var {
            j
        } else if j < self.var + self.len {
            self.var
        } else {
            j + 1 - self.len
        }
    }
    /// The first value of group `g`, if the group is not empty.
    fn first_of(self, g: usize) -> Option<usize> {
        match g.cmp(&self.var) {
            std::cmp::Ordering::Less => Some(g),
            std::cmp::Ordering::Equal => (self.len > 0).then_some(g),
            std::cmp::Ordering::Greater => Some(g + self.len - 1),
        }
    }
}

/// Whether `op` certainly satisfies `spec`'s invariants, checked without
/// building any diagnostic: the fast path of the generated verifier hook
/// ([`crate::ods_hooks!`]), which calls [`verify_invariants`] for the exact
/// error only when this says no. It handles the common shapes (at most one
/// variadic or optional operand group and result group, no regions,
/// successors, segment sizes, nested variadics or inferred-type check) and
/// says no to anything else, so it can only be stricter than the full
/// check: never `true` for an op [`verify_invariants`] rejects (debug
/// builds assert it in the hook; `tools/rmlir-opt/tests/ods_fast_verify.rs`
/// checks it on mutated ops of every dialect `rmlir-opt` registers).
pub fn fast_accept(spec: &OpSpec, ir: &Ir, op: OpRef) -> bool {
    if !spec.regions.is_empty()
        || !spec.successors.is_empty()
        || spec.attr_sized_operand_segments
        || spec.attr_sized_result_segments
        || !spec.variadic_of_variadic.is_empty()
        || spec.verify_inferred_types.is_some()
        || ir.num_regions(op) != 0
        || ir.num_successors(op) != 0
    {
        return false;
    }
    let (Some(ins), Some(outs)) = (
        Layout::of(spec.operands, ir.num_operands(op)),
        Layout::of(spec.results, ir.num_results(op)),
    ) else {
        return false;
    };
    let ctx = ir.ctx();
    for a in spec.attrs {
        match ir.attr(op, a.name) {
            None => {
                if matches!(a.presence, AttrPresence::Required) {
                    return false;
                }
            }
            Some(v) => {
                if !(a.constraint.pred)(ctx, v) {
                    return false;
                }
            }
        }
    }
    for (j, t) in ir.operand_types(op).enumerate() {
        if !(spec.operands[ins.group_of(j)].constraint.pred)(ctx, t) {
            return false;
        }
    }
    for (j, t) in ir.result_types(op).enumerate() {
        if !(spec.results[outs.group_of(j)].constraint.pred)(ctx, t) {
            return false;
        }
    }
    // The first type of the group (or the attribute) named `name`, and
    // whether it is a variadic group (compared as a whole by
    // `TypesMatchWith`, left to the full check).
    let named = |name: &str| -> (Option<Type>, bool) {
        if let Some(g) = spec.operand_index(name) {
            let t = ins.first_of(g).map(|j| ir.value_type(ir.operand(op, j)));
            return (t, spec.operands[g].arity == Arity::Variadic);
        }
        if let Some(g) = spec.result_index(name) {
            let t = outs.first_of(g).map(|j| ir.value_type(ir.result(op, j)));
            return (t, spec.results[g].arity == Arity::Variadic);
        }
        let t = spec
            .attr_index(name)
            .and_then(|i| ir.attr(op, spec.attrs[i].name))
            .and_then(|a| ctx.attr_type(a));
        (t, false)
    };
    for rule in spec.type_rules {
        let ok = match rule {
            TypeRule::SameOperandsAndResultType | TypeRule::SameTypeOperands => true,
            TypeRule::AllTypesMatch(names) => {
                let mut first: Option<Type> = None;
                let mut all_equal = true;
                let mut any_missing = false;
                for n in names.iter() {
                    match named(n).0 {
                        None => any_missing = true,
                        Some(t) => match first {
                            None => first = Some(t),
                            Some(f) => all_equal &= f == t,
                        },
                    }
                }
                any_missing || all_equal
            }
            TypeRule::TypesMatchWith {
                lhs,
                rhs,
                transform,
                ..
            } => match (named(lhs), named(rhs)) {
                ((_, true), _) | (_, (_, true)) => false,
                ((Some(l), _), (Some(r), _)) => transform(ctx, l) == r,
                _ => true,
            },
            TypeRule::Pred { pred, .. } => pred(ir, op),
            TypeRule::SameOperandsAndResultRank => {
                verify_same_operands_and_result_rank(ir, op).is_ok()
            }
        };
        if !ok {
            return false;
        }
    }
    true
}

/// Verifies `op` against `spec` (what the generated code installs as the
/// op's `verify_invariants`).
pub fn verify_invariants(spec: &OpSpec, ir: &Ir, op: OpRef) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    // Count traits, in ODS' trait order.
    let fixed_regions = spec.regions.iter().filter(|r| !r.variadic).count();
    let var_regions = fixed_regions != spec.regions.len();
    let n = ir.num_regions(op);
    count_check(
        ir,
        op,
        fixed_regions,
        var_regions,
        n,
        [
            &|| "requires zero regions".into(),
            &|| "requires one region".into(),
            &|| format!("expected {fixed_regions} regions"),
            &|| format!("expected {fixed_regions} or more regions"),
        ],
    )?;
    let (fixed, var) = value_counts(spec.results);
    let n = ir.num_results(op);
    count_check(
        ir,
        op,
        fixed,
        var,
        n,
        [
            &|| "requires zero results".into(),
            &|| "requires one result".into(),
            &|| format!("expected {fixed} results"),
            &|| format!("expected {fixed} or more results"),
        ],
    )?;
    let fixed_succ = spec.successors.iter().filter(|s| !s.variadic).count();
    let var_succ = fixed_succ != spec.successors.len();
    let n = ir.num_successors(op);
    count_check(
        ir,
        op,
        fixed_succ,
        var_succ,
        n,
        [
            &|| format!("requires 0 successors but found {n}"),
            &|| format!("requires 1 successor but found {n}"),
            &|| format!("requires {fixed_succ} successors but found {n}"),
            &|| format!("requires at least {fixed_succ} successors but found {n}"),
        ],
    )?;
    let (fixed, var) = value_counts(spec.operands);
    let n = ir.num_operands(op);
    count_check(
        ir,
        op,
        fixed,
        var,
        n,
        [
            &|| "requires zero operands".into(),
            &|| "requires a single operand".into(),
            &|| format!("expected {fixed} operands, but found {n}"),
            &|| format!("expected {fixed} or more operands, but found {n}"),
        ],
    )?;
    if spec.attr_sized_operand_segments {
        verify_segments(
            ir,
            op,
            OPERAND_SEGMENTS,
            "operand",
            spec.operands.len(),
            ir.num_operands(op),
        )?;
    }
    if spec.attr_sized_result_segments {
        verify_segments(
            ir,
            op,
            RESULT_SEGMENTS,
            "result",
            spec.results.len(),
            ir.num_results(op),
        )?;
    }

    // Required attributes (ODS checks them in name order), then constraints.
    // One lookup per attribute; the name order is only needed for errors.
    let mut missing = false;
    let mut failed: Option<&crate::ods::spec::AttrSpec> = None;
    for a in spec.attrs {
        match ir.attr(op, a.name) {
            None => missing |= matches!(a.presence, AttrPresence::Required),
            Some(v) => {
                if failed.is_none() && !(a.constraint.pred)(ctx, v) {
                    failed = Some(a);
                }
            }
        }
    }
    if missing {
        let mut required: smallvec::SmallVec<[&str; 4]> = spec
            .attrs
            .iter()
            .filter(|a| matches!(a.presence, AttrPresence::Required))
            .map(|a| a.name)
            .collect();
        required.sort_unstable();
        for name in required {
            if ir.attr(op, name).is_none() {
                return Err(ir.op_error(op, format!("requires attribute '{name}'")));
            }
        }
    }
    if let Some(a) = failed {
        let what = match a.constraint.format {
            crate::ods::spec::AttrFormat::Prop(_) => "property",
            _ => "attribute",
        };
        return Err(ir.op_error(
            op,
            format!(
                "{what} '{}' failed to satisfy constraint: {}",
                a.name, a.constraint.summary
            ),
        ));
    }

    // `VariadicOfVariadic` groups: the sub-group sizes add up to the group
    // (upstream `verifyValueSizeAttr`).
    for &(g, attr_name) in spec.variadic_of_variadic {
        let expected = operand_group(ir, op, spec, g).len();
        let sizes: smallvec::SmallVec<[i64; 8]> = match ir.attr(op, attr_name).map(|a| ctx.attr(a))
        {
            Some(crate::AttrKind::DenseArray { elements, .. }) => elements
                .iter()
                .map(|&e| ctx.int_attr_value(e).unwrap_or(0))
                .collect(),
            _ => {
                return Err(ir.op_error(
                    op,
                    format!("requires dense i32 array attribute '{attr_name}'"),
                ))
            }
        };
        if sizes.iter().any(|&s| s < 0) {
            return Err(ir.op_error(
                op,
                format!("'{attr_name}' attribute cannot have negative elements"),
            ));
        }
        let total: i64 = sizes.iter().sum();
        if total != expected as i64 {
            return Err(ir.op_error(
                op,
                format!(
                    "{} count ({expected}) does not match with the total size ({total}) specified in attribute '{attr_name}'",
                    spec.operands[g].name
                ),
            ));
        }
    }

    // Type constraints.
    for (kind, specs, is_operand) in [
        ("operand", spec.operands, true),
        ("result", spec.results, false),
    ] {
        let mut index = 0usize;
        for (g, s) in specs.iter().enumerate() {
            let range = if is_operand {
                operand_group(ir, op, spec, g)
            } else {
                result_group(ir, op, spec, g)
            };
            if s.arity == Arity::Optional && range.len() > 1 {
                return Err(ir.op_error(
                    op,
                    format!(
                        "{kind} group starting at #{index} requires 0 or 1 element, but found {}",
                        range.len()
                    ),
                ));
            }
            for j in range {
                let t = if is_operand {
                    ir.value_type(ir.operand(op, j))
                } else {
                    ir.value_type(ir.result(op, j))
                };
                if !(s.constraint.pred)(ctx, t) {
                    // A variadic group's constraint is its `Variadic<...>`
                    // record, whose summary already says "variadic of".
                    return Err(ir.op_error(
                        op,
                        format!(
                            "{kind} #{index} must be {}, but got {}",
                            s.constraint.summary,
                            quoted_type(ctx, t)
                        ),
                    ));
                }
                index += 1;
            }
        }
    }

    // Type relations checked by ODS-generated predicates.
    for rule in spec.type_rules {
        match rule {
            TypeRule::AllTypesMatch(names) => {
                let types: smallvec::SmallVec<[Option<Type>; 4]> =
                    names.iter().map(|n| named_type(spec, ir, op, n)).collect();
                if types.iter().any(|t| t.is_none()) {
                    continue;
                }
                if types.windows(2).any(|w| w[0] != w[1]) {
                    return Err(ir.op_error(
                        op,
                        format!(
                            "failed to verify that all of {{{}}} have same type",
                            names.join(", ")
                        ),
                    ));
                }
            }
            TypeRule::TypesMatchWith {
                summary,
                lhs,
                rhs,
                transform,
            } => {
                // Between variadic groups, ODS compares the whole type
                // ranges (so their lengths too).
                if let (Some(ls), Some(rs)) = (
                    variadic_types(spec, ir, op, lhs),
                    variadic_types(spec, ir, op, rhs),
                ) {
                    let same = ls.len() == rs.len()
                        && ls.iter().zip(&rs).all(|(&l, &r)| transform(ctx, l) == r);
                    if !same {
                        return Err(ir.op_error(op, format!("failed to verify that {summary}")));
                    }
                } else if let (Some(l), Some(r)) =
                    (named_type(spec, ir, op, lhs), named_type(spec, ir, op, rhs))
                {
                    if transform(ctx, l) != r {
                        return Err(ir.op_error(op, format!("failed to verify that {summary}")));
                    }
                }
            }
            TypeRule::Pred { summary, pred } => {
                if !pred(ir, op) {
                    return Err(ir.op_error(op, format!("failed to verify that {summary}")));
                }
            }
            TypeRule::SameOperandsAndResultRank => verify_same_operands_and_result_rank(ir, op)?,
            TypeRule::SameOperandsAndResultType | TypeRule::SameTypeOperands => {}
        }
    }

    // Region constraints.
    verify_regions(spec, ir, op)?;

    // `InferTypeOpInterface`'s verifier: the hook's own error (at the op's
    // location) or the incompatibility, then MLIR's summary error.
    if let Some(infer) = spec.verify_inferred_types {
        let fail = |ir: &Ir, first: crate::Diagnostic| {
            ctx.emit(first);
            Err(ir.op_error(op, "failed to infer returned types"))
        };
        match infer(ir, op) {
            Err(msg) => return fail(ir, Diagnostic::error(ir.op_loc(op), msg)),
            Ok(types) => {
                let actual: smallvec::SmallVec<[Type; 4]> = (0..ir.num_results(op))
                    .map(|i| ir.value_type(ir.result(op, i)))
                    .collect();
                if types[..] != actual[..] {
                    let list = |ts: &[Type]| {
                        ts.iter()
                            .map(|&t| quoted_type(ctx, t))
                            .collect::<Vec<_>>()
                            .join(", ")
                    };
                    let msg = format!(
                        "'{}' op inferred type(s) {} are incompatible with return type(s) of operation {}",
                        spec.name,
                        list(&types),
                        list(&actual)
                    );
                    return fail(ir, Diagnostic::error(ir.op_loc(op), msg));
                }
            }
        }
    }
    Ok(())
}

/// The region constraints of `spec`, in order.
fn verify_regions(spec: &OpSpec, ir: &Ir, op: OpRef) -> Result<(), Diagnostic> {
    let mut index = 0usize;
    for (g, r) in spec.regions.iter().enumerate() {
        for j in region_group(ir, op, spec, g) {
            if let Some(c) = r.constraint {
                if !(c.pred)(ir, ir.region(op, j)) {
                    let name = if r.name.is_empty() {
                        " ".to_string()
                    } else {
                        format!(" ('{}') ", r.name)
                    };
                    return Err(ir.op_error(
                        op,
                        format!(
                            "region #{index}{name}failed to verify constraint: {}",
                            c.summary
                        ),
                    ));
                }
            }
            index += 1;
        }
    }
    Ok(())
}

/// MLIR's `verifyInherentAttrs`: the inherent attributes among `attrs` (a
/// generic form's attribute dictionary) satisfy their constraints.
pub fn verify_inherent_attrs(
    spec: &OpSpec,
    ctx: &Context,
    attrs: &[(crate::Ident, Attribute)],
) -> Result<(), String> {
    for a in spec.attrs {
        if let Some(&(_, v)) = attrs.iter().find(|(k, _)| ctx.ident_str(*k) == a.name) {
            if !(a.constraint.pred)(ctx, v) {
                return Err(format!(
                    "attribute '{}' failed to satisfy constraint: {}",
                    a.name, a.constraint.summary
                ));
            }
        }
    }
    Ok(())
}

/// MLIR's `OpTrait::impl::verifySameOperandsAndResultRank`: every ranked
/// operand and result has the rank of the first ranked operand.
fn verify_same_operands_and_result_rank(ir: &Ir, op: OpRef) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    if ir.num_operands(op) == 0 {
        return Err(ir.op_error(op, "expected 1 or more operands"));
    }
    let rank_of = |t: Type| ctx.shape(t).map(|s| s.len());
    let mut rank: Option<usize> = None;
    for i in 0..ir.num_operands(op) {
        if let Some(r) = rank_of(ir.value_type(ir.operand(op, i))) {
            match rank {
                None => rank = Some(r),
                Some(x) if x != r => {
                    return Err(ir.op_error(op, "operands don't have matching ranks"))
                }
                _ => {}
            }
        }
    }
    let Some(rank) = rank else { return Ok(()) };
    for i in 0..ir.num_results(op) {
        if let Some(r) = rank_of(ir.value_type(ir.result(op, i))) {
            if r != rank {
                return Err(ir.op_error(op, "result type has different rank than operands"));
            }
        }
    }
    Ok(())
}

/// Checks generic-form properties as MLIR's `setPropertiesFromAttr` does
/// (each inherent attribute must be of its storage kind, segment sizes
/// must be `array<i32: ...>` of the right length), returning MLIR's message.
/// Whether `v` has the storage kind an attribute of this format is kept in.
/// Property conversion (MLIR's `setPropertiesFromAttr`) only checks the
/// storage class (e.g. any `TypeAttr` for `TypeAttrOf<FunctionType>`); the
/// full constraint is the verifier's job, with its own message.
fn storage_matches(ctx: &Context, format: crate::ods::spec::AttrFormat, v: Attribute) -> bool {
    use crate::ods::spec::AttrFormat;
    use crate::AttrKind as K;
    let kind = ctx.attr(v);
    match format {
        AttrFormat::Generic
        | AttrFormat::Typed
        | AttrFormat::SymbolRef
        | AttrFormat::DialectAttr(..) => true,
        AttrFormat::WithoutType(_) => matches!(kind, K::Integer { .. } | K::Float { .. }),
        // Enum storage converts to the enum, so the value must be a case.
        AttrFormat::DialectEnum(e) => e.value_of(ctx, v).is_some(),
        AttrFormat::IntEnum(e) => e
            .int_value_of(ctx, v)
            .and_then(|x| e.case_name(x))
            .is_some(),
        AttrFormat::SymbolName | AttrFormat::String => matches!(kind, K::String { .. }),
        AttrFormat::Unit => matches!(kind, K::Unit),
        AttrFormat::Array => matches!(kind, K::Array(_)),
        AttrFormat::DenseI32Array | AttrFormat::DenseI64Array => {
            matches!(kind, K::DenseArray { .. })
        }
        AttrFormat::Prop(k) => prop_storage(ctx, k, v).is_ok(),
    }
}

/// The attribute a native property of `kind` keeps for the generic-form
/// value `v` (MLIR's `convertFromAttribute` then `convertToAttribute`), or
/// the message MLIR 22 reports when `v` cannot be converted.
pub(crate) fn prop_storage(
    ctx: &Context,
    kind: crate::ods::spec::PropKind,
    v: Attribute,
) -> Result<Attribute, &'static str> {
    use crate::ods::spec::PropKind;
    use crate::AttrKind as K;
    let is_bool = |v: Attribute| v == ctx.bool_attr(true) || v == ctx.bool_attr(false);
    match kind {
        PropKind::Int(width) => match ctx.attr(v) {
            K::Integer { .. } => {
                Ok(ctx.int_attr(ctx.int_type(width), ctx.int_attr_value(v).unwrap_or(0)))
            }
            _ => Err("expected IntegerAttr for key `value`"),
        },
        PropKind::String => match ctx.attr(v) {
            K::String { .. } => Ok(v),
            _ => Err("expected string property to come from string attribute"),
        },
        // MLIR 22's bool conversion reports the string conversion's message.
        PropKind::Bool if is_bool(v) => Ok(v),
        PropKind::Bool => Err("expected string property to come from string attribute"),
        PropKind::Unit if matches!(ctx.attr(v), K::Unit) => Ok(v),
        PropKind::Unit if v == ctx.bool_attr(true) => Ok(ctx.unit_attr()),
        PropKind::Unit if is_bool(v) => Ok(v),
        PropKind::Unit => Err("expected UnitAttr or BoolAttr for a unit property"),
        PropKind::IntArray(width) => match ctx.attr(v) {
            K::DenseArray { element, .. } if ctx.is_signless_integer(*element, width) => Ok(v),
            _ if width == 32 => Err("expected DenseI32ArrayAttr for key `value`"),
            _ => Err("expected DenseI64ArrayAttr for key `value`"),
        },
    }
}

pub fn check_properties(spec: &OpSpec, ctx: &Context, props: Attribute) -> Result<(), String> {
    let entries = ctx.dictionary_entries(props);
    if !matches!(ctx.attr(props), crate::AttrKind::Dictionary(_)) {
        return Err("expected DictionaryAttr to set properties".into());
    }
    for a in spec.attrs {
        if let Some(&(_, v)) = entries.iter().find(|(k, _)| ctx.ident_str(*k) == a.name) {
            if let crate::ods::spec::AttrFormat::Prop(k) = a.constraint.format {
                prop_storage(ctx, k, v).map_err(str::to_string)?;
                continue;
            }
            if !storage_matches(ctx, a.constraint.format, v) {
                let mut text = String::new();
                let flags = PrintFlags::default();
                AttrPrinter::new(ctx, &flags, None).print_attr(&mut text, v);
                return Err(format!(
                    "Invalid attribute `{}` in property conversion: {text}",
                    a.name
                ));
            }
        }
    }
    for (name, on, groups) in spec.segment_attrs() {
        if !on {
            continue;
        }
        if let Some(&(_, v)) = entries.iter().find(|(k, _)| ctx.ident_str(*k) == name) {
            match segment_sizes(ctx, v) {
                None => return Err("expected DenseI32ArrayAttr for key `value`".into()),
                Some(s) if s.len() != groups => {
                    return Err(format!(
                        "size mismatch in attribute conversion: {} vs {groups}",
                        s.len()
                    ))
                }
                _ => {}
            }
        }
    }
    Ok(())
}
