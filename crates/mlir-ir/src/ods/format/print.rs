//! The printer engine: prints an op by walking its compiled [`Format`],
//! producing exactly what OpFormatGen's generated `print` method produces,
//! including its spacing rules (`shouldEmitSpace`/`lastWasPunctuation`).
//!
//! Nothing is allocated per element: attribute lookups are in the op's
//! interned dictionaries, and the merged attribute dictionary is only
//! built when some attribute is left to print.

use smallvec::SmallVec;

use super::{CustomParam, Element, Format, OptionalGroup, TypeArg};
use crate::asm::OpAsmPrinter;
use crate::attributes::{AttrKind, Attribute};
use crate::context::Ident;
use crate::ir::{Ir, OpRef};
use crate::ods::spec::{
    operand_group, region_group, result_group, successor_group, AttrDefault, AttrFormat,
    AttrPresence, CustomPrintArg, OpSpec, PropKind, OPERAND_SEGMENTS, RESULT_SEGMENTS,
};
use crate::traits::TraitSet;
use crate::types::TypeKind;

/// MLIR's `shouldEmitSpaceBefore`.
fn should_emit_space_before(value: &str, last_was_punctuation: bool) -> bool {
    if value.len() != 1 && value != "->" {
        return true;
    }
    let c = value.as_bytes()[0];
    if last_was_punctuation {
        return !matches!(c, b'>' | b')' | b'}' | b']' | b',');
    }
    // `matches!` rather than `b"...".contains`, which calls memchr on the
    // printer's hot path.
    !matches!(
        c,
        b'<' | b'>' | b'(' | b')' | b'{' | b'}' | b'[' | b']' | b','
    )
}

struct State {
    should_emit_space: bool,
    last_was_punctuation: bool,
}

/// Prints `op` (after its name) with `spec`'s format.
pub(crate) fn print(spec: &OpSpec, format: &Format, p: &mut OpAsmPrinter<'_, '_>, op: OpRef) {
    let mut st = State {
        should_emit_space: true,
        last_was_punctuation: false,
    };
    for el in format.elements.iter() {
        print_element(spec, format, p, op, el, &mut st);
    }
}

/// The attribute `name` of `op` (inherent or discardable).
fn attr_of(ir: &Ir, op: OpRef, spec: &OpSpec, index: usize) -> Option<Attribute> {
    ir.attr(op, spec.attrs[index].name)
}

/// Whether `attr` is the default of attribute `index`.
pub(crate) fn is_default(ir: &Ir, spec: &OpSpec, index: usize, attr: Attribute) -> bool {
    let ctx = ir.ctx();
    let a = &spec.attrs[index];
    match a.presence {
        AttrPresence::Default(AttrDefault::Enum(v)) => match a.constraint.format {
            AttrFormat::DialectEnum(e) => e.value_of(ctx, attr) == Some(v),
            AttrFormat::IntEnum(e) => e.int_value_of(ctx, attr) == Some(v),
            _ => false,
        },
        AttrPresence::Default(AttrDefault::Build(f)) => f(ctx) == attr,
        _ => false,
    }
}

fn anchor_present(spec: &OpSpec, ir: &Ir, op: OpRef, el: &Element) -> bool {
    match el {
        Element::Operand(i) => !operand_group(ir, op, spec, *i).is_empty(),
        Element::Type { arg, .. } => type_arg_present(spec, ir, op, *arg),
        Element::FunctionalType(a, _) => type_arg_present(spec, ir, op, *a),
        Element::Region(i) => {
            let r = region_group(ir, op, spec, *i);
            if spec.regions[*i].variadic {
                !r.is_empty()
            } else {
                r.clone()
                    .next()
                    .is_some_and(|j| !ir.region_is_empty(ir.region(op, j)))
            }
        }
        Element::Successor(i) => !successor_group(ir, op, spec, *i).is_empty(),
        Element::Attr { index, .. } => match attr_of(ir, op, spec, *index) {
            None => false,
            Some(a) => match spec.attrs[*index].presence {
                AttrPresence::Default(_) => !is_default(ir, spec, *index, a),
                _ => true,
            },
        },
        Element::Custom { params, .. } => params.iter().any(|prm| match prm {
            CustomParam::Operand(i) => !operand_group(ir, op, spec, *i).is_empty(),
            CustomParam::Attr(i) => anchor_present(
                spec,
                ir,
                op,
                &Element::Attr {
                    index: *i,
                    qualified: false,
                },
            ),
            CustomParam::Type(a) => type_arg_present(spec, ir, op, *a),
            CustomParam::Region(i) => anchor_present(spec, ir, op, &Element::Region(*i)),
            _ => false,
        }),
        _ => false,
    }
}

