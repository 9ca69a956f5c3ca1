//! Evaluation: type queries, conversions (`convertInitializerTo`,
//! `getCastTo`), constant folding of every operator, reference resolution
//! through resolvers, anonymous class instantiation and whole-record
//! resolution. This follows LLVM's `Record.cpp` closely, because the exact
//! points at which TableGen folds (or declines to fold) decide what ends up in
//! each record.

use super::cx::*;
use super::diag::Pos;
use super::value::*;
use std::collections::HashMap;
use std::rc::Rc;

/// Lists built by `!range`, `!listsplat` and ranges are capped so that a
/// typo cannot exhaust memory.
const MAX_LIST_LEN: i64 = 1 << 22;

/// The record being resolved, as seen by folding (LLVM's `CurRec`).
#[derive(Clone, Debug)]
pub(crate) struct CurRec {
    pub id: RecId,
    pub name: Value,
    pub ty: Ty,
    pub pos: Pos,
}

impl CurRec {
    pub fn of(cx: &Cx, id: RecId) -> Rc<CurRec> {
        let r = cx.rec(id);
        Rc::new(CurRec {
            id,
            name: r.name.clone(),
            ty: cx.def_ty(id),
            pos: r.pos,
        })
    }

    /// Whether `name` names this record (LLVM compares name inits; an
    /// anonymous record also answers to its generated name).
    fn is_named(&self, name: &str) -> bool {
        match &self.name {
            Value::Str(s, _) => &**s == name,
            Value::Anon(n) => name == format!("anonymous_{n}"),
            _ => false,
        }
    }
}

/// A variable being resolved: a string name or an anonymous record name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Key<'a> {
    Name(&'a str),
    Anon(u32),
}

pub(crate) trait Resolver {
    fn resolve(&mut self, cx: &mut Cx, key: Key<'_>) -> Option<Value>;
    fn is_final(&self) -> bool {
        false
    }
    fn keep_unset_bits(&self) -> bool {
        false
    }
    fn cur(&self) -> Option<Rc<CurRec>>;
}

/// Resolves a fixed set of names (template arguments, loop variables),
/// resolving mutual references among the mapped values on demand.
pub(crate) struct MapResolver {
    map: HashMap<Name, (Value, bool)>,
    cur: Option<Rc<CurRec>>,
    is_final: bool,
}

impl MapResolver {
    pub fn new(cur: Option<Rc<CurRec>>) -> MapResolver {
        MapResolver {
            map: HashMap::new(),
            cur,
            is_final: false,
        }
    }

    pub fn set(&mut self, name: Name, v: Value) {
        self.map.insert(name, (v, false));
    }

    pub fn set_final(&mut self, f: bool) {
        self.is_final = f;
    }
}

impl Resolver for MapResolver {
    fn resolve(&mut self, cx: &mut Cx, key: Key<'_>) -> Option<Value> {
        let Key::Name(name) = key else { return None };
        let (k, (v, resolved)) = self
            .map
            .get_key_value(name)
            .map(|(k, v)| (k.clone(), v.clone()))?;
        if !resolved && self.map.len() > 1 {
            // Resolve mutual references among the mapped variables, but
            // prevent infinite recursion by hiding this entry meanwhile.
            self.map.remove(name);
            let r = resolve_full(cx, &v, self);
            self.map.insert(k, (r.clone(), true));
            return Some(r);
        }
        Some(v)
    }

    fn is_final(&self) -> bool {
        self.is_final
    }

    fn cur(&self) -> Option<Rc<CurRec>> {
        self.cur.clone()
    }
}

/// Resolves references to the fields of a record (and to its own name),
/// with cycle detection; used for final resolution.
pub(crate) struct RecordResolver {
    pub fields: Vec<RecordVal>,
    cache: HashMap<String, Option<Value>>,
    stack: Vec<String>,
    cur: Rc<CurRec>,
    name: Option<Value>,
    is_final: bool,
}

impl RecordResolver {
    pub fn new(fields: Vec<RecordVal>, cur: Rc<CurRec>) -> RecordResolver {
        RecordResolver {
            fields,
            cache: HashMap::new(),
            stack: Vec::new(),
            cur,
            name: None,
            is_final: false,
        }
    }
}

fn key_string(key: Key<'_>) -> String {
    match key {
        Key::Name(n) => n.to_string(),
        Key::Anon(n) => format!("\u{0}anon{n}"),
    }
}

impl Resolver for RecordResolver {
    fn resolve(&mut self, cx: &mut Cx, key: Key<'_>) -> Option<Value> {
        let ks = key_string(key);
        if let Some(Some(v)) = self.cache.get(&ks) {
            return Some(v.clone());
        }
        if self.stack.contains(&ks) {
            return None;
        }
        let mut val = None;
        let field = match key {
            Key::Name(n) => self
                .fields
                .iter()
                .find(|f| &*f.name == n)
                .map(|f| f.value.clone()),
            Key::Anon(_) => None,
        };
        if let Some(fv) = field {
            if fv != Value::Unset {
                self.stack.push(ks.clone());
                val = Some(resolve_full(cx, &fv, self));
                self.stack.pop();
            }
        } else if let Some(new_name) = self.name.clone() {
            let is_self = match (key, &self.cur.name) {
                (Key::Anon(a), Value::Anon(b)) => a == *b,
                (Key::Name(n), Value::Str(s, _)) => &**s == n,
                _ => false,
            };
            if is_self {
                self.stack.push(ks.clone());
                val = Some(resolve_full(cx, &new_name, self));
                self.stack.pop();
            }
        }
        self.cache.insert(ks, val.clone());
        val
    }

    fn is_final(&self) -> bool {
        self.is_final
    }

    fn keep_unset_bits(&self) -> bool {
        true
    }

    fn cur(&self) -> Option<Rc<CurRec>> {
        Some(self.cur.clone())
    }
}

/// Hides some names (the variables bound by `!foreach`, `!filter` and
/// `!foldl`) from an outer resolver.
struct ShadowResolver<'a> {
    inner: &'a mut dyn Resolver,
    shadowed: Vec<Name>,
}

impl Resolver for ShadowResolver<'_> {
    fn resolve(&mut self, cx: &mut Cx, key: Key<'_>) -> Option<Value> {
        if let Key::Name(n) = key {
            if self.shadowed.iter().any(|s| &**s == n) {
                return None;
            }
        }
        self.inner.resolve(cx, key)
    }
    fn is_final(&self) -> bool {
        self.inner.is_final()
    }
    fn cur(&self) -> Option<Rc<CurRec>> {
        self.inner.cur()
    }
}

/// Delegates to another resolver (if any) and records whether some variable
/// stayed unresolved.
struct TrackUnresolved<'a> {
    inner: Option<&'a mut dyn Resolver>,
    found: bool,
}

impl Resolver for TrackUnresolved<'_> {
    fn resolve(&mut self, cx: &mut Cx, key: Key<'_>) -> Option<Value> {
        let mut r = None;
        if let Some(inner) = self.inner.as_deref_mut() {
            r = inner.resolve(cx, key);
            if let Some(v) = &r {
                if !self.found && has_unresolved(cx, v) {
                    self.found = true;
                }
            }
        }
        if r.is_none() {
            self.found = true;
        }
        r
    }
    fn is_final(&self) -> bool {
        self.inner.as_ref().is_some_and(|i| i.is_final())
    }
    fn cur(&self) -> Option<Rc<CurRec>> {
        self.inner.as_ref().and_then(|i| i.cur())
    }
}

