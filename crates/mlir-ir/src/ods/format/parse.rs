//! The parser engine: parses an op's custom form by walking its compiled
//! [`Format`], in the order and with the errors of OpFormatGen's generated
//! `parse` method: elements first (operands stay unresolved), then regions,
//! successors, segment sizes and finally type resolution.
//!
//! Storage is on the stack (`SmallVec`s sized for common ops) and the
//! attributes the engine builds (enum values, property dictionaries,
//! segment sizes) are memoized per parse, so parsing a typical op
//! allocates nothing of its own.

use smallvec::SmallVec;

use super::{rule_transform, CustomParam, Element, Format, OptionalGroup, TypeArg, TypeSource};
use crate::asm::lexer::{string_token_value, TokenKind};
use crate::asm::parser::{PResult, UnresolvedOperand};
use crate::asm::OpAsmParser;
use crate::attributes::{ApInt, AttrKind, Attribute};
use crate::context::{Context, Ident};
use crate::ir::{BlockRef, OperationState, RegionRef};
use crate::ods::enums::{parse_stripped, EnumSpec};
use crate::ods::spec::{
    Arity, AttrDefault, AttrFormat, AttrPresence, CustomParseArg, CustomRef, OpSpec, PropKind,
    OPERAND_SEGMENTS, RESULT_SEGMENTS,
};
use crate::traits::TraitSet;
use crate::types::{Type, TypeKind};

type Group<T> = SmallVec<[T; 2]>;

struct St<'a> {
    operands: SmallVec<[Group<UnresolvedOperand<'a>>; 4]>,
    operand_locs: SmallVec<[u32; 4]>,
    all_operands: SmallVec<[UnresolvedOperand<'a>; 4]>,
    all_operands_loc: u32,
    operand_types: SmallVec<[Group<Type>; 4]>,
    result_types: SmallVec<[Group<Type>; 2]>,
    all_operand_types: SmallVec<[Type; 4]>,
    all_result_types: SmallVec<[Type; 2]>,
    attrs: SmallVec<[Option<Attribute>; 4]>,
    regions: SmallVec<[Group<RegionRef>; 2]>,
    all_regions: SmallVec<[RegionRef; 2]>,
    successors: SmallVec<[Group<BlockRef>; 2]>,
    all_successors: SmallVec<[BlockRef; 2]>,
    /// Inherent attributes given in `attr-dict`/`prop-dict`.
    inherent: SmallVec<[(Ident, Attribute); 4]>,
    /// Discardable attributes.
    discardable: Vec<(Ident, Attribute)>,
}

/// Parses the custom form of an op described by `spec` into `state`.
pub(crate) fn parse<'a>(
    spec: &OpSpec,
    format: &Format,
    p: &mut OpAsmParser<'_, 'a>,
    state: &mut OperationState,
) -> PResult<()> {
    // Sized in place with `resize_with` (not collected from iterators) and
    // finished by reference: the state is large, and building or moving
    // it by value cost a few hundred instructions per parsed op.
    let mut st = St {
        operands: SmallVec::new(),
        operand_locs: SmallVec::new(),
        all_operands: SmallVec::new(),
        all_operands_loc: 0,
        operand_types: SmallVec::new(),
        result_types: SmallVec::new(),
        all_operand_types: SmallVec::new(),
        all_result_types: SmallVec::new(),
        attrs: SmallVec::new(),
        regions: SmallVec::new(),
        all_regions: SmallVec::new(),
        successors: SmallVec::new(),
        all_successors: SmallVec::new(),
        inherent: SmallVec::new(),
        discardable: Vec::new(),
    };
    st.operands.resize_with(spec.operands.len(), Group::new);
    st.operand_locs.resize(spec.operands.len(), 0);
    st.operand_types
        .resize_with(spec.operands.len(), Group::new);
    st.result_types.resize_with(spec.results.len(), Group::new);
    st.attrs.resize(spec.attrs.len(), None);
    st.regions.resize_with(spec.regions.len(), Group::new);
    st.successors.resize_with(spec.successors.len(), Group::new);
    for el in format.elements.iter() {
        parse_element(spec, format, p, state, &mut st, el, false)?;
    }
    finish(spec, format, p, state, &mut st)
}