fn type_arg_present(spec: &OpSpec, ir: &Ir, op: OpRef, arg: TypeArg) -> bool {
    match arg {
        TypeArg::Operand(i) => !operand_group(ir, op, spec, i).is_empty(),
        TypeArg::Result(i) => !result_group(ir, op, spec, i).is_empty(),
        TypeArg::Operands => ir.num_operands(op) != 0,
        TypeArg::Results => ir.num_results(op) != 0,
    }
}

fn print_group(
    spec: &OpSpec,
    format: &Format,
    p: &mut OpAsmPrinter<'_, '_>,
    op: OpRef,
    g: &OptionalGroup,
    st: &mut State,
) {
    let present = anchor_present(spec, p.ir(), op, g.anchor_element()) != g.inverted;
    let elided = g.elided_unit_anchor(spec, true);
    let elems = if present {
        &g.then_elems
    } else {
        &g.else_elems
    };
    for el in elems.iter() {
        if let (Some(i), Element::Attr { index, .. }) = (elided, el) {
            if *index == i {
                continue;
            }
        }
        print_element(spec, format, p, op, el, st);
    }
}

/// Whether `el` is a unit attribute: inside an `oilist` clause it is implied
/// by the clause's keyword and never printed.
fn is_unit_attr_element(spec: &OpSpec, el: &Element) -> bool {
    matches!(el, Element::Attr { index, .. }
        if matches!(spec.attrs[*index].constraint.format, AttrFormat::Unit))
}

/// Prints the clauses of an `oilist` whose variables are present, in the
/// order of the format (as OpFormatGen's printer does, whatever order they
/// were parsed in).
fn print_oilist(
    spec: &OpSpec,
    format: &Format,
    p: &mut OpAsmPrinter<'_, '_>,
    op: OpRef,
    clauses: &[super::OIListClause],
    st: &mut State,
) {
    for c in clauses {
        let present = c
            .elems
            .iter()
            .any(|el| anchor_present(spec, p.ir(), op, el));
        if !present {
            continue;
        }
        print_element(spec, format, p, op, &Element::Literal(c.keyword), st);
        for el in c.elems.iter() {
            if !is_unit_attr_element(spec, el) {
                print_element(spec, format, p, op, el, st);
            }
        }
    }
}

/// The sub-groups of `VariadicOfVariadic` operand group `i` (its operand
/// index range `r` split by the segment attribute), or `None` for other
/// groups.
fn vov_groups(
    spec: &OpSpec,
    ir: &Ir,
    op: OpRef,
    i: usize,
    r: std::ops::Range<usize>,
) -> Option<Vec<std::ops::Range<usize>>> {
    let (_, name) = spec.variadic_of_variadic.iter().find(|(g, _)| *g == i)?;
    let ctx = ir.ctx();
    let sizes = ir.attr(op, name).and_then(|a| match ctx.attr(a) {
        AttrKind::DenseArray { elements, .. } => Some(elements.clone()),
        _ => None,
    })?;
    let mut start = r.start;
    let mut groups = Vec::with_capacity(sizes.len());
    for s in sizes.iter() {
        let n = ctx.int_attr_value(*s).unwrap_or(0).max(0) as usize;
        let end = (start + n).min(r.end);
        groups.push(start..end);
        start = end;
    }
    Some(groups)
}

fn print_types(p: &mut OpAsmPrinter<'_, '_>, spec: &OpSpec, op: OpRef, arg: TypeArg) {
    let ir = p.ir();
    match arg {
        TypeArg::Operand(i) => {
            let r = operand_group(ir, op, spec, i);
            if let Some(groups) = vov_groups(spec, ir, op, i, r.clone()) {
                for (n, g) in groups.into_iter().enumerate() {
                    if n > 0 {
                        p.print_str(", ");
                    }
                    p.print_char('(');
                    p.print_types(g.map(|j| ir.value_type(ir.operand(op, j))));
                    p.print_char(')');
                }
                return;
            }
            p.print_types(r.map(|j| ir.value_type(ir.operand(op, j))));
        }
        TypeArg::Result(i) => {
            let r = result_group(ir, op, spec, i);
            p.print_types(r.map(|j| ir.value_type(ir.result(op, j))));
        }
        TypeArg::Operands => p.print_types(ir.operand_types(op)),
        TypeArg::Results => p.print_types(ir.result_types(op)),
    }
}