/// Whether `v` still references a variable (or an anonymous name).
pub(crate) fn has_unresolved(cx: &mut Cx, v: &Value) -> bool {
    let mut t = TrackUnresolved {
        inner: None,
        found: false,
    };
    let _ = resolve(cx, v, &mut t);
    t.found
}

/// Whether `v` references the variable `name` (LLVM's HasReferenceResolver).
pub(crate) fn references(cx: &mut Cx, v: &Value, name: &str) -> bool {
    struct Has<'n> {
        name: &'n str,
        found: bool,
    }
    impl Resolver for Has<'_> {
        fn resolve(&mut self, _: &mut Cx, key: Key<'_>) -> Option<Value> {
            if key == Key::Name(self.name) {
                self.found = true;
            }
            None
        }
        fn cur(&self) -> Option<Rc<CurRec>> {
            None
        }
    }
    let mut h = Has { name, found: false };
    let _ = resolve(cx, v, &mut h);
    h.found
}

// ---- Types and conversions ------------------------------------------------

pub(crate) fn type_of(cx: &Cx, v: &Value) -> Option<Ty> {
    Some(match v {
        Value::Unset => return None,
        Value::Bit(_) | Value::VarBit(..) => Ty::Bit,
        Value::Bits(b) => Ty::Bits(b.len() as u32),
        Value::Int(_) | Value::IsA(..) | Value::Exists(..) => Ty::Int,
        Value::Str(..) | Value::Anon(_) => Ty::String,
        Value::List(_, e) => Ty::list(e.clone()),
        Value::Dag(_) => Ty::Dag,
        Value::Def(id) => cx.def_ty(*id),
        Value::Var(_, t) | Value::Field(_, _, t) => t.clone(),
        Value::VarDef(c, _) => cx.record_ty(&[*c]),
        Value::Un(_, _, t)
        | Value::Bin(_, _, _, t)
        | Value::Tern(_, _, _, _, t)
        | Value::Cond(_, _, t) => t.clone(),
        Value::Foldl(f) => f.ty.clone(),
    })
}

fn can_fit_in_bits(v: i64, n: u32) -> bool {
    // `bits<0>` takes any integer (and keeps none of it), as llvm's
    // TableGen does; `n - 1` would underflow.
    n == 0 || n >= 64 || (v >> n) == 0 || (v >> (n - 1)) == -1
}

/// LLVM's `convertInitializerTo`.
pub(crate) fn convert_to(cx: &Cx, v: &Value, ty: &Ty) -> Option<Value> {
    match v {
        Value::Unset => Some(Value::Unset),
        Value::Bit(b) => match ty {
            Ty::Bit => Some(v.clone()),
            Ty::Int => Some(Value::Int(*b as i64)),
            Ty::Bits(1) => Some(Value::Bits(Rc::from(vec![v.clone()]))),
            _ => None,
        },
        Value::Bits(bits) => match ty {
            Ty::Bit if bits.len() == 1 => Some(bits[0].clone()),
            Ty::Bits(n) if *n as usize == bits.len() => Some(v.clone()),
            Ty::Int => {
                let mut r: i64 = 0;
                for (i, b) in bits.iter().enumerate() {
                    match b {
                        Value::Bit(x) => {
                            if *x && i < 64 {
                                r |= 1i64 << i;
                            }
                        }
                        _ => return None,
                    }
                }
                Some(Value::Int(r))
            }
            _ => None,
        },
        Value::Int(i) => match ty {
            Ty::Int => Some(v.clone()),
            Ty::Bit => match i {
                0 => Some(Value::Bit(false)),
                1 => Some(Value::Bit(true)),
                _ => None,
            },
            Ty::Bits(n) => {
                if !can_fit_in_bits(*i, *n) {
                    return None;
                }
                let bits: Vec<Value> = (0..*n)
                    .map(|b| Value::Bit(b < 64 && (i >> b) & 1 == 1))
                    .collect();
                Some(Value::Bits(Rc::from(bits)))
            }
            _ => None,
        },
        Value::Str(..) => match ty {
            Ty::String => Some(v.clone()),
            _ => None,
        },
        Value::List(items, et) => {
            if let Ty::List(e2) = ty {
                if **e2 == *et {
                    return Some(v.clone());
                }
                let mut changed = false;
                let mut out = Vec::with_capacity(items.len());
                for it in items.iter() {
                    let c = convert_to(cx, it, e2)?;
                    if c != *it {
                        changed = true;
                    }
                    out.push(c);
                }
                if !changed {
                    return Some(v.clone());
                }
                return Some(Value::List(Rc::from(out), (**e2).clone()));
            }
            None
        }
        Value::Def(id) => match ty {
            Ty::Record(_) if cx.convertible(&cx.def_ty(*id), ty) => Some(v.clone()),
            _ => None,
        },
        _ => {
            let t = type_of(cx, v)?;
            if t == *ty || cx.type_is_a(&t, ty) {
                return Some(v.clone());
            }
            if t == Ty::Bit && *ty == Ty::Bits(1) {
                return Some(Value::Bits(Rc::from(vec![v.clone()])));
            }
            None
        }
    }
}

/// LLVM's `getCastTo`: convert, or wrap in a `!cast` when the types are
/// convertible but the value is not yet known.
pub(crate) fn cast_to(cx: &mut Cx, v: &Value, ty: &Ty) -> Option<Value> {
    if *v == Value::Unset {
        return Some(Value::Unset);
    }
    let t = type_of(cx, v)?;
    if t == *ty || cx.type_is_a(&t, ty) {
        return Some(v.clone());
    }
    if let Some(c) = convert_to(cx, v, ty) {
        return Some(c);
    }
    if !cx.convertible(&t, ty) {
        return None;
    }
    Some(fold_un(cx, None, false, UnOp::Cast, v.clone(), ty.clone()))
}

fn as_int(cx: &Cx, v: &Value) -> Option<i64> {
    match convert_to(cx, v, &Ty::Int)? {
        Value::Int(i) => Some(i),
        _ => None,
    }
}

/// LLVM's `getBit`.
pub(crate) fn get_bit(v: &Value, i: u32) -> Value {
    match v {
        Value::Unset => Value::Unset,
        Value::Bit(_) | Value::VarBit(..) => v.clone(),
        Value::Bits(b) => b.get(i as usize).cloned().unwrap_or(Value::Unset),
        Value::Int(x) => Value::Bit(i < 64 && (x >> i) & 1 == 1),
        Value::Var(_, t)
        | Value::Field(_, _, t)
        | Value::Un(_, _, t)
        | Value::Bin(_, _, _, t)
        | Value::Tern(_, _, _, _, t)
            if *t == Ty::Bit =>
        {
            v.clone()
        }
        _ => Value::VarBit(Rc::new(v.clone()), i),
    }
}

pub(crate) fn is_concrete(cx: &Cx, v: &Value) -> bool {
    is_concrete_at(cx, v, 0)
}

fn is_concrete_at(cx: &Cx, v: &Value, depth: u32) -> bool {
    if depth > MAX_EVAL_DEPTH {
        return false;
    }
    let d = depth + 1;
    match v {
        Value::Unset | Value::Bit(_) | Value::Int(_) | Value::Str(..) | Value::Def(_) => true,
        Value::Bits(b) => b.iter().all(|x| is_concrete_at(cx, x, d)),
        Value::List(items, _) => items.iter().all(|x| is_concrete_at(cx, x, d)),
        Value::Dag(dag) => {
            is_concrete_at(cx, &dag.op, d) && dag.args.iter().all(|(a, _)| is_concrete_at(cx, a, d))
        }
        Value::Field(r, f, _) => match &**r {
            Value::Def(id) => cx
                .rec(*id)
                .get(f)
                .is_some_and(|fv| is_concrete_at(cx, &fv.value, d)),
            _ => false,
        },
        Value::Cond(cs, vs, _) => {
            cs.iter().all(|x| is_concrete_at(cx, x, d))
                && vs.iter().all(|x| is_concrete_at(cx, x, d))
        }
        _ => false,
    }
}

