//! Printing of types, attributes and locations, byte-identical to mlir-opt.
//!
//! [`AttrPrinter`] works in one of two modes, mirroring MLIR's two printing
//! passes. A *recording* printer (see [`AttrPrinter::recording`]) appends
//! nothing: it feeds every type, attribute and location it is asked to print
//! into a [`Record`] so that [`AliasTable::build`] can choose aliases. A
//! normal printer ([`AttrPrinter::new`]) appends MLIR's textual form, using
//! the aliases of an [`AliasTable`] for affine maps, locations and large
//! tuple types when one is given.
//!
//! Everything appends to a caller-provided `String` without intermediate
//! allocation on the common paths, because printing large modules is a
//! benchmark.

mod affine_map;
pub use affine_map::print_affine_expr_with;
mod dense;
mod float;
#[cfg(test)]
mod tests;

use std::cell::RefCell;

use super::alias::AliasName;
pub use super::alias::{AliasTable, Record};
use super::PrintFlags;
use crate::attributes::{ApFloat, ApInt, AttrKind, Attribute, Location};
use crate::context::{Context, Ident};
use crate::types::{FloatKind, Signedness, Type, TypeKind, DYNAMIC};

/// Whether the `: type` suffix of a typed attribute is printed (MLIR's `AttrTypeElision`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Elision {
    /// Always print the type (attribute dictionaries, `printAttribute`).
    Never,
    /// Elide it for `i64` integers and `f64` floats (array elements, memref parameters).
    May,
    /// Never print it (`printAttributeWithoutType`).
    Must,
}

/// Prints types, attributes and locations; see the module documentation.
pub struct AttrPrinter<'a> {
    pub ctx: &'a Context,
    pub flags: &'a PrintFlags,
    /// The aliases to use; `None` prints everything inline.
    pub aliases: Option<&'a AliasTable>,
    recorder: Option<RefCell<Record>>,
    /// `dense_resource` handles printed so far, in first-use order (MLIR
    /// prints the blobs of exactly these in the `{-# dialect_resources #-}` section).
    resources: RefCell<Vec<Ident>>,
    /// The numbers printed for `distinct[N]<...>` attributes, given in the
    /// order the printer meets them (MLIR's `DistinctState`).
    distinct_ids: RefCell<hashbrown::HashMap<Attribute, u64>>,
    attr_aliases: bool,
    type_aliases: bool,
}

impl std::fmt::Debug for AttrPrinter<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AttrPrinter")
            .field("recording", &self.recorder.is_some())
            .field("aliases", &self.aliases.map(|a| a.len()))
            .finish()
    }
}

impl<'a> AttrPrinter<'a> {
    /// A printer appending text, with `aliases` (or everything inline when `None`).
    pub fn new(ctx: &'a Context, flags: &'a PrintFlags, aliases: Option<&'a AliasTable>) -> Self {
        AttrPrinter {
            ctx,
            flags,
            aliases,
            recorder: None,
            resources: RefCell::new(Vec::new()),
            distinct_ids: RefCell::new(hashbrown::HashMap::new()),
            attr_aliases: aliases.is_some_and(|t| t.has_attr_aliases()),
            type_aliases: aliases.is_some_and(|t| t.has_type_aliases()),
        }
    }

    /// A printer that appends nothing and records what it is asked to print.
    ///
    /// To number aliases as mlir-opt does, the recording pass must ask for
    /// things in the order of MLIR's `DummyAliasOperationPrinter`: for an op,
    /// first its location ([`AttrPrinter::print_location`], only with
    /// debuginfo); then, in the generic form, its regions (per block: each
    /// argument's type, then its location through
    /// [`AttrPrinter::print_arg_location`], then the ops), the operand types,
    /// the result types and finally the attribute values (inherent and
    /// discardable merged, sorted by name); in a custom form, whatever the
    /// custom printer prints, in its order.
    pub fn recording(ctx: &'a Context, flags: &'a PrintFlags) -> Self {
        AttrPrinter {
            recorder: Some(RefCell::new(Record::default())),
            ..AttrPrinter::new(ctx, flags, None)
        }
    }

    /// Whether this is a recording printer.
    pub fn is_recording(&self) -> bool {
        self.recorder.is_some()
    }

    /// What a recording printer recorded (empty for a normal printer).
    pub fn into_record(self) -> Record {
        self.recorder.map(RefCell::into_inner).unwrap_or_default()
    }

