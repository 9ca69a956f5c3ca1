//! The public record model: fully evaluated records with plain owned data
//! (`Send + Sync`), the typed accessors the ODS and DRR generators use, and
//! the `--print-records` printer.

use super::diag::{Diagnostic, Loc, Severity};
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

/// A TableGen type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RecTy {
    Bit,
    Bits(u32),
    Int,
    /// `string`; `code` is the same type (the distinction lives on values).
    String,
    Dag,
    List(Box<RecTy>),
    /// A record type: the classes a value derives from (empty = any record).
    Record(Vec<String>),
}

impl fmt::Display for RecTy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecTy::Bit => f.write_str("bit"),
            RecTy::Bits(n) => write!(f, "bits<{n}>"),
            RecTy::Int => f.write_str("int"),
            RecTy::String => f.write_str("string"),
            RecTy::Dag => f.write_str("dag"),
            RecTy::List(e) => write!(f, "list<{e}>"),
            RecTy::Record(cs) if cs.len() == 1 => f.write_str(&cs[0]),
            RecTy::Record(cs) => write!(f, "{{{}}}", cs.join(", ")),
        }
    }
}

/// A field value. Defs only ever hold the concrete variants, except in
/// fields declared with `field` (which may stay unresolved) — those, and the
/// fields of classes, can hold `Expr`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Init {
    /// `?`
    Unset,
    Bit(bool),
    Int(i64),
    String(String),
    /// A `[{ ... }]` string.
    Code(String),
    List(Vec<Init>),
    Dag {
        op: Box<Init>,
        op_name: Option<String>,
        args: Vec<(Init, Option<String>)>,
        /// Where the dag literal was written (not part of the value).
        locs: DagLocs,
    },
    /// A reference to a def (named, or the generated `anonymous_N` name).
    Def(String),
    /// Bit 0 is the least significant bit (printed last, as in TableGen).
    Bits(Vec<Init>),
    /// An expression TableGen could not fold (template arguments, operators
    /// over them, anonymous instantiations with unbound arguments), in
    /// TableGen syntax.
    Expr(String),
}

/// The source locations of a dag literal: its `(`, its operator and each
/// argument, so generators (DRR) can report a malformed node where it was
/// written. Dags built by TableGen operators (`!con`, `!dag`, ...) have none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DagLocList {
    pub dag: Loc,
    pub op: Loc,
    pub args: Vec<Loc>,
}

/// Optional [`DagLocList`] carried by [`Init::Dag`]. Locations are not part of
/// the value: equality and hashing ignore them.
#[derive(Clone, Debug, Default)]
pub struct DagLocs(pub Option<Arc<DagLocList>>);

impl PartialEq for DagLocs {
    fn eq(&self, _: &DagLocs) -> bool {
        true
    }
}

impl Eq for DagLocs {}

impl std::hash::Hash for DagLocs {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// A borrowed view of a dag value.
#[derive(Clone, Copy, Debug)]
pub struct DagRef<'a> {
    pub op: &'a Init,
    pub op_name: Option<&'a str>,
    pub args: &'a [(Init, Option<String>)],
    pub locs: Option<&'a DagLocList>,
}

impl<'a> DagRef<'a> {
    /// The operator's def name, if the operator is a def.
    pub fn op_def(&self) -> Option<&'a str> {
        self.op.as_def()
    }

    pub fn num_args(&self) -> usize {
        self.args.len()
    }

    pub fn arg(&self, i: usize) -> Option<&'a Init> {
        self.args.get(i).map(|(a, _)| a)
    }

    pub fn arg_name(&self, i: usize) -> Option<&'a str> {
        self.args.get(i).and_then(|(_, n)| n.as_deref())
    }

    /// Where the dag literal starts (its `(`), if it was written in a file.
    pub fn loc(&self) -> Option<&'a Loc> {
        self.locs.map(|l| &l.dag)
    }

    /// Where the operator was written.
    pub fn op_loc(&self) -> Option<&'a Loc> {
        self.locs.map(|l| &l.op)
    }

    /// Where argument `i` was written.
    pub fn arg_loc(&self, i: usize) -> Option<&'a Loc> {
        self.locs.and_then(|l| l.args.get(i))
    }
}