pub(crate) fn is_complete(v: &Value) -> bool {
    match v {
        Value::Unset => false,
        Value::Bits(b) => b.iter().all(is_complete),
        Value::List(items, _) => items.iter().all(is_complete),
        _ => true,
    }
}

// ---- Resolution -------------------------------------------------------------

/// Resolves `v`, returning the original when nothing changed.
pub(crate) fn resolve_full(cx: &mut Cx, v: &Value, r: &mut dyn Resolver) -> Value {
    resolve(cx, v, r).unwrap_or_else(|| v.clone())
}

/// LLVM's `resolveReferences`; `None` means "unchanged".
pub(crate) fn resolve(cx: &mut Cx, v: &Value, r: &mut dyn Resolver) -> Option<Value> {
    match v {
        Value::Unset | Value::Bit(_) | Value::Int(_) | Value::Str(..) | Value::Def(_) => {
            return None
        }
        _ => {}
    }
    if cx.depth >= MAX_EVAL_DEPTH {
        if !cx.failed {
            cx.error(Pos::NONE, "expression nesting too deep while resolving");
        }
        return None;
    }
    cx.depth += 1;
    let out = resolve_inner(cx, v, r);
    cx.depth -= 1;
    out
}

fn resolve_inner(cx: &mut Cx, v: &Value, r: &mut dyn Resolver) -> Option<Value> {
    match v {
        Value::Unset | Value::Bit(_) | Value::Int(_) | Value::Str(..) | Value::Def(_) => None,
        Value::Anon(n) => {
            let new = r.resolve(cx, Key::Anon(*n));
            let new_v = new.clone().unwrap_or_else(|| v.clone());
            if r.is_final() {
                if let Value::Anon(m) = new_v {
                    return Some(Value::string(format!("anonymous_{m}")));
                }
            }
            new
        }
        Value::Bits(bits) => {
            let mut changed = false;
            let mut out = Vec::with_capacity(bits.len());
            let mut cache: Option<(Rc<Value>, Value)> = None;
            for b in bits.iter() {
                let new_bit = if let Value::VarBit(var, idx) = b {
                    let resolved = match &cache {
                        Some((k, res)) if Rc::ptr_eq(k, var) || **k == **var => res.clone(),
                        _ => {
                            let res = resolve_full(cx, var, r);
                            cache = Some((var.clone(), res.clone()));
                            res
                        }
                    };
                    get_bit(&resolved, *idx)
                } else {
                    get_bit(&resolve_full(cx, b, r), 0)
                };
                let new_bit = if new_bit == Value::Unset && r.keep_unset_bits() {
                    b.clone()
                } else {
                    new_bit
                };
                if new_bit != *b {
                    changed = true;
                }
                out.push(new_bit);
            }
            changed.then(|| Value::Bits(Rc::from(out)))
        }
        Value::List(items, et) => {
            let mut out: Option<Vec<Value>> = None;
            for (i, it) in items.iter().enumerate() {
                if let Some(n) = resolve(cx, it, r) {
                    out.get_or_insert_with(|| items[..i].to_vec()).push(n);
                } else if let Some(o) = out.as_mut() {
                    o.push(it.clone());
                }
            }
            out.map(|o| Value::List(Rc::from(o), et.clone()))
        }
        Value::Dag(dag) => {
            let mut changed = false;
            let mut args = Vec::with_capacity(dag.args.len());
            for (a, n) in &dag.args {
                match resolve(cx, a, r) {
                    Some(x) => {
                        changed = true;
                        args.push((x, n.clone()));
                    }
                    None => args.push((a.clone(), n.clone())),
                }
            }
            let op = resolve(cx, &dag.op, r);
            if op.is_none() && !changed {
                return None;
            }
            Some(Value::Dag(Rc::new(DagVal {
                op: op.unwrap_or_else(|| dag.op.clone()),
                op_name: dag.op_name.clone(),
                args,
                pos: dag.pos.clone(),
            })))
        }
        Value::Var(name, _) => r.resolve(cx, Key::Name(name)),
        Value::VarBit(var, idx) => resolve(cx, var, r).map(|n| get_bit(&n, *idx)),
        Value::Field(rec, f, ty) => {
            let n = resolve(cx, rec, r)?;
            let cur = r.cur();
            Some(fold_field(cx, cur.as_deref(), n, f.clone(), ty.clone()))
        }
        Value::VarDef(class, args) => {
            let mut ur = TrackUnresolved {
                inner: Some(r),
                found: false,
            };
            let mut changed = false;
            let mut new_args = Vec::with_capacity(args.len());
            for a in args.iter() {
                match resolve(cx, &a.value, &mut ur) {
                    Some(x) => {
                        changed = true;
                        new_args.push(Arg {
                            key: a.key.clone(),
                            value: x,
                        });
                    }
                    None => new_args.push(a.clone()),
                }
            }
            if !changed {
                return None;
            }
            let new_args: Rc<[Arg]> = Rc::from(new_args);
            if !ur.found {
                return Some(Value::Def(instantiate(cx, *class, new_args)));
            }
            Some(Value::VarDef(*class, new_args))
        }
        Value::Un(op, x, ty) => {
            let n = resolve(cx, x, r);
            if n.is_some() || (r.is_final() && *op == UnOp::Cast) {
                let cur = r.cur();
                let is_final = r.is_final();
                let lhs = n.unwrap_or_else(|| (**x).clone());
                return Some(fold_un(cx, cur.as_deref(), is_final, *op, lhs, ty.clone()));
            }
            None
        }
        Value::Bin(op, a, b, ty) => {
            let na = resolve(cx, a, r);
            let nb = resolve(cx, b, r);
            if na.is_none() && nb.is_none() {
                return None;
            }
            let cur = r.cur();
            let l = na.unwrap_or_else(|| (**a).clone());
            let rr = nb.unwrap_or_else(|| (**b).clone());
            Some(fold_bin(cx, cur.as_deref(), *op, l, rr, ty.clone()))
        }
        Value::Tern(op, a, b, c, ty) => {
            let na = resolve(cx, a, r);
            if *op == TernOp::If {
                if let Some(l) = &na {
                    if let Some(i) = as_int(cx, l) {
                        // Short-circuit: only the selected arm is resolved.
                        return Some(if i != 0 {
                            resolve_full(cx, b, r)
                        } else {
                            resolve_full(cx, c, r)
                        });
                    }
                }
            }
            let nb = resolve(cx, b, r);
            let nc = if matches!(op, TernOp::Foreach | TernOp::Filter) {
                let lhs = na.clone().unwrap_or_else(|| (**a).clone());
                let shadow: Vec<Name> = lhs.as_str().map(Rc::from).into_iter().collect();
                let mut sr = ShadowResolver {
                    inner: r,
                    shadowed: shadow,
                };
                resolve(cx, c, &mut sr)
            } else {
                resolve(cx, c, r)
            };
            if na.is_none() && nb.is_none() && nc.is_none() {
                return None;
            }
            let cur = r.cur();
            let l = na.unwrap_or_else(|| (**a).clone());
            let m = nb.unwrap_or_else(|| (**b).clone());
            let rr = nc.unwrap_or_else(|| (**c).clone());
            Some(fold_tern(cx, cur.as_deref(), *op, l, m, rr, ty.clone()))
        }
        Value::Foldl(f) => {
            let ns = resolve(cx, &f.start, r);
            let nl = resolve(cx, &f.list, r);
            let ne = {
                let mut sr = ShadowResolver {
                    inner: r,
                    shadowed: vec![f.a.clone(), f.b.clone()],
                };
                resolve(cx, &f.expr, &mut sr)
            };
            if ns.is_none() && nl.is_none() && ne.is_none() {
                return None;
            }
            let nf = FoldVal {
                start: ns.unwrap_or_else(|| f.start.clone()),
                list: nl.unwrap_or_else(|| f.list.clone()),
                a: f.a.clone(),
                b: f.b.clone(),
                expr: ne.unwrap_or_else(|| f.expr.clone()),
                ty: f.ty.clone(),
            };
            let cur = r.cur();
            Some(fold_foldl(cx, cur.as_deref(), nf))
        }
        Value::IsA(ty, x) => {
            let n = resolve(cx, x, r)?;
            Some(fold_isa(cx, ty, n))
        }
        Value::Exists(ty, x) => {
            let n = resolve(cx, x, r);
            if n.is_none() && !r.is_final() {
                return None;
            }
            let cur = r.cur();
            let is_final = r.is_final();
            let e = n.unwrap_or_else(|| (**x).clone());
            Some(fold_exists(cx, cur.as_deref(), is_final, ty.clone(), e))
        }
        Value::Cond(cs, vs, ty) => {
            let mut changed = false;
            let mut ncs = Vec::with_capacity(cs.len());
            for c in cs.iter() {
                match resolve(cx, c, r) {
                    Some(x) => {
                        changed = true;
                        ncs.push(x);
                    }
                    None => ncs.push(c.clone()),
                }
            }
            let mut nvs = Vec::with_capacity(vs.len());
            for c in vs.iter() {
                match resolve(cx, c, r) {
                    Some(x) => {
                        changed = true;
                        nvs.push(x);
                    }
                    None => nvs.push(c.clone()),
                }
            }
            if !changed {
                return None;
            }
            let cur = r.cur();
            Some(fold_cond(cx, cur.as_deref(), ncs, nvs, ty.clone()))
        }
    }
}