    /// The `dense_resource` handles printed so far, in first-use order.
    pub fn used_resources(&self) -> Vec<Ident> {
        self.resources.borrow().clone()
    }

    // ----- public printing entry points -----

    /// Appends `ty` (or its alias).
    pub fn print_type(&self, out: &mut String, ty: Type) {
        if let Some(r) = &self.recorder {
            r.borrow_mut().visit_type(self.ctx, ty, false);
            return;
        }
        self.ty(out, ty);
    }

    /// Appends `a` as a value in an attribute dictionary: with the `: type`
    /// suffix of typed attributes (`1 : i64`, `dense<1> : tensor<2xi32>`,
    /// `"s" : i32`), or the alias of `a`.
    pub fn print_attr(&self, out: &mut String, a: Attribute) {
        if let Some(r) = &self.recorder {
            r.borrow_mut().visit_attr(self.ctx, a, false, false);
            return;
        }
        self.attr(out, a, Elision::Never);
    }

    /// Appends `a` without the `: type` suffix (MLIR's `printAttributeWithoutType`).
    pub fn print_attr_elided_type(&self, out: &mut String, a: Attribute) {
        if let Some(r) = &self.recorder {
            // MLIR's dummy op printer treats this like `printAttribute`.
            r.borrow_mut().visit_attr(self.ctx, a, false, false);
            return;
        }
        self.attr(out, a, Elision::Must);
    }

    /// Appends an operation's trailing location: `loc(...)`, or `loc(#loc3)`
    /// when aliased. Operation locations may be defined after the top-level
    /// op. (The caller prints it only with `--mlir-print-debuginfo`.)
    pub fn print_location(&self, out: &mut String, loc: Location) {
        if let Some(r) = &self.recorder {
            r.borrow_mut().visit_attr(self.ctx, loc.0, true, false);
            return;
        }
        // The pretty form is never an alias at the top (nested locations are).
        if self.flags.pretty_debuginfo {
            self.loc_internal(out, loc, true);
            return;
        }
        out.push_str("loc(");
        if !self.write_attr_alias(out, loc.0) {
            self.loc_internal(out, loc, true);
        }
        out.push(')');
    }

    /// Appends a block argument's location. MLIR never uses the argument's
    /// own alias here (`loc("a.mlir":1:2)` even when `#loc3` names it; nested
    /// locations still use theirs), but records it as an alias that must be
    /// defined before the top-level op.
    pub fn print_arg_location(&self, out: &mut String, loc: Location) {
        if let Some(r) = &self.recorder {
            r.borrow_mut().visit_attr(self.ctx, loc.0, false, false);
            return;
        }
        if self.flags.pretty_debuginfo {
            self.loc_internal(out, loc, true);
            return;
        }
        out.push_str("loc(");
        self.loc_internal(out, loc, true);
        out.push(')');
    }

    /// Appends an attribute dictionary `{a = 1 : i64, unitattr}` without the
    /// entries named in `elided`; appends nothing when no entry remains.
    pub fn print_dict_entries(
        &self,
        out: &mut String,
        entries: &[(Ident, Attribute)],
        elided: &[&str],
    ) {
        let keep = |name: Ident| elided.is_empty() || !elided.contains(&self.ctx.ident_str(name));
        if let Some(r) = &self.recorder {
            let mut r = r.borrow_mut();
            for &(name, value) in entries {
                if keep(name) {
                    r.visit_attr(self.ctx, value, false, false);
                }
            }
            return;
        }
        let mut first = true;
        for &(name, value) in entries {
            if !keep(name) {
                continue;
            }
            out.push_str(if first { "{" } else { ", " });
            first = false;
            self.named_attr(out, name, value);
        }
        if !first {
            out.push('}');
        }
    }

    /// Appends the generic form's properties: `<{a = 1 : i64}>` for a
    /// dictionary, `<attr>` for any other attribute.
    pub fn print_properties(&self, out: &mut String, props: Attribute) {
        if let Some(r) = &self.recorder {
            r.borrow_mut().visit_attr(self.ctx, props, false, false);
            return;
        }
        out.push('<');
        self.attr(out, props, Elision::Never);
        out.push('>');
    }