/// Number of types of a type argument, and its first type.
fn types_of(spec: &OpSpec, ir: &Ir, op: OpRef, arg: TypeArg) -> (usize, Option<crate::Type>) {
    let r = match arg {
        TypeArg::Operand(i) => {
            let r = operand_group(ir, op, spec, i);
            let first = r.clone().next().map(|j| ir.value_type(ir.operand(op, j)));
            return (r.len(), first);
        }
        TypeArg::Result(i) => result_group(ir, op, spec, i),
        TypeArg::Operands => {
            let n = ir.num_operands(op);
            return (n, (n > 0).then(|| ir.value_type(ir.operand(op, 0))));
        }
        TypeArg::Results => 0..ir.num_results(op),
    };
    let first = r.clone().next().map(|j| ir.value_type(ir.result(op, j)));
    (r.len(), first)
}

fn print_attr_value(
    p: &mut OpAsmPrinter<'_, '_>,
    spec: &OpSpec,
    index: usize,
    qualified: bool,
    attr: Attribute,
) {
    let ctx = p.ir().ctx();
    match spec.attrs[index].constraint.format {
        AttrFormat::IntEnum(e) => match e.int_value_of(ctx, attr).and_then(|v| e.case_name(v)) {
            Some(name) if super::can_format_as_keyword(name) => p.print_str(name),
            Some(name) => {
                p.print_char('"');
                p.print_str(name);
                p.print_char('"');
            }
            None => p.print_attribute(attr),
        },
        AttrFormat::SymbolName => match ctx.string_attr_value(attr) {
            Some(s) => p.print_symbol_name(&s),
            None => p.print_attribute(attr),
        },
        AttrFormat::WithoutType(_) | AttrFormat::String => p.print_attribute_without_type(attr),
        // The property printers: `printInteger`, `printString`, `true`/
        // `false`, and `unit`/`unit_absent` for a unit property.
        AttrFormat::Prop(PropKind::Unit) => {
            p.print_str(if matches!(ctx.attr(attr), AttrKind::Unit) {
                "unit"
            } else {
                "unit_absent"
            })
        }
        AttrFormat::Prop(PropKind::IntArray(_))
        | AttrFormat::DenseI32Array
        | AttrFormat::DenseI64Array => match ctx.attr(attr) {
            AttrKind::DenseArray { elements, .. } => {
                p.print_char('[');
                for (i, &e) in elements.iter().enumerate() {
                    if i > 0 {
                        p.print_str(", ");
                    }
                    p.print_attribute_without_type(e);
                }
                p.print_char(']');
            }
            _ => p.print_attribute(attr),
        },
        AttrFormat::Prop(_) => p.print_attribute_without_type(attr),
        AttrFormat::DialectAttr(dialect, mnemonic) if !qualified => match ctx.attr(attr) {
            AttrKind::Opaque { dialect: d, body }
                if ctx.ident_str(*d) == dialect
                    && body.starts_with(mnemonic)
                    && body[mnemonic.len()..].starts_with('<') =>
            {
                p.print_str(&body[mnemonic.len()..]);
            }
            _ => p.print_attribute(attr),
        },
        AttrFormat::DialectEnum(e) if !qualified => match ctx.attr(attr) {
            AttrKind::Opaque { dialect, body }
                if ctx.ident_str(*dialect) == e.dialect && body.starts_with(e.mnemonic) =>
            {
                // `printStrippedAttrOrType`: the attribute without `#dialect.mnemonic`.
                p.print_str(&body[e.mnemonic.len()..]);
            }
            _ => p.print_attribute(attr),
        },
        _ => p.print_attribute(attr),
    }
}