// ---- Folding ----------------------------------------------------------------

fn err_pos(cx: &Cx, cur: Option<&CurRec>) -> Pos {
    match cur {
        Some(c) if !c.pos.is_none() => c.pos,
        _ => cx.fallback_pos,
    }
}

pub(crate) fn fold_un(
    cx: &mut Cx,
    cur: Option<&CurRec>,
    is_final: bool,
    op: UnOp,
    lhs: Value,
    ty: Ty,
) -> Value {
    match op {
        UnOp::Repr => {
            if is_concrete(cx, &lhs) {
                return Value::string(cx.show(&lhs));
            }
        }
        UnOp::ToLower => {
            if let Value::Str(s, _) = &lhs {
                return Value::string(s.to_ascii_lowercase());
            }
        }
        UnOp::ToUpper => {
            if let Value::Str(s, _) = &lhs {
                return Value::string(s.to_ascii_uppercase());
            }
        }
        UnOp::Cast => {
            if ty == Ty::String {
                match &lhs {
                    Value::Str(..) => return lhs,
                    Value::Def(id) => return Value::string(cx.rec_name(*id)),
                    _ => {
                        if let Some(i) = as_int(cx, &lhs) {
                            return Value::string(i.to_string());
                        }
                    }
                }
            } else if matches!(ty, Ty::Record(_)) {
                if let Value::Str(name, _) = &lhs {
                    let mut d: Option<(RecId, Ty)> =
                        cx.defs.get(&**name).map(|&id| (id, cx.def_ty(id)));
                    if d.is_none() {
                        if let Some(c) = cur {
                            if c.is_named(name) {
                                // Self-references resolve only at the final
                                // resolution, when the record's type is known.
                                if !is_final {
                                    return Value::un(op, lhs, ty);
                                }
                                d = Some((c.id, c.ty.clone()));
                            }
                        }
                    }
                    let Some((id, dty)) = d else {
                        if is_final {
                            let p = err_pos(cx, cur);
                            cx.error(p, format!("Undefined reference to record: '{name}'"));
                        }
                        return Value::un(op, lhs, ty);
                    };
                    if !cx.type_is_a(&dty, &ty) {
                        let p = err_pos(cx, cur);
                        let msg = format!(
                            "Expected type '{}', got '{}' in: {}",
                            cx.ty_str(&ty),
                            cx.ty_str(&dty),
                            cx.show(&Value::un(op, lhs.clone(), ty.clone()))
                        );
                        cx.error(p, msg);
                    }
                    return Value::Def(id);
                }
            }
            if let Some(c) = convert_to(cx, &lhs, &ty) {
                return c;
            }
        }
        UnOp::Not => {
            if let Some(i) = as_int(cx, &lhs) {
                return Value::Int((i == 0) as i64);
            }
        }
        UnOp::Head => {
            if let Value::List(items, _) = &lhs {
                match items.first() {
                    Some(f) => return f.clone(),
                    None => {
                        let p = err_pos(cx, cur);
                        cx.error(p, "empty list argument in unary operator");
                    }
                }
            }
        }
        UnOp::Tail => {
            if let Value::List(items, et) = &lhs {
                if items.is_empty() {
                    let p = err_pos(cx, cur);
                    cx.error(p, "empty list argument in unary operator");
                } else {
                    return Value::List(Rc::from(&items[1..]), et.clone());
                }
            }
        }
        UnOp::Size | UnOp::Empty => {
            let n = match &lhs {
                Value::List(items, _) => Some(items.len()),
                Value::Dag(d) => Some(d.args.len()),
                Value::Str(s, _) => Some(s.len()),
                _ => None,
            };
            if let Some(n) = n {
                return Value::Int(if op == UnOp::Size {
                    n as i64
                } else {
                    (n == 0) as i64
                });
            }
        }
        UnOp::GetDagOp => {
            if let Value::Dag(d) = &lhs {
                // The operator need not be a def yet (late resolution in
                // multiclasses), but it must be typed.
                match type_of(cx, &d.op) {
                    Some(dty) => {
                        if cx.type_is_a(&dty, &ty) {
                            return d.op.clone();
                        }
                        let p = err_pos(cx, cur);
                        let msg = format!(
                            "Expected type '{}', got '{}' in: {}",
                            cx.ty_str(&ty),
                            cx.ty_str(&dty),
                            cx.show(&Value::un(op, lhs.clone(), ty.clone()))
                        );
                        cx.error(p, msg);
                    }
                    _ => {
                        let p = err_pos(cx, cur);
                        cx.error(p, "Expected record as operator");
                    }
                }
            }
        }
        UnOp::LogTwo => {
            if let Some(i) = as_int(cx, &lhs) {
                if i <= 0 {
                    let p = err_pos(cx, cur);
                    cx.error(
                        p,
                        "Illegal operation: logtwo is undefined on arguments less than or equal to 0",
                    );
                } else {
                    return Value::Int(63 - i.leading_zeros() as i64);
                }
            }
        }
        UnOp::Initialized => {
            if lhs == Value::Unset {
                return Value::Int(0);
            }
            if is_concrete(cx, &lhs) {
                return Value::Int(1);
            }
        }
        UnOp::ListFlatten => {
            if let Value::List(items, et) = &lhs {
                // Flattening a list of non-lists is a no-op.
                if !matches!(et, Ty::List(_)) {
                    return lhs;
                }
                let mut out = Vec::new();
                let mut ok = true;
                for it in items.iter() {
                    match it {
                        Value::List(inner, _) => out.extend(inner.iter().cloned()),
                        _ => {
                            ok = false;
                            break;
                        }
                    }
                }
                if ok {
                    let et = ty.elem().cloned().unwrap_or(Ty::Int);
                    return Value::List(Rc::from(out), et);
                }
            }
        }
    }
    Value::un(op, lhs, ty)
}