fn parse_element<'a>(
    spec: &OpSpec,
    format: &Format,
    p: &mut OpAsmParser<'_, 'a>,
    state: &mut OperationState,
    st: &mut St<'a>,
    el: &Element,
    in_group: bool,
) -> PResult<()> {
    match el {
        Element::Literal(lit) => parse_literal(p, lit),
        Element::Space(_) | Element::Newline => Ok(()),
        Element::Attr { index, qualified } => {
            let optional =
                !in_group && matches!(spec.attrs[*index].presence, AttrPresence::Optional);
            let a = if optional {
                parse_optional_attr(spec, p, *index, *qualified)?
            } else {
                Some(parse_attr(spec, p, *index, *qualified)?)
            };
            if a.is_some() {
                st.attrs[*index] = a;
            }
            Ok(())
        }
        Element::Operand(i) if vov_segments(spec, *i).is_some() => {
            // `(%a, %b), (), (%c)`: the group sizes become the segment
            // attribute, as ODS' generated parser does.
            st.operand_locs[*i] = p.current_offset();
            let mut sizes: Vec<i64> = Vec::new();
            loop {
                if !p.parse_optional_token(TokenKind::LParen) {
                    break;
                }
                let mut group = Group::new();
                parse_operand_list(p, &mut group)?;
                p.parse_token(TokenKind::RParen, "expected ')'")?;
                sizes.push(group.len() as i64);
                st.operands[*i].extend(group);
                if !p.parse_optional_token(TokenKind::Comma) {
                    break;
                }
            }
            if let Some(name) = vov_segments(spec, *i) {
                let a = crate::ods::preds::dense_int_array(p.ctx(), 32, &sizes);
                if let Some(ai) = spec.attrs.iter().position(|s| s.name == name) {
                    st.attrs[ai] = Some(a);
                }
            }
            Ok(())
        }
        Element::Type {
            arg: TypeArg::Operand(i),
            ..
        } if vov_segments(spec, *i).is_some() => {
            // `(i64, i64), (), (i64)`.
            loop {
                if !p.parse_optional_token(TokenKind::LParen) {
                    break;
                }
                if !p.parse_optional_token(TokenKind::RParen) {
                    loop {
                        let t = p.parse_type()?;
                        st.operand_types[*i].push(t);
                        if !p.parse_optional_token(TokenKind::Comma) {
                            break;
                        }
                    }
                    p.parse_token(TokenKind::RParen, "expected ')'")?;
                }
                if !p.parse_optional_token(TokenKind::Comma) {
                    break;
                }
            }
            Ok(())
        }
        Element::Operand(i) => {
            st.operand_locs[*i] = p.current_offset();
            match spec.operands[*i].arity {
                Arity::Single => {
                    let u = p.parse_operand()?;
                    st.operands[*i].push(u);
                }
                Arity::Optional => {
                    if let Some(u) = p.parse_optional_operand()? {
                        st.operands[*i].push(u);
                    }
                }
                Arity::Variadic => parse_operand_list(p, &mut st.operands[*i])?,
            }
            Ok(())
        }
        Element::Operands => {
            st.all_operands_loc = p.current_offset();
            let mut list = Group::new();
            parse_operand_list(p, &mut list)?;
            st.all_operands.extend(list);
            Ok(())
        }
        Element::Region(i) => {
            if spec.regions[*i].variadic {
                let mut list = SmallVec::<[RegionRef; 2]>::new();
                parse_region_list(spec, p, state, &mut list)?;
                st.regions[*i].extend(list);
            } else {
                let r = p.parse_region(&[])?;
                ensure_block(spec, p, state, r);
                st.regions[*i].push(r);
            }
            Ok(())
        }
        Element::Regions => parse_region_list(spec, p, state, &mut st.all_regions),
        Element::Successor(i) => {
            if spec.successors[*i].variadic {
                parse_successor_list(p, &mut st.successors[*i])
            } else {
                let b = p.parse_successor()?;
                st.successors[*i].push(b);
                Ok(())
            }
        }
        Element::Successors => parse_successor_list(p, &mut st.all_successors),
        Element::Type { arg, .. } => {
            let (arity, list) = type_storage(spec, st, *arg);
            match arity {
                Arity::Single => {
                    let t = p.parse_type()?;
                    list.push(t);
                }
                Arity::Optional => {
                    if let Some(t) = p.parse_optional_type()? {
                        list.push(t);
                    }
                }
                Arity::Variadic => {
                    list.push(p.parse_type()?);
                    while p.parse_optional_token(TokenKind::Comma) {
                        list.push(p.parse_type()?);
                    }
                }
            }
            Ok(())
        }
        Element::FunctionalType(inputs, results) => {
            let off = p.current_offset();
            let t = p.parse_type()?;
            let Some((ins, outs)) = p.ctx().function_signature(t) else {
                return p.emit_error(off, "invalid kind of type specified");
            };
            let (ins, outs): (SmallVec<[Type; 4]>, SmallVec<[Type; 2]>) = (
                ins.iter().copied().collect(),
                outs.iter().copied().collect(),
            );
            let list = type_storage(spec, st, *inputs).1;
            for t in ins {
                list.push(t);
            }
            let list = type_storage(spec, st, *results).1;
            for t in outs {
                list.push(t);
            }
            Ok(())
        }
        Element::AttrDict { with_keyword } => {
            let loc = p.current_offset();
            let present = if *with_keyword {
                p.parse_optional_keyword("attributes")
            } else {
                p.at(TokenKind::LBrace)
            };
            if present {
                let entries = p.raw().parse_attribute_dict()?;
                add_dict_entries(spec, p, st, loc, entries)?;
            }
            Ok(())
        }
        Element::PropDict => parse_prop_dict(spec, format, p, st),
        Element::Custom { directive, params } => {
            parse_custom(spec, p, state, st, *directive, params, false).map(|_| ())
        }
        Element::Optional(g) => parse_group(spec, format, p, state, st, g),
        Element::OIList(clauses) => parse_oilist(spec, format, p, state, st, clauses),
    }
}

/// `prop-dict`: the optional `<{...}>` of properties the format does not
/// print elsewhere, checked as mlir-opt's generated
/// `setPropertiesFromParsedAttr` checks it: every native property without a
/// declared default (`AttrPresence::Prop`) that the format does not print
/// elsewhere must be given (an absent dictionary counts as empty), and no
/// other key may appear (an undeclared name, or one printed elsewhere).
/// The errors are located at the op name, without the "custom op" prefix.
fn parse_prop_dict<'a>(
    spec: &OpSpec,
    format: &Format,
    p: &mut OpAsmParser<'_, 'a>,
    st: &mut St<'a>,
) -> PResult<()> {
    let entries = if p.parse_optional_token(TokenKind::Less) {
        let entries = p.raw().parse_attribute_dict()?;
        p.parse_token(TokenKind::Greater, "expected '>'")?;
        entries
    } else {
        Vec::new()
    };
    let ctx = p.raw().ctx.clone();
    let elsewhere = |i: usize| format.used_attrs.contains(&i);
    let invalid = |p: &mut OpAsmParser<'_, 'a>, reason: String| -> PResult<()> {
        let dict = ctx.dictionary_attr(&entries);
        let at = p.name_offset();
        p.raw().emit_error_at(
            at,
            format!(
                "invalid properties {} for op {}: {reason}",
                ctx.display(dict),
                spec.name
            ),
        )
    };
    for (i, a) in spec.attrs.iter().enumerate() {
        if matches!(a.presence, AttrPresence::Prop(_))
            && !elsewhere(i)
            && !entries.iter().any(|&(k, _)| ctx.ident_str(k) == a.name)
        {
            let reason = format!(
                "expected key entry for {} in DictionaryAttr to set Properties.",
                a.name
            );
            return invalid(p, reason);
        }
    }
    for &(k, v) in &entries {
        let name = ctx.ident_str(k);
        match spec.attr_index(name) {
            Some(i) if !elsewhere(i) => {
                // A native property keeps its storage form, as MLIR's
                // `setPropertiesFromParsedAttr` converts it (an `I64Prop`
                // written `16 : i84` is `16 : i64`), the same conversion
                // the generic form gets in `prepare_properties`.
                let v = match spec.attrs[i].constraint.format {
                    AttrFormat::Prop(kind) => {
                        match crate::ods::verify::prop_storage(&ctx, kind, v) {
                            Ok(n) => n,
                            Err(reason) => return invalid(p, reason.to_string()),
                        }
                    }
                    _ => v,
                };
                st.attrs[i] = Some(v)
            }
            None if spec
                .segment_attrs()
                .iter()
                .any(|&(seg, on, _)| on && seg == name) =>
            {
                st.inherent.push((k, v))
            }
            _ => {
                let reason = format!("unknown key '\"{name}\"' when parsing properties dictionary");
                return invalid(p, reason);
            }
        }
    }
    Ok(())
}