    /// Recording only (a normal printer ignores it): visits the attributes of
    /// an op printed in the generic form the way MLIR's dummy printer does,
    /// i.e. the values of the inherent attributes (`props`, normally a
    /// dictionary) and of the discardable ones merged and sorted by name.
    /// Calling [`AttrPrinter::print_properties`] and then
    /// [`AttrPrinter::print_dict_entries`] instead would number aliases
    /// differently when both hold affine maps or locations.
    pub fn record_generic_attrs(&self, props: Option<Attribute>, attrs: &[(Ident, Attribute)]) {
        let Some(r) = &self.recorder else { return };
        let mut r = r.borrow_mut();
        let ctx = self.ctx;
        let inherent: &[(Ident, Attribute)] = match props {
            Some(p) if matches!(ctx.attr(p), AttrKind::Dictionary(_)) => ctx.dictionary_entries(p),
            Some(p) => {
                r.visit_attr(ctx, p, false, false);
                &[]
            }
            None => &[],
        };
        let (mut i, mut j) = (0, 0);
        while i < inherent.len() || j < attrs.len() {
            let take_inherent = match (inherent.get(i), attrs.get(j)) {
                (Some(a), Some(b)) => ctx.ident_str(a.0) <= ctx.ident_str(b.0),
                (Some(_), None) => true,
                _ => false,
            };
            let value = if take_inherent {
                i += 1;
                inherent[i - 1].1
            } else {
                j += 1;
                attrs[j - 1].1
            };
            r.visit_attr(ctx, value, false, false);
        }
    }

    /// Appends `s` bare if it is a valid bare identifier, else quoted and escaped.
    pub fn print_keyword_or_string(&self, out: &mut String, s: &str) {
        if self.recorder.is_none() {
            push_keyword_or_string(out, s);
        }
    }

    /// Appends a symbol reference: `@foo` or `@"foo bar"`.
    pub fn print_symbol_name(&self, out: &mut String, s: &str) {
        if self.recorder.is_none() {
            push_symbol(out, s);
        }
    }

    /// Appends `"..."` with MLIR's escapes (`\\`, `\22`, `\0A`, ...).
    pub fn print_escaped_string(&self, out: &mut String, bytes: &[u8]) {
        if self.recorder.is_none() {
            push_escaped(out, bytes);
        }
    }

    /// [`AttrPrinter::print_escaped_string`] of text (a generic op's name).
    pub fn print_escaped_text(&self, out: &mut String, text: &str) {
        if self.recorder.is_none() {
            push_escaped_str(out, text);
        }
    }

    /// Appends a float value as MLIR prints it (`1.000000e+00`, `0x7FC00000`).
    pub fn print_float(&self, out: &mut String, value: ApFloat) {
        if self.recorder.is_none() {
            float::print_float(out, value);
        }
    }

    // ----- alias definitions -----

    /// The right-hand side of an attribute alias definition: the attribute
    /// itself, never its own alias (nested elements still use theirs).
    pub(crate) fn print_attr_definition(&self, out: &mut String, a: Attribute) {
        self.attr_impl(out, a, Elision::Never);
    }

    /// The right-hand side of a type alias definition.
    pub(crate) fn print_type_definition(&self, out: &mut String, t: Type) {
        self.ty_impl(out, t);
    }

    fn write_attr_alias(&self, out: &mut String, a: Attribute) -> bool {
        if !self.attr_aliases {
            return false;
        }
        match self.aliases.and_then(|t| t.attr_alias(a)) {
            Some(alias) => {
                alias.write(out, false);
                true
            }
            None => false,
        }
    }

    // ----- types -----

    fn ty(&self, out: &mut String, t: Type) {
        if self.type_aliases {
            if let Some(alias) = self.aliases.and_then(|tab| tab.type_alias(t)) {
                AliasName::write(alias, out, true);
                return;
            }
        }
        self.ty_impl(out, t);
    }