fn compare(cx: &Cx, op: BinOp, l: &Value, r: &Value) -> Option<bool> {
    if let (Some(a), Some(b)) = (as_int(cx, l), as_int(cx, r)) {
        return Some(match op {
            BinOp::Eq => a == b,
            BinOp::Ne => a != b,
            BinOp::Le => a <= b,
            BinOp::Lt => a < b,
            BinOp::Ge => a >= b,
            _ => a > b,
        });
    }
    if let (Value::Str(a, _), Value::Str(b, _)) = (l, r) {
        return Some(match op {
            BinOp::Eq => a == b,
            BinOp::Ne => a != b,
            BinOp::Le => a <= b,
            BinOp::Lt => a < b,
            BinOp::Ge => a >= b,
            _ => a > b,
        });
    }
    if matches!(op, BinOp::Eq | BinOp::Ne) {
        if let (Value::Def(a), Value::Def(b)) = (l, r) {
            return Some((a == b) == (op == BinOp::Eq));
        }
    }
    None
}

/// Finds a dag argument by index or by name.
fn dag_arg_no(d: &DagVal, key: &Value) -> Result<usize, String> {
    match key {
        Value::Int(i) => {
            if *i < 0 {
                Err(format!("index {i} is negative"))
            } else if *i as usize >= d.args.len() {
                Err(format!(
                    "index {i} is out of range (dag has {} arguments)",
                    d.args.len()
                ))
            } else {
                Ok(*i as usize)
            }
        }
        Value::Str(s, _) => d
            .args
            .iter()
            .position(|(_, n)| n.as_deref() == Some(&**s))
            .ok_or_else(|| format!("key '{s}' is not found")),
        _ => Err("invalid key".into()),
    }
}

fn range_list(start: i64, end: i64, step: i64, inclusive: bool) -> Option<Vec<Value>> {
    let mut out = Vec::new();
    let mut i = start;
    loop {
        let more = if step > 0 {
            if inclusive {
                i <= end
            } else {
                i < end
            }
        } else if inclusive {
            i >= end
        } else {
            i > end
        };
        if !more {
            break;
        }
        if out.len() as i64 >= MAX_LIST_LEN {
            return None;
        }
        out.push(Value::Int(i));
        i = match i.checked_add(step) {
            Some(n) => n,
            None => break,
        };
    }
    Some(out)
}

pub(crate) fn fold_bin(
    cx: &mut Cx,
    cur: Option<&CurRec>,
    op: BinOp,
    l: Value,
    r: Value,
    ty: Ty,
) -> Value {
    match op {
        BinOp::Concat => {
            if let (Value::Dag(a), Value::Dag(b)) = (&l, &r) {
                let lop_ok = matches!(a.op, Value::Def(_) | Value::Unset);
                let rop_ok = matches!(b.op, Value::Def(_) | Value::Unset);
                if lop_ok && rop_ok {
                    if let (Value::Def(x), Value::Def(y)) = (&a.op, &b.op) {
                        if x != y {
                            let p = err_pos(cx, cur);
                            let msg = format!(
                                "Concatenated Dag operators do not match: '{}' vs. '{}'",
                                cx.show(&l),
                                cx.show(&r)
                            );
                            cx.error(p, msg);
                        }
                    }
                    let op = if matches!(a.op, Value::Def(_)) {
                        a.op.clone()
                    } else {
                        b.op.clone()
                    };
                    let mut args = a.args.clone();
                    args.extend(b.args.iter().cloned());
                    return Value::Dag(Rc::new(DagVal {
                        op,
                        op_name: a.op_name.clone().or_else(|| b.op_name.clone()),
                        args,
                        pos: DagPos::default(),
                    }));
                }
            }
        }
        BinOp::ListConcat => {
            if let (Value::List(a, et), Value::List(b, _)) = (&l, &r) {
                let mut v = a.to_vec();
                v.extend(b.iter().cloned());
                return Value::List(Rc::from(v), et.clone());
            }
        }
        BinOp::ListSplat => {
            if let (Some(t), Value::Int(n)) = (type_of(cx, &l), &r) {
                if *n < 0 || *n > MAX_LIST_LEN {
                    let p = err_pos(cx, cur);
                    cx.error(p, format!("!listsplat count {n} is out of range"));
                } else {
                    return Value::List(Rc::from(vec![l.clone(); *n as usize]), t);
                }
            }
        }
        BinOp::ListRemove => {
            if let (Value::List(a, et), Value::List(b, _)) = (&l, &r) {
                let kept: Vec<Value> = a
                    .iter()
                    .filter(|x| !b.iter().any(|y| compare(cx, BinOp::Eq, x, y) == Some(true)))
                    .cloned()
                    .collect();
                return Value::List(Rc::from(kept), et.clone());
            }
        }
        BinOp::ListElem => {
            if let (Value::List(a, _), Value::Int(i)) = (&l, &r) {
                if *i >= 0 && (*i as usize) < a.len() {
                    return a[*i as usize].clone();
                }
            }
        }
        BinOp::ListSlice => {
            if let (Value::List(a, et), Value::List(idx, _)) = (&l, &r) {
                let mut out = Vec::with_capacity(idx.len());
                let mut ok = true;
                for i in idx.iter() {
                    match i {
                        Value::Int(i) if *i >= 0 && (*i as usize) < a.len() => {
                            out.push(a[*i as usize].clone())
                        }
                        _ => {
                            ok = false;
                            break;
                        }
                    }
                }
                if ok {
                    return Value::List(Rc::from(out), et.clone());
                }
            }
        }
        BinOp::RangeC => {
            if let (Value::Int(a), Value::Int(b)) = (&l, &r) {
                let step = if a <= b { 1 } else { -1 };
                match range_list(*a, *b, step, true) {
                    Some(v) => return Value::List(Rc::from(v), Ty::Int),
                    None => {
                        let p = err_pos(cx, cur);
                        cx.error(p, "range is too long");
                    }
                }
            }
        }
        BinOp::StrConcat => {
            if let (Value::Str(a, ca), Value::Str(b, cb)) = (&l, &r) {
                let mut s = String::with_capacity(a.len() + b.len());
                s.push_str(a);
                s.push_str(b);
                return Value::Str(Rc::from(s), *ca || *cb);
            }
        }
        BinOp::Interleave => {
            if let (Value::List(items, et), Value::Str(delim, _)) = (&l, &r) {
                let mut out = String::new();
                let mut code = false;
                let mut ok = true;
                for (i, it) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(delim);
                    }
                    if *et == Ty::String {
                        match it {
                            Value::Str(s, c) => {
                                out.push_str(s);
                                // LLVM ignores the first element's format.
                                code |= *c && i > 0;
                            }
                            _ => {
                                ok = false;
                                break;
                            }
                        }
                    } else {
                        match as_int(cx, it) {
                            Some(n) => out.push_str(&n.to_string()),
                            None => {
                                ok = false;
                                break;
                            }
                        }
                    }
                }
                if ok {
                    return Value::Str(Rc::from(out), code);
                }
            }
        }
        BinOp::Eq | BinOp::Ne | BinOp::Le | BinOp::Lt | BinOp::Ge | BinOp::Gt => {
            if let Some(b) = compare(cx, op, &l, &r) {
                return Value::Bit(b);
            }
        }
        BinOp::GetDagArg => {
            if let Value::Dag(d) = &l {
                if matches!(r, Value::Int(_) | Value::Str(..)) {
                    match dag_arg_no(d, &r) {
                        Ok(i) => {
                            let arg = d.args[i].0.clone();
                            if let Some(t) = type_of(cx, &arg) {
                                if !cx.convertible(&t, &ty) {
                                    return Value::Unset;
                                }
                            }
                            return arg;
                        }
                        Err(e) => {
                            let p = err_pos(cx, cur);
                            cx.error(p, format!("!getdagarg {e}"));
                        }
                    }
                }
            }
        }
        BinOp::GetDagName => {
            if let (Value::Dag(d), Value::Int(i)) = (&l, &r) {
                if *i < 0 || *i as usize >= d.args.len() {
                    let p = err_pos(cx, cur);
                    cx.error(
                        p,
                        format!(
                            "!getdagname index is out of range 0...{}: {i}",
                            d.args.len() as i64 - 1
                        ),
                    );
                    return Value::Unset;
                }
                return match &d.args[*i as usize].1 {
                    Some(n) => Value::Str(n.clone(), false),
                    None => Value::Unset,
                };
            }
        }
        BinOp::SetDagOp => {
            if let (Value::Dag(d), Value::Def(_)) = (&l, &r) {
                return Value::Dag(Rc::new(DagVal {
                    op: r.clone(),
                    op_name: None,
                    args: d.args.clone(),
                    pos: DagPos::default(),
                }));
            }
        }
        BinOp::Add
        | BinOp::Sub
        | BinOp::Mul
        | BinOp::Div
        | BinOp::And
        | BinOp::Or
        | BinOp::Xor
        | BinOp::Shl
        | BinOp::Sra
        | BinOp::Srl => {
            if let (Some(a), Some(b)) = (as_int(cx, &l), as_int(cx, &r)) {
                let res = match op {
                    BinOp::Add => a.wrapping_add(b),
                    BinOp::Sub => a.wrapping_sub(b),
                    BinOp::Mul => a.wrapping_mul(b),
                    BinOp::Div => {
                        if b == 0 {
                            let p = err_pos(cx, cur);
                            cx.error(p, "Illegal operation: division by zero");
                            return Value::bin(op, l, r, ty);
                        }
                        if a == i64::MIN && b == -1 {
                            let p = err_pos(cx, cur);
                            cx.error(p, "Illegal operation: INT64_MIN / -1");
                            return Value::bin(op, l, r, ty);
                        }
                        a / b
                    }
                    BinOp::And => a & b,
                    BinOp::Or => a | b,
                    BinOp::Xor => a ^ b,
                    BinOp::Shl => {
                        if (0..64).contains(&b) {
                            ((a as u64) << b) as i64
                        } else {
                            0
                        }
                    }
                    BinOp::Sra => {
                        if (0..64).contains(&b) {
                            a >> b
                        } else if a < 0 {
                            -1
                        } else {
                            0
                        }
                    }
                    _ => {
                        if (0..64).contains(&b) {
                            ((a as u64) >> b) as i64
                        } else {
                            0
                        }
                    }
                };
                return Value::Int(res);
            }
        }
    }
    Value::bin(op, l, r, ty)
}