/// Parses the clauses of an `oilist` in any order, each at most once; a
/// clause's unit attributes are set by its keyword.
fn parse_oilist<'a>(
    spec: &OpSpec,
    format: &Format,
    p: &mut OpAsmParser<'_, 'a>,
    state: &mut OperationState,
    st: &mut St<'a>,
    clauses: &[super::OIListClause],
) -> PResult<()> {
    let mut seen: SmallVec<[bool; 4]> = clauses.iter().map(|_| false).collect();
    loop {
        let Some(ci) = clauses
            .iter()
            .position(|c| parse_optional_literal(p, c.keyword))
        else {
            return Ok(());
        };
        if std::mem::replace(&mut seen[ci], true) {
            // Reported at the op name, as OpFormatGen's parser does.
            let off = p.name_offset();
            return p.emit_error(
                off,
                format!(
                    "`{}` clause can appear at most once in the expansion of the oilist directive",
                    clauses[ci].keyword
                ),
            );
        }
        for el in clauses[ci].elems.iter() {
            match el {
                Element::Attr { index, .. }
                    if matches!(spec.attrs[*index].constraint.format, AttrFormat::Unit) =>
                {
                    st.attrs[*index] = Some(p.ctx().unit_attr());
                }
                _ => parse_element(spec, format, p, state, st, el, true)?,
            }
        }
    }
}

/// The arity and storage of a type directive's argument.
fn type_storage<'s>(
    spec: &OpSpec,
    st: &'s mut St<'_>,
    arg: TypeArg,
) -> (Arity, &'s mut dyn Extend) {
    match arg {
        TypeArg::Operand(i) => (spec.operands[i].arity, &mut st.operand_types[i]),
        TypeArg::Result(i) => (spec.results[i].arity, &mut st.result_types[i]),
        TypeArg::Operands => (Arity::Variadic, &mut st.all_operand_types),
        TypeArg::Results => (Arity::Variadic, &mut st.all_result_types),
    }
}

/// A growable type list (the storages have different inline sizes).
trait Extend {
    fn push(&mut self, t: Type);
}

impl<const N: usize> Extend for SmallVec<[Type; N]> {
    fn push(&mut self, t: Type) {
        SmallVec::push(self, t)
    }
}

fn parse_literal(p: &mut OpAsmParser<'_, '_>, lit: &str) -> PResult<()> {
    let first = lit.as_bytes()[0];
    if first == b'_' || first.is_ascii_alphabetic() {
        let off = p.current_offset();
        if p.parse_optional_keyword(lit) {
            return Ok(());
        }
        return p.emit_error(off, format!("expected '{lit}'"));
    }
    let (kind, msg) = punct(lit);
    p.parse_token(kind, msg)
}

fn punct(lit: &str) -> (TokenKind, &'static str) {
    match lit {
        "->" => (TokenKind::Arrow, "expected '->'"),
        ":" => (TokenKind::Colon, "expected ':'"),
        "," => (TokenKind::Comma, "expected ','"),
        "=" => (TokenKind::Equal, "expected '='"),
        "<" => (TokenKind::Less, "expected '<'"),
        ">" => (TokenKind::Greater, "expected '>'"),
        "{" => (TokenKind::LBrace, "expected '{'"),
        "}" => (TokenKind::RBrace, "expected '}'"),
        "(" => (TokenKind::LParen, "expected '('"),
        ")" => (TokenKind::RParen, "expected ')'"),
        "[" => (TokenKind::LSquare, "expected '['"),
        "]" => (TokenKind::RSquare, "expected ']'"),
        "?" => (TokenKind::Question, "expected '?'"),
        "+" => (TokenKind::Plus, "expected '+'"),
        "*" => (TokenKind::Star, "expected '*'"),
        _ => (TokenKind::Ellipsis, "expected '...'"),
    }
}

fn parse_optional_literal(p: &mut OpAsmParser<'_, '_>, lit: &str) -> bool {
    let first = lit.as_bytes()[0];
    if first == b'_' || first.is_ascii_alphabetic() {
        return p.parse_optional_keyword(lit);
    }
    p.parse_optional_token(punct(lit).0)
}

fn parse_operand_list<'a>(
    p: &mut OpAsmParser<'_, 'a>,
    out: &mut Group<UnresolvedOperand<'a>>,
) -> PResult<()> {
    if !p.at(TokenKind::PercentIdent) {
        return Ok(());
    }
    loop {
        out.push(p.parse_operand()?);
        if !p.parse_optional_token(TokenKind::Comma) {
            return Ok(());
        }
    }
}

fn parse_successor_list<const N: usize>(
    p: &mut OpAsmParser<'_, '_>,
    out: &mut SmallVec<[BlockRef; N]>,
) -> PResult<()> {
    if let Some(b) = p.parse_optional_successor()? {
        out.push(b);
        while p.parse_optional_token(TokenKind::Comma) {
            out.push(p.parse_successor()?);
        }
    }
    Ok(())
}

fn parse_region_list<const N: usize>(
    spec: &OpSpec,
    p: &mut OpAsmParser<'_, '_>,
    state: &OperationState,
    out: &mut SmallVec<[RegionRef; N]>,
) -> PResult<()> {
    if let Some(r) = p.parse_optional_region(&[])? {
        ensure_block(spec, p, state, r);
        out.push(r);
        while p.parse_optional_token(TokenKind::Comma) {
            let r = p.parse_region(&[])?;
            ensure_block(spec, p, state, r);
            out.push(r);
        }
    }
    Ok(())
}

/// MLIR's `ensureTerminator` (for `SingleBlockImplicitTerminator`) or
/// `emplaceBlock` on an empty region (for `SingleBlock`).
fn ensure_block(spec: &OpSpec, p: &mut OpAsmParser<'_, '_>, state: &OperationState, r: RegionRef) {
    let traits = spec.implied_traits();
    if !traits.contains(TraitSet::SINGLE_BLOCK) {
        return;
    }
    let ir = p.ir();
    if ir.region_is_empty(r) {
        let b = ir.create_block();
        ir.append_block(r, b);
    }
    let Some(term) = spec.implicit_terminator else {
        return;
    };
    let Some(b) = ir.first_block(r) else { return };
    let needs = match ir.last_op(b) {
        None => true,
        // MLIR's `ensureRegionTerminator`: an unregistered op is not known
        // to be a terminator, so the implicit one is still added.
        Some(last) => !ir.op_has_trait(last, TraitSet::IS_TERMINATOR),
    };
    if needs {
        let name = ir.ctx().op_name(term);
        let t = ir.create_op(OperationState::new(name, state.loc));
        ir.append_op(b, t);
    }
}

/// The memoized attribute for an enum value.
fn enum_attr(
    p: &mut OpAsmParser<'_, '_>,
    spec: &OpSpec,
    index: usize,
    e: &EnumSpec,
    value: u64,
    int: bool,
) -> Attribute {
    let key = (spec as *const OpSpec as usize, index as u32, value);
    if let Some(&a) = p.raw().caches.ods_attrs.get(&key) {
        return a;
    }
    let ctx = p.ctx();
    let a = if int {
        ctx.int_attr(ctx.int_type(e.int_width), value as i64)
    } else {
        e.attr(ctx, value)
    };
    p.raw().caches.ods_attrs.insert(key, a);
    a
}