    fn ty_impl(&self, out: &mut String, t: Type) {
        match self.ctx.ty(t) {
            // The common widths in one copy.
            TypeKind::Integer {
                width: width @ (1 | 8 | 16 | 32 | 64),
                signedness: Signedness::Signless,
            } => out.push_str(match width {
                1 => "i1",
                8 => "i8",
                16 => "i16",
                32 => "i32",
                _ => "i64",
            }),
            TypeKind::Integer { width, signedness } => {
                out.push_str(match signedness {
                    Signedness::Signless => "i",
                    Signedness::Signed => "si",
                    Signedness::Unsigned => "ui",
                });
                push_u64(out, *width as u64);
            }
            TypeKind::Index => out.push_str("index"),
            TypeKind::Float(k) => out.push_str(k.keyword()),
            TypeKind::None => out.push_str("none"),
            TypeKind::Function { inputs, results } => {
                out.push('(');
                self.type_list(out, inputs);
                out.push_str(") -> ");
                let wrap = results.len() != 1
                    || matches!(self.ctx.ty(results[0]), TypeKind::Function { .. });
                if wrap {
                    out.push('(');
                }
                self.type_list(out, results);
                if wrap {
                    out.push(')');
                }
            }
            TypeKind::Tuple(elems) => {
                out.push_str("tuple<");
                self.type_list(out, elems);
                out.push('>');
            }
            TypeKind::Complex(e) => {
                out.push_str("complex<");
                self.ty(out, *e);
                out.push('>');
            }
            TypeKind::Vector {
                shape,
                scalable,
                element,
            } => {
                out.push_str("vector<");
                for (i, &d) in shape.iter().enumerate() {
                    let s = scalable.get(i).copied().unwrap_or(false);
                    if s {
                        out.push('[');
                    }
                    push_i64(out, d);
                    if s {
                        out.push(']');
                    }
                    out.push('x');
                }
                self.ty(out, *element);
                out.push('>');
            }
            TypeKind::RankedTensor {
                shape,
                element,
                encoding,
            } => {
                out.push_str("tensor<");
                push_shape(out, shape);
                self.ty(out, *element);
                if let Some(enc) = encoding {
                    out.push_str(", ");
                    self.attr(out, *enc, Elision::Never);
                }
                out.push('>');
            }
            TypeKind::UnrankedTensor { element } => {
                out.push_str("tensor<*x");
                self.ty(out, *element);
                out.push('>');
            }
            TypeKind::MemRef {
                shape,
                element,
                layout,
                memory_space,
            } => {
                out.push_str("memref<");
                push_shape(out, shape);
                self.ty(out, *element);
                if let Some(l) = layout.filter(|&l| !is_identity_layout(self.ctx, l)) {
                    out.push_str(", ");
                    self.attr(out, l, Elision::May);
                }
                self.memory_space(out, *memory_space);
                out.push('>');
            }
            TypeKind::UnrankedMemRef {
                element,
                memory_space,
            } => {
                out.push_str("memref<*x");
                self.ty(out, *element);
                self.memory_space(out, *memory_space);
                out.push('>');
            }
            TypeKind::Opaque { dialect, body } => {
                push_dialect_symbol(out, '!', self.ctx.ident_str(*dialect), body);
            }
        }
    }

    fn memory_space(&self, out: &mut String, ms: Option<Attribute>) {
        if let Some(m) = ms.filter(|&m| !is_default_memory_space(self.ctx, m)) {
            out.push_str(", ");
            self.attr(out, m, Elision::May);
        }
    }