impl Init {
    pub fn is_unset(&self) -> bool {
        matches!(self, Init::Unset)
    }

    /// Whether the value is fully known (no `Expr` inside; `?` counts as
    /// known, as in TableGen).
    pub fn is_concrete(&self) -> bool {
        match self {
            Init::Expr(_) => false,
            Init::List(v) | Init::Bits(v) => v.iter().all(Init::is_concrete),
            Init::Dag { op, args, .. } => {
                op.is_concrete() && args.iter().all(|(a, _)| a.is_concrete())
            }
            _ => true,
        }
    }

    /// A string or code value.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Init::String(s) | Init::Code(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_int(&self) -> Option<i64> {
        match self {
            Init::Int(i) => Some(*i),
            Init::Bit(b) => Some(*b as i64),
            _ => None,
        }
    }

    pub fn as_bit(&self) -> Option<bool> {
        match self {
            Init::Bit(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_def(&self) -> Option<&str> {
        match self {
            Init::Def(d) => Some(d),
            _ => None,
        }
    }

    pub fn as_list(&self) -> Option<&[Init]> {
        match self {
            Init::List(v) => Some(v),
            _ => None,
        }
    }

    pub fn as_dag(&self) -> Option<DagRef<'_>> {
        match self {
            Init::Dag {
                op,
                op_name,
                args,
                locs,
            } => Some(DagRef {
                op,
                op_name: op_name.as_deref(),
                args,
                locs: locs.0.as_deref(),
            }),
            _ => None,
        }
    }

    /// The value of a `bits<n>` that is fully known.
    pub fn bits_value(&self) -> Option<u64> {
        match self {
            Init::Bits(bits) => {
                let mut v = 0u64;
                for (i, b) in bits.iter().enumerate() {
                    if b.as_bit()? && i < 64 {
                        v |= 1 << i;
                    }
                }
                Some(v)
            }
            _ => None,
        }
    }
}

impl fmt::Display for Init {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Init::Unset => f.write_str("?"),
            Init::Bit(b) => f.write_str(if *b { "1" } else { "0" }),
            Init::Int(i) => write!(f, "{i}"),
            Init::String(s) => write!(f, "\"{s}\""),
            Init::Code(s) => write!(f, "[{{{s}}}]"),
            Init::List(v) => {
                f.write_str("[")?;
                for (i, e) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{e}")?;
                }
                f.write_str("]")
            }
            Init::Dag {
                op, op_name, args, ..
            } => {
                write!(f, "({op}")?;
                if let Some(n) = op_name {
                    write!(f, ":${n}")?;
                }
                for (i, (a, n)) in args.iter().enumerate() {
                    f.write_str(if i == 0 { " " } else { ", " })?;
                    write!(f, "{a}")?;
                    if let Some(n) = n {
                        write!(f, ":${n}")?;
                    }
                }
                f.write_str(")")
            }
            Init::Def(d) => f.write_str(d),
            Init::Bits(bits) => {
                f.write_str("{ ")?;
                for (i, b) in bits.iter().rev().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{b}")?;
                }
                f.write_str(" }")
            }
            Init::Expr(s) => f.write_str(s),
        }
    }
}

/// A field of a record.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    pub name: String,
    pub ty: RecTy,
    pub value: Init,
    pub loc: Loc,
    /// Declared with the `field` keyword (may stay unresolved).
    pub nonconcrete_ok: bool,
}

/// A template argument of a class. `name` is qualified (`Class:arg`), as
/// TableGen prints it.
#[derive(Clone, Debug, PartialEq)]
pub struct TemplateArg {
    pub name: String,
    pub ty: RecTy,
    pub default: Init,
    pub loc: Loc,
}

/// The source buffers, shared by all records so that accessor errors can
/// show the offending line.
#[derive(Default, Debug)]
pub(crate) struct Sources {
    pub files: HashMap<Arc<str>, Arc<str>>,
}

