//! The TableGen parser. It mirrors LLVM's `TGParser`: values are folded as
//! they are parsed, classes are built by copying superclass fields and
//! binding template arguments, defs are finished (final resolution, concrete
//! checks) as soon as they are complete, and multiclasses/`foreach` bodies
//! are kept as prototypes that are copied and resolved per instantiation.
//! Every error is reported at the offending token; the first error stops the
//! parse (later ones would only be consequences).

use super::cx::*;
use super::diag::{Pos, RawDiag, Severity};
use super::eval::*;
use super::lexer::{Bang, Lexer, Tok};
use super::value::*;
use std::collections::HashMap;
use std::rc::Rc;

pub(crate) type PResult<T> = Result<T, ()>;

/// Values nest at most this deep in the source (deeper input is rejected
/// instead of overflowing the stack).
const MAX_PARSE_DEPTH: u32 = 512;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Value,
    Name,
}

enum ScopeKind {
    Local,
    Record(RecId),
    Loop(Option<(Name, Ty)>),
    MultiClass(RecId),
}

struct Scope {
    kind: ScopeKind,
    vars: HashMap<Name, Value>,
}

#[derive(Clone)]
struct LetRecord {
    name: Name,
    bits: Vec<u32>,
    value: Value,
    pos: Pos,
}

#[derive(Clone)]
pub(crate) struct Loop {
    pos: Pos,
    iter: Option<(Name, Ty)>,
    list: Value,
    entries: Vec<Entry>,
}

#[derive(Clone)]
pub(crate) enum Entry {
    Rec(RecId),
    Loop(Box<Loop>),
    Assert(Assertion),
}

pub(crate) struct MultiClass {
    pub rec: RecId,
    entries: Vec<Entry>,
}

struct Defset {
    pos: Pos,
    elt: Ty,
    elements: Vec<Value>,
}

struct SubClassRef {
    pos: Pos,
    rec: RecId,
    args: Vec<(ArgKey, Value, Pos)>,
}

pub(crate) struct Parser {
    pub lex: Lexer,
    pub cx: Cx,
    scopes: Vec<Scope>,
    let_stack: Vec<Vec<LetRecord>>,
    loops: Vec<Loop>,
    pub multiclasses: HashMap<Name, MultiClass>,
    cur_mc: Option<Name>,
    defsets: Vec<Defset>,
    depth: u32,
}

impl Parser {
    pub fn new(lex: Lexer) -> Parser {
        Parser {
            lex,
            cx: Cx::new(),
            scopes: Vec::new(),
            let_stack: Vec::new(),
            loops: Vec::new(),
            multiclasses: HashMap::new(),
            cur_mc: None,
            defsets: Vec::new(),
            depth: 0,
        }
    }

    // ---- Token helpers ---------------------------------------------------------

    fn code(&self) -> Tok {
        self.lex.code
    }

    fn loc(&self) -> Pos {
        self.lex.tok_start
    }

    fn next(&mut self) -> Tok {
        let t = self.lex.lex();
        if !self.lex.diags.is_empty() {
            self.cx.diags.append(&mut self.lex.diags);
            self.cx.failed = true;
        }
        self.cx.fallback_pos = self.lex.tok_start;
        t
    }

    fn consume(&mut self, t: Tok) -> bool {
        if self.code() == t {
            self.next();
            true
        } else {
            false
        }
    }

    fn error<T>(&mut self, pos: Pos, msg: impl Into<String>) -> PResult<T> {
        self.cx.error(pos, msg);
        Err(())
    }

    fn tok_error<T>(&mut self, msg: impl Into<String>) -> PResult<T> {
        // A lexer error has already been reported for this token.
        if self.code() == Tok::Error {
            self.cx.failed = true;
            return Err(());
        }
        let p = self.loc();
        self.error(p, msg)
    }

    /// Fails if an evaluation error was reported meanwhile.
    fn check(&mut self) -> PResult<()> {
        if self.cx.failed {
            Err(())
        } else {
            Ok(())
        }
    }

    fn cur_rec(&self, cur: Option<RecId>) -> Option<Rc<CurRec>> {
        cur.map(|id| CurRec::of(&self.cx, id))
    }

    fn mc_rec(&self) -> Option<RecId> {
        self.cur_mc
            .as_ref()
            .and_then(|n| self.multiclasses.get(n))
            .map(|m| m.rec)
    }

    fn rec_name(&self, id: RecId) -> String {
        self.cx.rec_name(id)
    }

    // ---- Scopes ----------------------------------------------------------------

    fn push_scope(&mut self, kind: ScopeKind) {
        self.scopes.push(Scope {
            kind,
            vars: HashMap::new(),
        });
    }

    fn pop_scope(&mut self) {
        self.scopes.pop();
    }

    fn var_already_defined(&self, name: &str) -> bool {
        self.scopes
            .last()
            .is_some_and(|s| s.vars.contains_key(name))
    }

    fn is_outermost(&self) -> bool {
        self.scopes.len() <= 1
    }

    fn find_in_args(&self, rec: RecId, name: &str, scoper: &str) -> Option<Value> {
        let qualified = format!("{}{}{}", self.rec_name(rec), scoper, name);
        let r = self.cx.rec(rec);
        if r.is_template_arg(&qualified) {
            let ty = r
                .get(&qualified)
                .map(|f| f.ty.clone())
                .unwrap_or(Ty::String);
            return Some(Value::Var(Rc::from(qualified), ty));
        }
        if name == "NAME" {
            return Some(Value::Var(Rc::from(qualified), Ty::String));
        }
        None
    }

    fn get_var(&self, name: &str) -> Option<Value> {
        for scope in self.scopes.iter().rev() {
            if let Some(v) = scope.vars.get(name) {
                return Some(v.clone());
            }
            match &scope.kind {
                ScopeKind::Local => {}
                ScopeKind::Record(rec) => {
                    let r = self.cx.rec(*rec);
                    if let Some(f) = r.get(name) {
                        return Some(Value::Var(f.name.clone(), f.ty.clone()));
                    }
                    if r.is_class {
                        if let Some(v) = self.find_in_args(*rec, name, ":") {
                            return Some(v);
                        }
                    }
                }
                ScopeKind::Loop(iter) => {
                    if let Some((n, t)) = iter {
                        if &**n == name {
                            return Some(Value::Var(n.clone(), t.clone()));
                        }
                    }
                }
                ScopeKind::MultiClass(rec) => {
                    if let Some(v) = self.find_in_args(*rec, name, "::") {
                        return Some(v);
                    }
                }
            }
        }
        None
    }

    // ---- Top level -------------------------------------------------------------

    pub fn parse_file(&mut self) -> PResult<()> {
        self.next();
        self.push_scope(ScopeKind::Local);
        self.parse_object_list()?;
        self.pop_scope();
        if self.code() == Tok::Eof {
            return self.check();
        }
        self.tok_error("Unexpected token at top level")
    }

    fn parse_object_list(&mut self) -> PResult<()> {
        while self.code().is_object_start() {
            self.parse_object()?;
            self.check()?;
        }
        Ok(())
    }

    fn parse_object(&mut self) -> PResult<()> {
        let in_mc = self.cur_mc.is_some();
        match self.code() {
            Tok::Assert => self.parse_assert(None),
            Tok::Def => self.parse_def(),
            Tok::Defm => self.parse_defm(),
            Tok::Defvar => self.parse_defvar(None),
            Tok::Dump => self.parse_dump(None),
            Tok::Foreach => self.parse_foreach(),
            Tok::If => self.parse_if(),
            Tok::Let => self.parse_top_level_let(),
            Tok::Defset => {
                if in_mc {
                    return self.tok_error("defset is not allowed inside multiclass");
                }
                self.parse_defset()
            }
            Tok::Deftype => self.tok_error("deftype is not supported"),
            Tok::Class => {
                if in_mc {
                    return self.tok_error("class is not allowed inside multiclass");
                }
                if !self.loops.is_empty() {
                    return self.tok_error("class is not allowed inside foreach loop");
                }
                self.parse_class()
            }
            Tok::MultiClass => {
                if !self.loops.is_empty() {
                    return self.tok_error("multiclass is not allowed inside foreach loop");
                }
                self.parse_multiclass()
            }
            _ => self
                .tok_error("Expected assert, class, def, defm, defset, dump, foreach, if, or let"),
        }
    }

    // ---- Classes and defs ----------------------------------------------------

    fn parse_class(&mut self) -> PResult<()> {
        self.next();
        if self.code() != Tok::Id {
            return self.tok_error("expected class name after 'class' keyword");
        }
        let name: Name = Rc::from(self.lex.cur_str.as_str());
        let id = if let Some(&id) = self.cx.classes.get(&name) {
            let r = self.cx.rec(id);
            if !r.values.is_empty() || !r.direct_supers.is_empty() || !r.template_args.is_empty() {
                return self.tok_error(format!("Class '{name}' already defined"));
            }
            let p = self.loc();
            self.cx.rec_mut(id).pos = p;
            id
        } else {
            let p = self.loc();
            let id = self.cx.new_record(Value::Str(name.clone(), false), p, true);
            self.cx.classes.insert(name, id);
            self.cx.class_order.push(id);
            id
        };
        self.next();
        self.push_scope(ScopeKind::Record(id));
        if self.code() == Tok::Less {
            self.parse_template_arg_list(Some(id))?;
        }
        self.parse_object_body(id)?;
        self.pop_scope();
        Ok(())
    }

    fn parse_template_arg_list(&mut self, cur: Option<RecId>) -> PResult<()> {
        self.next();
        let Some(target) = cur.or_else(|| self.mc_rec()) else {
            return self.tok_error("template arguments outside a class or multiclass");
        };
        let arg = self.parse_declaration(cur, true)?;
        self.cx.rec_mut(target).template_args.push(arg);
        while self.consume(Tok::Comma) {
            let p = self.loc();
            let arg = self.parse_declaration(cur, true)?;
            if self
                .cx
                .rec(target)
                .template_args
                .iter()
                .filter(|a| **a == arg)
                .count()
                > 0
            {
                return self.error(
                    p,
                    "template argument with the same name has already been defined",
                );
            }
            self.cx.rec_mut(target).template_args.push(arg);
        }
        if !self.consume(Tok::Greater) {
            return self.tok_error("expected '>' at end of template argument list");
        }
        Ok(())
    }

    /// Parses `field? Type name (= value)?`, adding the field (or template
    /// argument) to the record. Returns the (qualified) name.
    fn parse_declaration(&mut self, cur: Option<RecId>, targs: bool) -> PResult<Name> {
        let has_field = self.consume(Tok::Field);
        let ty = self.parse_type()?;
        if self.code() != Tok::Id {
            return self.tok_error("Expected identifier in declaration");
        }
        let s = self.lex.cur_str.clone();
        if s == "NAME" {
            return self.tok_error(format!("'{s}' is a reserved variable name"));
        }
        if !targs && self.var_already_defined(&s) {
            return self.tok_error("local variable of this name already exists");
        }
        let id_pos = self.loc();
        self.next();
        let (target, name, kind) = if !targs {
            let Some(rec) = cur.or_else(|| self.mc_rec()) else {
                return self.error(id_pos, "declaration outside a record");
            };
            let kind = if has_field {
                FieldKind::NonconcreteOk
            } else {
                FieldKind::Normal
            };
            (rec, Rc::from(s.as_str()), kind)
        } else if let Some(rec) = cur {
            let q: Name = Rc::from(format!("{}:{}", self.rec_name(rec), s));
            (rec, q, FieldKind::TemplateArg)
        } else {
            let Some(rec) = self.mc_rec() else {
                return self.error(id_pos, "invalid context for template argument");
            };
            let q: Name = Rc::from(format!("{}::{}", self.rec_name(rec), s));
            (rec, q, FieldKind::TemplateArg)
        };
        // A new field starts out unset; `bits` fields hold unset bits, as
        // `RecordVal::setValue(?)` makes them.
        let initial = match &ty {
            Ty::Bits(n) => Value::Bits(Rc::from(vec![Value::Unset; *n as usize])),
            _ => Value::Unset,
        };
        self.add_value(
            target,
            id_pos,
            RecordVal {
                name: name.clone(),
                ty: ty.clone(),
                value: initial,
                kind,
                pos: id_pos,
            },
        )?;
        if self.consume(Tok::Equal) {
            let val_pos = self.loc();
            let v = self.parse_value(cur, Some(&ty), Mode::Value)?;
            self.set_value(target, val_pos, &name, &[], v, false, false)?;
        }
        Ok(name)
    }