    fn type_list(&self, out: &mut String, types: &[Type]) {
        for (i, &t) in types.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.ty(out, t);
        }
    }

    // ----- attributes -----

    fn attr(&self, out: &mut String, a: Attribute, el: Elision) {
        // Only affine maps and locations ever get aliases; checking the kind
        // first saves a hash lookup for every other attribute.
        if self.attr_aliases {
            let kind = self.ctx.attr(a);
            if (matches!(
                kind,
                AttrKind::AffineMap(_) | AttrKind::IntegerSet(_) | AttrKind::Distinct { .. }
            ) || kind.is_location())
                && self.write_attr_alias(out, a)
            {
                return;
            }
        }
        self.attr_impl(out, a, el);
    }

    fn named_attr(&self, out: &mut String, name: Ident, value: Attribute) {
        push_keyword_or_string(out, self.ctx.ident_str(name));
        if matches!(self.ctx.attr(value), AttrKind::Unit) {
            return;
        }
        out.push_str(" = ");
        self.attr(out, value, Elision::Never);
    }

    fn attr_impl(&self, out: &mut String, a: Attribute, el: Elision) {
        let ctx = self.ctx;
        // The type printed as the `: type` suffix, for typed attributes.
        let typed: Option<Type> = match ctx.attr(a) {
            AttrKind::Opaque { dialect, body } => {
                push_dialect_symbol(out, '#', ctx.ident_str(*dialect), body);
                None
            }
            AttrKind::OpaqueTyped { dialect, body, ty } => {
                push_dialect_symbol(out, '#', ctx.ident_str(*dialect), body);
                Some(*ty)
            }
            AttrKind::IntegerSet(set) => {
                out.push_str("affine_set<");
                affine_map::print_integer_set(out, set);
                out.push('>');
                None
            }
            AttrKind::SparseElements {
                ty,
                indices,
                values,
            } => {
                self.sparse_elements(out, *indices, *values);
                Some(*ty)
            }
            AttrKind::Distinct { referenced, .. } => {
                let id = {
                    let mut ids = self.distinct_ids.borrow_mut();
                    let next = ids.len() as u64;
                    *ids.entry(a).or_insert(next)
                };
                out.push_str("distinct[");
                push_u64(out, id);
                out.push_str("]<");
                if !matches!(ctx.attr(*referenced), AttrKind::Unit) {
                    self.attr(out, *referenced, Elision::Never);
                }
                out.push('>');
                None
            }
            AttrKind::Unit => {
                out.push_str("unit");
                None
            }
            AttrKind::Dictionary(entries) => {
                out.push('{');
                for (i, &(name, value)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.named_attr(out, name, value);
                }
                out.push('}');
                None
            }
            AttrKind::Integer { ty, value } => {
                if ctx.is_i1(*ty) {
                    // Booleans always elide their type.
                    out.push_str(if value.is_zero() { "false" } else { "true" });
                    return;
                }
                let unsigned = matches!(
                    ctx.ty(*ty),
                    TypeKind::Integer {
                        signedness: Signedness::Unsigned,
                        ..
                    }
                );
                push_apint(out, value, !unsigned);
                if el == Elision::May && ctx.is_signless_integer(*ty, 64) {
                    return;
                }
                Some(*ty)
            }
            AttrKind::Float { ty, value } => {
                float::print_float(out, *value);
                if el == Elision::May && matches!(ctx.ty(*ty), TypeKind::Float(FloatKind::F64)) {
                    return;
                }
                Some(*ty)
            }
            AttrKind::String { value, ty } => {
                push_escaped(out, value);
                ty.filter(|&t| !matches!(ctx.ty(t), TypeKind::None))
            }
            AttrKind::Array(elems) => {
                out.push('[');
                for (i, &e) in elems.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.attr(out, e, Elision::May);
                }
                out.push(']');
                None
            }
            AttrKind::AffineMap(map) => {
                out.push_str("affine_map<");
                affine_map::print_affine_map(out, map);
                out.push('>');
                None
            }
            AttrKind::Type(t) => {
                self.ty(out, *t);
                None
            }
            AttrKind::SymbolRef { root, nested } => {
                push_symbol(out, ctx.ident_str(*root));
                for &n in nested.iter() {
                    out.push_str("::");
                    push_symbol(out, ctx.ident_str(n));
                }
                None
            }
            AttrKind::DenseElements { ty, elements } => {
                self.dense_elements(out, *ty, elements);
                Some(*ty)
            }
            AttrKind::DenseStrings { ty, elements } => {
                self.dense_strings(out, *ty, elements);
                Some(*ty)
            }
            AttrKind::DenseResource { ty, handle } => {
                out.push_str("dense_resource<");
                out.push_str(ctx.ident_str(*handle));
                out.push('>');
                let mut used = self.resources.borrow_mut();
                if !used.contains(handle) {
                    used.push(*handle);
                }
                Some(*ty)
            }
            AttrKind::DenseArray { element, elements } => {
                out.push_str("array<");
                self.ty(out, *element);
                if !elements.is_empty() {
                    out.push_str(": ");
                    for (i, &e) in elements.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        self.dense_scalar(out, e, *element);
                    }
                }
                out.push('>');
                return;
            }
            AttrKind::StridedLayout { offset, strides } => {
                out.push_str("strided<[");
                for (i, &s) in strides.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    push_dim(out, s);
                }
                out.push(']');
                if *offset != 0 {
                    out.push_str(", offset: ");
                    push_dim(out, *offset);
                }
                out.push('>');
                None
            }
            AttrKind::UnknownLoc
            | AttrKind::FileLineColLoc { .. }
            | AttrKind::NameLoc { .. }
            | AttrKind::CallSiteLoc { .. }
            | AttrKind::FusedLoc { .. } => {
                if self.flags.pretty_debuginfo {
                    self.loc_internal(out, Location(a), true);
                } else {
                    out.push_str("loc(");
                    self.loc_internal(out, Location(a), true);
                    out.push(')');
                }
                None
            }
        };
        if el != Elision::Must {
            if let Some(t) = typed {
                out.push_str(" : ");
                self.ty(out, t);
            }
        }
    }

    /// One element of a dense array or dense elements attribute: integers as
    /// MLIR's `printDenseIntElement` (any 1-bit integer type as `true`/`false`),
    /// floats as float attributes, without a type.
    fn dense_scalar(&self, out: &mut String, e: Attribute, element_type: Type) {
        match self.ctx.attr(e) {
            AttrKind::Integer { value, .. } => match self.ctx.ty(element_type) {
                TypeKind::Integer { width: 1, .. } => {
                    out.push_str(if value.is_zero() { "false" } else { "true" })
                }
                TypeKind::Integer {
                    signedness: Signedness::Unsigned,
                    ..
                } => push_apint(out, value, false),
                _ => push_apint(out, value, true),
            },
            AttrKind::Float { value, .. } => float::print_float(out, *value),
            // Anything else cannot come from the parser; print it rather than fail.
            _ => self.attr(out, e, Elision::Must),
        }
    }

    // ----- locations -----

    /// MLIR's `printLocationInternal`: nested locations use their aliases,
    /// the top-level one never does.
    fn loc_internal(&self, out: &mut String, loc: Location, top: bool) {
        if !top && self.write_attr_alias(out, loc.0) {
            return;
        }
        // `--mlir-pretty-debuginfo`: MLIR's `printLocationInternal` with
        // `pretty`: raw file names, no `callsite(`/`fused` keywords.
        let pretty = self.flags.pretty_debuginfo;
        let ctx = self.ctx;
        match ctx.attr(loc.0) {
            AttrKind::UnknownLoc => out.push_str(if pretty { "[unknown]" } else { "unknown" }),
            AttrKind::FileLineColLoc {
                file,
                line,
                col,
                end,
            } => {
                if pretty {
                    out.push_str(ctx.ident_str(*file));
                } else {
                    push_escaped_str(out, ctx.ident_str(*file));
                }
                out.push(':');
                push_u64(out, *line as u64);
                out.push(':');
                push_u64(out, *col as u64);
                match *end {
                    Some((el, ec)) if (el, ec) != (*line, *col) => {
                        out.push_str(" to ");
                        if el != *line {
                            push_u64(out, el as u64);
                        }
                        out.push(':');
                        push_u64(out, ec as u64);
                    }
                    _ => {}
                }
            }
            AttrKind::NameLoc { name, child } => {
                push_escaped_str(out, ctx.ident_str(*name));
                if let Some(c) = child {
                    if !matches!(ctx.attr(c.0), AttrKind::UnknownLoc) {
                        out.push('(');
                        self.loc_internal(out, *c, false);
                        out.push(')');
                    }
                }
            }
            AttrKind::CallSiteLoc { callee, caller } => {
                if !pretty {
                    out.push_str("callsite(");
                }
                self.loc_internal(out, *callee, false);
                // The pretty form puts the caller on its own line unless a
                // named callee is called from a file location.
                let same_line = !pretty
                    || (matches!(ctx.attr(callee.0), AttrKind::NameLoc { .. })
                        && matches!(ctx.attr(caller.0), AttrKind::FileLineColLoc { .. }));
                out.push_str(if same_line { " at " } else { "\n at " });
                self.loc_internal(out, *caller, false);
                if !pretty {
                    out.push(')');
                }
            }
            AttrKind::FusedLoc {
                locations,
                metadata,
            } => {
                if !pretty {
                    out.push_str("fused");
                }
                if let Some(m) = metadata {
                    out.push('<');
                    self.attr(out, *m, Elision::Never);
                    out.push('>');
                }
                out.push('[');
                for (i, &l) in locations.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.loc_internal(out, l, false);
                }
                out.push(']');
            }
            // A location handle that does not hold a location cannot come from
            // the parser; print the attribute instead of failing.
            _ => self.attr_impl(out, loc.0, Elision::Never),
        }
    }
}

