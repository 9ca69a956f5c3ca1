//! The evaluator's record arena (`Cx`): every class, def, multiclass
//! prototype and record under construction lives here, addressed by `RecId`,
//! together with the global name tables, the anonymous-name counter and the
//! cache that makes equal anonymous instantiations share one record. Also the
//! type relations that need class hierarchy information, and `show`, the
//! TableGen-syntax printer for values (LLVM's `getAsString`).

use super::diag::{Pos, RawDiag, Severity};
use super::value::*;
use std::collections::HashMap;
use std::fmt::Write;
use std::rc::Rc;

/// What a field is (LLVM's `RecordVal::FieldKind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FieldKind {
    Normal,
    /// Declared with `field`: may stay unresolved in a def.
    NonconcreteOk,
    TemplateArg,
}

#[derive(Clone, Debug)]
pub(crate) struct RecordVal {
    pub name: Name,
    pub ty: Ty,
    pub value: Value,
    pub kind: FieldKind,
    pub pos: Pos,
}

#[derive(Clone, Debug)]
pub(crate) struct Assertion {
    pub pos: Pos,
    pub cond: Value,
    pub msg: Value,
}

#[derive(Clone, Debug)]
pub(crate) struct RecordData {
    /// A string, an anonymous name, or (inside multiclasses) an expression.
    pub name: Value,
    pub pos: Pos,
    pub is_class: bool,
    pub anonymous: bool,
    pub template_args: Vec<Name>,
    pub values: Vec<RecordVal>,
    pub direct_supers: Vec<RecId>,
    /// All superclasses in TableGen's post-order (duplicates kept, as LLVM
    /// prints them).
    pub all_supers: Vec<RecId>,
    pub assertions: Vec<Assertion>,
}

impl RecordData {
    pub fn get(&self, name: &str) -> Option<&RecordVal> {
        self.values.iter().find(|v| &*v.name == name)
    }

    pub fn get_mut(&mut self, name: &str) -> Option<&mut RecordVal> {
        self.values.iter_mut().find(|v| &*v.name == name)
    }

    pub fn remove(&mut self, name: &str) {
        self.values.retain(|v| &*v.name != name);
    }

    pub fn is_template_arg(&self, name: &str) -> bool {
        self.template_args.iter().any(|a| &**a == name)
    }

    pub fn is_subclass_of(&self, class: RecId) -> bool {
        self.all_supers.contains(&class)
    }
}

/// The record keeper under construction.
pub(crate) struct Cx {
    pub recs: Vec<RecordData>,
    pub classes: HashMap<Name, RecId>,
    /// Classes in the order they were first declared.
    pub class_order: Vec<RecId>,
    pub defs: HashMap<Name, RecId>,
    pub def_order: Vec<RecId>,
    /// Top-level `defvar`s and `defset`s.
    pub globals: HashMap<Name, Value>,
    pub anon_counter: u32,
    pub vardef_cache: HashMap<(RecId, Rc<[Arg]>), RecId>,
    pub diags: Vec<RawDiag>,
    /// Set when an error has been reported; the parser stops at the next
    /// statement boundary.
    pub failed: bool,
    /// Where to report evaluation errors that have no better location.
    pub fallback_pos: Pos,
    /// Current recursion depth of the evaluator (bounded so that no input
    /// can overflow the stack).
    pub depth: u32,
}

/// The deepest the evaluator recurses before giving up with an error.
pub(crate) const MAX_EVAL_DEPTH: u32 = 2000;

impl Cx {
    pub fn new() -> Cx {
        Cx {
            recs: Vec::new(),
            classes: HashMap::new(),
            class_order: Vec::new(),
            defs: HashMap::new(),
            def_order: Vec::new(),
            globals: HashMap::new(),
            anon_counter: 0,
            vardef_cache: HashMap::new(),
            diags: Vec::new(),
            failed: false,
            fallback_pos: Pos::NONE,
            depth: 0,
        }
    }