/// The summary upstream's property parsers name in `invalid value for
/// property <name>, expected <summary>`.
fn prop_summary(kind: PropKind) -> String {
    match kind {
        PropKind::Int(w) => format!("int{w}_t"),
        PropKind::String => "string".into(),
        PropKind::Bool => "boolean".into(),
        PropKind::Unit => "unit property".into(),
        PropKind::IntArray(w) => format!("array of int{w}_t"),
    }
}

/// A native property value if the next tokens spell one (the property's
/// `optionalParser`), `None` otherwise; errors only on malformed integers.
fn parse_optional_prop(p: &mut OpAsmParser<'_, '_>, kind: PropKind) -> PResult<Option<Attribute>> {
    match kind {
        PropKind::Int(w) => {
            let v = p.parse_optional_integer_i64_in_op()?;
            let ctx = p.ctx();
            Ok(v.map(|v| ctx.int_attr(ctx.int_type(w), v)))
        }
        PropKind::String => {
            if !p.at(TokenKind::String) {
                return Ok(None);
            }
            let value = string_token_value(p.raw().tok_text()).to_vec();
            p.raw().consume();
            Ok(Some(p.ctx().intern_attr(AttrKind::String {
                value: value.into(),
                ty: None,
            })))
        }
        PropKind::Bool => {
            let k = p.parse_optional_keyword_of(&["true", "false"]);
            Ok(k.map(|k| p.ctx().bool_attr(k == "true")))
        }
        PropKind::IntArray(w) => {
            if !p.parse_optional_token(TokenKind::LSquare) {
                return Ok(None);
            }
            let mut values = Vec::new();
            if !p.parse_optional_token(TokenKind::RSquare) {
                loop {
                    let off = p.current_offset();
                    match p.parse_optional_integer_i64_in_op()? {
                        Some(v) => values.push(v),
                        None => return p.emit_error(off, "expected integer value"),
                    }
                    if !p.parse_optional_token(TokenKind::Comma) {
                        break;
                    }
                }
                p.parse_token(TokenKind::RSquare, "expected ']'")?;
            }
            Ok(Some(crate::ods::preds::dense_int_array(
                p.ctx(),
                w,
                &values,
            )))
        }
        PropKind::Unit => {
            let k = p.parse_optional_keyword_of(&["unit", "unit_absent"]);
            let ctx = p.ctx();
            Ok(k.map(|k| {
                if k == "unit" {
                    ctx.unit_attr()
                } else {
                    ctx.bool_attr(false)
                }
            }))
        }
    }
}

/// A native property value (the property's `parser`), reporting MLIR's two
/// errors (the value's, then `invalid value for property ...`) otherwise.
fn parse_prop(
    spec: &OpSpec,
    p: &mut OpAsmParser<'_, '_>,
    index: usize,
    kind: PropKind,
) -> PResult<Attribute> {
    let loc = p.current_offset();
    let first = match parse_optional_prop(p, kind) {
        Ok(Some(a)) => return Ok(a),
        Ok(None) => Some(match kind {
            PropKind::Int(_) | PropKind::Bool => "expected integer value",
            PropKind::String => "expected string",
            PropKind::Unit => "expected 'unit' or 'unit_absent'",
            PropKind::IntArray(_) => "expected '['",
        }),
        Err(()) => None,
    };
    if let Some(msg) = first {
        let _: PResult<()> = p.emit_error(loc, msg);
    }
    p.emit_error(
        loc,
        format!(
            "invalid value for property {}, expected {}",
            spec.attrs[index].name,
            prop_summary(kind)
        ),
    )
}

fn parse_attr(
    spec: &OpSpec,
    p: &mut OpAsmParser<'_, '_>,
    index: usize,
    qualified: bool,
) -> PResult<Attribute> {
    let a = &spec.attrs[index];
    match a.constraint.format {
        AttrFormat::Prop(kind) => parse_prop(spec, p, index, kind),
        AttrFormat::WithoutType(ty) => {
            let t = ty(p.ctx());
            p.parse_attribute(Some(t))
        }
        // Upstream's string constraints have the buildable value type
        // `NoneType`: a `:` after the string belongs to the format, not to
        // the attribute.
        AttrFormat::String => {
            let none = p.ctx().none_type();
            p.parse_attribute(Some(none))
        }
        AttrFormat::DialectAttr(dialect, mnemonic) => {
            if !p.at(TokenKind::Less) {
                return p.parse_attribute(None);
            }
            parse_stripped_dialect_attr(p, dialect, mnemonic)
        }
        AttrFormat::DialectEnum(e) if !qualified => {
            if !p.at(TokenKind::Less) {
                return p
                    .parse_token(TokenKind::Less, "expected '<'")
                    .map(|_| unreachable_attr(p));
            }
            let start = p.current_offset();
            let text = &p.raw().lex.source()[start as usize..];
            match parse_stripped(e, text) {
                Ok((value, used)) => {
                    p.raw().reset_lexer_to(start as usize + used);
                    Ok(enum_attr(p, spec, index, e, value, false))
                }
                Err(errors) => {
                    for (off, msg) in errors {
                        let at = start + off as u32;
                        if msg.starts_with("expected '") {
                            let _: PResult<()> = p.error_at(at, msg);
                        } else {
                            let _: PResult<()> = p.emit_error(at, msg);
                        }
                    }
                    Err(())
                }
            }
        }
        AttrFormat::IntEnum(e) => {
            let loc = p.current_offset();
            match parse_optional_int_enum(spec, p, index, e)? {
                Some(a) => Ok(a),
                None => {
                    let cases = e.case_list(", ");
                    p.emit_error(
                        loc,
                        format!(
                            "expected string or keyword containing one of the following enum values for attribute '{}' [{cases}]",
                            a.name
                        ),
                    )
                }
            }
        }
        AttrFormat::SymbolName => {
            let name = p.parse_symbol_name()?;
            Ok(p.ctx().string_attr(&name))
        }
        AttrFormat::DenseI32Array | AttrFormat::DenseI64Array => {
            p.parse_token(TokenKind::LSquare, "expected '['")?;
            let width = if matches!(a.constraint.format, AttrFormat::DenseI64Array) {
                64
            } else {
                32
            };
            let elem = p.ctx().int_type(width);
            let mut elements: SmallVec<[Attribute; 4]> = SmallVec::new();
            if !p.parse_optional_token(TokenKind::RSquare) {
                loop {
                    // Each element is an integer literal of the element
                    // width (MLIR's `DenseArrayAttrImpl<T>::parse` reads
                    // them with `parseInteger`), not any attribute.
                    let off = p.current_offset();
                    let v = match p.parse_optional_integer_i64_in_op()? {
                        Some(v) => v,
                        None => return p.emit_error(off, "expected integer value"),
                    };
                    if width == 32 && i32::try_from(v).is_err() {
                        return p.emit_error(off, "integer value too large");
                    }
                    elements.push(p.ctx().integer_attr(elem, ApInt::from_i64(width, v)));
                    if !p.parse_optional_token(TokenKind::Comma) {
                        break;
                    }
                }
                p.parse_token(TokenKind::RSquare, "expected ']'")?;
            }
            Ok(p.ctx().intern_attr(AttrKind::DenseArray {
                element: elem,
                elements: elements.to_vec().into(),
            }))
        }
        _ => p.parse_attribute(None),
    }
}