// ----- helpers shared with the alias table -----

/// Whether a memref layout is the identity affine map, which MLIR never prints.
pub(crate) fn is_identity_layout(ctx: &Context, layout: Attribute) -> bool {
    matches!(ctx.attr(layout), AttrKind::AffineMap(m) if affine_map::is_identity(m))
}

/// Whether a memory space is MLIR's default (an integer 0), which its
/// `MemRefType` stores as no memory space at all.
pub(crate) fn is_default_memory_space(ctx: &Context, ms: Attribute) -> bool {
    matches!(ctx.attr(ms), AttrKind::Integer { value, .. } if value.is_zero())
}

// ----- low-level text helpers -----

/// Appends the decimal digits of `v`. Every SSA name the printer writes
/// goes through here.
pub(crate) fn push_u64(out: &mut String, v: u64) {
    out.push_str(itoa::Buffer::new().format(v));
}

pub(crate) fn push_i64(out: &mut String, v: i64) {
    if v < 0 {
        out.push('-');
    }
    push_u64(out, v.unsigned_abs());
}

pub(crate) fn push_u128(out: &mut String, v: u128) {
    if v <= u64::MAX as u128 {
        return push_u64(out, v as u64);
    }
    let mut buf = [0u8; 40];
    let mut i = buf.len();
    let mut v = v;
    while v != 0 {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
    }
    for &b in &buf[i..] {
        out.push(b as char);
    }
}