/// Substitutes `item` for the variable `var` in `expr`.
fn item_apply(cx: &mut Cx, cur: Option<&CurRec>, var: &Value, item: &Value, expr: &Value) -> Value {
    let mut r = MapResolver::new(cur.map(|c| Rc::new(c.clone())));
    if let Some(n) = var.as_str() {
        r.set(Rc::from(n), item.clone());
    }
    resolve_full(cx, expr, &mut r)
}

fn foreach_dag(cx: &mut Cx, cur: Option<&CurRec>, var: &Value, d: &DagVal, expr: &Value) -> Value {
    let op = item_apply(cx, cur, var, &d.op, expr);
    let mut changed = op != d.op;
    let mut args = Vec::with_capacity(d.args.len());
    for (a, n) in &d.args {
        let na = if let Value::Dag(inner) = a {
            foreach_dag(cx, cur, var, inner, expr)
        } else {
            item_apply(cx, cur, var, a, expr)
        };
        if na != *a {
            changed = true;
        }
        args.push((na, n.clone()));
    }
    if changed {
        Value::Dag(Rc::new(DagVal {
            op,
            op_name: None,
            args,
            pos: DagPos::default(),
        }))
    } else {
        Value::Dag(Rc::new(d.clone()))
    }
}

pub(crate) fn fold_tern(
    cx: &mut Cx,
    cur: Option<&CurRec>,
    op: TernOp,
    l: Value,
    m: Value,
    r: Value,
    ty: Ty,
) -> Value {
    match op {
        TernOp::Subst => match (&l, &m, &r) {
            (Value::Def(_), Value::Def(_), Value::Def(_)) => {
                return if cx.show(&l) == cx.show(&r) { m } else { r };
            }
            (Value::Var(ln, _), Value::Var(mn, _), Value::Var(rn, _)) => {
                return Value::Var(if ln == rn { mn.clone() } else { rn.clone() }, ty);
            }
            (Value::Str(ls, _), Value::Str(ms, _), Value::Str(rs, _)) => {
                if ls.is_empty() {
                    return Value::Str(rs.clone(), false);
                }
                return Value::string(rs.replace(&**ls, ms));
            }
            _ => {}
        },
        TernOp::Foreach => match &m {
            Value::Dag(d) => return foreach_dag(cx, cur, &l, d, &r),
            Value::List(items, _) => {
                let items = items.clone();
                let out: Vec<Value> = items
                    .iter()
                    .map(|it| item_apply(cx, cur, &l, it, &r))
                    .collect();
                let et = ty.elem().cloned().unwrap_or(Ty::Int);
                return Value::List(Rc::from(out), et);
            }
            _ => {}
        },
        TernOp::Filter => {
            if let Value::List(items, _) = &m {
                let items = items.clone();
                let mut out = Vec::new();
                let mut ok = true;
                for it in items.iter() {
                    let inc = item_apply(cx, cur, &l, it, &r);
                    match as_int(cx, &inc) {
                        Some(i) => {
                            if i != 0 {
                                out.push(it.clone());
                            }
                        }
                        None => {
                            ok = false;
                            break;
                        }
                    }
                }
                if ok {
                    let et = ty.elem().cloned().unwrap_or(Ty::Int);
                    return Value::List(Rc::from(out), et);
                }
            }
        }
        TernOp::If => {
            if let Some(i) = as_int(cx, &l) {
                return if i != 0 { m } else { r };
            }
        }
        TernOp::Dag => {
            let ml = if let Value::List(x, _) = &m {
                Some(x.clone())
            } else {
                None
            };
            let rl = if let Value::List(x, _) = &r {
                Some(x.clone())
            } else {
                None
            };
            let m_ok = ml.is_some() || m == Value::Unset;
            let r_ok = rl.is_some() || r == Value::Unset;
            let both_unset = m == Value::Unset && r == Value::Unset;
            let sizes_ok = match (&ml, &rl) {
                (Some(a), Some(b)) => a.len() == b.len(),
                _ => true,
            };
            if !both_unset && m_ok && r_ok && sizes_ok {
                let size = ml
                    .as_ref()
                    .map(|x| x.len())
                    .or(rl.as_ref().map(|x| x.len()))
                    .unwrap_or(0);
                let mut args = Vec::with_capacity(size);
                let mut ok = true;
                for i in 0..size {
                    let node = ml.as_ref().map(|x| x[i].clone()).unwrap_or(Value::Unset);
                    let name = rl.as_ref().map(|x| x[i].clone()).unwrap_or(Value::Unset);
                    match name {
                        Value::Str(s, _) => args.push((node, Some(s))),
                        Value::Unset => args.push((node, None)),
                        _ => {
                            ok = false;
                            break;
                        }
                    }
                }
                if ok {
                    return Value::Dag(Rc::new(DagVal {
                        op: l,
                        op_name: None,
                        args,
                        pos: DagPos::default(),
                    }));
                }
            }
        }
        TernOp::Range => {
            if let (Value::Int(a), Value::Int(b), Value::Int(s)) = (&l, &m, &r) {
                if *s == 0 {
                    let p = err_pos(cx, cur);
                    cx.error(p, "Step of !range can't be 0");
                    return Value::List(Rc::from(Vec::new()), Ty::Int);
                }
                let v = if (a < b && *s > 0) || (a > b && *s < 0) {
                    range_list(*a, *b, *s, false)
                } else {
                    Some(Vec::new())
                };
                match v {
                    Some(v) => return Value::List(Rc::from(v), Ty::Int),
                    None => {
                        let p = err_pos(cx, cur);
                        cx.error(p, "!range is too long");
                    }
                }
            }
        }
        TernOp::Substr => {
            if let (Value::Str(s, code), Value::Int(start), Value::Int(len)) = (&l, &m, &r) {
                let size = s.len() as i64;
                if *start < 0 || *start > size {
                    let p = err_pos(cx, cur);
                    cx.error(
                        p,
                        format!("!substr start position is out of range 0...{size}: {start}"),
                    );
                    return Value::Str(Rc::from(""), *code);
                }
                if *len < 0 {
                    let p = err_pos(cx, cur);
                    cx.error(p, "!substr length must be nonnegative");
                    return Value::Str(Rc::from(""), *code);
                }
                let st = *start as usize;
                let end = (st as i64).saturating_add(*len).min(size) as usize;
                let bytes = &s.as_bytes()[st..end];
                return Value::Str(Rc::from(String::from_utf8_lossy(bytes).as_ref()), *code);
            }
        }
        TernOp::Find => {
            if let (Value::Str(s, _), Value::Str(pat, _), Value::Int(start)) = (&l, &m, &r) {
                let size = s.len() as i64;
                if *start < 0 || *start > size {
                    let p = err_pos(cx, cur);
                    cx.error(
                        p,
                        format!("!find start position is out of range 0...{size}: {start}"),
                    );
                    return Value::Int(-1);
                }
                let hay = &s.as_bytes()[*start as usize..];
                let found = if pat.is_empty() {
                    Some(0)
                } else {
                    hay.windows(pat.len()).position(|w| w == pat.as_bytes())
                };
                return Value::Int(found.map(|i| i as i64 + start).unwrap_or(-1));
            }
        }
        TernOp::SetDagArg | TernOp::SetDagName => {
            if let Value::Dag(d) = &l {
                if matches!(m, Value::Int(_) | Value::Str(..)) {
                    match dag_arg_no(d, &m) {
                        Ok(i) => {
                            let mut nd = (**d).clone();
                            if op == TernOp::SetDagArg {
                                nd.args[i].0 = r;
                            } else {
                                nd.args[i].1 = match &r {
                                    Value::Str(s, _) => Some(s.clone()),
                                    _ => None,
                                };
                            }
                            return Value::Dag(Rc::new(nd));
                        }
                        Err(e) => {
                            let p = err_pos(cx, cur);
                            let opn = if op == TernOp::SetDagArg {
                                "!setdagarg"
                            } else {
                                "!setdagname"
                            };
                            cx.error(p, format!("{opn} {e}"));
                        }
                    }
                }
            }
        }
    }
    Value::tern(op, l, m, r, ty)
}