impl Sources {
    pub fn line(&self, loc: &Loc) -> Option<String> {
        let text = self.files.get(&loc.file)?;
        let line = text.split('\n').nth(loc.line.checked_sub(1)? as usize)?;
        Some(line.strip_suffix('\r').unwrap_or(line).to_string())
    }
}

/// A class or def after evaluation.
#[derive(Clone, Debug)]
pub struct Record {
    pub name: String,
    pub loc: Loc,
    /// Created by `def : ...` or by an anonymous instantiation `Class<...>`.
    pub anonymous: bool,
    pub is_class: bool,
    pub(crate) template_args: Vec<TemplateArg>,
    pub(crate) fields: Vec<Field>,
    pub(crate) index: HashMap<String, usize>,
    /// Superclasses in TableGen's post-order, duplicates included.
    pub(crate) chain: Vec<String>,
    pub(crate) supers: Vec<String>,
    pub(crate) direct: Vec<String>,
    pub(crate) sources: Arc<Sources>,
}

impl PartialEq for Record {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
            && self.is_class == other.is_class
            && self.fields == other.fields
            && self.chain == other.chain
            && self.template_args == other.template_args
    }
}

impl Record {
    /// All superclasses, transitively, in TableGen's order (each class
    /// after its own superclasses), without duplicates.
    pub fn superclasses(&self) -> &[String] {
        &self.supers
    }

    /// The superclasses named in the record's own `: A, B` list (and, for
    /// anonymous instantiations, the instantiated class).
    pub fn direct_superclasses(&self) -> &[String] {
        &self.direct
    }

    pub fn is_subclass_of(&self, class: &str) -> bool {
        self.supers.iter().any(|s| s == class)
    }

    pub fn template_args(&self) -> &[TemplateArg] {
        &self.template_args
    }

    pub fn value(&self, field: &str) -> Option<&Init> {
        self.field(field).map(|f| &f.value)
    }

    pub fn field(&self, field: &str) -> Option<&Field> {
        self.index.get(field).map(|&i| &self.fields[i])
    }

    pub fn has_field(&self, field: &str) -> bool {
        self.index.contains_key(field)
    }

    /// Fields in definition order (template arguments excluded).
    pub fn fields(&self) -> impl Iterator<Item = (&str, &Init)> {
        self.fields.iter().map(|f| (f.name.as_str(), &f.value))
    }

    pub fn field_list(&self) -> &[Field] {
        &self.fields
    }