    fn add_value(&mut self, rec: RecId, pos: Pos, rv: RecordVal) -> PResult<()> {
        let mut existing = match self.cx.rec(rec).get(&rv.name) {
            Some(e) => e.clone(),
            None => {
                self.cx.rec_mut(rec).values.push(rv);
                return Ok(());
            }
        };
        // Redefining a field (or inheriting it again) acts as a set.
        if !set_field_value(&mut self.cx, &mut existing, rv.value.clone()) {
            let msg = format!(
                "New definition of '{}' of type '{}' is incompatible with previous definition of type '{}'",
                rv.name,
                self.cx.ty_str(&rv.ty),
                self.cx.ty_str(&existing.ty)
            );
            return self.error(pos, msg);
        }
        if let Some(f) = self.cx.rec_mut(rec).get_mut(&rv.name) {
            *f = existing;
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn set_value(
        &mut self,
        rec: RecId,
        pos: Pos,
        name: &str,
        bits: &[u32],
        v: Value,
        allow_self: bool,
        override_loc: bool,
    ) -> PResult<()> {
        let Some(mut rv) = self.cx.rec(rec).get(name).cloned() else {
            return self.error(pos, format!("Value '{name}' unknown!"));
        };
        if bits.is_empty() {
            if let Value::Var(n, _) = &v {
                if &**n == name && !allow_self {
                    return self.error(pos, "Recursion / self-assignment forbidden");
                }
            }
        }
        let mut v = v;
        if !bits.is_empty() {
            let Value::Bits(cur) = &rv.value else {
                return self.error(pos, format!("Value '{name}' is not a bits type"));
            };
            let cur = cur.clone();
            let Some(bi) = cast_to(&mut self.cx, &v, &Ty::Bits(bits.len() as u32)) else {
                return self.error(pos, "Initializer is not compatible with bit range");
            };
            let mut new_bits: Vec<Option<Value>> = vec![None; cur.len()];
            for (i, &b) in bits.iter().enumerate() {
                let Some(slot) = new_bits.get_mut(b as usize) else {
                    return self.error(pos, "Invalid bit range for value");
                };
                if slot.is_some() {
                    return self.error(
                        pos,
                        format!("Cannot set bit #{b} of value '{name}' more than once"),
                    );
                }
                *slot = Some(get_bit(&bi, i as u32));
            }
            let merged: Vec<Value> = new_bits
                .into_iter()
                .enumerate()
                .map(|(i, b)| b.unwrap_or_else(|| cur[i].clone()))
                .collect();
            v = Value::Bits(Rc::from(merged));
        }
        if override_loc {
            rv.pos = pos;
        }
        if !set_field_value(&mut self.cx, &mut rv, v.clone()) {
            let init_type = match &v {
                Value::Bits(b) => format!("' of type bit initializer with length {}", b.len()),
                _ => match type_of(&self.cx, &v) {
                    Some(t) => format!("' of type '{}", self.cx.ty_str(&t)),
                    None => String::new(),
                },
            };
            let msg = format!(
                "Field '{}' of type '{}' is incompatible with value '{}{}'",
                name,
                self.cx.ty_str(&rv.ty),
                self.cx.show(&v),
                init_type
            );
            return self.error(pos, msg);
        }
        if let Some(f) = self.cx.rec_mut(rec).get_mut(name) {
            *f = rv;
        }
        Ok(())
    }

    fn parse_object_body(&mut self, rec: RecId) -> PResult<()> {
        self.push_scope(ScopeKind::Record(rec));
        if self.consume(Tok::Colon) {
            loop {
                let sc = self.parse_subclass_ref(Some(rec), false)?;
                self.add_subclass(rec, &sc)?;
                if !self.consume(Tok::Comma) {
                    break;
                }
            }
        }
        self.apply_let_stack(rec)?;
        self.parse_body(rec)?;
        self.pop_scope();
        Ok(())
    }

    fn parse_class_id(&mut self) -> PResult<RecId> {
        if self.code() != Tok::Id {
            return self.tok_error("expected name for ClassID");
        }
        let name = self.lex.cur_str.clone();
        match self.cx.classes.get(name.as_str()) {
            Some(&id) => {
                self.next();
                Ok(id)
            }
            None => {
                let mut msg = format!("Couldn't find class '{name}'");
                if self.multiclasses.contains_key(name.as_str()) {
                    msg.push_str(&format!(
                        ". Use 'defm' if you meant to use multiclass '{name}'"
                    ));
                }
                self.tok_error(msg)
            }
        }
    }

    fn parse_multiclass_id(&mut self) -> PResult<Name> {
        if self.code() != Tok::Id {
            return self.tok_error("expected name for MultiClassID");
        }
        let name: Name = Rc::from(self.lex.cur_str.as_str());
        if !self.multiclasses.contains_key(&name) {
            return self.tok_error(format!("Couldn't find multiclass '{name}'"));
        }
        self.next();
        Ok(name)
    }

    fn parse_subclass_ref(&mut self, cur: Option<RecId>, is_defm: bool) -> PResult<SubClassRef> {
        let pos = self.loc();
        let rec = if is_defm {
            let n = self.parse_multiclass_id()?;
            self.multiclasses[&n].rec
        } else {
            self.parse_class_id()?
        };
        let mut r = SubClassRef {
            pos,
            rec,
            args: Vec::new(),
        };
        if !self.consume(Tok::Less) {
            return Ok(r);
        }
        self.parse_template_arg_values(&mut r.args, cur, rec, is_defm)?;
        self.check_template_arg_values(&mut r.args, rec)?;
        Ok(r)
    }

    fn parse_template_arg_values(
        &mut self,
        out: &mut Vec<(ArgKey, Value, Pos)>,
        cur: Option<RecId>,
        args_rec: RecId,
        is_defm: bool,
    ) -> PResult<()> {
        let targs = self.cx.rec(args_rec).template_args.clone();
        if self.consume(Tok::Greater) {
            return Ok(());
        }
        let mut has_named = false;
        let mut idx = 0usize;
        loop {
            if idx >= targs.len() {
                return self.tok_error(format!("Too many template arguments: {}", idx + 1));
            }
            let mut vpos = self.loc();
            let ty = if has_named {
                None
            } else {
                self.cx.rec(args_rec).get(&targs[idx]).map(|f| f.ty.clone())
            };
            let v = self.parse_value(cur, ty.as_ref(), Mode::Value)?;
            if self.code() == Tok::Equal {
                let Value::Str(name, _) = &v else {
                    return self.error(
                        vpos,
                        "The name of named argument should be a valid identifier",
                    );
                };
                let scoper = if is_defm { "::" } else { ":" };
                let q: Name = Rc::from(format!("{}{}{}", self.rec_name(args_rec), scoper, name));
                let Some(named_ty) = self.cx.rec(args_rec).get(&q).map(|f| f.ty.clone()) else {
                    return self.error(vpos, format!("Argument \"{name}\" doesn't exist"));
                };
                self.next();
                vpos = self.loc();
                let v = self.parse_value(cur, Some(&named_ty), Mode::Value)?;
                if v == Value::Unset {
                    return self.error(
                        vpos,
                        "The value of named argument should be initialized, but we got '?'",
                    );
                }
                out.push((ArgKey::Named(q), v, vpos));
                has_named = true;
            } else {
                if has_named {
                    return self.error(
                        vpos,
                        "Positional argument should be put before named argument",
                    );
                }
                out.push((ArgKey::Pos(idx as u32), v, vpos));
            }
            if self.consume(Tok::Greater) {
                return Ok(());
            }
            if !self.consume(Tok::Comma) {
                return self.tok_error("Expected comma before next argument");
            }
            idx += 1;
        }
    }

    fn arg_name(&self, rec: RecId, key: &ArgKey) -> Option<Name> {
        match key {
            ArgKey::Pos(i) => self.cx.rec(rec).template_args.get(*i as usize).cloned(),
            ArgKey::Named(n) => Some(n.clone()),
        }
    }

    fn check_template_arg_values(
        &mut self,
        args: &mut [(ArgKey, Value, Pos)],
        rec: RecId,
    ) -> PResult<()> {
        for (key, v, pos) in args.iter_mut() {
            let Some(name) = self.arg_name(rec, key) else {
                continue;
            };
            let Some(ty) = self.cx.rec(rec).get(&name).map(|f| f.ty.clone()) else {
                continue;
            };
            if let Some(vt) = type_of(&self.cx, v) {
                match cast_to(&mut self.cx, v, &ty) {
                    Some(c) => *v = c,
                    None => {
                        let msg = format!(
                            "Value specified for template argument '{}' is of type {}; expected type {}: {}",
                            name,
                            self.cx.ty_str(&vt),
                            self.cx.ty_str(&ty),
                            self.cx.show(v)
                        );
                        return self.error(*pos, msg);
                    }
                }
            }
        }
        Ok(())
    }

    /// Binds explicit arguments and defaults; calls `handle` for each.
    fn resolve_arguments(
        &mut self,
        rec: RecId,
        args: &[(ArgKey, Value, Pos)],
        pos: Pos,
        handle: &mut dyn FnMut(Name, Value),
    ) -> PResult<()> {
        let mut unsolved = self.cx.rec(rec).template_args.clone();
        for (key, v, _) in args {
            let Some(name) = self.arg_name(rec, key) else {
                continue;
            };
            let Some(i) = unsolved.iter().position(|u| *u == name) else {
                return self.error(
                    pos,
                    format!("We can only specify the template argument '{name}' once"),
                );
            };
            handle(name, v.clone());
            unsolved.remove(i);
        }
        for name in unsolved {
            let Some(f) = self.cx.rec(rec).get(&name).cloned() else {
                continue;
            };
            if !is_complete(&f.value) {
                let rn = self.rec_name(rec);
                self.cx.error(
                    pos,
                    format!("value not specified for template argument '{name}'"),
                );
                self.cx.note(f.pos, format!("declared in '{rn}'"));
                return Err(());
            }
            handle(name, f.value);
        }
        Ok(())
    }

    fn add_subclass(&mut self, cur: RecId, sc: &SubClassRef) -> PResult<()> {
        let sc_rec = self.cx.rec(sc.rec).clone();
        let mut r = MapResolver::new(Some(CurRec::of(&self.cx, cur)));
        for f in sc_rec.values.iter() {
            if f.kind != FieldKind::TemplateArg {
                self.add_value(cur, sc.pos, f.clone())?;
            }
        }
        let mut bound: Vec<(Name, Value)> = Vec::new();
        self.resolve_arguments(sc.rec, &sc.args, sc.pos, &mut |n, v| bound.push((n, v)))?;
        for (n, v) in bound {
            r.set(n, v);
        }
        self.cx
            .rec_mut(cur)
            .assertions
            .extend(sc_rec.assertions.iter().cloned());
        let name = if self.cx.rec(cur).is_class {
            Value::Var(Rc::from(format!("{}:NAME", self.rec_name(cur))), Ty::String)
        } else {
            self.cx.rec(cur).name.clone()
        };
        r.set(Rc::from(format!("{}:NAME", self.rec_name(sc.rec))), name);
        resolve_record(&mut self.cx, cur, &mut r);
        self.check()?;
        if self.cx.rec(cur).is_subclass_of(sc.rec) {
            let n = self.rec_name(sc.rec);
            return self.error(sc.pos, format!("Already subclass of '{n}'!"));
        }
        let rm = self.cx.rec_mut(cur);
        rm.direct_supers.push(sc.rec);
        rm.all_supers.extend(sc_rec.all_supers.iter().copied());
        rm.all_supers.push(sc.rec);
        Ok(())
    }

    fn apply_let_stack(&mut self, rec: RecId) -> PResult<()> {
        let lets: Vec<LetRecord> = self.let_stack.iter().flatten().cloned().collect();
        for l in lets {
            self.set_value(rec, l.pos, &l.name, &l.bits, l.value, false, false)?;
        }
        Ok(())
    }

    fn apply_let_stack_entry(&mut self, e: &Entry) -> PResult<()> {
        match e {
            Entry::Rec(id) => self.apply_let_stack(*id),
            Entry::Assert(_) => Ok(()),
            Entry::Loop(l) => {
                for e in &l.entries {
                    self.apply_let_stack_entry(e)?;
                }
                Ok(())
            }
        }
    }

    fn add_subclass_entry(&mut self, e: &Entry, sc: &SubClassRef) -> PResult<()> {
        match e {
            Entry::Rec(id) => self.add_subclass(*id, sc),
            Entry::Assert(_) => Ok(()),
            Entry::Loop(l) => {
                for e in &l.entries {
                    self.add_subclass_entry(e, sc)?;
                }
                Ok(())
            }
        }
    }

    fn parse_body(&mut self, rec: RecId) -> PResult<()> {
        if self.consume(Tok::Semi) {
            return Ok(());
        }
        if !self.consume(Tok::LBrace) {
            return self.tok_error("Expected '{' to start body or ';' for declaration only");
        }
        while self.code() != Tok::RBrace {
            self.parse_body_item(rec)?;
            self.check()?;
        }
        self.next();
        if self.code() == Tok::Semi {
            return self.tok_error("A class or def body should not end with a semicolon");
        }
        Ok(())
    }

    fn parse_body_item(&mut self, rec: RecId) -> PResult<()> {
        match self.code() {
            Tok::Assert => return self.parse_assert(Some(rec)),
            Tok::Defvar => return self.parse_defvar(Some(rec)),
            Tok::Dump => return self.parse_dump(Some(rec)),
            Tok::Let => {}
            _ => {
                self.parse_declaration(Some(rec), false)?;
                if !self.consume(Tok::Semi) {
                    return self.tok_error("expected ';' after declaration");
                }
                return Ok(());
            }
        }
        if self.next() != Tok::Id {
            return self.tok_error("expected field identifier after let");
        }
        let id_pos = self.loc();
        let name: Name = Rc::from(self.lex.cur_str.as_str());
        self.next();
        let mut bits = self.parse_optional_bit_list()?;
        bits.reverse();
        if !self.consume(Tok::Equal) {
            return self.tok_error("expected '=' in let expression");
        }
        let Some(field) = self.cx.rec(rec).get(&name).cloned() else {
            return self.error(id_pos, format!("Value '{name}' unknown!"));
        };
        let mut ty = field.ty.clone();
        if !bits.is_empty() && matches!(ty, Ty::Bits(_)) {
            ty = Ty::Bits(bits.len() as u32);
        }
        let v = self.parse_value(Some(rec), Some(&ty), Mode::Value)?;
        if !self.consume(Tok::Semi) {
            return self.tok_error("expected ';' after let expression");
        }
        self.set_value(rec, id_pos, &name, &bits, v, false, true)
    }

    fn parse_def(&mut self) -> PResult<()> {
        let def_pos = self.loc();
        self.next();
        let name_pos = if self.code() == Tok::Id {
            self.loc()
        } else {
            def_pos
        };
        let name = self.parse_object_name()?;
        let id = if name == Value::Unset {
            let anon = self.cx.new_anon_name();
            self.cx.new_record(anon, def_pos, false)
        } else {
            self.cx.new_record(name, name_pos, false)
        };
        self.parse_object_body(id)?;
        self.add_entry(Entry::Rec(id))
    }

    fn parse_object_name(&mut self) -> PResult<Value> {
        if matches!(self.code(), Tok::Colon | Tok::Semi | Tok::LBrace) {
            return Ok(Value::Unset);
        }
        let mc = self.mc_rec();
        let name = self.parse_value(mc, Some(&Ty::String), Mode::Name)?;
        if let Some(mc) = mc {
            let q = format!("{}::NAME", self.rec_name(mc));
            if !references(&mut self.cx, &name, &q) {
                return Ok(str_concat(Value::Var(Rc::from(q), Ty::String), name));
            }
        }
        Ok(name)
    }

    fn parse_defvar(&mut self, cur: Option<RecId>) -> PResult<()> {
        self.next();
        if self.code() != Tok::Id {
            return self.tok_error("expected identifier");
        }
        let name: Name = Rc::from(self.lex.cur_str.as_str());
        if self.var_already_defined(&name) {
            return self.tok_error("local variable of this name already exists");
        }
        if let Some(rec) = cur {
            if let Some(f) = self.cx.rec(rec).get(&name) {
                if f.kind != FieldKind::TemplateArg {
                    return self.tok_error("field of this name already exists");
                }
            }
        }
        if self.is_outermost() && self.cx.global(&name).is_some() {
            return self.tok_error("def or global variable of this name already exists");
        }
        self.next();
        if !self.consume(Tok::Equal) {
            return self.tok_error("expected '='");
        }
        let v = self.parse_value(cur, None, Mode::Value)?;
        if !self.consume(Tok::Semi) {
            return self.tok_error("expected ';'");
        }
        if !self.is_outermost() {
            if let Some(s) = self.scopes.last_mut() {
                s.vars.insert(name, v);
            }
        } else {
            self.cx.globals.insert(name, v);
        }
        Ok(())
    }

    fn parse_foreach(&mut self) -> PResult<()> {
        let pos = self.loc();
        self.next();
        let Some((iter, list)) = self.parse_foreach_declaration()? else {
            return self.tok_error("expected declaration in for");
        };
        if !self.consume(Tok::In) {
            return self.tok_error("Unknown tok");
        }
        self.push_scope(ScopeKind::Loop(Some(iter.clone())));
        self.loops.push(Loop {
            pos,
            iter: Some(iter),
            list,
            entries: Vec::new(),
        });
        if self.code() != Tok::LBrace {
            self.parse_object()?;
        } else {
            self.next();
            self.parse_object_list()?;
            if !self.consume(Tok::RBrace) {
                return self.tok_error("expected '}' at end of foreach command");
            }
        }
        self.pop_scope();
        let Some(l) = self.loops.pop() else {
            return Err(());
        };
        self.add_entry(Entry::Loop(Box::new(l)))
    }

    fn parse_foreach_declaration(&mut self) -> PResult<Option<((Name, Ty), Value)>> {
        if self.code() != Tok::Id {
            return self.tok_error("Expected identifier in foreach declaration");
        }
        let name: Name = Rc::from(self.lex.cur_str.as_str());
        self.next();
        if !self.consume(Tok::Equal) {
            return self.tok_error("Expected '=' in foreach declaration");
        }
        let ranges: Vec<i64>;
        if self.code() == Tok::LBrace {
            self.next();
            ranges = self.parse_range_list()?;
            if !self.consume(Tok::RBrace) {
                return self.tok_error("expected '}' at end of bit range list");
            }
        } else {
            let vpos = self.loc();
            let v = self.parse_value(None, None, Mode::Value)?;
            match type_of(&self.cx, &v) {
                Some(Ty::List(e)) => return Ok(Some(((name, (*e).clone()), v))),
                Some(_) => {
                    ranges = self.parse_range_piece(Some(v))?;
                }
                None => {
                    let s = self.cx.show(&v);
                    return self.error(vpos, format!("expected a list, got '{s}'"));
                }
            }
        }
        let values: Vec<Value> = ranges.into_iter().map(Value::Int).collect();
        Ok(Some((
            (name, Ty::Int),
            Value::List(Rc::from(values), Ty::Int),
        )))
    }

    fn parse_if(&mut self) -> PResult<()> {
        let pos = self.loc();
        self.next();
        let cond = self.parse_value(None, None, Mode::Value)?;
        if !self.consume(Tok::Then) {
            return self.tok_error("Unknown tok");
        }
        let bit_list = Ty::list(Ty::Bit);
        let empty = Value::List(Rc::from(Vec::new()), Ty::Bit);
        let single = Value::List(Rc::from(vec![Value::Bit(true)]), Ty::Bit);
        let then_list = fold_tern(
            &mut self.cx,
            None,
            TernOp::If,
            cond.clone(),
            single.clone(),
            empty.clone(),
            bit_list.clone(),
        );
        self.loops.push(Loop {
            pos,
            iter: None,
            list: then_list,
            entries: Vec::new(),
        });
        self.parse_if_body("then")?;
        let Some(l) = self.loops.pop() else {
            return Err(());
        };
        self.add_entry(Entry::Loop(Box::new(l)))?;
        if self.consume(Tok::Else) {
            let else_list = fold_tern(
                &mut self.cx,
                None,
                TernOp::If,
                cond,
                empty,
                single,
                bit_list,
            );
            self.loops.push(Loop {
                pos,
                iter: None,
                list: else_list,
                entries: Vec::new(),
            });
            self.parse_if_body("else")?;
            let Some(l) = self.loops.pop() else {
                return Err(());
            };
            self.add_entry(Entry::Loop(Box::new(l)))?;
        }
        Ok(())
    }

    fn parse_if_body(&mut self, kind: &str) -> PResult<()> {
        self.push_scope(ScopeKind::Local);
        if self.code() != Tok::LBrace {
            self.parse_object()?;
        } else {
            self.next();
            self.parse_object_list()?;
            if !self.consume(Tok::RBrace) {
                return self.tok_error(format!("expected '}}' at end of '{kind}' clause"));
            }
        }
        self.pop_scope();
        Ok(())
    }

    fn parse_assert(&mut self, cur: Option<RecId>) -> PResult<()> {
        self.next();
        let pos = self.loc();
        let cond = self.parse_value(cur, None, Mode::Value)?;
        if !self.consume(Tok::Comma) {
            return self.tok_error("expected ',' in assert statement");
        }
        let msg = self.parse_value(cur, None, Mode::Value)?;
        if !self.consume(Tok::Semi) {
            return self.tok_error("expected ';'");
        }
        let a = Assertion { pos, cond, msg };
        match cur {
            Some(rec) => {
                self.cx.rec_mut(rec).assertions.push(a);
                Ok(())
            }
            None => self.add_entry(Entry::Assert(a)),
        }
    }

    /// `dump` statements are parsed and ignored (they only print).
    fn parse_dump(&mut self, cur: Option<RecId>) -> PResult<()> {
        self.next();
        self.parse_value(cur, None, Mode::Value)?;
        if !self.consume(Tok::Semi) {
            return self.tok_error("expected ';'");
        }
        Ok(())
    }

    fn parse_top_level_let(&mut self) -> PResult<()> {
        self.next();
        let lets = self.parse_let_list()?;
        self.let_stack.push(lets);
        if !self.consume(Tok::In) {
            return self.tok_error("expected 'in' at end of top-level 'let'");
        }
        if self.code() != Tok::LBrace {
            self.parse_object()?;
        } else {
            self.next();
            self.push_scope(ScopeKind::Local);
            self.parse_object_list()?;
            if !self.consume(Tok::RBrace) {
                return self.tok_error("expected '}' at end of top level let command");
            }
            self.pop_scope();
        }
        self.let_stack.pop();
        Ok(())
    }

    fn parse_let_list(&mut self) -> PResult<Vec<LetRecord>> {
        let mut out = Vec::new();
        loop {
            if self.code() != Tok::Id {
                return self.tok_error("expected identifier in let definition");
            }
            let name: Name = Rc::from(self.lex.cur_str.as_str());
            let pos = self.loc();
            self.next();
            let mut bits = self.parse_optional_range_list()?;
            bits.reverse();
            if !self.consume(Tok::Equal) {
                return self.tok_error("expected '=' in let expression");
            }
            let value = self.parse_value(None, None, Mode::Value)?;
            out.push(LetRecord {
                name,
                bits,
                value,
                pos,
            });
            if !self.consume(Tok::Comma) {
                break;
            }
        }
        Ok(out)
    }

    fn parse_defset(&mut self) -> PResult<()> {
        self.next();
        let pos = self.loc();
        let ty = self.parse_type()?;
        let Ty::List(elt) = ty else {
            return self.error(pos, "expected list type");
        };
        if self.code() != Tok::Id {
            return self.tok_error("expected identifier");
        }
        let name: Name = Rc::from(self.lex.cur_str.as_str());
        if self.cx.global(&name).is_some() {
            return self.tok_error("def or global variable of this name already exists");
        }
        if self.next() != Tok::Equal {
            return self.tok_error("expected '='");
        }
        if self.next() != Tok::LBrace {
            return self.tok_error("expected '{'");
        }
        self.next();
        self.defsets.push(Defset {
            pos,
            elt: (*elt).clone(),
            elements: Vec::new(),
        });
        let r = self.parse_object_list();
        let ds = self.defsets.pop();
        r?;
        if !self.consume(Tok::RBrace) {
            return self.tok_error("expected '}' at end of defset");
        }
        if let Some(ds) = ds {
            self.cx
                .globals
                .insert(name, Value::List(Rc::from(ds.elements), ds.elt));
        }
        Ok(())
    }

    // ---- Multiclasses ----------------------------------------------------------

    fn parse_multiclass(&mut self) -> PResult<()> {
        self.next();
        if self.code() != Tok::Id {
            return self.tok_error("expected identifier after multiclass for name");
        }
        let name: Name = Rc::from(self.lex.cur_str.as_str());
        if self.multiclasses.contains_key(&name) {
            return self.tok_error(format!("multiclass '{name}' already defined"));
        }
        let p = self.loc();
        let rec = self
            .cx
            .new_record(Value::Str(name.clone(), false), p, false);
        self.multiclasses.insert(
            name.clone(),
            MultiClass {
                rec,
                entries: Vec::new(),
            },
        );
        self.cur_mc = Some(name.clone());
        self.next();
        self.push_scope(ScopeKind::MultiClass(rec));
        if self.code() == Tok::Less {
            self.parse_template_arg_list(None)?;
        }
        let mut inherits = false;
        if self.consume(Tok::Colon) {
            inherits = true;
            loop {
                let pos = self.loc();
                let smc = self.parse_multiclass_id()?;
                let smc_rec = self.multiclasses[&smc].rec;
                let mut args = Vec::new();
                if self.consume(Tok::Less) {
                    self.parse_template_arg_values(&mut args, Some(rec), smc_rec, true)?;
                }
                self.add_sub_multiclass(&name, &smc, &args, pos)?;
                if !self.consume(Tok::Comma) {
                    break;
                }
            }
        }
        if self.code() != Tok::LBrace {
            if !inherits {
                return self.tok_error("expected '{' in multiclass definition");
            }
            if !self.consume(Tok::Semi) {
                return self.tok_error("expected ';' in multiclass definition");
            }
        } else {
            if self.next() == Tok::RBrace {
                return self.tok_error("multiclass must contain at least one def");
            }
            while self.code() != Tok::RBrace {
                match self.code() {
                    Tok::Assert
                    | Tok::Def
                    | Tok::Defm
                    | Tok::Defvar
                    | Tok::Dump
                    | Tok::Foreach
                    | Tok::If
                    | Tok::Let => {
                        self.parse_object()?;
                        self.check()?;
                    }
                    _ => {
                        return self.tok_error(
                            "expected 'assert', 'def', 'defm', 'defvar', 'dump', 'foreach', 'if', or 'let' in multiclass body",
                        )
                    }
                }
            }
            self.next();
            if self.code() == Tok::Semi {
                return self.tok_error("A multiclass body should not end with a semicolon");
            }
        }
        self.pop_scope();
        self.cur_mc = None;
        Ok(())
    }

    fn resolve_arguments_of_multiclass(
        &mut self,
        mc: &Name,
        args: &[(ArgKey, Value, Pos)],
        defm_name: Value,
        pos: Pos,
    ) -> PResult<Vec<(Name, Value)>> {
        let rec = self.multiclasses[mc].rec;
        let mut substs: Vec<(Name, Value)> = vec![(Rc::from(format!("{mc}::NAME")), defm_name)];
        self.resolve_arguments(rec, args, pos, &mut |n, v| substs.push((n, v)))?;
        Ok(substs)
    }

    fn add_sub_multiclass(
        &mut self,
        cur: &Name,
        smc: &Name,
        args: &[(ArgKey, Value, Pos)],
        pos: Pos,
    ) -> PResult<()> {
        let name_var = Value::Var(Rc::from(format!("{cur}::NAME")), Ty::String);
        let mut substs = self.resolve_arguments_of_multiclass(smc, args, name_var, pos)?;
        let entries = self.multiclasses[smc].entries.clone();
        let mut dest = Vec::new();
        self.resolve_entries(&entries, &mut substs, false, Some(&mut dest))?;
        if let Some(m) = self.multiclasses.get_mut(cur) {
            m.entries.extend(dest);
        }
        Ok(())
    }

    fn parse_defm(&mut self) -> PResult<()> {
        self.next();
        let mut defm_name = self.parse_object_name()?;
        if defm_name == Value::Unset {
            defm_name = self.cx.new_anon_name();
            if let Some(mc) = self.mc_rec() {
                let q = format!("{}::NAME", self.rec_name(mc));
                defm_name = str_concat(Value::Var(Rc::from(q), Ty::String), defm_name);
            }
        }
        if self.code() != Tok::Colon {
            return self.tok_error("expected ':' after defm identifier");
        }
        let mut new_entries: Vec<Entry> = Vec::new();
        let mut inherit_from_class = false;
        self.next();
        let mut sub_pos = self.loc();
        let mut r = self.parse_subclass_ref(None, true)?;
        loop {
            let mc_name: Name = Rc::from(self.rec_name(r.rec));
            let mut substs = self.resolve_arguments_of_multiclass(
                &mc_name,
                &r.args,
                defm_name.clone(),
                sub_pos,
            )?;
            let is_final = self.cur_mc.is_none() && self.loops.is_empty();
            let entries = self.multiclasses[&mc_name].entries.clone();
            self.resolve_entries(&entries, &mut substs, is_final, Some(&mut new_entries))?;
            self.check()?;
            if !self.consume(Tok::Comma) {
                break;
            }
            if self.code() != Tok::Id {
                return self.tok_error("expected identifier");
            }
            sub_pos = self.loc();
            inherit_from_class = self.cx.classes.contains_key(self.lex.cur_str.as_str());
            if inherit_from_class {
                break;
            }
            r = self.parse_subclass_ref(None, true)?;
        }
        if inherit_from_class {
            loop {
                let sc = self.parse_subclass_ref(None, false)?;
                for e in &new_entries {
                    self.add_subclass_entry(e, &sc)?;
                }
                if !self.consume(Tok::Comma) {
                    break;
                }
            }
        }
        for e in new_entries {
            self.apply_let_stack_entry(&e)?;
            self.add_entry(e)?;
        }
        if !self.consume(Tok::Semi) {
            return self.tok_error("expected ';' at end of defm");
        }
        Ok(())
    }

    // ---- Entries, loops and finishing defs -------------------------------------

    fn add_entry(&mut self, e: Entry) -> PResult<()> {
        if let Some(l) = self.loops.last_mut() {
            l.entries.push(e);
            return Ok(());
        }
        if let Entry::Loop(l) = &e {
            let mut substs = Vec::new();
            if let Some(mc) = self.cur_mc.clone() {
                let mut dest = Vec::new();
                self.resolve_loop(l, &mut substs, false, Some(&mut dest))?;
                if let Some(m) = self.multiclasses.get_mut(&mc) {
                    m.entries.extend(dest);
                }
                return Ok(());
            }
            return self.resolve_loop(l, &mut substs, true, None);
        }
        if let Some(mc) = self.cur_mc.clone() {
            if let Some(m) = self.multiclasses.get_mut(&mc) {
                m.entries.push(e);
            }
            return Ok(());
        }
        match e {
            Entry::Assert(a) => {
                check_assert(&mut self.cx, a.pos, &a.cond, &a.msg);
                self.check()
            }
            Entry::Rec(id) => self.add_def_one(id),
            Entry::Loop(_) => Ok(()),
        }
    }

    fn map_resolver(&self, substs: &[(Name, Value)], cur: Option<Rc<CurRec>>) -> MapResolver {
        let mut r = MapResolver::new(cur);
        for (n, v) in substs {
            r.set(n.clone(), v.clone());
        }
        r
    }

    fn resolve_loop(
        &mut self,
        l: &Loop,
        substs: &mut Vec<(Name, Value)>,
        is_final: bool,
        mut dest: Option<&mut Vec<Entry>>,
    ) -> PResult<()> {
        let mut r = self.map_resolver(substs, None);
        let mut list = resolve_full(&mut self.cx, &l.list, &mut r);
        if let (Value::Tern(TernOp::If, lhs, m, rr, ty), true) = (&list, is_final) {
            r.set_final(true);
            let new_lhs = resolve_full(&mut self.cx, lhs, &mut r);
            if new_lhs == **lhs {
                let s = self.cx.show(&new_lhs);
                return self.error(
                    l.pos,
                    format!("unable to resolve if condition '{s}' at end of containing scope"),
                );
            }
            let (m, rr, ty) = ((**m).clone(), (**rr).clone(), ty.clone());
            list = fold_tern(&mut self.cx, None, TernOp::If, new_lhs, m, rr, ty);
        }
        let Value::List(items, _) = &list else {
            if !is_final {
                if let Some(d) = dest {
                    let mut inner = Vec::new();
                    self.resolve_entries(&l.entries, substs, is_final, Some(&mut inner))?;
                    d.push(Entry::Loop(Box::new(Loop {
                        pos: l.pos,
                        iter: l.iter.clone(),
                        list,
                        entries: inner,
                    })));
                    return Ok(());
                }
            }
            let s = self.cx.show(&list);
            return self.error(
                l.pos,
                format!("attempting to loop over '{s}', expected a list"),
            );
        };
        let items = items.clone();
        for it in items.iter() {
            if let Some((n, _)) = &l.iter {
                substs.push((n.clone(), it.clone()));
            }
            let res = self.resolve_entries(&l.entries, substs, is_final, dest.as_deref_mut());
            if l.iter.is_some() {
                substs.pop();
            }
            res?;
            self.check()?;
        }
        Ok(())
    }

    fn resolve_entries(
        &mut self,
        source: &[Entry],
        substs: &mut Vec<(Name, Value)>,
        is_final: bool,
        mut dest: Option<&mut Vec<Entry>>,
    ) -> PResult<()> {
        for e in source {
            match e {
                Entry::Loop(l) => self.resolve_loop(l, substs, is_final, dest.as_deref_mut())?,
                Entry::Assert(a) => {
                    let mut r = self.map_resolver(substs, None);
                    let cond = resolve_full(&mut self.cx, &a.cond, &mut r);
                    let msg = resolve_full(&mut self.cx, &a.msg, &mut r);
                    match dest.as_deref_mut() {
                        Some(d) => d.push(Entry::Assert(Assertion {
                            pos: a.pos,
                            cond,
                            msg,
                        })),
                        None => check_assert(&mut self.cx, a.pos, &cond, &msg),
                    }
                }
                Entry::Rec(id) => {
                    let new = self.cx.clone_record(*id);
                    let cur = CurRec::of(&self.cx, new);
                    let mut r = self.map_resolver(substs, Some(cur));
                    resolve_record(&mut self.cx, new, &mut r);
                    match dest.as_deref_mut() {
                        Some(d) => d.push(Entry::Rec(new)),
                        None => self.add_def_one(new)?,
                    }
                }
            }
            self.check()?;
        }
        Ok(())
    }

    fn add_def_one(&mut self, id: RecId) -> PResult<()> {
        let name = self.rec_name(id);
        let mut new_name = None;
        if let Some(&prev) = self.cx.defs.get(name.as_str()) {
            if !self.cx.rec(id).anonymous {
                let p = self.cx.rec(id).pos;
                let pp = self.cx.rec(prev).pos;
                self.cx.error(p, format!("def already exists: {name}"));
                self.cx.note(pp, "location of previous definition");
                return Err(());
            }
            new_name = Some(self.cx.new_anon_name());
        }
        resolve_record_final(&mut self.cx, id, new_name);
        self.check_concrete(id);
        let rec = self.cx.rec(id);
        if !matches!(rec.name, Value::Str(..)) {
            let (p, s) = (rec.pos, self.cx.show(&rec.name));
            return self.error(p, format!("record name '{s}' could not be fully resolved"));
        }
        check_assertions(&mut self.cx, id);
        for i in 0..self.defsets.len() {
            let dty = self.cx.def_ty(id);
            let elt = self.defsets[i].elt.clone();
            if !self.cx.type_is_a(&dty, &elt) {
                let p = self.cx.rec(id).pos;
                let s = self.cx.ty_str(&dty);
                self.cx.error(
                    p,
                    format!("adding record of incompatible type '{s}' to defset"),
                );
                let dp = self.defsets[i].pos;
                self.cx.note(dp, "location of defset declaration");
                return Err(());
            }
            self.defsets[i].elements.push(Value::Def(id));
        }
        let final_name: Name = Rc::from(self.rec_name(id));
        if self.cx.defs.contains_key(&final_name) {
            let p = self.cx.rec(id).pos;
            return self.error(p, format!("def already exists: {final_name}"));
        }
        self.cx.defs.insert(final_name, id);
        self.cx.def_order.push(id);
        self.check()
    }

    fn check_concrete(&mut self, id: RecId) {
        let rec = self.cx.rec(id).clone();
        for f in &rec.values {
            if f.kind == FieldKind::NonconcreteOk {
                continue;
            }
            let ok = match &f.value {
                Value::Bits(bits) => bits.iter().all(|b| match b {
                    Value::VarBit(v, _) => match &**v {
                        Value::Var(n, _) => rec.get(n).is_some() || is_concrete(&self.cx, b),
                        _ => is_concrete(&self.cx, b),
                    },
                    Value::Var(..) => true,
                    _ => is_concrete(&self.cx, b),
                }),
                v => is_concrete(&self.cx, v),
            };
            if !ok {
                let msg = format!(
                    "Initializer of '{}' in '{}' could not be fully resolved: {}",
                    f.name,
                    self.cx.show_unquoted(&rec.name),
                    self.cx.show(&f.value)
                );
                self.cx.error(rec.pos, msg);
            }
        }
    }

    // ---- Ranges ------------------------------------------------------------------

    fn parse_range_piece(&mut self, first: Option<Value>) -> PResult<Vec<i64>> {
        let v = match first {
            Some(v) => v,
            None => self.parse_value(None, None, Mode::Value)?,
        };
        let Value::Int(start) = v else {
            return self.tok_error("expected integer or bitrange");
        };
        if start < 0 {
            return self.tok_error("invalid range, cannot be negative");
        }
        let end = match self.code() {
            Tok::DotDotDot | Tok::Minus => {
                self.next();
                let e = self.parse_value(None, None, Mode::Value)?;
                let Value::Int(e) = e else {
                    return self.tok_error("expected integer value as end of range");
                };
                e
            }
            Tok::IntVal => {
                let e = self.lex.cur_int.wrapping_neg();
                self.next();
                e
            }
            _ => return Ok(vec![start]),
        };
        if end < 0 {
            return self.tok_error("invalid range, cannot be negative");
        }
        if (start - end).abs() > 1 << 20 {
            return self.tok_error("range is too long");
        }
        Ok(if start < end {
            (start..=end).collect()
        } else {
            (end..=start).rev().collect()
        })
    }

    fn parse_range_list(&mut self) -> PResult<Vec<i64>> {
        let mut out = self.parse_range_piece(None)?;
        while self.consume(Tok::Comma) {
            out.extend(self.parse_range_piece(None)?);
        }
        Ok(out)
    }

    fn bit_numbers(&mut self, v: Vec<i64>) -> PResult<Vec<u32>> {
        v.into_iter()
            .map(|x| u32::try_from(x).map_err(|_| ()))
            .collect::<Result<Vec<u32>, ()>>()
            .or_else(|_| self.tok_error("invalid bit number"))
    }

    fn parse_optional_range_list(&mut self) -> PResult<Vec<u32>> {
        let start = self.loc();
        if !self.consume(Tok::Less) {
            return Ok(Vec::new());
        }
        let r = self.parse_range_list()?;
        if !self.consume(Tok::Greater) {
            self.tok_error::<()>("expected '>' at end of range list")
                .ok();
            return self.error(start, "to match this '<'");
        }
        self.bit_numbers(r)
    }

    fn parse_optional_bit_list(&mut self) -> PResult<Vec<u32>> {
        let start = self.loc();
        if !self.consume(Tok::LBrace) {
            return Ok(Vec::new());
        }
        let r = self.parse_range_list()?;
        if !self.consume(Tok::RBrace) {
            self.tok_error::<()>("expected '}' at end of bit list").ok();
            return self.error(start, "to match this '{'");
        }
        self.bit_numbers(r)
    }

    // ---- Types -------------------------------------------------------------------

    fn parse_type(&mut self) -> PResult<Ty> {
        match self.code() {
            Tok::String | Tok::Code => {
                self.next();
                Ok(Ty::String)
            }
            Tok::Bit => {
                self.next();
                Ok(Ty::Bit)
            }
            Tok::Int => {
                self.next();
                Ok(Ty::Int)
            }
            Tok::Dag => {
                self.next();
                Ok(Ty::Dag)
            }
            Tok::Id => {
                let c = self.parse_class_id()?;
                Ok(self.cx.record_ty(&[c]))
            }
            Tok::Bits => {
                if self.next() != Tok::Less {
                    return self.tok_error("expected '<' after bits type");
                }
                if self.next() != Tok::IntVal {
                    return self.tok_error("expected integer in bits<n> type");
                }
                let n = self.lex.cur_int;
                if !(0..=65536).contains(&n) {
                    return self.tok_error("bits<n> size is out of range");
                }
                if self.next() != Tok::Greater {
                    return self.tok_error("expected '>' at end of bits<n> type");
                }
                self.next();
                Ok(Ty::Bits(n as u32))
            }
            Tok::List => {
                if self.next() != Tok::Less {
                    return self.tok_error("expected '<' after list type");
                }
                self.next();
                self.depth += 1;
                let sub = if self.depth > MAX_PARSE_DEPTH {
                    self.tok_error("type nesting too deep")
                } else {
                    self.parse_type()
                };
                self.depth -= 1;
                let sub = sub?;
                if !self.consume(Tok::Greater) {
                    return self.tok_error("expected '>' at end of list<ty> type");
                }
                Ok(Ty::list(sub))
            }
            _ => self.tok_error("Unknown token when expecting a type"),
        }
    }

    fn parse_operator_type(&mut self) -> PResult<Ty> {
        if !self.consume(Tok::Less) {
            return self.tok_error("expected type name for operator");
        }
        if self.code() == Tok::Code {
            return self
                .tok_error("the 'code' type is not allowed in bang operators; use 'string'");
        }
        let t = self.parse_type()?;
        if !self.consume(Tok::Greater) {
            return self.tok_error("expected type name for operator");
        }
        Ok(t)
    }

    // ---- Values --------------------------------------------------------------------

    fn parse_value(&mut self, cur: Option<RecId>, item: Option<&Ty>, mode: Mode) -> PResult<Value> {
        self.depth += 1;
        let r = if self.depth > MAX_PARSE_DEPTH {
            self.tok_error("value nesting too deep")
        } else {
            self.parse_value_inner(cur, item, mode)
        };
        self.depth -= 1;
        let v = r?;
        self.check()?;
        Ok(v)
    }

    fn parse_value_inner(
        &mut self,
        cur: Option<RecId>,
        item: Option<&Ty>,
        mode: Mode,
    ) -> PResult<Value> {
        let lhs_pos = self.loc();
        let mut result = self.parse_simple_value(cur, item, mode)?;
        loop {
            match self.code() {
                Tok::LBrace => {
                    if mode == Mode::Name {
                        return Ok(result);
                    }
                    let curly = self.loc();
                    self.next();
                    let mut ranges = self.parse_range_list()?;
                    ranges.reverse();
                    let Some(v) = self.convert_bit_range(&result, &ranges) else {
                        return self.error(curly, "Invalid bit range for value");
                    };
                    result = v;
                    if !self.consume(Tok::RBrace) {
                        return self.tok_error("expected '}' at end of bit range list");
                    }
                }
                Tok::LSquare => {
                    let lt = match type_of(&self.cx, &result) {
                        Some(t) => t,
                        None => return self.error(lhs_pos, "Invalid value, list expected"),
                    };
                    let Ty::List(elt) = &lt else {
                        let s = self.cx.ty_str(&lt);
                        return self
                            .error(lhs_pos, format!("Type '{s}' is invalid, list expected"));
                    };
                    let elt = (**elt).clone();
                    self.next();
                    let rhs = self.parse_slice_elements(cur, true)?;
                    let cr = self.cur_rec(cur);
                    result = if matches!(type_of(&self.cx, &rhs), Some(Ty::List(_))) {
                        fold_bin(
                            &mut self.cx,
                            cr.as_deref(),
                            BinOp::ListSlice,
                            result,
                            rhs,
                            lt.clone(),
                        )
                    } else {
                        fold_bin(
                            &mut self.cx,
                            cr.as_deref(),
                            BinOp::ListElem,
                            result,
                            rhs,
                            elt,
                        )
                    };
                    if !self.consume(Tok::RSquare) {
                        return self.tok_error("expected ']' at end of list slice");
                    }
                }
                Tok::Dot => {
                    if self.next() != Tok::Id {
                        return self.tok_error("expected field identifier after '.'");
                    }
                    let field: Name = Rc::from(self.lex.cur_str.as_str());
                    let fty = match &result {
                        Value::Def(id) => self.cx.rec(*id).get(&field).map(|f| f.ty.clone()),
                        v => type_of(&self.cx, v).and_then(|t| self.cx.field_type(&t, &field)),
                    };
                    let Some(fty) = fty else {
                        let s = self.cx.show(&result);
                        return self
                            .tok_error(format!("Cannot access field '{field}' of value '{s}'"));
                    };
                    let cr = self.cur_rec(cur);
                    result = fold_field(&mut self.cx, cr.as_deref(), result, field, fty);
                    self.next();
                }
                Tok::Paste => {
                    let paste_pos = self.loc();
                    let Some(lt) = type_of(&self.cx, &result) else {
                        return self.error(paste_pos, "LHS of paste is not typed!");
                    };
                    if matches!(lt, Ty::List(_)) {
                        self.next();
                        match self.code() {
                            Tok::Colon | Tok::Semi | Tok::LBrace => {}
                            _ => {
                                let rhs = self.parse_value(cur, item, Mode::Value)?;
                                result = list_concat(&mut self.cx, result, rhs, lt);
                            }
                        }
                        continue;
                    }
                    let mut lhs = result;
                    if lt != Ty::String {
                        let cr = self.cur_rec(cur);
                        let c = fold_un(
                            &mut self.cx,
                            cr.as_deref(),
                            false,
                            UnOp::Cast,
                            lhs.clone(),
                            Ty::String,
                        );
                        if type_of(&self.cx, &c).is_none() {
                            let s = self.cx.show(&lhs);
                            return self.error(paste_pos, format!("can't cast '{s}' to string"));
                        }
                        lhs = c;
                    }
                    self.next();
                    let rhs = match self.code() {
                        Tok::Colon | Tok::Semi | Tok::LBrace => Value::str(""),
                        _ => {
                            let r = self.parse_value(cur, None, Mode::Name)?;
                            let Some(rt) = type_of(&self.cx, &r) else {
                                return self.error(paste_pos, "RHS of paste is not typed!");
                            };
                            if rt != Ty::String {
                                let cr = self.cur_rec(cur);
                                let c = fold_un(
                                    &mut self.cx,
                                    cr.as_deref(),
                                    false,
                                    UnOp::Cast,
                                    r.clone(),
                                    Ty::String,
                                );
                                if type_of(&self.cx, &c).is_none() {
                                    let s = self.cx.show(&r);
                                    return self
                                        .error(paste_pos, format!("can't cast '{s}' to string"));
                                }
                                c
                            } else {
                                r
                            }
                        }
                    };
                    result = str_concat(lhs, rhs);
                }
                _ => return Ok(result),
            }
        }
    }

    fn convert_bit_range(&self, v: &Value, bits: &[i64]) -> Option<Value> {
        let mut out = Vec::with_capacity(bits.len());
        match v {
            Value::Bits(b) => {
                for &i in bits {
                    out.push(b.get(usize::try_from(i).ok()?)?.clone());
                }
            }
            Value::Int(x) => {
                for &i in bits {
                    if !(0..64).contains(&i) {
                        return None;
                    }
                    out.push(Value::Bit((x >> i) & 1 == 1));
                }
            }
            _ => {
                let Some(Ty::Bits(n)) = type_of(&self.cx, v) else {
                    return None;
                };
                for &i in bits {
                    if i < 0 || i >= n as i64 {
                        return None;
                    }
                    out.push(Value::VarBit(Rc::new(v.clone()), i as u32));
                }
            }
        }
        Some(Value::Bits(Rc::from(out)))
    }

    fn parse_slice_element(&mut self, cur: Option<RecId>) -> PResult<Value> {
        let lhs_pos = self.loc();
        let lhs = self.parse_value(cur, None, Mode::Value)?;
        let rhs = match self.code() {
            Tok::DotDotDot | Tok::Minus => {
                self.next();
                let rpos = self.loc();
                let r = self.parse_value(cur, None, Mode::Value)?;
                let rt = type_of(&self.cx, &r);
                if rt != Some(Ty::Int) {
                    let s = rt.map(|t| self.cx.ty_str(&t)).unwrap_or_default();
                    return self.error(rpos, format!("expected int...int, got {s}"));
                }
                r
            }
            Tok::IntVal => {
                let i = self.lex.cur_int.wrapping_neg();
                if i < 0 {
                    return self.tok_error("invalid range, cannot be negative");
                }
                self.next();
                Value::Int(i)
            }
            _ => return Ok(lhs),
        };
        let lt = type_of(&self.cx, &lhs);
        if lt != Some(Ty::Int) {
            let s = lt.map(|t| self.cx.ty_str(&t)).unwrap_or_default();
            return self.error(lhs_pos, format!("expected int...int, got {s}"));
        }
        let cr = self.cur_rec(cur);
        Ok(fold_bin(
            &mut self.cx,
            cr.as_deref(),
            BinOp::RangeC,
            lhs,
            rhs,
            Ty::list(Ty::Int),
        ))
    }

    fn parse_slice_elements(&mut self, cur: Option<RecId>, mut single: bool) -> PResult<Value> {
        let mut elems: Vec<Value> = Vec::new();
        let mut slices: Vec<Value> = Vec::new();
        let mut cur_val: Option<Value>;
        loop {
            let lhs_pos = self.loc();
            let v = self.parse_slice_element(cur)?;
            let vt = type_of(&self.cx, &v);
            match &vt {
                Some(Ty::List(e)) => {
                    if **e != Ty::Int {
                        let s = self.cx.ty_str(vt.as_ref().unwrap_or(&Ty::Int));
                        return self.error(lhs_pos, format!("expected list<int>, got {s}"));
                    }
                    if !elems.is_empty() {
                        slices.push(Value::List(Rc::from(std::mem::take(&mut elems)), Ty::Int));
                    }
                    slices.push(v);
                    single = false;
                    cur_val = None;
                }
                Some(Ty::Int) => cur_val = Some(v),
                _ => {
                    let s = vt.map(|t| self.cx.ty_str(&t)).unwrap_or_default();
                    return self.error(lhs_pos, format!("unhandled type {s} in range"));
                }
            }
            if self.code() != Tok::Comma {
                break;
            }
            self.next();
            single = false;
            if let Some(v) = cur_val.take() {
                elems.push(v);
            }
            if self.code() == Tok::RSquare {
                break;
            }
        }
        if let Some(v) = cur_val {
            if single {
                return Ok(v);
            }
            elems.push(v);
        }
        if !elems.is_empty() {
            slices.push(Value::List(Rc::from(elems), Ty::Int));
        }
        let mut result: Option<Value> = None;
        for s in slices {
            result = Some(match result {
                None => s,
                Some(r) => list_concat(&mut self.cx, r, s, Ty::list(Ty::Int)),
            });
        }
        match result {
            Some(r) => Ok(r),
            None => self.tok_error("expected list index"),
        }
    }

    fn parse_id_value(
        &mut self,
        cur: Option<RecId>,
        name: &str,
        pos: Pos,
        mode: Mode,
    ) -> PResult<Value> {
        if let Some(v) = self.get_var(name) {
            return Ok(v);
        }
        if mode == Mode::Name {
            return Ok(Value::str(name));
        }
        if let Some(v) = self.cx.global(name) {
            return Ok(v);
        }
        if let Some(c) = cur {
            let r = self.cx.rec(c);
            if !r.is_class && self.cur_mc.is_none() && r.name.as_str() == Some(name) {
                let ty = self.cx.def_ty(c);
                return Ok(Value::un(UnOp::Cast, Value::str(name), ty));
            }
        }
        self.error(pos, format!("Variable not defined: '{name}'"))
    }

    fn parse_simple_value(
        &mut self,
        cur: Option<RecId>,
        item: Option<&Ty>,
        mode: Mode,
    ) -> PResult<Value> {
        if let Tok::Bang(b) = self.code() {
            return self.parse_operation(cur, item, b);
        }
        match self.code() {
            Tok::True => {
                self.next();
                Ok(Value::Int(1))
            }
            Tok::False => {
                self.next();
                Ok(Value::Int(0))
            }
            Tok::IntVal => {
                let v = self.lex.cur_int;
                self.next();
                Ok(Value::Int(v))
            }
            Tok::BinaryIntVal => {
                let (v, n) = self.lex.cur_bin;
                let bits: Vec<Value> = (0..n)
                    .map(|i| Value::Bit(i < 64 && (v >> i) & 1 == 1))
                    .collect();
                self.next();
                Ok(Value::Bits(Rc::from(bits)))
            }
            Tok::StrVal => {
                let mut s = std::mem::take(&mut self.lex.cur_str);
                self.next();
                while self.code() == Tok::StrVal {
                    s.push_str(&self.lex.cur_str);
                    self.next();
                }
                Ok(Value::string(s))
            }
            Tok::CodeFragment => {
                let s = std::mem::take(&mut self.lex.cur_str);
                self.next();
                Ok(Value::Str(Rc::from(s), true))
            }
            Tok::Question => {
                self.next();
                Ok(Value::Unset)
            }
            Tok::Id => {
                let pos = self.loc();
                let name = self.lex.cur_str.clone();
                let next = self.next();
                if next == Tok::Equal {
                    return Ok(Value::string(name));
                }
                if next != Tok::Less {
                    return self.parse_id_value(cur, &name, pos, mode);
                }
                let Some(&class) = self.cx.classes.get(name.as_str()) else {
                    return self.error(pos, format!("Expected a class name, got '{name}'"));
                };
                self.next();
                let mut args = Vec::new();
                self.parse_template_arg_values(&mut args, cur, class, false)?;
                self.check_template_arg_values(&mut args, class)?;
                self.resolve_arguments(class, &args, pos, &mut |_, _| {})?;
                let args: Rc<[Arg]> = args
                    .into_iter()
                    .map(|(key, value, _)| Arg { key, value })
                    .collect::<Vec<_>>()
                    .into();
                Ok(fold_vardef(&mut self.cx, class, args))
            }
            Tok::LBrace => {
                let brace = self.loc();
                self.next();
                let mut vals = Vec::new();
                if self.code() != Tok::RBrace {
                    vals = self.parse_value_list(cur, None)?;
                }
                if !self.consume(Tok::RBrace) {
                    return self.tok_error("expected '}' at end of bit list value");
                }
                let mut bits: Vec<Value> = Vec::new();
                for (i, v) in vals.iter().enumerate() {
                    if let Value::Bits(b) = v {
                        bits.extend(b.iter().rev().cloned());
                        continue;
                    }
                    if let Value::Var(_, Ty::Bits(n)) = v {
                        for k in (0..*n).rev() {
                            bits.push(get_bit(v, k));
                        }
                        continue;
                    }
                    match cast_to(&mut self.cx, v, &Ty::Bit) {
                        Some(b) => bits.push(b),
                        None => {
                            let s = self.cx.show(v);
                            return self.error(
                                brace,
                                format!("Element #{i} ({s}) is not convertable to a bit"),
                            );
                        }
                    }
                }
                bits.reverse();
                Ok(Value::Bits(Rc::from(bits)))
            }
            Tok::LSquare => self.parse_list_value(cur, item),
            Tok::LParen => {
                let open = self.loc();
                self.next();
                if !matches!(
                    self.code(),
                    Tok::Id | Tok::Question | Tok::Bang(Bang::Cast) | Tok::Bang(Bang::GetDagOp)
                ) {
                    return self.tok_error("expected identifier in dag init");
                }
                let op_pos = self.loc();
                let op = self.parse_value(cur, None, Mode::Value)?;
                let mut op_name = None;
                if self.consume(Tok::Colon) {
                    if self.code() != Tok::VarName {
                        return self.tok_error("expected variable name in dag operator");
                    }
                    op_name = Some(Rc::from(self.lex.cur_str.as_str()));
                    self.next();
                }
                let mut args = Vec::new();
                let mut positions = vec![open, op_pos];
                if self.code() != Tok::RParen {
                    args = self.parse_dag_arg_list(cur, &mut positions)?;
                }
                if !self.consume(Tok::RParen) {
                    return self.tok_error("expected ')' in dag init");
                }
                let pos = DagPos(Some(Rc::from(positions)));
                Ok(Value::Dag(Rc::new(DagVal {
                    op,
                    op_name,
                    args,
                    pos,
                })))
            }
            _ => self.tok_error("Unknown or reserved token when parsing a value"),
        }
    }

    fn parse_list_value(&mut self, cur: Option<RecId>, item: Option<&Ty>) -> PResult<Value> {
        self.next();
        let given_list = match item {
            Some(Ty::List(e)) => Some((**e).clone()),
            Some(t) => {
                let s = self.cx.ty_str(t);
                return self.tok_error(format!("Encountered a list when expecting a {s}"));
            }
            None => None,
        };
        let mut vals = Vec::new();
        if self.code() != Tok::RSquare {
            vals = self.parse_value_list(cur, given_list.as_ref())?;
        }
        if !self.consume(Tok::RSquare) {
            return self.tok_error("expected ']' at end of list value");
        }
        let mut given_elt = None;
        if self.consume(Tok::Less) {
            given_elt = Some(self.parse_type()?);
            if !self.consume(Tok::Greater) {
                return self.tok_error("expected '>' at end of list element type");
            }
        }
        let mut elt: Option<Ty> = None;
        for v in &vals {
            if let Some(t) = type_of(&self.cx, v) {
                elt = match elt {
                    None => Some(t),
                    Some(e) => match self.cx.resolve_types(&e, &t) {
                        Some(r) => Some(r),
                        None => return self.tok_error("Incompatible types in list elements"),
                    },
                };
            }
        }
        if let Some(g) = given_elt {
            if let Some(e) = &elt {
                if !self.cx.convertible(e, &g) {
                    return self.tok_error("Incompatible types in list elements");
                }
            }
            elt = Some(g);
        }
        let deduced = match elt {
            None => match given_list {
                Some(g) => g,
                None => return self.tok_error("No type for list"),
            },
            Some(e) => {
                if let Some(g) = &given_list {
                    if !self.cx.convertible(&e, g) {
                        let (a, b) = (self.cx.ty_str(&e), self.cx.ty_str(g));
                        return self.tok_error(format!(
                            "Element type mismatch for list: element type '{a}' not convertible to '{b}"
                        ));
                    }
                }
                e
            }
        };
        Ok(Value::List(Rc::from(vals), deduced))
    }

    fn parse_value_list(&mut self, cur: Option<RecId>, item: Option<&Ty>) -> PResult<Vec<Value>> {
        let mut out = vec![self.parse_value(cur, item, Mode::Value)?];
        while self.consume(Tok::Comma) {
            if self.code() == Tok::RSquare {
                break;
            }
            out.push(self.parse_value(cur, item, Mode::Value)?);
        }
        Ok(out)
    }

    /// Parses the arguments of a dag literal, pushing where each one starts
    /// onto `positions` (for the diagnostics of generators such as DRR).
    fn parse_dag_arg_list(
        &mut self,
        cur: Option<RecId>,
        positions: &mut Vec<Pos>,
    ) -> PResult<Vec<(Value, Option<Name>)>> {
        let mut out = Vec::new();
        loop {
            positions.push(self.loc());
            if self.code() == Tok::VarName {
                out.push((Value::Unset, Some(Rc::from(self.lex.cur_str.as_str()))));
                self.next();
            } else {
                let v = self.parse_value(cur, None, Mode::Value)?;
                let mut name = None;
                if self.code() == Tok::Colon {
                    if self.next() != Tok::VarName {
                        return self.tok_error("expected variable name in dag literal");
                    }
                    name = Some(Rc::from(self.lex.cur_str.as_str()));
                    self.next();
                }
                out.push((v, name));
            }
            if !self.consume(Tok::Comma) {
                break;
            }
        }
        Ok(out)
    }

    fn expect(&mut self, t: Tok, msg: &str) -> PResult<()> {
        if self.consume(t) {
            Ok(())
        } else {
            self.tok_error(msg)
        }
    }

    /// Creates a scratch record to hold `!foreach`/`!foldl` variables when
    /// no record is being parsed.
    fn parse_scope_rec(&mut self, cur: Option<RecId>) -> RecId {
        match cur {
            Some(c) => c,
            None => self.cx.new_record(Value::str(".parse"), Pos::NONE, false),
        }
    }

    fn parse_operation(
        &mut self,
        cur: Option<RecId>,
        item: Option<&Ty>,
        b: Bang,
    ) -> PResult<Value> {
        let op_pos = self.loc();
        let cr = self.cur_rec(cur);
        match b {
            Bang::Not
            | Bang::ToLower
            | Bang::ToUpper
            | Bang::LogTwo
            | Bang::Head
            | Bang::Tail
            | Bang::Size
            | Bang::Empty
            | Bang::Cast
            | Bang::Repr
            | Bang::GetDagOp
            | Bang::Initialized
            | Bang::ListFlatten => {
                self.next();
                let (op, mut ty) = match b {
                    Bang::Cast => (UnOp::Cast, Some(self.parse_operator_type()?)),
                    Bang::Repr => (UnOp::Repr, Some(Ty::String)),
                    Bang::ToLower => (UnOp::ToLower, Some(Ty::String)),
                    Bang::ToUpper => (UnOp::ToUpper, Some(Ty::String)),
                    Bang::Not => (UnOp::Not, Some(Ty::Int)),
                    Bang::LogTwo => (UnOp::LogTwo, Some(Ty::Int)),
                    Bang::Head => (UnOp::Head, None),
                    Bang::Tail => (UnOp::Tail, None),
                    Bang::Size => (UnOp::Size, Some(Ty::Int)),
                    Bang::Empty => (UnOp::Empty, Some(Ty::Int)),
                    Bang::Initialized => (UnOp::Initialized, Some(Ty::Int)),
                    Bang::ListFlatten => (UnOp::ListFlatten, None),
                    _ => {
                        if self.code() == Tok::Less {
                            let t = self.parse_operator_type()?;
                            if !matches!(t, Ty::Record(_)) {
                                return self.tok_error("type for !getdagop must be a record type");
                            }
                            (UnOp::GetDagOp, Some(t))
                        } else {
                            (UnOp::GetDagOp, Some(Ty::Record(Rc::from(Vec::new()))))
                        }
                    }
                };
                self.expect(Tok::LParen, "expected '(' after unary operator")?;
                let lhs = self.parse_value(cur, None, Mode::Value)?;
                let lt = type_of(&self.cx, &lhs);
                if matches!(op, UnOp::Empty | UnOp::Size)
                    && !matches!(lt, Some(Ty::List(_)) | Some(Ty::String) | Some(Ty::Dag))
                {
                    return self.tok_error(
                        "expected string, list, or dag type argument in unary operator",
                    );
                }
                if matches!(op, UnOp::Head | UnOp::Tail) {
                    let Some(Ty::List(elt)) = &lt else {
                        return self.tok_error("expected list type argument in unary operator");
                    };
                    if let Value::List(items, _) = &lhs {
                        let Some(first) = items.first() else {
                            return self.tok_error("empty list argument in unary operator");
                        };
                        let Some(it) = type_of(&self.cx, first) else {
                            return self.tok_error("untyped list element in unary operator");
                        };
                        ty = Some(if op == UnOp::Head { it } else { Ty::list(it) });
                    } else {
                        ty = Some(if op == UnOp::Head {
                            (**elt).clone()
                        } else {
                            Ty::List(elt.clone())
                        });
                    }
                }
                if op == UnOp::ListFlatten {
                    match &lt {
                        Some(Ty::List(inner)) if matches!(**inner, Ty::List(_)) => {
                            ty = Some((**inner).clone())
                        }
                        Some(t @ Ty::List(_)) => ty = Some(t.clone()),
                        _ => {
                            return self.tok_error("expected list type argument in unary operator")
                        }
                    }
                }
                self.expect(Tok::RParen, "expected ')' in unary operator")?;
                let ty = ty.unwrap_or(Ty::Int);
                Ok(fold_un(&mut self.cx, cr.as_deref(), false, op, lhs, ty))
            }
            Bang::IsA => {
                self.next();
                let ty = self.parse_operator_type()?;
                self.expect(Tok::LParen, "expected '(' after type of !isa")?;
                let lhs = self.parse_value(cur, None, Mode::Value)?;
                self.expect(Tok::RParen, "expected ')' in !isa")?;
                Ok(fold_isa(&mut self.cx, &ty, lhs))
            }
            Bang::Exists => {
                self.next();
                let ty = self.parse_operator_type()?;
                self.expect(Tok::LParen, "expected '(' after type of !exists")?;
                let epos = self.loc();
                let e = self.parse_value(cur, None, Mode::Value)?;
                match type_of(&self.cx, &e) {
                    Some(Ty::String) => {}
                    Some(Ty::Record(_)) => {
                        return self.error(
                            epos,
                            "expected string type argument in !exists operator, please use !isa instead",
                        )
                    }
                    _ => return self.error(epos, "expected string type argument in !exists operator"),
                }
                self.expect(Tok::RParen, "expected ')' in !exists")?;
                Ok(fold_exists(&mut self.cx, cr.as_deref(), false, ty, e))
            }
            Bang::Con
            | Bang::Add
            | Bang::Sub
            | Bang::Mul
            | Bang::Div
            | Bang::And
            | Bang::Or
            | Bang::Xor
            | Bang::Sra
            | Bang::Srl
            | Bang::Shl
            | Bang::Eq
            | Bang::Ne
            | Bang::Le
            | Bang::Lt
            | Bang::Ge
            | Bang::Gt
            | Bang::ListConcat
            | Bang::ListSplat
            | Bang::ListRemove
            | Bang::StrConcat
            | Bang::Interleave
            | Bang::GetDagArg
            | Bang::GetDagName
            | Bang::SetDagOp => self.parse_binop(cur, item, b, op_pos),
            Bang::Foreach | Bang::Filter => self.parse_foreach_filter(cur, item, b, op_pos),
            Bang::Range => self.parse_range_op(cur, op_pos),
            Bang::Dag | Bang::If | Bang::Subst | Bang::SetDagArg | Bang::SetDagName => {
                self.parse_ternop(cur, item, b)
            }
            Bang::Substr | Bang::Find => self.parse_substr_find(cur, item, b),
            Bang::Cond => self.parse_cond(cur, item),
            Bang::Foldl => self.parse_foldl(cur),
        }
    }

    fn parse_binop(
        &mut self,
        cur: Option<RecId>,
        item: Option<&Ty>,
        b: Bang,
        op_pos: Pos,
    ) -> PResult<Value> {
        self.next();
        let op = match b {
            Bang::Con => BinOp::Concat,
            Bang::Add => BinOp::Add,
            Bang::Sub => BinOp::Sub,
            Bang::Mul => BinOp::Mul,
            Bang::Div => BinOp::Div,
            Bang::And => BinOp::And,
            Bang::Or => BinOp::Or,
            Bang::Xor => BinOp::Xor,
            Bang::Sra => BinOp::Sra,
            Bang::Srl => BinOp::Srl,
            Bang::Shl => BinOp::Shl,
            Bang::Eq => BinOp::Eq,
            Bang::Ne => BinOp::Ne,
            Bang::Le => BinOp::Le,
            Bang::Lt => BinOp::Lt,
            Bang::Ge => BinOp::Ge,
            Bang::Gt => BinOp::Gt,
            Bang::ListConcat => BinOp::ListConcat,
            Bang::ListSplat => BinOp::ListSplat,
            Bang::ListRemove => BinOp::ListRemove,
            Bang::StrConcat => BinOp::StrConcat,
            Bang::Interleave => BinOp::Interleave,
            Bang::GetDagArg => BinOp::GetDagArg,
            Bang::GetDagName => BinOp::GetDagName,
            _ => BinOp::SetDagOp,
        };
        let int_op = matches!(
            op,
            BinOp::Add
                | BinOp::Sub
                | BinOp::Mul
                | BinOp::Div
                | BinOp::And
                | BinOp::Or
                | BinOp::Xor
                | BinOp::Sra
                | BinOp::Srl
                | BinOp::Shl
        );
        let (mut ty, mut arg_ty): (Option<Ty>, Option<Ty>) = match op {
            BinOp::Concat | BinOp::SetDagOp => (Some(Ty::Dag), Some(Ty::Dag)),
            BinOp::GetDagArg => (Some(self.parse_operator_type()?), Some(Ty::Dag)),
            BinOp::GetDagName => (Some(Ty::String), Some(Ty::Dag)),
            _ if int_op => (Some(Ty::Int), Some(Ty::Int)),
            BinOp::Eq | BinOp::Ne | BinOp::Le | BinOp::Lt | BinOp::Ge | BinOp::Gt => {
                (Some(Ty::Bit), None)
            }
            BinOp::ListConcat | BinOp::ListRemove => (None, item.cloned()),
            BinOp::ListSplat => (None, None),
            BinOp::StrConcat => (Some(Ty::String), Some(Ty::String)),
            _ => (Some(Ty::String), None),
        };
        if let (Some(t), Some(i)) = (&ty, item) {
            if !self.cx.convertible(t, i) {
                let (a, b) = (self.cx.ty_str(i), self.cx.ty_str(t));
                return self.error(op_pos, format!("expected value of type '{a}', got '{b}'"));
            }
        }
        self.expect(Tok::LParen, "expected '(' after binary operator")?;
        let mut list: Vec<Value> = Vec::new();
        loop {
            let init_pos = self.loc();
            let v = self.parse_value(cur, arg_ty.as_ref(), Mode::Value)?;
            let Some(vt) = type_of(&self.cx, &v) else {
                let s = self.cx.show(&v);
                return self.error(
                    op_pos,
                    format!("expected value to be a typed value, got '{s}'"),
                );
            };
            list.push(v);
            let vts = self.cx.ty_str(&vt);
            match arg_ty.clone() {
                None => {
                    arg_ty = Some(vt.clone());
                    let any_rec = Ty::Record(Rc::from(Vec::new()));
                    let (to_int, to_str) = (
                        self.cx.convertible(&vt, &Ty::Int),
                        self.cx.convertible(&vt, &Ty::String),
                    );
                    let err: Option<(Pos, String)> = match op {
                        BinOp::ListConcat | BinOp::ListRemove if !matches!(vt, Ty::List(_)) => {
                            Some((init_pos, format!("expected a list, got value of type '{vts}'")))
                        }
                        BinOp::ListSplat => match (item, list.len()) {
                            (Some(i), 1) if !matches!(i, Ty::List(_)) => Some((
                                op_pos,
                                format!("expected output type to be a list, got type '{}'", self.cx.ty_str(i)),
                            )),
                            (Some(Ty::List(ie)), 1) if !self.cx.convertible(&Ty::list(vt.clone()), &Ty::List(ie.clone())) => {
                                Some((
                                    op_pos,
                                    format!(
                                        "expected first arg type to be '{vts}', got value of type '{}'",
                                        self.cx.ty_str(ie)
                                    ),
                                ))
                            }
                            (_, 2) if vt != Ty::Int => Some((
                                init_pos,
                                format!("expected second parameter to be an int, got value of type '{vts}'"),
                            )),
                            _ => None,
                        },
                        BinOp::Eq | BinOp::Ne if !to_int && !to_str && !self.cx.convertible(&vt, &any_rec) => Some((
                            init_pos,
                            format!("expected bit, bits, int, string, or record; got value of type '{vts}'"),
                        )),
                        BinOp::GetDagArg | BinOp::Le | BinOp::Lt | BinOp::Ge | BinOp::Gt if !to_int && !to_str => {
                            Some((
                                init_pos,
                                format!("expected bit, bits, int, or string; got value of type '{vts}'"),
                            ))
                        }
                        BinOp::Interleave
                            if list.len() == 1
                                && vt != Ty::list(Ty::String)
                                && !self.cx.convertible(&vt, &Ty::list(Ty::Int)) =>
                        {
                            Some((
                                init_pos,
                                format!("expected list of string, int, bits, or bit; got value of type '{vts}'"),
                            ))
                        }
                        BinOp::Interleave if list.len() == 2 && vt != Ty::String => Some((
                            init_pos,
                            format!("expected second argument to be a string, got value of type '{vts}'"),
                        )),
                        _ => None,
                    };
                    if let Some((p, m)) = err {
                        return self.error(p, m);
                    }
                    // These operators' arguments have different types.
                    if matches!(op, BinOp::ListSplat | BinOp::Interleave) {
                        arg_ty = None;
                    }
                }
                Some(at) => {
                    let Some(resolved) = self.cx.resolve_types(&at, &vt) else {
                        let a = self.cx.ty_str(&at);
                        return self.error(
                            init_pos,
                            format!("expected value of type '{a}', got '{vts}'"),
                        );
                    };
                    if !int_op {
                        arg_ty = Some(resolved);
                    }
                }
            }
            match op {
                BinOp::SetDagOp => arg_ty = Some(Ty::Record(Rc::from(Vec::new()))),
                BinOp::GetDagArg => arg_ty = None,
                BinOp::GetDagName => arg_ty = Some(Ty::Int),
                _ => {}
            }
            if !self.consume(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RParen, "expected ')' in operator")?;
        match op {
            BinOp::ListConcat | BinOp::ListRemove => ty = arg_ty.clone(),
            BinOp::ListSplat => {
                ty = list
                    .first()
                    .and_then(|f| type_of(&self.cx, f))
                    .map(Ty::list)
            }
            _ => {}
        }
        let ty = ty.unwrap_or(Ty::Int);
        let cr = self.cur_rec(cur);
        let assoc = matches!(
            op,
            BinOp::StrConcat
                | BinOp::ListConcat
                | BinOp::Concat
                | BinOp::Add
                | BinOp::And
                | BinOp::Or
                | BinOp::Xor
                | BinOp::Mul
        );
        if assoc {
            while list.len() > 2 {
                let rhs = list.pop().unwrap_or(Value::Unset);
                let lhs = list.pop().unwrap_or(Value::Unset);
                let folded = fold_bin(&mut self.cx, cr.as_deref(), op, lhs, rhs, ty.clone());
                list.push(folded);
            }
        }
        if list.len() == 2 {
            let rhs = list.pop().unwrap_or(Value::Unset);
            let lhs = list.pop().unwrap_or(Value::Unset);
            return Ok(fold_bin(&mut self.cx, cr.as_deref(), op, lhs, rhs, ty));
        }
        self.error(op_pos, "expected two operands to operator")
    }

    fn parse_foreach_filter(
        &mut self,
        cur: Option<RecId>,
        item: Option<&Ty>,
        b: Bang,
        op_pos: Pos,
    ) -> PResult<Value> {
        let is_foreach = b == Bang::Foreach;
        self.next();
        if self.code() != Tok::LParen {
            return self.tok_error("expected '(' after !foreach/!filter");
        }
        if self.next() != Tok::Id {
            return self.tok_error("first argument of !foreach/!filter must be an identifier");
        }
        let var: Name = Rc::from(self.lex.cur_str.as_str());
        self.next();
        if let Some(c) = cur {
            if self.cx.rec(c).get(&var).is_some() {
                return self
                    .tok_error(format!("iteration variable '\"{var}\"' is already defined"));
            }
        }
        self.expect(Tok::Comma, "expected ',' in !foreach/!filter")?;
        let mhs = self.parse_value(cur, None, Mode::Value)?;
        self.expect(Tok::Comma, "expected ',' in !foreach/!filter")?;
        let Some(mt) = type_of(&self.cx, &mhs) else {
            return self.tok_error("could not get type of !foreach/!filter list or dag");
        };
        let (in_elt, expr_elt, is_dag) = match &mt {
            Ty::List(e) => {
                let mut expr_elt = None;
                if let Some(i) = item {
                    match i {
                        Ty::List(oe) => {
                            expr_elt = Some(if is_foreach { (**oe).clone() } else { Ty::Int })
                        }
                        _ => {
                            let s = self.cx.ty_str(i);
                            return self.error(
                                op_pos,
                                format!("expected value of type '{s}', but got list type"),
                            );
                        }
                    }
                }
                ((**e).clone(), expr_elt, false)
            }
            Ty::Dag => {
                if !is_foreach {
                    return self.tok_error("!filter must have a list argument");
                }
                if let Some(i) = item {
                    if *i != Ty::Dag {
                        let s = self.cx.ty_str(i);
                        return self.error(
                            op_pos,
                            format!("expected value of type '{s}', but got dag type"),
                        );
                    }
                }
                (Ty::Dag, None, true)
            }
            _ => {
                return self.tok_error(if is_foreach {
                    "!foreach must have a list or dag argument"
                } else {
                    "!filter must have a list argument"
                })
            }
        };
        let prec = self.parse_scope_rec(cur);
        self.push_scope(ScopeKind::Record(prec));
        self.cx.rec_mut(prec).values.push(RecordVal {
            name: var.clone(),
            ty: in_elt.clone(),
            value: Value::Unset,
            kind: FieldKind::Normal,
            pos: Pos::NONE,
        });
        let rhs = self.parse_value(Some(prec), expr_elt.as_ref(), Mode::Value);
        self.cx.rec_mut(prec).remove(&var);
        self.pop_scope();
        let rhs = rhs?;
        self.expect(Tok::RParen, "expected ')' in !foreach/!filter")?;
        let out_ty = if is_foreach && !is_dag {
            let Some(rt) = type_of(&self.cx, &rhs) else {
                return self.tok_error("could not get type of !foreach result expression");
            };
            Ty::list(rt)
        } else if !is_foreach {
            Ty::list(in_elt)
        } else {
            in_elt
        };
        let op = if is_foreach {
            TernOp::Foreach
        } else {
            TernOp::Filter
        };
        let cr = self.cur_rec(cur);
        Ok(fold_tern(
            &mut self.cx,
            cr.as_deref(),
            op,
            Value::Str(var, false),
            mhs,
            rhs,
            out_ty,
        ))
    }

    fn parse_range_op(&mut self, cur: Option<RecId>, op_pos: Pos) -> PResult<Value> {
        self.next();
        self.expect(Tok::LParen, "expected '(' after !range operator")?;
        let mut args: Vec<Value> = Vec::new();
        let mut first_is_list = false;
        loop {
            if args.len() >= 3 {
                return self.tok_error("expected at most three values of integer");
            }
            let init_pos = self.loc();
            let v = self.parse_value(cur, None, Mode::Value)?;
            let Some(vt) = type_of(&self.cx, &v) else {
                let s = self.cx.show(&v);
                return self.error(
                    op_pos,
                    format!("expected value to be a typed value, got '{s}'"),
                );
            };
            args.push(v);
            let vts = self.cx.ty_str(&vt);
            if !first_is_list || args.len() == 1 {
                if args.len() == 1 && matches!(vt, Ty::List(_)) {
                    first_is_list = true;
                } else if vt != Ty::Int {
                    if args.len() != 1 {
                        return self.error(
                            init_pos,
                            format!("expected value of type 'int', got '{vts}'"),
                        );
                    }
                    return self.error(
                        init_pos,
                        format!("expected list or int, got value of type '{vts}'"),
                    );
                }
            } else {
                return self.error(
                    init_pos,
                    format!("expected one list, got extra value of type '{vts}'"),
                );
            }
            if !self.consume(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RParen, "expected ')' in operator")?;
        let cr = self.cur_rec(cur);
        let (l, m, r) = if args.len() == 1 {
            let a = args.remove(0);
            if first_is_list {
                let size = fold_un(&mut self.cx, cr.as_deref(), false, UnOp::Size, a, Ty::Int);
                (Value::Int(0), size, Value::Int(1))
            } else {
                (Value::Int(0), a, Value::Int(1))
            }
        } else {
            let step = if args.len() == 3 {
                args.remove(2)
            } else {
                Value::Int(1)
            };
            let m = args.remove(1);
            (args.remove(0), m, step)
        };
        Ok(fold_tern(
            &mut self.cx,
            cr.as_deref(),
            TernOp::Range,
            l,
            m,
            r,
            Ty::list(Ty::Int),
        ))
    }

    fn value_type_for_if(&self, v: &Value) -> Option<Ty> {
        type_of(&self.cx, v)
    }

    fn parse_ternop(&mut self, cur: Option<RecId>, item: Option<&Ty>, b: Bang) -> PResult<Value> {
        self.next();
        let (op, mut ty, item) = match b {
            Bang::Dag => (TernOp::Dag, Some(Ty::Dag), None),
            Bang::If => (TernOp::If, None, item),
            Bang::Subst => (TernOp::Subst, None, item),
            Bang::SetDagArg => (TernOp::SetDagArg, Some(Ty::Dag), None),
            _ => (TernOp::SetDagName, Some(Ty::Dag), None),
        };
        self.expect(Tok::LParen, "expected '(' after ternary operator")?;
        let lhs = self.parse_value(cur, None, Mode::Value)?;
        self.expect(Tok::Comma, "expected ',' in ternary operator")?;
        let mpos = self.loc();
        let mhs = self.parse_value(cur, item, Mode::Value)?;
        self.expect(Tok::Comma, "expected ',' in ternary operator")?;
        let rpos = self.loc();
        let rhs = self.parse_value(cur, item, Mode::Value)?;
        self.expect(Tok::RParen, "expected ')' in binary operator")?;
        match op {
            TernOp::Dag => {
                let mt = type_of(&self.cx, &mhs);
                if mt.is_none() && mhs != Value::Unset {
                    return self.error(mpos, "could not determine type of the child list in !dag");
                }
                if let Some(t) = &mt {
                    if !matches!(t, Ty::List(_)) {
                        let s = self.cx.ty_str(t);
                        return self
                            .error(mpos, format!("expected list of children, got type '{s}'"));
                    }
                }
                let rt = type_of(&self.cx, &rhs);
                if rt.is_none() && rhs != Value::Unset {
                    return self.error(rpos, "could not determine type of the name list in !dag");
                }
                if let Some(t) = &rt {
                    if *t != Ty::list(Ty::String) {
                        let s = self.cx.ty_str(t);
                        return self.error(rpos, format!("expected list<string>, got type '{s}'"));
                    }
                }
                if mt.is_none() && rt.is_none() {
                    return self.error(
                        mpos,
                        "cannot have both unset children and unset names in !dag",
                    );
                }
            }
            TernOp::If => {
                let mut mt = self.value_type_for_if(&mhs);
                let mut rt = self.value_type_for_if(&rhs);
                if mhs == Value::Unset {
                    mt = rt.clone();
                }
                if rhs == Value::Unset {
                    rt = mt.clone();
                }
                let (Some(mt), Some(rt)) = (mt, rt) else {
                    return self.tok_error("could not get type for !if");
                };
                match self.cx.resolve_types(&mt, &rt) {
                    Some(t) => ty = Some(t),
                    None => {
                        let (a, b) = (self.cx.ty_str(&mt), self.cx.ty_str(&rt));
                        return self
                            .tok_error(format!("inconsistent types '{a}' and '{b}' for !if"));
                    }
                }
            }
            TernOp::Subst => match type_of(&self.cx, &rhs) {
                Some(t) => ty = Some(t),
                None => return self.tok_error("could not get type for !subst"),
            },
            TernOp::SetDagArg | TernOp::SetDagName => {
                let mt = type_of(&self.cx, &mhs);
                if !matches!(mt, Some(Ty::Int) | Some(Ty::String)) {
                    let what = match &mt {
                        Some(t) => format!("type '{}", self.cx.ty_str(t)),
                        None => format!("'{}", self.cx.show(&mhs)),
                    };
                    return self.error(
                        mpos,
                        format!("expected integer index or string name, got {what}'"),
                    );
                }
                if op == TernOp::SetDagName {
                    if let Some(t) = type_of(&self.cx, &rhs) {
                        if t != Ty::String {
                            let s = self.cx.ty_str(&t);
                            return self.error(
                                rpos,
                                format!("expected string or unset name, got type '{s}'"),
                            );
                        }
                    }
                }
            }
            _ => {}
        }
        let cr = self.cur_rec(cur);
        let ty = ty.unwrap_or(Ty::Dag);
        Ok(fold_tern(
            &mut self.cx,
            cr.as_deref(),
            op,
            lhs,
            mhs,
            rhs,
            ty,
        ))
    }

    fn parse_substr_find(
        &mut self,
        cur: Option<RecId>,
        item: Option<&Ty>,
        b: Bang,
    ) -> PResult<Value> {
        let is_substr = b == Bang::Substr;
        let (name, ty) = if is_substr {
            ("!substr", Ty::String)
        } else {
            ("!find", Ty::Int)
        };
        self.next();
        self.expect(Tok::LParen, &format!("expected '(' after {name} operator"))?;
        let lhs = self.parse_value(cur, None, Mode::Value)?;
        self.expect(Tok::Comma, &format!("expected ',' in {name} operator"))?;
        let mpos = self.loc();
        let mhs = self.parse_value(cur, None, Mode::Value)?;
        let mut rpos = self.loc();
        let rhs = if self.consume(Tok::Comma) {
            rpos = self.loc();
            self.parse_value(cur, None, Mode::Value)?
        } else if is_substr {
            Value::Int(i64::MAX)
        } else {
            Value::Int(0)
        };
        self.expect(Tok::RParen, &format!("expected ')' in {name} operator"))?;
        if let Some(i) = item {
            if !self.cx.convertible(&ty, i) {
                let (a, b) = (self.cx.ty_str(i), self.cx.ty_str(&ty));
                return self.error(rpos, format!("expected value of type '{a}', got '{b}'"));
            }
        }
        let lt = type_of(&self.cx, &lhs);
        if lt.is_none() && lhs != Value::Unset {
            let what = if is_substr {
                "string in !substr"
            } else {
                "source string in !find"
            };
            return self.tok_error(format!("could not determine type of the {what}"));
        }
        if let Some(t) = &lt {
            if *t != Ty::String {
                let s = self.cx.ty_str(t);
                return self.tok_error(format!("expected string, got type '{s}'"));
            }
        }
        let mt = type_of(&self.cx, &mhs);
        let want_m = if is_substr { Ty::Int } else { Ty::String };
        if let Some(t) = &mt {
            if *t != want_m {
                let (a, s) = (self.cx.ty_str(&want_m), self.cx.ty_str(t));
                return self.error(mpos, format!("expected {a}, got type '{s}'"));
            }
        } else if mhs != Value::Unset {
            return self.tok_error(format!(
                "could not determine type of the argument of {name}"
            ));
        }
        if let Some(t) = type_of(&self.cx, &rhs) {
            if t != Ty::Int {
                let s = self.cx.ty_str(&t);
                return self.tok_error(format!("expected int, got type '{s}'"));
            }
        }
        let cr = self.cur_rec(cur);
        let op = if is_substr {
            TernOp::Substr
        } else {
            TernOp::Find
        };
        Ok(fold_tern(
            &mut self.cx,
            cr.as_deref(),
            op,
            lhs,
            mhs,
            rhs,
            ty,
        ))
    }

    fn parse_cond(&mut self, cur: Option<RecId>, item: Option<&Ty>) -> PResult<Value> {
        self.next();
        self.expect(Tok::LParen, "expected '(' after !cond operator")?;
        let mut cases = Vec::new();
        let mut vals = Vec::new();
        loop {
            if self.consume(Tok::RParen) {
                break;
            }
            cases.push(self.parse_value(cur, None, Mode::Value)?);
            self.expect(
                Tok::Colon,
                "expected ':'  following a condition in !cond operator",
            )?;
            vals.push(self.parse_value(cur, item, Mode::Value)?);
            if self.consume(Tok::RParen) {
                break;
            }
            self.expect(
                Tok::Comma,
                "expected ',' or ')' following a value in !cond operator",
            )?;
        }
        if cases.is_empty() {
            return self
                .tok_error("there should be at least 1 'condition : value' in the !cond operator");
        }
        let mut ty: Option<Ty> = None;
        for v in &vals {
            if *v == Value::Unset {
                continue;
            }
            let vt = type_of(&self.cx, v);
            match (&ty, vt) {
                (None, t) => ty = t,
                (Some(t), Some(vt)) => match self.cx.resolve_types(t, &vt) {
                    Some(r) => ty = Some(r),
                    None => {
                        let (a, b) = (self.cx.ty_str(t), self.cx.ty_str(&vt));
                        return self
                            .tok_error(format!("inconsistent types '{a}' and '{b}' for !cond"));
                    }
                },
                (Some(_), None) => {}
            }
        }
        let Some(ty) = ty else {
            return self.tok_error("could not determine type for !cond from its arguments");
        };
        let cr = self.cur_rec(cur);
        Ok(fold_cond(&mut self.cx, cr.as_deref(), cases, vals, ty))
    }

    fn parse_foldl(&mut self, cur: Option<RecId>) -> PResult<Value> {
        self.next();
        self.expect(Tok::LParen, "expected '(' after !foldl")?;
        let start = self.parse_value(cur, None, Mode::Value)?;
        let Some(start_ty) = type_of(&self.cx, &start) else {
            let s = self.cx.show(&start);
            return self.tok_error(format!("could not get type of !foldl start: '{s}'"));
        };
        self.expect(Tok::Comma, "expected ',' in !foldl")?;
        let list = self.parse_value(cur, None, Mode::Value)?;
        let Some(lt) = type_of(&self.cx, &list) else {
            let s = self.cx.show(&list);
            return self.tok_error(format!("could not get type of !foldl list: '{s}'"));
        };
        let Ty::List(elt) = &lt else {
            let s = self.cx.ty_str(&lt);
            return self.tok_error(format!("!foldl list must be a list, but is of type '{s}"));
        };
        let elt = (**elt).clone();
        if self.code() != Tok::Comma {
            return self.tok_error("expected ',' in !foldl");
        }
        if self.next() != Tok::Id {
            return self.tok_error("third argument of !foldl must be an identifier");
        }
        let a: Name = Rc::from(self.lex.cur_str.as_str());
        if let Some(c) = cur {
            if self.cx.rec(c).get(&a).is_some() {
                return self.tok_error(format!("left !foldl variable '\"{a}\"' already defined"));
            }
        }
        if self.next() != Tok::Comma {
            return self.tok_error("expected ',' in !foldl");
        }
        if self.next() != Tok::Id {
            return self.tok_error("fourth argument of !foldl must be an identifier");
        }
        let b: Name = Rc::from(self.lex.cur_str.as_str());
        if let Some(c) = cur {
            if self.cx.rec(c).get(&b).is_some() {
                return self.tok_error(format!("right !foldl variable '\"{b}\"' already defined"));
            }
        }
        if self.next() != Tok::Comma {
            return self.tok_error("expected ',' in !foldl");
        }
        self.next();
        let prec = self.parse_scope_rec(cur);
        self.push_scope(ScopeKind::Record(prec));
        for (n, t) in [(a.clone(), start_ty.clone()), (b.clone(), elt)] {
            self.cx.rec_mut(prec).values.push(RecordVal {
                name: n,
                ty: t,
                value: Value::Unset,
                kind: FieldKind::Normal,
                pos: Pos::NONE,
            });
        }
        let expr = self.parse_value(Some(prec), None, Mode::Value);
        self.cx.rec_mut(prec).remove(&a);
        self.cx.rec_mut(prec).remove(&b);
        self.pop_scope();
        let expr = expr?;
        let Some(et) = type_of(&self.cx, &expr) else {
            return self.tok_error("could not get type of !foldl expression");
        };
        if et != start_ty {
            let (s, e) = (self.cx.ty_str(&start_ty), self.cx.ty_str(&et));
            return self.tok_error(format!(
                "!foldl expression must be of same type as start ({s}), but is of type {e}"
            ));
        }
        self.expect(Tok::RParen, "expected ')' in fold operator")?;
        let cr = self.cur_rec(cur);
        let f = FoldVal {
            start,
            list,
            a,
            b,
            expr,
            ty: start_ty,
        };
        Ok(fold_foldl(&mut self.cx, cr.as_deref(), f))
    }

    /// Converts the diagnostics gathered so far.
    pub fn take_diags(&mut self) -> Vec<RawDiag> {
        let mut d = std::mem::take(&mut self.cx.diags);
        d.append(&mut self.lex.diags);
        if d.is_empty() && self.cx.failed {
            d.push(RawDiag {
                severity: Severity::Error,
                pos: self.lex.tok_start,
                message: "parse failed".into(),
            });
        }
        d
    }
}

/// `BinOpInit::getStrConcat`: folds two strings, otherwise builds the
/// (unfolded) concatenation.
fn str_concat(a: Value, b: Value) -> Value {
    if let (Value::Str(x, cx_), Value::Str(y, cy)) = (&a, &b) {
        let mut s = String::with_capacity(x.len() + y.len());
        s.push_str(x);
        s.push_str(y);
        return Value::Str(Rc::from(s), *cx_ || *cy);
    }
    Value::bin(BinOp::StrConcat, a, b, Ty::String)
}

/// `BinOpInit::getListConcat`.
fn list_concat(_cx: &mut Cx, a: Value, b: Value, ty: Ty) -> Value {
    if let (Value::List(x, et), Value::List(y, _)) = (&a, &b) {
        let mut v = x.to_vec();
        v.extend(y.iter().cloned());
        return Value::List(Rc::from(v), et.clone());
    }
    Value::bin(BinOp::ListConcat, a, b, ty)
}