/// `<...>` of a dialect attribute printed stripped: the balanced text is
/// checked and canonicalized by the dialect as the body `mnemonic<...>`
/// (MLIR's `parseCustomAttributeWithFallback` without the prefix). The text
/// is delimited by the lexer's dialect-body scanner, the one the generic
/// `#dialect.mnemonic<...>` form uses, so both forms accept the same bodies
/// (a NUL byte inside one once passed here and printed unparsable text).
fn parse_stripped_dialect_attr(
    p: &mut OpAsmParser<'_, '_>,
    dialect: &str,
    mnemonic: &str,
) -> PResult<Attribute> {
    let start = p.current_offset() as usize;
    let end = p.raw().scan_body_at(start)?;
    let text = &p.raw().lex.source()[start..end];
    let body = format!("{mnemonic}{text}");
    let ctx = p.raw().ctx.clone();
    let canonical = match ctx.dialect(dialect) {
        Some(d) => d.canonicalize_attribute(&ctx, &body),
        None => Ok(None),
    };
    let body: Box<str> = match canonical {
        Ok(None) => body.into(),
        Ok(Some(t)) => t.into(),
        // The first error is the one MLIR's attribute parser stops at. Its
        // generated parser reads the parameters through the op's parser, so
        // the message carries the "custom op" prefix.
        Err(errors) => {
            return match errors.into_iter().next() {
                Some((off, msg)) => {
                    let at = (start + off.saturating_sub(mnemonic.len())) as u32;
                    p.emit_error(at, msg)
                }
                None => p.emit_error(start as u32, "invalid attribute"),
            };
        }
    };
    let d = ctx.ident(dialect);
    Ok(ctx.intern_attr(AttrKind::Opaque { dialect: d, body }))
}

/// A placeholder after a reported error (never used: the caller fails).
fn unreachable_attr(p: &mut OpAsmParser<'_, '_>) -> Attribute {
    p.ctx().unit_attr()
}

fn parse_optional_int_enum(
    spec: &OpSpec,
    p: &mut OpAsmParser<'_, '_>,
    index: usize,
    e: &EnumSpec,
) -> PResult<Option<Attribute>> {
    let loc = p.current_offset();
    let name = spec.attrs[index].name;
    let word: String = if p.at(TokenKind::BareIdent) {
        let text = p.raw().tok_text();
        if !e
            .cases
            .iter()
            .any(|c| c.name == text && super::can_format_as_keyword(c.name))
        {
            return Ok(None);
        }
        p.raw().consume();
        text.to_string()
    } else if p.at(TokenKind::String) {
        let text = p.raw().tok_text();
        p.raw().consume();
        String::from_utf8_lossy(&string_token_value(text)).into_owned()
    } else {
        return Ok(None);
    };
    match e.symbolize(&word) {
        Some(v) => Ok(Some(enum_attr(p, spec, index, e, v, true))),
        None => p.emit_error(
            loc,
            format!("invalid {name} attribute specification: \"{word}\""),
        ),
    }
}

fn parse_optional_attr(
    spec: &OpSpec,
    p: &mut OpAsmParser<'_, '_>,
    index: usize,
    qualified: bool,
) -> PResult<Option<Attribute>> {
    let a = &spec.attrs[index];
    match a.constraint.format {
        AttrFormat::Prop(kind) => parse_optional_prop(p, kind),
        AttrFormat::WithoutType(ty) => {
            let t = ty(p.ctx());
            p.raw().parse_optional_attribute(Some(t))
        }
        AttrFormat::DialectEnum(_) if !qualified => {
            if p.at(TokenKind::Less) {
                parse_attr(spec, p, index, qualified).map(Some)
            } else {
                Ok(None)
            }
        }
        AttrFormat::IntEnum(e) => parse_optional_int_enum(spec, p, index, e),
        AttrFormat::SymbolName => Ok(p
            .parse_optional_symbol_name()
            .map(|s| p.ctx().string_attr(&s))),
        AttrFormat::Array => {
            if p.at(TokenKind::LSquare) {
                p.parse_attribute(None).map(Some)
            } else {
                Ok(None)
            }
        }
        AttrFormat::DialectAttr(dialect, mnemonic) => {
            if p.at(TokenKind::Less) {
                parse_stripped_dialect_attr(p, dialect, mnemonic).map(Some)
            } else {
                p.raw().parse_optional_attribute(None)
            }
        }
        AttrFormat::SymbolRef => {
            if p.at(TokenKind::AtIdent) {
                p.parse_attribute(None).map(Some)
            } else {
                Ok(None)
            }
        }
        AttrFormat::String => {
            if p.at(TokenKind::String) {
                parse_attr(spec, p, index, qualified).map(Some)
            } else {
                Ok(None)
            }
        }
        AttrFormat::DenseI32Array | AttrFormat::DenseI64Array => {
            if p.at(TokenKind::LSquare) {
                parse_attr(spec, p, index, qualified).map(Some)
            } else {
                Ok(None)
            }
        }
        _ => p.raw().parse_optional_attribute(None),
    }
}

/// Routes `attr-dict` entries: inherent attributes are checked against their
/// constraints (MLIR's `verifyInherentAttrs`) and become properties.
fn add_dict_entries(
    spec: &OpSpec,
    p: &mut OpAsmParser<'_, '_>,
    st: &mut St<'_>,
    loc: u32,
    entries: Vec<(Ident, Attribute)>,
) -> PResult<()> {
    for (k, v) in entries {
        let ctx = p.ctx();
        let name = ctx.ident_str(k);
        if let Some(i) = spec.attr_index(name) {
            let c = spec.attrs[i].constraint;
            if !(c.pred)(ctx, v) {
                let msg = format!(
                    "'{}' op attribute '{}' failed to satisfy constraint: {}",
                    spec.name, spec.attrs[i].name, c.summary
                );
                return p.emit_error(loc, msg);
            }
            st.inherent.push((k, v));
        } else if name == OPERAND_SEGMENTS || name == RESULT_SEGMENTS {
            st.inherent.push((k, v));
        } else {
            st.discardable.push((k, v));
        }
    }
    Ok(())
}