    fn diag(&self, loc: &Loc, msg: String) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            loc: Some(loc.clone()),
            message: msg,
            source_line: self.sources.line(loc),
        }
    }

    fn get(&self, f: &str) -> Result<&Field, Diagnostic> {
        self.field(f).ok_or_else(|| {
            self.diag(
                &self.loc,
                format!("Record `{}' does not have a field named `{f}'!", self.name),
            )
        })
    }

    fn wrong(&self, f: &Field, what: &str) -> Diagnostic {
        self.diag(
            &self.loc,
            format!(
                "Record `{}', field `{}' does not have {what}: {}",
                self.name, f.name, f.value
            ),
        )
    }

    /// A string (or code) field. Errors if missing, unset or not a string.
    pub fn get_string(&self, f: &str) -> Result<&str, Diagnostic> {
        let fld = self.get(f)?;
        fld.value
            .as_str()
            .ok_or_else(|| self.wrong(fld, "a string initializer"))
    }

    /// A string (or code) field that may be `?`.
    pub fn get_optional_string(&self, f: &str) -> Result<Option<&str>, Diagnostic> {
        let fld = self.get(f)?;
        match &fld.value {
            Init::Unset => Ok(None),
            v => v
                .as_str()
                .map(Some)
                .ok_or_else(|| self.wrong(fld, "a string initializer")),
        }
    }

    /// Same as `get_string` (code and strings are interchangeable).
    pub fn get_code(&self, f: &str) -> Result<&str, Diagnostic> {
        self.get_string(f)
    }

    pub fn get_bit(&self, f: &str) -> Result<bool, Diagnostic> {
        let fld = self.get(f)?;
        fld.value
            .as_bit()
            .ok_or_else(|| self.wrong(fld, "a bit initializer"))
    }

    /// A bit that may be `?`.
    pub fn get_bit_or_unset(&self, f: &str) -> Result<Option<bool>, Diagnostic> {
        let fld = self.get(f)?;
        match &fld.value {
            Init::Unset => Ok(None),
            v => v
                .as_bit()
                .map(Some)
                .ok_or_else(|| self.wrong(fld, "a bit initializer")),
        }
    }

    pub fn get_int(&self, f: &str) -> Result<i64, Diagnostic> {
        let fld = self.get(f)?;
        match &fld.value {
            Init::Int(i) => Ok(*i),
            _ => Err(self.wrong(fld, "an int initializer")),
        }
    }

    pub fn get_bits(&self, f: &str) -> Result<&[Init], Diagnostic> {
        let fld = self.get(f)?;
        match &fld.value {
            Init::Bits(b) => Ok(b),
            _ => Err(self.wrong(fld, "a bits initializer")),
        }
    }

    /// The name of the def a field refers to.
    pub fn get_def(&self, f: &str) -> Result<&str, Diagnostic> {
        let fld = self.get(f)?;
        fld.value
            .as_def()
            .ok_or_else(|| self.wrong(fld, "a def initializer"))
    }

    /// A def reference that may be `?`.
    pub fn get_optional_def(&self, f: &str) -> Result<Option<&str>, Diagnostic> {
        let fld = self.get(f)?;
        match &fld.value {
            Init::Unset => Ok(None),
            v => v
                .as_def()
                .map(Some)
                .ok_or_else(|| self.wrong(fld, "either a def initializer or '?'")),
        }
    }

    pub fn get_list(&self, f: &str) -> Result<&[Init], Diagnostic> {
        let fld = self.get(f)?;
        fld.value
            .as_list()
            .ok_or_else(|| self.wrong(fld, "a list initializer"))
    }

    pub fn get_list_of_defs(&self, f: &str) -> Result<Vec<&str>, Diagnostic> {
        let fld = self.get(f)?;
        let list = fld
            .value
            .as_list()
            .ok_or_else(|| self.wrong(fld, "a list initializer"))?;
        list.iter()
            .map(|i| i.as_def().ok_or_else(|| self.wrong(fld, "a list of defs")))
            .collect()
    }

    pub fn get_list_of_strings(&self, f: &str) -> Result<Vec<&str>, Diagnostic> {
        let fld = self.get(f)?;
        let list = fld
            .value
            .as_list()
            .ok_or_else(|| self.wrong(fld, "a list initializer"))?;
        list.iter()
            .map(|i| {
                i.as_str()
                    .ok_or_else(|| self.wrong(fld, "a list of strings"))
            })
            .collect()
    }

    pub fn get_list_of_ints(&self, f: &str) -> Result<Vec<i64>, Diagnostic> {
        let fld = self.get(f)?;
        let list = fld
            .value
            .as_list()
            .ok_or_else(|| self.wrong(fld, "a list initializer"))?;
        list.iter()
            .map(|i| match i {
                Init::Int(v) => Ok(*v),
                _ => Err(self.wrong(fld, "a list of ints")),
            })
            .collect()
    }

    pub fn get_dag(&self, f: &str) -> Result<DagRef<'_>, Diagnostic> {
        let fld = self.get(f)?;
        fld.value
            .as_dag()
            .ok_or_else(|| self.wrong(fld, "a dag initializer"))
    }

    /// A located error about this record, for generators.
    pub fn error(&self, msg: impl Into<String>) -> Diagnostic {
        self.diag(&self.loc, msg.into())
    }

    /// A located error about a part of one of this record's values (a dag
    /// node, see [`DagRef::loc`]); without a location, at the record.
    pub fn error_at(&self, loc: Option<&Loc>, msg: impl Into<String>) -> Diagnostic {
        self.diag(loc.unwrap_or(&self.loc), msg.into())
    }

    /// A located error about one of this record's fields (at the place the
    /// field was last set).
    pub fn field_error(&self, field: &str, msg: impl Into<String>) -> Diagnostic {
        // A field inherited from a class of another file (the base
        // library's `Op`, set through a template argument) is reported at
        // the definition, where the user wrote the offending value.
        let loc = self
            .field(field)
            .map(|f| f.loc.clone())
            .filter(|l| l.file == self.loc.file)
            .unwrap_or_else(|| self.loc.clone());
        self.diag(&loc, msg.into())
    }

    fn print_field(out: &mut String, ty: &RecTy, name: &str, value: &Init, field_kw: bool) {
        use std::fmt::Write;
        if field_kw {
            out.push_str("field ");
        }
        let ty_s = match (ty, value) {
            (RecTy::String, Init::Code(_)) => "code".to_string(),
            _ => ty.to_string(),
        };
        let _ = write!(out, "{ty_s} {name} = {value}");
    }

    /// The record in `--print-records` syntax (without the leading
    /// `class `/`def `).
    pub fn print(&self) -> String {
        let mut out = String::new();
        out.push_str(&self.name);
        if !self.template_args.is_empty() {
            out.push('<');
            for (i, t) in self.template_args.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                Self::print_field(&mut out, &t.ty, &t.name, &t.default, false);
            }
            out.push('>');
        }
        out.push_str(" {");
        if !self.chain.is_empty() {
            out.push_str("\t//");
            for s in &self.chain {
                out.push(' ');
                out.push_str(s);
            }
        }
        out.push('\n');
        for pass in [true, false] {
            for f in self.fields.iter().filter(|f| f.nonconcrete_ok == pass) {
                out.push_str("  ");
                Self::print_field(&mut out, &f.ty, &f.name, &f.value, f.nonconcrete_ok);
                out.push_str(";\n");
            }
        }
        out.push_str("}\n");
        out
    }
}

