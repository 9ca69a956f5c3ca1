//! Printing of types, attributes and locations.
//! (Minimal bootstrap version; the full printer replaces it.)

use super::alias::AliasTable;
use super::PrintFlags;
use crate::attributes::{AttrKind, Attribute, Location};
use crate::context::{Context, Ident};
use crate::types::{Signedness, Type, TypeKind};

/// Prints types, attributes and locations.
pub struct AttrPrinter<'a> {
    pub ctx: &'a Context,
    pub flags: &'a PrintFlags,
    pub aliases: Option<&'a AliasTable>,
}

/// What a recording printer saw.
#[derive(Default)]
pub struct Record;

impl<'a> AttrPrinter<'a> {
    pub fn new(ctx: &'a Context, flags: &'a PrintFlags, aliases: Option<&'a AliasTable>) -> Self {
        AttrPrinter { ctx, flags, aliases }
    }
    pub fn recording(ctx: &'a Context, flags: &'a PrintFlags) -> Self {
        AttrPrinter { ctx, flags, aliases: None }
    }
    pub fn into_record(self) -> Record {
        Record
    }
    pub fn print_type(&self, out: &mut String, ty: Type) {
        match self.ctx.ty(ty) {
            TypeKind::Integer { width, signedness } => {
                let p = match signedness {
                    Signedness::Signless => "i",
                    Signedness::Signed => "si",
                    Signedness::Unsigned => "ui",
                };
                out.push_str(p);
                out.push_str(&width.to_string());
            }
            TypeKind::Index => out.push_str("index"),
            TypeKind::Float(k) => out.push_str(k.keyword()),
            TypeKind::None => out.push_str("none"),
            TypeKind::Function { inputs, results } => {
                out.push('(');
                for (i, t) in inputs.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.print_type(out, *t);
                }
                out.push_str(") -> ");
                if results.len() == 1 && !matches!(self.ctx.ty(results[0]), TypeKind::Function { .. }) {
                    self.print_type(out, results[0]);
                } else {
                    out.push('(');
                    for (i, t) in results.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        self.print_type(out, *t);
                    }
                    out.push(')');
                }
            }
            _ => out.push_str("<<type>>"),
        }
    }
    pub fn print_attr(&self, out: &mut String, a: Attribute) {
        match self.ctx.attr(a) {
            AttrKind::Integer { ty, value } => {
                out.push_str(&value.to_string_signed());
                out.push_str(" : ");
                self.print_type(out, *ty);
            }
            AttrKind::String { value, .. } => self.print_escaped_string(out, value),
            AttrKind::Unit => out.push_str("unit"),
            AttrKind::Type(t) => self.print_type(out, *t),
            AttrKind::Dictionary(e) => self.print_dict_entries(out, e, &[]),
            _ => out.push_str("<<attr>>"),
        }
    }
    pub fn print_attr_elided_type(&self, out: &mut String, a: Attribute) {
        self.print_attr(out, a)
    }
    pub fn print_location(&self, out: &mut String, loc: Location) {
        out.push_str("loc(");
        match self.ctx.attr(loc.0) {
            AttrKind::FileLineColLoc { file, line, col, .. } => {
                self.print_escaped_string(out, self.ctx.ident_str(*file).as_bytes());
                out.push_str(&format!(":{line}:{col}"));
            }
            _ => out.push_str("unknown"),
        }
        out.push(')');
    }
    pub fn print_location_no_alias(&self, out: &mut String, loc: Location) {
        self.print_location(out, loc)
    }
    pub fn print_dict_entries(&self, out: &mut String, entries: &[(Ident, Attribute)], elided: &[&str]) {
        let shown: Vec<_> = entries
            .iter()
            .filter(|(k, _)| !elided.contains(&self.ctx.ident_str(*k)))
            .collect();
        if shown.is_empty() {
            return;
        }
        out.push('{');
        for (i, (k, v)) in shown.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.print_keyword_or_string(out, self.ctx.ident_str(*k));
            if !matches!(self.ctx.attr(*v), AttrKind::Unit) {
                out.push_str(" = ");
                self.print_attr(out, *v);
            }
        }
        out.push('}');
    }
    pub fn print_properties(&self, out: &mut String, props: Attribute) {
        match self.ctx.attr(props) {
            AttrKind::Dictionary(e) if e.is_empty() => out.push_str("{}"),
            _ => self.print_attr(out, props),
        }
    }
    pub fn print_keyword_or_string(&self, out: &mut String, s: &str) {
        out.push_str(s);
    }
    pub fn print_symbol_name(&self, out: &mut String, s: &str) {
        out.push('@');
        out.push_str(s);
    }
    pub fn print_escaped_string(&self, out: &mut String, bytes: &[u8]) {
        out.push('"');
        out.push_str(&String::from_utf8_lossy(bytes));
        out.push('"');
    }
}