fn parse_group<'a>(
    spec: &OpSpec,
    format: &Format,
    p: &mut OpAsmParser<'_, 'a>,
    state: &mut OperationState,
    st: &mut St<'a>,
    g: &OptionalGroup,
) -> PResult<()> {
    let first = &g.then_elems[g.then_start];
    let present = match first {
        Element::Attr { index, qualified } => {
            let a = parse_optional_attr(spec, p, *index, *qualified)?;
            if a.is_some() {
                st.attrs[*index] = a;
            }
            a.is_some()
        }
        Element::Literal(lit) => parse_optional_literal(p, lit),
        Element::Operand(i) => {
            parse_element(spec, format, p, state, st, first, false)?;
            !st.operands[*i].is_empty()
        }
        Element::Region(i) => {
            if spec.regions[*i].variadic {
                parse_element(spec, format, p, state, st, first, false)?;
                !st.regions[*i].is_empty()
            } else {
                match p.parse_optional_region(&[])? {
                    Some(r) => {
                        let empty = p.ir().region_is_empty(r);
                        if !empty {
                            ensure_block(spec, p, state, r);
                        }
                        st.regions[*i].push(r);
                        !empty
                    }
                    None => false,
                }
            }
        }
        Element::Successor(i) => {
            parse_element(spec, format, p, state, st, first, false)?;
            !st.successors[*i].is_empty()
        }
        _ => false,
    };
    let elided = g.elided_unit_anchor(spec, false);
    let unit = |st: &mut St<'a>, p: &mut OpAsmParser<'_, 'a>| {
        if let Some(i) = elided {
            st.attrs[i] = Some(p.ctx().unit_attr());
        }
    };
    if present {
        if !g.inverted {
            unit(st, p);
        }
        for el in g.then_elems[g.then_start + 1..].iter() {
            if matches!(el, Element::Attr { index, .. } if Some(*index) == elided) {
                continue;
            }
            parse_element(spec, format, p, state, st, el, true)?;
        }
    } else if !g.else_elems.is_empty() {
        if g.inverted {
            unit(st, p);
        }
        for el in g.else_elems[g.else_start..].iter() {
            if matches!(el, Element::Attr { index, .. } if Some(*index) == elided) {
                continue;
            }
            parse_element(spec, format, p, state, st, el, true)?;
        }
    }
    Ok(())
}

fn parse_custom<'a>(
    spec: &OpSpec,
    p: &mut OpAsmParser<'_, 'a>,
    state: &mut OperationState,
    st: &mut St<'a>,
    directive: usize,
    params: &[CustomParam],
    _optional: bool,
) -> PResult<()> {
    let Some(d) = spec.custom_directives.get(directive) else {
        let off = p.current_offset();
        return p.emit_error(off, "unknown custom directive");
    };
    let mut args: SmallVec<[CustomParseArg<'a>; 4]> = SmallVec::new();
    for prm in params {
        args.push(match prm {
            CustomParam::Operand(i) => {
                st.operand_locs[*i] = p.current_offset();
                if vov_segments(spec, *i).is_some() {
                    CustomParseArg::OperandGroups(Vec::new())
                } else if spec.operands[*i].arity == Arity::Variadic {
                    CustomParseArg::Operands(Vec::new())
                } else {
                    CustomParseArg::Operand(None)
                }
            }
            CustomParam::Attr(_) => CustomParseArg::Attr(None),
            CustomParam::Region(i) => {
                if spec.regions[*i].variadic {
                    CustomParseArg::Regions(Vec::new())
                } else {
                    CustomParseArg::Region(p.ir().create_region())
                }
            }
            CustomParam::Successor(i) => {
                if spec.successors[*i].variadic {
                    CustomParseArg::Successors(Vec::new())
                } else {
                    CustomParseArg::Successor(None)
                }
            }
            CustomParam::Type(TypeArg::Operand(i)) if vov_segments(spec, *i).is_some() => {
                CustomParseArg::TypeGroups(Vec::new())
            }
            CustomParam::Type(arg) => {
                let variadic = match arg {
                    TypeArg::Operand(i) => spec.operands[*i].arity == Arity::Variadic,
                    TypeArg::Result(i) => spec.results[*i].arity == Arity::Variadic,
                    _ => true,
                };
                if variadic {
                    CustomParseArg::Types(Vec::new())
                } else {
                    CustomParseArg::Type(None)
                }
            }
            CustomParam::AttrDict => CustomParseArg::AttrDict(Vec::new()),
            CustomParam::Str(s) => CustomParseArg::Str(s),
            CustomParam::Ref(inner) => CustomParseArg::Ref(match &**inner {
                CustomParam::Attr(i) => CustomRef::Attr(st.attrs[*i]),
                CustomParam::Operand(i) => CustomRef::Operands(st.operands[*i].len()),
                CustomParam::Type(TypeArg::Operand(i)) => {
                    CustomRef::Types(st.operand_types[*i].to_vec())
                }
                CustomParam::Type(TypeArg::Result(i)) => {
                    CustomRef::Types(st.result_types[*i].to_vec())
                }
                _ => CustomRef::None,
            }),
        });
    }
    let loc = p.current_offset();
    (d.parse)(p, &mut args)?;
    for (prm, arg) in params.iter().zip(args) {
        match (prm, arg) {
            (CustomParam::Operand(i), CustomParseArg::Operand(Some(u))) => st.operands[*i].push(u),
            (CustomParam::Operand(i), CustomParseArg::Operands(v)) => st.operands[*i].extend(v),
            (CustomParam::Operand(i), CustomParseArg::OperandGroups(groups)) => {
                // The sub-group sizes become the segment attribute, as
                // ODS' generated parsers set it.
                if let Some(name) = vov_segments(spec, *i) {
                    let sizes: Vec<i64> = groups.iter().map(|g| g.len() as i64).collect();
                    let a = crate::ods::preds::dense_int_array(p.ctx(), 32, &sizes);
                    if let Some(ai) = spec.attrs.iter().position(|s| s.name == name) {
                        st.attrs[ai] = Some(a);
                    }
                }
                st.operands[*i].extend(groups.into_iter().flatten())
            }
            (CustomParam::Type(arg), CustomParseArg::TypeGroups(groups)) => {
                let list = type_storage(spec, st, *arg).1;
                for t in groups.into_iter().flatten() {
                    list.push(t);
                }
            }
            (CustomParam::Attr(i), CustomParseArg::Attr(Some(a))) => st.attrs[*i] = Some(a),
            (CustomParam::Region(i), CustomParseArg::Region(r)) => {
                ensure_block(spec, p, state, r);
                st.regions[*i].push(r)
            }
            (CustomParam::Region(i), CustomParseArg::Regions(v)) => st.regions[*i].extend(v),
            (CustomParam::Successor(i), CustomParseArg::Successor(Some(b))) => {
                st.successors[*i].push(b)
            }
            (CustomParam::Successor(i), CustomParseArg::Successors(v)) => {
                st.successors[*i].extend(v)
            }
            (CustomParam::Type(arg), CustomParseArg::Type(Some(t))) => {
                type_storage(spec, st, *arg).1.push(t)
            }
            (CustomParam::Type(arg), CustomParseArg::Types(v)) => {
                let list = type_storage(spec, st, *arg).1;
                for t in v {
                    list.push(t);
                }
            }
            (CustomParam::AttrDict, CustomParseArg::AttrDict(entries)) => {
                add_dict_entries(spec, p, st, loc, entries)?;
            }
            _ => {}
        }
    }
    Ok(())
}

/// The segment attribute of operand group `i` if it is a `VariadicOfVariadic`.
fn vov_segments(spec: &OpSpec, i: usize) -> Option<&'static str> {
    spec.variadic_of_variadic
        .iter()
        .find(|(g, _)| *g == i)
        .map(|(_, name)| *name)
}