const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// Appends `0x` and the uppercase hex digits of `v` (no leading zeros).
pub(crate) fn push_hex_u128(out: &mut String, v: u128) {
    out.push_str("0x");
    let digits = if v == 0 {
        1
    } else {
        (128 - v.leading_zeros()).div_ceil(4)
    };
    for i in (0..digits).rev() {
        out.push(HEX_UPPER[((v >> (i * 4)) & 0xF) as usize] as char);
    }
}

/// Appends an integer value, read as signed or unsigned.
fn push_apint(out: &mut String, v: &ApInt, signed: bool) {
    let w = v.width();
    if w <= 64 {
        if signed {
            push_i64(out, v.to_i64());
        } else {
            push_u64(out, v.to_u64());
        }
    } else if signed {
        out.push_str(&v.to_string_signed());
    } else {
        out.push_str(&v.to_string_unsigned());
    }
}

fn push_dim(out: &mut String, d: i64) {
    if d == DYNAMIC {
        out.push('?');
    } else {
        push_i64(out, d);
    }
}

/// Appends `4x?x` for a tensor or memref shape.
fn push_shape(out: &mut String, shape: &[i64]) {
    for &d in shape {
        push_dim(out, d);
        out.push('x');
    }
}

/// Appends `"..."`, escaping as LLVM's `printEscapedString`: backslash as
/// `\\`, every byte that is not printable ASCII (and `"`) as `\XX`.
pub(crate) fn push_escaped(out: &mut String, bytes: &[u8]) {
    out.push('"');
    push_escaped_body(out, bytes);
    out.push('"');
}

/// [`push_escaped`] of text: its leading run of bytes that need no escape
/// (all of an op name) is copied as the `str` it already is.
pub(crate) fn push_escaped_str(out: &mut String, s: &str) {
    out.push('"');
    // Every byte before `n` is ASCII, so `n` is a character boundary.
    let n = plain_prefix_len(s.as_bytes());
    out.push_str(&s[..n]);
    push_escaped_body(out, &s.as_bytes()[n..]);
    out.push('"');
}

fn push_escaped_body(out: &mut String, bytes: &[u8]) {
    let mut rest = bytes;
    while !rest.is_empty() {
        let n = plain_prefix_len(rest);
        // Printable ASCII, hence UTF-8.
        out.push_str(std::str::from_utf8(&rest[..n]).unwrap_or_default());
        let Some(&b) = rest.get(n) else { break };
        out.push('\\');
        if b == b'\\' {
            out.push('\\');
        } else {
            out.push(HEX_UPPER[(b >> 4) as usize] as char);
            out.push(HEX_UPPER[(b & 0xF) as usize] as char);
        }
        rest = &rest[n + 1..];
    }
}