    pub fn new_record(&mut self, name: Value, pos: Pos, is_class: bool) -> RecId {
        let anonymous = matches!(name, Value::Anon(_));
        self.recs.push(RecordData {
            name,
            pos,
            is_class,
            anonymous,
            template_args: Vec::new(),
            values: Vec::new(),
            direct_supers: Vec::new(),
            all_supers: Vec::new(),
            assertions: Vec::new(),
        });
        (self.recs.len() - 1) as RecId
    }

    /// Copies a record into a fresh slot (LLVM's record copy constructor).
    pub fn clone_record(&mut self, id: RecId) -> RecId {
        let r = self.recs[id as usize].clone();
        self.recs.push(r);
        (self.recs.len() - 1) as RecId
    }

    pub fn rec(&self, id: RecId) -> &RecordData {
        &self.recs[id as usize]
    }

    pub fn rec_mut(&mut self, id: RecId) -> &mut RecordData {
        &mut self.recs[id as usize]
    }

    pub fn new_anon_name(&mut self) -> Value {
        let n = self.anon_counter;
        self.anon_counter += 1;
        Value::Anon(n)
    }

    pub fn error(&mut self, pos: Pos, msg: impl Into<String>) {
        let pos = if pos.is_none() {
            self.fallback_pos
        } else {
            pos
        };
        self.diags.push(RawDiag {
            severity: Severity::Error,
            pos,
            message: msg.into(),
        });
        self.failed = true;
    }

    pub fn note(&mut self, pos: Pos, msg: impl Into<String>) {
        self.diags.push(RawDiag {
            severity: Severity::Note,
            pos,
            message: msg.into(),
        });
    }

    /// A def or a top-level `defvar`/`defset` by name.
    pub fn global(&self, name: &str) -> Option<Value> {
        if let Some(&id) = self.defs.get(name) {
            return Some(Value::Def(id));
        }
        self.globals.get(name).cloned()
    }

    // ---- Names -----------------------------------------------------------

    pub fn rec_name(&self, id: RecId) -> String {
        self.rec_name_ref(id).into_owned()
    }