/// All classes and defs of a parsed file.
#[derive(Clone, Debug, Default)]
pub struct RecordKeeper {
    pub(crate) classes: Vec<Record>,
    pub(crate) defs: Vec<Record>,
    pub(crate) class_index: HashMap<String, usize>,
    pub(crate) def_index: HashMap<String, usize>,
    pub(crate) dependencies: Vec<PathBuf>,
}

impl RecordKeeper {
    /// Defs in definition order (anonymous instantiations appear where they
    /// were created).
    pub fn defs(&self) -> impl Iterator<Item = &Record> {
        self.defs.iter()
    }

    /// Classes in definition order.
    pub fn classes(&self) -> impl Iterator<Item = &Record> {
        self.classes.iter()
    }

    pub fn def(&self, name: &str) -> Option<&Record> {
        self.def_index.get(name).map(|&i| &self.defs[i])
    }

    pub fn class(&self, name: &str) -> Option<&Record> {
        self.class_index.get(name).map(|&i| &self.classes[i])
    }

    /// Defs deriving from `class`, in definition order.
    pub fn defs_derived_from(&self, class: &str) -> Vec<&Record> {
        self.defs
            .iter()
            .filter(|d| d.is_subclass_of(class))
            .collect()
    }

    /// Files pulled in by `include` (for build scripts' `rerun-if-changed`).
    pub fn dependencies(&self) -> &[PathBuf] {
        &self.dependencies
    }

    /// The output of `llvm-tblgen --print-records`: classes then defs, each
    /// sorted by name.
    pub fn print_records(&self) -> String {
        let mut out = String::from("------------- Classes -----------------\n");
        let classes: BTreeMap<&str, &Record> =
            self.classes.iter().map(|c| (c.name.as_str(), c)).collect();
        for c in classes.values() {
            out.push_str("class ");
            out.push_str(&c.print());
        }
        out.push_str("------------- Defs -----------------\n");
        let defs: BTreeMap<&str, &Record> =
            self.defs.iter().map(|d| (d.name.as_str(), d)).collect();
        for d in defs.values() {
            out.push_str("def ");
            out.push_str(&d.print());
        }
        out
    }
}