/// The number of leading bytes of `bytes` that [`push_escaped`] copies as
/// they are (printable ASCII other than `"` and `\\`). Every op name of a
/// generic-form module goes through here: eight bytes are tested at a time,
/// each test exact per byte (no carry or borrow crosses a byte), which is a
/// few instructions per byte less than testing them one by one.
fn plain_prefix_len(bytes: &[u8]) -> usize {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const ONES: u64 = 0x0101_0101_0101_0101;
    use crate::asm::lexer::zero_byte_mask as zero;
    let mut words = bytes.chunks_exact(8);
    let mut n = 0;
    for word in &mut words {
        let w = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        // A byte below 0x80 is at least 0x20 when adding 0x60 to its low
        // seven bits sets bit 7 (at most 0xDF: no carry out of the byte).
        let at_least_space = ((w & LOW7) + 0x60 * ONES) & HIGH;
        let bad = (w & HIGH)
            | (!at_least_space & HIGH)
            | zero(w ^ (0x7f * ONES))
            | zero(w ^ (u64::from(b'"') * ONES))
            | zero(w ^ (u64::from(b'\\') * ONES));
        if bad != 0 {
            return n + (bad.trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    n + words
        .remainder()
        .iter()
        .position(|&b| !(0x20..0x7F).contains(&b) || b == b'"' || b == b'\\')
        .unwrap_or(words.remainder().len())
}

/// Whether `s` can be printed without quotes (MLIR's `isBareIdentifier`).
pub(crate) fn is_bare_identifier(s: &str) -> bool {
    let b = s.as_bytes();
    match b.first() {
        Some(c) if c.is_ascii_alphabetic() || *c == b'_' => {}
        _ => return false,
    }
    b[1..]
        .iter()
        .all(|&c| c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'.')
}

pub(crate) fn push_keyword_or_string(out: &mut String, s: &str) {
    if is_bare_identifier(s) {
        out.push_str(s);
    } else {
        push_escaped_str(out, s);
    }
}

pub(crate) fn push_symbol(out: &mut String, s: &str) {
    if s.is_empty() {
        out.push_str("@<<INVALID EMPTY SYMBOL>>");
        return;
    }
    out.push('@');
    push_keyword_or_string(out, s);
}

/// Whether an opaque dialect symbol body prints in the pretty form
/// `!dialect.body` (MLIR's `isDialectSymbolSimpleEnoughForPrettyForm`): an
/// identifier optionally followed by a `<...>` body. MLIR only checks that
/// the rest starts with `<` and ends with `>`, so `vdense<[1, 2]> :
/// tensor<2xi32>` printed as `!Alv.vdense<[1, 2]> : tensor<2xi32>`, which
/// parses as the type `!Alv.vdense<[1, 2]>` followed by stray text
/// (mlir-opt 22 rejects its own output; docs/DEVIATIONS.md). Here the `<`
/// must be the one the last `>` closes, as the parser's body scanner sees
/// it.
fn is_simple_dialect_symbol(body: &str) -> bool {
    let b = body.as_bytes();
    match b.first() {
        Some(c) if c.is_ascii_alphabetic() => {}
        _ => return false,
    }
    let Some(i) = b
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || c == b'.' || c == b'_'))
    else {
        return true;
    };
    // `i` is at an ASCII byte, so a character boundary.
    let rest = &body[i..];
    rest.starts_with('<')
        && rest.ends_with('>')
        && crate::asm::lexer::Lexer::new(rest).scan_dialect_body(0) == Ok(rest.len())
}

/// Whether a body that cannot print as `<body>` prints in the pretty form
/// all the same. A body ending with `-` (from a pretty symbol such as
/// `#foo.J-`: the lexer takes `-` into prefixed identifiers) would close
/// as `->`, which the dialect-body scanner reads as an arrow, so
/// `#foo<J->` does not parse again; mlir-opt 22 prints it that way and
/// rejects its own output (docs/DEVIATIONS.md). Such a body printed
/// after the `.` lexes back as the same identifier.
fn needs_pretty_dialect_symbol(body: &str) -> bool {
    body.ends_with('-')
        && body
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'$' | b'-'))
}

fn push_dialect_symbol(out: &mut String, prefix: char, dialect: &str, body: &str) {
    out.push(prefix);
    out.push_str(dialect);
    if is_simple_dialect_symbol(body) || needs_pretty_dialect_symbol(body) {
        out.push('.');
        out.push_str(body);
    } else {
        out.push('<');
        out.push_str(body);
        out.push('>');
    }
}