pub(crate) fn fold_foldl(cx: &mut Cx, cur: Option<&CurRec>, f: FoldVal) -> Value {
    if let Value::List(items, _) = &f.list {
        let mut acc = f.start.clone();
        for it in items.iter() {
            let mut r = MapResolver::new(cur.map(|c| Rc::new(c.clone())));
            r.set(f.a.clone(), acc);
            r.set(f.b.clone(), it.clone());
            acc = resolve_full(cx, &f.expr, &mut r);
        }
        return acc;
    }
    Value::Foldl(Rc::new(f))
}

pub(crate) fn fold_isa(cx: &mut Cx, ty: &Ty, e: Value) -> Value {
    if let Some(t) = type_of(cx, &e) {
        if cx.convertible(&t, ty) {
            return Value::Int(1);
        }
        if matches!(ty, Ty::Record(_)) {
            // With multiple inheritance a value of an unrelated class type
            // may still be an instance, so only a concrete value decides.
            if (!cx.convertible(ty, &t) && is_concrete(cx, &e)) || matches!(e, Value::Def(_)) {
                return Value::Int(0);
            }
        } else {
            return Value::Int(0);
        }
    }
    Value::IsA(ty.clone(), Rc::new(e))
}

pub(crate) fn fold_exists(
    cx: &mut Cx,
    cur: Option<&CurRec>,
    is_final: bool,
    ty: Ty,
    e: Value,
) -> Value {
    if let Value::Str(name, _) = &e {
        if let Some(&id) = cx.defs.get(&**name) {
            let dty = cx.def_ty(id);
            return Value::Int(cx.type_is_a(&dty, &ty) as i64);
        }
        if let Some(c) = cur {
            if c.is_named(name) {
                if !is_final {
                    return Value::Exists(ty, Rc::new(e));
                }
                return Value::Int(cx.type_is_a(&c.ty, &ty) as i64);
            }
        }
        if is_final {
            return Value::Int(0);
        }
    }
    Value::Exists(ty, Rc::new(e))
}

pub(crate) fn fold_cond(
    cx: &mut Cx,
    cur: Option<&CurRec>,
    cs: Vec<Value>,
    vs: Vec<Value>,
    ty: Ty,
) -> Value {
    for (c, v) in cs.iter().zip(vs.iter()) {
        match as_int(cx, c) {
            Some(i) => {
                if i != 0 {
                    return convert_to(cx, v, &ty).unwrap_or_else(|| v.clone());
                }
            }
            None => return Value::Cond(Rc::from(cs), Rc::from(vs), ty),
        }
    }
    let p = err_pos(cx, cur);
    let name = cur.map(|c| cx.show_unquoted(&c.name)).unwrap_or_default();
    let me = cx.show(&Value::Cond(
        Rc::from(cs.clone()),
        Rc::from(vs.clone()),
        ty.clone(),
    ));
    cx.error(
        p,
        format!("{name} does not have any true condition in:{me}"),
    );
    Value::Cond(Rc::from(cs), Rc::from(vs), ty)
}

pub(crate) fn fold_field(
    cx: &mut Cx,
    cur: Option<&CurRec>,
    rec: Value,
    field: Name,
    ty: Ty,
) -> Value {
    if let Value::Def(id) = &rec {
        if cur.is_some_and(|c| c.id == *id) {
            let p = err_pos(cx, cur);
            let msg = format!(
                "Attempting to access field '{}' of '{}' is a forbidden self-reference",
                field,
                cx.show(&rec)
            );
            cx.error(p, msg);
            return Value::Field(Rc::new(rec), field, ty);
        }
        if let Some(fv) = cx.rec(*id).get(&field) {
            let v = fv.value.clone();
            if is_concrete(cx, &v) {
                return v;
            }
        }
    }
    Value::Field(Rc::new(rec), field, ty)
}