/// Types for a group resolved from `src`: either one type for every value
/// (`Err`) or a list (`Ok`).
enum Resolved {
    One(Option<Type>),
    List(SmallVec<[Type; 4]>),
}

fn resolve(
    spec: &OpSpec,
    ctx: &Context,
    st: &St<'_>,
    src: TypeSource,
    own: &[Type],
    own_arity: Arity,
    builder: Option<fn(&Context) -> Type>,
) -> Resolved {
    let transform = |t: Type, rule: Option<usize>| match rule.and_then(|r| rule_transform(spec, r))
    {
        Some(f) => f(ctx, t),
        None => t,
    };
    let from_list = |list: &[Type], arity: Arity, rule: Option<usize>| {
        if arity == Arity::Variadic {
            Resolved::List(list.iter().map(|&t| transform(t, rule)).collect())
        } else {
            Resolved::One(list.first().map(|&t| transform(t, rule)))
        }
    };
    match src {
        TypeSource::Format => {
            let _ = own_arity;
            Resolved::List(own.iter().copied().collect())
        }
        TypeSource::Operand(j, rule) => {
            from_list(&st.operand_types[j], spec.operands[j].arity, rule)
        }
        TypeSource::Result(j, rule) => from_list(&st.result_types[j], spec.results[j].arity, rule),
        TypeSource::Attr(k, rule) => {
            let t = st.attrs[k].and_then(|a| attr_value_type(ctx, a));
            Resolved::One(t.map(|t| transform(t, rule)))
        }
        TypeSource::Buildable => Resolved::One(builder.map(|b| b(ctx))),
        TypeSource::Inferred => Resolved::List(SmallVec::new()),
    }
}

fn attr_value_type(ctx: &Context, a: Attribute) -> Option<Type> {
    match ctx.attr(a) {
        AttrKind::Type(t) => Some(*t),
        _ => ctx.attr_type(a),
    }
}