fn print_attr_dict(
    spec: &OpSpec,
    format: &Format,
    p: &mut OpAsmPrinter<'_, '_>,
    op: OpRef,
    with_keyword: bool,
) {
    let ir = p.ir();
    let ctx = ir.ctx();
    let mut elided: SmallVec<[&str; 8]> = SmallVec::new();
    if !format.all_operands && spec.attr_sized_operand_segments {
        elided.push(OPERAND_SEGMENTS);
    }
    if !format.all_result_types && spec.attr_sized_result_segments {
        elided.push(RESULT_SEGMENTS);
    }
    for &i in format.used_attrs.iter() {
        elided.push(spec.attrs[i].name);
    }
    // The sub-group sizes of `VariadicOfVariadic` operands are implied by
    // the printed groups.
    for &(_, name) in spec.variadic_of_variadic {
        elided.push(name);
    }
    if format.has_prop_dict {
        for a in spec.attrs {
            elided.push(a.name);
        }
    }
    for (i, a) in spec.attrs.iter().enumerate() {
        if let AttrPresence::Default(_) = a.presence {
            if let Some(v) = attr_of(ir, op, spec, i) {
                if is_default(ir, spec, i, v) {
                    elided.push(a.name);
                }
            }
        }
    }
    let props: &[(Ident, Attribute)] = match ir.op_properties(op) {
        Some(pr) => ctx.dictionary_entries(pr),
        None => &[],
    };
    let discardable = ctx.dictionary_entries(ir.op_attributes(op));
    let keep = |&(k, _): &(Ident, Attribute)| !elided.contains(&ctx.ident_str(k));
    if !props.iter().any(keep) && !discardable.iter().any(keep) {
        return;
    }
    // Some attribute remains: merge (MLIR's `getAttrs()` is sorted by name).
    // An undeclared property with the name of a discardable attribute is
    // left out, so no name is printed twice.
    let mut merged: SmallVec<[(Ident, Attribute); 8]> = SmallVec::new();
    merged.extend(
        props
            .iter()
            .copied()
            .filter(|&(k, _)| !discardable.iter().any(|&(d, _)| d == k)),
    );
    merged.extend_from_slice(discardable);
    merged.sort_by(|a, b| ctx.ident_str(a.0).cmp(ctx.ident_str(b.0)));
    if with_keyword {
        p.print_optional_attr_dict_with_keyword(&merged, &elided);
    } else {
        p.print_optional_attr_dict(&merged, &elided);
    }
}

fn print_region_at(p: &mut OpAsmPrinter<'_, '_>, spec: &OpSpec, op: OpRef, index: usize) {
    let ir = p.ir();
    let r = ir.region(op, index);
    if spec.implicit_terminator.is_some() {
        // Elide a terminator that carries nothing, as MLIR's
        // `SingleBlockImplicitTerminator` printing does.
        let mut print_terminator = true;
        if let Some(b) = ir.first_block(r) {
            if let Some(term) = ir
                .last_op(b)
                .filter(|&t| ir.op_has_trait(t, TraitSet::IS_TERMINATOR))
            {
                let ctx = ir.ctx();
                let no_props = ir
                    .op_properties(term)
                    .is_none_or(|pr| ctx.dictionary_entries(pr).is_empty());
                let no_attrs = ctx.dictionary_entries(ir.op_attributes(term)).is_empty();
                print_terminator = !(no_props
                    && no_attrs
                    && ir.num_operands(term) == 0
                    && ir.num_results(term) == 0);
            }
        }
        p.print_region(r, true, print_terminator, false);
    } else {
        p.print_region(r, true, true, false);
    }
}