/// `VarDefInit::Fold`: instantiate `Class<args>` once its arguments are
/// fully resolved.
pub(crate) fn fold_vardef(cx: &mut Cx, class: RecId, args: Rc<[Arg]>) -> Value {
    if let Some(&id) = cx.vardef_cache.get(&(class, args.clone())) {
        return Value::Def(id);
    }
    let unresolved = args.iter().any(|a| has_unresolved(cx, &a.value));
    if !unresolved {
        return Value::Def(instantiate(cx, class, args));
    }
    Value::VarDef(class, args)
}

/// Creates (once per distinct argument list) the anonymous def for
/// `Class<args>`.
pub(crate) fn instantiate(cx: &mut Cx, class: RecId, args: Rc<[Arg]>) -> RecId {
    if let Some(&id) = cx.vardef_cache.get(&(class, args.clone())) {
        return id;
    }
    let name = cx.new_anon_name();
    let (pos, values, assertions, targs, class_supers) = {
        let c = cx.rec(class);
        (
            c.pos,
            c.values.clone(),
            c.assertions.clone(),
            c.template_args.clone(),
            c.all_supers.clone(),
        )
    };
    let id = cx.new_record(name, pos, false);
    {
        let r = cx.rec_mut(id);
        r.values = values;
        r.assertions = assertions;
    }
    let mut res = MapResolver::new(Some(CurRec::of(cx, id)));
    for t in &targs {
        let v = cx
            .rec(id)
            .get(t)
            .map(|f| f.value.clone())
            .unwrap_or(Value::Unset);
        res.set(t.clone(), v);
        cx.rec_mut(id).remove(t);
    }
    for a in args.iter() {
        match &a.key {
            ArgKey::Pos(i) => {
                if let Some(t) = targs.get(*i as usize) {
                    res.set(t.clone(), a.value.clone());
                }
            }
            ArgKey::Named(n) => res.set(n.clone(), a.value.clone()),
        }
    }
    resolve_record(cx, id, &mut res);
    {
        let r = cx.rec_mut(id);
        r.direct_supers = vec![class];
        r.all_supers = class_supers;
        r.all_supers.push(class);
    }
    resolve_record_final(cx, id, None);
    let def_name: Name = Rc::from(cx.rec_name(id));
    cx.defs.insert(def_name, id);
    cx.def_order.push(id);
    cx.vardef_cache.insert((class, args), id);
    check_assertions(cx, id);
    id
}

/// Sets a field's value with the conversions `RecordVal::setValue` applies.
/// Returns false if the value's type is incompatible.
pub(crate) fn set_field_value(cx: &mut Cx, rv: &mut RecordVal, v: Value) -> bool {
    let Some(c) = cast_to(cx, &v, &rv.ty) else {
        return false;
    };
    let c = match (&rv.ty, &c) {
        (Ty::Bits(n), c) if !matches!(c, Value::Bits(_)) => {
            let bits: Vec<Value> = (0..*n).map(|i| get_bit(c, i)).collect();
            Value::Bits(Rc::from(bits))
        }
        _ => c,
    };
    rv.value = c;
    true
}

fn resolve_fields(cx: &mut Cx, rec_pos: Pos, fields: &mut [RecordVal], r: &mut dyn Resolver) {
    for f in fields.iter_mut() {
        let Some(nv) = resolve(cx, &f.value, r) else {
            continue;
        };
        if !set_field_value(cx, f, nv.clone()) {
            let tstr = type_of(cx, &nv)
                .map(|t| format!("of type '{}' ", cx.ty_str(&t)))
                .unwrap_or_default();
            let msg = format!(
                "Invalid value {}found when setting field '{}' of type '{}' after resolving references: {}",
                tstr,
                f.name,
                cx.ty_str(&f.ty),
                cx.show_unquoted(&nv)
            );
            cx.error(rec_pos, msg);
        }
    }
}

/// `Record::resolveReferences(Resolver&)`: resolves the name, every field
/// and every assertion of record `id`.
pub(crate) fn resolve_record(cx: &mut Cx, id: RecId, r: &mut dyn Resolver) {
    // Work on a copy so that lookups of this record during resolution (for
    // its type, or a self-reference error) still find it.
    let mut rec = cx.rec(id).clone();
    if let Some(n) = resolve(cx, &rec.name, r) {
        rec.name = n;
    }
    resolve_fields(cx, rec.pos, &mut rec.values, r);
    for a in rec.assertions.iter_mut() {
        a.cond = resolve_full(cx, &a.cond, r);
        a.msg = resolve_full(cx, &a.msg, r);
    }
    *cx.rec_mut(id) = rec;
}

/// `Record::resolveReferences(NewName)`: final resolution of a def against
/// its own fields.
pub(crate) fn resolve_record_final(cx: &mut Cx, id: RecId, new_name: Option<Value>) {
    let cur = CurRec::of(cx, id);
    let mut rec = cx.rec(id).clone();
    let mut rr = RecordResolver::new(std::mem::take(&mut rec.values), cur);
    rr.name = new_name;
    rr.is_final = true;
    if let Some(n) = resolve(cx, &rec.name, &mut rr) {
        rec.name = n;
    }
    for i in 0..rr.fields.len() {
        let old = rr.fields[i].value.clone();
        let Some(nv) = resolve(cx, &old, &mut rr) else {
            continue;
        };
        let mut f = rr.fields[i].clone();
        if !set_field_value(cx, &mut f, nv.clone()) {
            let tstr = type_of(cx, &nv)
                .map(|t| format!("of type '{}' ", cx.ty_str(&t)))
                .unwrap_or_default();
            let msg = format!(
                "Invalid value {}found when setting field '{}' of type '{}' after resolving references: {}",
                tstr,
                f.name,
                cx.ty_str(&f.ty),
                cx.show_unquoted(&nv)
            );
            cx.error(rec.pos, msg);
        }
        rr.fields[i] = f;
    }
    let mut assertions = std::mem::take(&mut rec.assertions);
    for a in assertions.iter_mut() {
        a.cond = resolve_full(cx, &a.cond, &mut rr);
        a.msg = resolve_full(cx, &a.msg, &mut rr);
    }
    rec.assertions = assertions;
    rec.values = std::mem::take(&mut rr.fields);
    *cx.rec_mut(id) = rec;
}

/// Checks one `assert cond, msg;`.
pub(crate) fn check_assert(cx: &mut Cx, pos: Pos, cond: &Value, msg: &Value) {
    match as_int(cx, cond) {
        Some(0) => {
            let m = match msg {
                Value::Str(s, _) => s.to_string(),
                _ => format!("(assert message is not a string: {})", cx.show(msg)),
            };
            cx.error(pos, format!("assertion failed: {m}"));
        }
        Some(_) => {}
        None => {
            let c = cx.show(cond);
            cx.error(
                pos,
                format!("assert condition must of type bit, bits, or int: {c}"),
            );
        }
    }
}

/// Checks the assertions of a finished def (after a final resolution pass).
pub(crate) fn check_assertions(cx: &mut Cx, id: RecId) {
    let assertions = cx.rec(id).assertions.clone();
    if assertions.is_empty() {
        return;
    }
    let cur = CurRec::of(cx, id);
    let mut rr = RecordResolver::new(cx.rec(id).values.clone(), cur);
    rr.is_final = true;
    for a in assertions {
        let c = resolve_full(cx, &a.cond, &mut rr);
        let m = resolve_full(cx, &a.msg, &mut rr);
        check_assert(cx, a.pos, &c, &m);
    }
}