fn finish<'a>(
    spec: &OpSpec,
    format: &Format,
    p: &mut OpAsmParser<'_, 'a>,
    state: &mut OperationState,
    st: &mut St<'a>,
) -> PResult<()> {
    // Regions.
    if format.all_regions {
        state.regions.extend(st.all_regions.iter().copied());
    } else {
        for (i, r) in spec.regions.iter().enumerate() {
            if !r.variadic && st.regions[i].is_empty() {
                let region = p.ir().create_region();
                st.regions[i].push(region);
            }
            state.regions.extend(st.regions[i].iter().copied());
        }
    }
    // Successors.
    if format.all_successors {
        state.successors.extend(st.all_successors.iter().copied());
    } else {
        for g in st.successors.iter() {
            state.successors.extend(g.iter().copied());
        }
    }
    let ctx_arc = p.raw().ctx.clone();
    let ctx: &Context = &ctx_arc;
    // Properties: attr-dict inherent entries, format attributes, defaults
    // and segment sizes.
    let mut props: SmallVec<[(Ident, Attribute); 4]> = SmallVec::new();
    let put = |props: &mut SmallVec<[(Ident, Attribute); 4]>, k: Ident, v: Attribute| match props
        .iter_mut()
        .find(|e| e.0 == k)
    {
        Some(e) => e.1 = v,
        None => props.push((k, v)),
    };
    if let Some(existing) = state.properties {
        for &(k, v) in ctx.dictionary_entries(existing) {
            put(&mut props, k, v);
        }
    }
    for &(k, v) in st.inherent.iter() {
        put(&mut props, k, v);
    }
    for (i, a) in st.attrs.iter().enumerate() {
        if let Some(a) = *a {
            put(&mut props, ctx.ident(spec.attrs[i].name), a);
        }
    }
    for (i, a) in spec.attrs.iter().enumerate() {
        if let AttrPresence::Prop(f) = a.presence {
            let k = ctx.ident(a.name);
            if !props.iter().any(|e| e.0 == k) {
                put(&mut props, k, f(p.ctx()));
            }
            continue;
        }
        if let AttrPresence::Default(d) = a.presence {
            let k = ctx.ident(a.name);
            if props.iter().any(|e| e.0 == k) {
                continue;
            }
            let v = match (d, a.constraint.format) {
                (AttrDefault::Enum(v), AttrFormat::DialectEnum(e)) => {
                    enum_attr(p, spec, i, e, v, false)
                }
                (AttrDefault::Enum(v), AttrFormat::IntEnum(e)) => enum_attr(p, spec, i, e, v, true),
                (AttrDefault::Build(f), _) => f(p.ctx()),
                (AttrDefault::Enum(v), _) => p.ctx().int_attr(p.ctx().int_type(64), v as i64),
            };
            put(&mut props, k, v);
        }
    }
    if !format.all_operands && spec.attr_sized_operand_segments {
        let sizes: SmallVec<[i32; 4]> = spec
            .operands
            .iter()
            .enumerate()
            .map(|(i, o)| {
                if o.arity == Arity::Single {
                    1
                } else {
                    st.operands[i].len() as i32
                }
            })
            .collect();
        let a = segment_attr(p, sizes);
        put(&mut props, p.ctx().ident(OPERAND_SEGMENTS), a);
    }
    if !format.all_result_types && spec.attr_sized_result_segments {
        let sizes: SmallVec<[i32; 4]> = spec
            .results
            .iter()
            .enumerate()
            .map(|(i, o)| {
                if o.arity == Arity::Single {
                    1
                } else {
                    st.result_types[i].len() as i32
                }
            })
            .collect();
        let a = segment_attr(p, sizes);
        put(&mut props, p.ctx().ident(RESULT_SEGMENTS), a);
    }
    state.properties = if props.is_empty() {
        None
    } else {
        props.sort_by(|a, b| ctx.ident_str(a.0).cmp(ctx.ident_str(b.0)));
        match p.raw().caches.ods_dicts.get(&props[..]) {
            Some(&d) => Some(d),
            None => {
                let d = p.ctx().dictionary_attr(&props);
                p.raw().caches.ods_dicts.insert(props, d);
                Some(d)
            }
        }
    };
    if !st.discardable.is_empty() {
        let base = state
            .attributes
            .unwrap_or_else(|| p.ctx().empty_dictionary());
        let mut entries: Vec<(Ident, Attribute)> = p.ctx().dictionary_entries(base).to_vec();
        entries.extend(st.discardable.iter().copied());
        state.attributes = Some(p.ctx().dictionary_attr(&entries));
    }

    // Variables whose types feed a `TypesMatchWith` transformer are checked
    // against their constraints first, at the op name, as OpFormatGen does.
    for src in format
        .result_types
        .iter()
        .chain(format.operand_types.iter())
    {
        let (list, v) = match *src {
            TypeSource::Operand(j, Some(_)) => (&st.operand_types[j], &spec.operands[j]),
            TypeSource::Result(j, Some(_)) => (&st.result_types[j], &spec.results[j]),
            _ => continue,
        };
        if let Some(&bad) = list.iter().find(|&&t| !(v.constraint.pred)(ctx, t)) {
            let msg = format!(
                "'{}' must be {}, but got {}",
                v.name,
                v.constraint.summary,
                crate::ods::verify::quoted_type(ctx, bad)
            );
            let off = p.name_offset();
            return p.emit_error(off, msg);
        }
    }
    // Result types.
    if !format.infers_result_types {
        if format.all_result_types {
            state
                .result_types
                .extend(st.all_result_types.iter().copied());
        } else {
            for (i, r) in spec.results.iter().enumerate() {
                match resolve(
                    spec,
                    ctx,
                    st,
                    format.result_types[i],
                    &st.result_types[i],
                    r.arity,
                    r.constraint.builder,
                ) {
                    Resolved::One(Some(t)) => state.result_types.push(t),
                    Resolved::One(None) => {}
                    Resolved::List(l) => state.result_types.extend(l),
                }
            }
        }
    }
    // Operands.
    let name_off = p.current_offset();
    if format.all_operand_types {
        let operands: SmallVec<[UnresolvedOperand<'a>; 4]> = if format.all_operands {
            st.all_operands.clone()
        } else {
            st.operands.iter().flat_map(|g| g.iter().copied()).collect()
        };
        let loc = if format.all_operands {
            st.all_operands_loc
        } else {
            name_off
        };
        let types = st.all_operand_types.clone();
        resolve_list(p, &operands, &types, loc, state)?;
    } else if format.all_operands {
        // A variadic group whose type comes from a single value (say the
        // result, under `SameOperandsAndResultType`) takes that type for
        // each of its operands: all operands the other groups leave.
        let resolved: SmallVec<[(Resolved, bool); 4]> = spec
            .operands
            .iter()
            .enumerate()
            .map(|(i, o)| {
                let r = resolve(
                    spec,
                    ctx,
                    st,
                    format.operand_types[i],
                    &st.operand_types[i],
                    o.arity,
                    o.constraint.builder,
                );
                let repeat = o.arity == Arity::Variadic && matches!(r, Resolved::One(Some(_)));
                (r, repeat)
            })
            .collect();
        let fixed: usize = resolved
            .iter()
            .filter(|(_, repeat)| !repeat)
            .map(|(r, _)| match r {
                Resolved::One(t) => usize::from(t.is_some()),
                Resolved::List(l) => l.len(),
            })
            .sum();
        let repeated = resolved.iter().filter(|(_, repeat)| *repeat).count();
        let share = st
            .all_operands
            .len()
            .saturating_sub(fixed)
            .checked_div(repeated)
            .unwrap_or(0);
        let mut types: SmallVec<[Type; 4]> = SmallVec::new();
        for (r, repeat) in resolved {
            match r {
                Resolved::One(Some(t)) if repeat => types.extend(std::iter::repeat_n(t, share)),
                Resolved::One(t) => types.extend(t),
                Resolved::List(l) => types.extend(l),
            }
        }
        let operands = st.all_operands.clone();
        resolve_list(p, &operands, &types, st.all_operands_loc, state)?;
    } else {
        for (i, o) in spec.operands.iter().enumerate() {
            let loc = st.operand_locs[i];
            let r = resolve(
                spec,
                ctx,
                st,
                format.operand_types[i],
                &st.operand_types[i],
                o.arity,
                o.constraint.builder,
            );
            let group = std::mem::take(&mut st.operands[i]);
            match r {
                Resolved::One(Some(t)) => {
                    for u in group {
                        let v = p.resolve_operand(u, t)?;
                        state.operands.push(v);
                    }
                }
                Resolved::One(None) => {
                    if !group.is_empty() {
                        resolve_list(p, &group, &[], loc, state)?;
                    }
                }
                Resolved::List(l) => resolve_list(p, &group, &l, loc, state)?,
            }
        }
    }
    if format.infers_result_types {
        if let Some(infer) = spec.infer_result_types_from_regions {
            let mut out = Vec::new();
            if !infer(p.ir(), &state.regions, &mut out) {
                let off = p.current_offset();
                return p.emit_error(
                    off,
                    format!("'{}' op failed to infer returned types", spec.name),
                );
            }
            state.result_types.extend(out);
        } else if let Some(infer) = spec.infer_result_types {
            let types: SmallVec<[Type; 4]> = {
                let ir = p.ir();
                state.operands.iter().map(|&v| ir.value_type(v)).collect()
            };
            let mut out = Vec::new();
            if !infer(ctx, &types, state.properties, &mut out) {
                let off = p.current_offset();
                return p.emit_error(
                    off,
                    format!("'{}' op failed to infer returned types", spec.name),
                );
            }
            state.result_types.extend(out);
        }
    }
    let _ = TypeKind::None;
    Ok(())
}

fn segment_attr(p: &mut OpAsmParser<'_, '_>, sizes: SmallVec<[i32; 4]>) -> Attribute {
    if let Some(&a) = p.raw().caches.ods_arrays.get(&sizes) {
        return a;
    }
    let ctx = p.ctx();
    let i32t = ctx.int_type(32);
    let elements: Vec<Attribute> = sizes
        .iter()
        .map(|&s| ctx.int_attr(i32t, s as i64))
        .collect();
    let a = ctx.intern_attr(AttrKind::DenseArray {
        element: i32t,
        elements: elements.into(),
    });
    p.raw().caches.ods_arrays.insert(sizes, a);
    a
}

/// MLIR's `resolveOperands(operands, types, loc, result)`.
fn resolve_list<'a>(
    p: &mut OpAsmParser<'_, 'a>,
    operands: &[UnresolvedOperand<'a>],
    types: &[Type],
    loc: u32,
    state: &mut OperationState,
) -> PResult<()> {
    if operands.len() != types.len() {
        return p.emit_error(
            loc,
            format!(
                "number of operands and types do not match: got {} operands and {} types",
                operands.len(),
                types.len()
            ),
        );
    }
    for (u, &t) in operands.iter().zip(types) {
        let v = p.resolve_operand(*u, t)?;
        state.operands.push(v);
    }
    Ok(())
}