fn print_element(
    spec: &OpSpec,
    format: &Format,
    p: &mut OpAsmPrinter<'_, '_>,
    op: OpRef,
    el: &Element,
    st: &mut State,
) {
    match el {
        Element::Literal(value) => {
            if st.should_emit_space && should_emit_space_before(value, st.last_was_punctuation) {
                p.print_char(' ');
            }
            p.print_str(value);
            let c = value.as_bytes()[0];
            st.should_emit_space = value.len() != 1 || !matches!(c, b'<' | b'(' | b'{' | b'[');
            st.last_was_punctuation = c != b'_' && !c.is_ascii_alphabetic();
            return;
        }
        Element::Space(space) => {
            if *space {
                p.print_char(' ');
                st.last_was_punctuation = false;
            } else {
                st.last_was_punctuation = true;
            }
            st.should_emit_space = false;
            return;
        }
        Element::Newline => {
            p.print_newline();
            return;
        }
        Element::Optional(g) => {
            print_group(spec, format, p, op, g, st);
            return;
        }
        Element::OIList(clauses) => {
            print_oilist(spec, format, p, op, clauses, st);
            return;
        }
        Element::AttrDict { with_keyword } => {
            print_attr_dict(spec, format, p, op, *with_keyword);
            st.last_was_punctuation = false;
            return;
        }
        Element::PropDict => {
            p.print_char(' ');
            let ir = p.ir();
            let ctx = ir.ctx();
            let entries: SmallVec<[(Ident, Attribute); 8]> = ir
                .op_properties(op)
                .map(|pr| ctx.dictionary_entries(pr))
                .unwrap_or(&[])
                .iter()
                .copied()
                // Only what the op declares and the format does not print
                // elsewhere: an undeclared key (kept from a generic form) is
                // printed by `attr-dict` alone, or the output would name it
                // twice and not parse again.
                .filter(|(k, _)| {
                    let k = ctx.ident_str(*k);
                    let declared = spec.attrs.iter().any(|a| a.name == k)
                        || spec
                            .segment_attrs()
                            .iter()
                            .any(|&(seg, on, _)| on && seg == k);
                    declared && !format.used_attrs.iter().any(|&i| spec.attrs[i].name == k)
                })
                .collect();
            p.print_char('<');
            p.print_attribute(ctx.dictionary_attr(&entries));
            p.print_char('>');
            st.last_was_punctuation = false;
            return;
        }
        _ => {}
    }
    if st.should_emit_space || !st.last_was_punctuation {
        p.print_char(' ');
    }
    st.last_was_punctuation = false;
    st.should_emit_space = true;
    let ir = p.ir();
    match el {
        Element::Attr { index, qualified } => {
            if let Some(a) = attr_of(ir, op, spec, *index) {
                print_attr_value(p, spec, *index, *qualified, a);
            }
        }
        Element::Operand(i) => {
            let r = operand_group(ir, op, spec, *i);
            match vov_groups(spec, ir, op, *i, r.clone()) {
                Some(groups) => {
                    for (n, g) in groups.into_iter().enumerate() {
                        if n > 0 {
                            p.print_str(", ");
                        }
                        p.print_char('(');
                        p.print_operands(g.map(|j| ir.operand(op, j)));
                        p.print_char(')');
                    }
                }
                None => p.print_operands(r.map(|j| ir.operand(op, j))),
            }
        }
        Element::Operands => p.print_operands(ir.operands(op)),
        Element::Region(i) => {
            let r = region_group(ir, op, spec, *i);
            for (n, j) in r.enumerate() {
                if n > 0 {
                    p.print_str(", ");
                }
                print_region_at(p, spec, op, j);
            }
        }
        Element::Regions => {
            for j in 0..ir.num_regions(op) {
                if j > 0 {
                    p.print_str(", ");
                }
                print_region_at(p, spec, op, j);
            }
        }
        Element::Successor(i) => {
            let r = successor_group(ir, op, spec, *i);
            for (n, j) in r.enumerate() {
                if n > 0 {
                    p.print_str(", ");
                }
                p.print_successor(ir.successor(op, j));
            }
        }
        Element::Successors => {
            for j in 0..ir.num_successors(op) {
                if j > 0 {
                    p.print_str(", ");
                }
                p.print_successor(ir.successor(op, j));
            }
        }
        Element::Type { arg, .. } => print_types(p, spec, op, *arg),
        Element::FunctionalType(inputs, results) => {
            p.print_char('(');
            print_types(p, spec, op, *inputs);
            p.print_str(") -> ");
            let (n, first) = types_of(spec, ir, op, *results);
            let wrapped = n != 1
                || first.is_some_and(|t| matches!(ir.ctx().ty(t), TypeKind::Function { .. }));
            if wrapped {
                p.print_char('(');
            }
            print_types(p, spec, op, *results);
            if wrapped {
                p.print_char(')');
            }
        }
        Element::Custom { directive, params } => {
            let Some(d) = spec.custom_directives.get(*directive) else {
                return;
            };
            let args: SmallVec<[CustomPrintArg; 4]> = params
                .iter()
                .map(|prm| custom_print_arg(spec, ir, op, prm))
                .collect();
            (d.print)(p, op, &args);
        }
        _ => {}
    }
}

fn custom_print_arg(spec: &OpSpec, ir: &Ir, op: OpRef, prm: &CustomParam) -> CustomPrintArg {
    match prm {
        CustomParam::Operand(i) => CustomPrintArg::Operands(operand_group(ir, op, spec, *i)),
        CustomParam::Attr(i) => CustomPrintArg::Attr(attr_of(ir, op, spec, *i)),
        CustomParam::Region(i) => CustomPrintArg::Regions(region_group(ir, op, spec, *i)),
        CustomParam::Successor(i) => CustomPrintArg::Successors(successor_group(ir, op, spec, *i)),
        CustomParam::Type(arg) => {
            let types = match *arg {
                TypeArg::Operand(i) => operand_group(ir, op, spec, i)
                    .map(|j| ir.value_type(ir.operand(op, j)))
                    .collect(),
                TypeArg::Result(i) => result_group(ir, op, spec, i)
                    .map(|j| ir.value_type(ir.result(op, j)))
                    .collect(),
                TypeArg::Operands => ir.operand_types(op).collect(),
                TypeArg::Results => ir.result_types(op).collect(),
            };
            CustomPrintArg::Types(types)
        }
        CustomParam::AttrDict => CustomPrintArg::AttrDict(ir.op_attributes(op)),
        CustomParam::Str(s) => CustomPrintArg::Str(s),
        CustomParam::Ref(inner) => custom_print_arg(spec, ir, op, inner),
    }
}