    /// The record's name without copying it in the common (string) case.
    pub fn rec_name_ref(&self, id: RecId) -> std::borrow::Cow<'_, str> {
        match &self.rec(id).name {
            Value::Str(s, _) => std::borrow::Cow::Borrowed(s),
            other => std::borrow::Cow::Owned(self.show_unquoted(other)),
        }
    }

    // ---- Types -----------------------------------------------------------

    /// A record type over `classes`, sorted by name and deduplicated.
    pub fn record_ty(&self, classes: &[RecId]) -> Ty {
        let mut v: Vec<RecId> = classes.to_vec();
        if v.len() > 1 {
            v.sort_by(|a, b| self.rec_name_ref(*a).cmp(&self.rec_name_ref(*b)));
            v.dedup();
        }
        Ty::Record(Rc::from(v))
    }

    /// The type of a def: the record type of its direct superclasses.
    pub fn def_ty(&self, id: RecId) -> Ty {
        let r = self.rec(id);
        self.record_ty(&r.direct_supers)
    }

    /// Whether class `c` is `target` or derives from it.
    fn class_is_a(&self, c: RecId, target: RecId) -> bool {
        c == target || self.rec(c).is_subclass_of(target)
    }

    /// LLVM's `RecTy::typeIsConvertibleTo`.
    pub fn convertible(&self, from: &Ty, to: &Ty) -> bool {
        match (from, to) {
            (Ty::Bit, Ty::Bit | Ty::Int) => true,
            (Ty::Bit, Ty::Bits(n)) => *n == 1,
            (Ty::Bits(a), Ty::Bits(b)) => a == b,
            (Ty::Bits(a), Ty::Bit) => *a == 1,
            (Ty::Bits(_), Ty::Int) => true,
            (Ty::Int, Ty::Bit | Ty::Bits(_) | Ty::Int) => true,
            (Ty::String, Ty::String) => true,
            (Ty::Dag, Ty::Dag) => true,
            (Ty::List(a), Ty::List(b)) => self.convertible(a, b),
            (Ty::Record(a), Ty::Record(b)) => {
                if a == b {
                    return true;
                }
                b.iter().all(|t| a.iter().any(|c| self.class_is_a(*c, *t)))
            }
            _ => false,
        }
    }

    /// LLVM's `RecTy::typeIsA`.
    pub fn type_is_a(&self, a: &Ty, b: &Ty) -> bool {
        match (a, b) {
            (Ty::List(x), Ty::List(y)) => self.type_is_a(x, y),
            (Ty::Record(_), Ty::Record(_)) => self.convertible(a, b),
            _ => a == b,
        }
    }

    /// LLVM's `resolveTypes`: the common type of two values, if any.
    pub fn resolve_types(&self, t1: &Ty, t2: &Ty) -> Option<Ty> {
        if t1 == t2 {
            return Some(t1.clone());
        }
        if let (Ty::Record(a), Ty::Record(b)) = (t1, t2) {
            // Find the most specific common superclasses.
            let mut common: Vec<RecId> = Vec::new();
            let mut stack: Vec<RecId> = a.to_vec();
            let t2 = Ty::Record(b.clone());
            let mut steps = 0usize;
            while let Some(r) = stack.pop() {
                steps += 1;
                if steps > 100_000 {
                    break;
                }
                if self.convertible(&t2, &self.record_ty(&[r])) {
                    common.push(r);
                } else {
                    stack.extend(self.rec(r).direct_supers.iter().copied());
                }
            }
            return Some(self.record_ty(&common));
        }
        if self.convertible(t1, t2) {
            return Some(t2.clone());
        }
        if self.convertible(t2, t1) {
            return Some(t1.clone());
        }
        if let (Ty::List(a), Ty::List(b)) = (t1, t2) {
            return self.resolve_types(a, b).map(Ty::list);
        }
        None
    }

    /// The type of a field accessed through a record type.
    pub fn field_type(&self, ty: &Ty, field: &str) -> Option<Ty> {
        if let Ty::Record(classes) = ty {
            for c in classes.iter() {
                if let Some(rv) = self.rec(*c).get(field) {
                    return Some(rv.ty.clone());
                }
            }
        }
        None
    }

    pub fn ty_str(&self, t: &Ty) -> String {
        match t {
            Ty::Bit => "bit".into(),
            Ty::Bits(n) => format!("bits<{n}>"),
            Ty::Int => "int".into(),
            Ty::String => "string".into(),
            Ty::Dag => "dag".into(),
            Ty::List(e) => format!("list<{}>", self.ty_str(e)),
            Ty::Record(cs) => {
                if cs.len() == 1 {
                    self.rec_name(cs[0])
                } else {
                    let names: Vec<String> = cs.iter().map(|c| self.rec_name(*c)).collect();
                    format!("{{{}}}", names.join(", "))
                }
            }
        }
    }

    // ---- Printing ----------------------------------------------------------

    /// TableGen syntax for a value (LLVM's `getAsString`).
    pub fn show(&self, v: &Value) -> String {
        let mut s = String::new();
        self.show_into(&mut s, v, 0);
        s
    }

    /// Like `show`, but strings print without quotes (`getAsUnquotedString`).
    pub fn show_unquoted(&self, v: &Value) -> String {
        match v {
            Value::Str(s, _) => s.to_string(),
            _ => self.show(v),
        }
    }

    fn show_into(&self, out: &mut String, v: &Value, depth: u32) {
        if depth > MAX_EVAL_DEPTH {
            out.push_str("...");
            return;
        }
        let d = depth + 1;
        match v {
            Value::Unset => out.push('?'),
            Value::Bit(b) => out.push(if *b { '1' } else { '0' }),
            Value::Bits(bits) => {
                out.push_str("{ ");
                for (i, b) in bits.iter().rev().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.show_into(out, b, d);
                }
                out.push_str(" }");
            }
            Value::Int(i) => {
                let _ = write!(out, "{i}");
            }
            Value::Str(s, code) => {
                if *code {
                    out.push_str("[{");
                    out.push_str(s);
                    out.push_str("}]");
                } else {
                    out.push('"');
                    out.push_str(s);
                    out.push('"');
                }
            }
            Value::List(items, _) => {
                out.push('[');
                for (i, e) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.show_into(out, e, d);
                }
                out.push(']');
            }
            Value::Dag(dag) => {
                out.push('(');
                self.show_into(out, &dag.op, d);
                if let Some(n) = &dag.op_name {
                    out.push_str(":$");
                    out.push_str(n);
                }
                for (i, (a, n)) in dag.args.iter().enumerate() {
                    out.push_str(if i == 0 { " " } else { ", " });
                    self.show_into(out, a, d);
                    if let Some(n) = n {
                        out.push_str(":$");
                        out.push_str(n);
                    }
                }
                out.push(')');
            }
            Value::Def(id) => out.push_str(&self.rec_name_ref(*id)),
            Value::Anon(n) => {
                let _ = write!(out, "anonymous_{n}");
            }
            Value::Var(n, _) => out.push_str(n),
            Value::VarBit(v, b) => {
                self.show_into(out, v, d);
                let _ = write!(out, "{{{b}}}");
            }
            Value::Field(r, f, _) => {
                self.show_into(out, r, d);
                out.push('.');
                out.push_str(f);
            }
            Value::VarDef(c, args) => {
                out.push_str(&self.rec_name(*c));
                out.push('<');
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    match &a.key {
                        ArgKey::Pos(p) => {
                            let _ = write!(out, "{p}: ");
                        }
                        ArgKey::Named(n) => {
                            let _ = write!(out, "\"{n}\": ");
                        }
                    }
                    self.show_into(out, &a.value, d);
                }
                out.push('>');
            }
            Value::Un(op, x, ty) => {
                out.push_str(un_name(*op));
                if *op == UnOp::Cast {
                    let _ = write!(out, "<{}>", self.ty_str(ty));
                }
                out.push('(');
                self.show_into(out, x, d);
                out.push(')');
            }
            Value::Bin(op, l, r, ty) => match op {
                BinOp::ListElem | BinOp::ListSlice => {
                    self.show_into(out, l, d);
                    out.push('[');
                    self.show_into(out, r, d);
                    out.push(']');
                }
                BinOp::RangeC => {
                    self.show_into(out, l, d);
                    out.push_str("...");
                    self.show_into(out, r, d);
                }
                _ => {
                    out.push_str(bin_name(*op));
                    if *op == BinOp::GetDagArg {
                        let _ = write!(out, "<{}>", self.ty_str(ty));
                    }
                    out.push('(');
                    self.show_into(out, l, d);
                    out.push_str(", ");
                    self.show_into(out, r, d);
                    out.push(')');
                }
            },
            Value::Tern(op, l, m, r, _) => {
                out.push_str(tern_name(*op));
                out.push('(');
                if matches!(op, TernOp::Foreach | TernOp::Filter) {
                    out.push_str(&self.show_unquoted(l));
                } else {
                    self.show_into(out, l, d);
                }
                out.push_str(", ");
                self.show_into(out, m, d);
                out.push_str(", ");
                self.show_into(out, r, d);
                out.push(')');
            }
            Value::Foldl(f) => {
                out.push_str("!foldl(");
                self.show_into(out, &f.start, d);
                out.push_str(", ");
                self.show_into(out, &f.list, d);
                let _ = write!(out, ", {}, {}, ", f.a, f.b);
                self.show_into(out, &f.expr, d);
                out.push(')');
            }
            Value::IsA(ty, x) => {
                let _ = write!(out, "!isa<{}>(", self.ty_str(ty));
                self.show_into(out, x, d);
                out.push(')');
            }
            Value::Exists(ty, x) => {
                let _ = write!(out, "!exists<{}>(", self.ty_str(ty));
                self.show_into(out, x, d);
                out.push(')');
            }
            Value::Cond(conds, vals, _) => {
                out.push_str("!cond(");
                for (i, (c, v)) in conds.iter().zip(vals.iter()).enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.show_into(out, c, d);
                    out.push_str(": ");
                    self.show_into(out, v, d);
                }
                out.push(')');
            }
        }
    }
}
