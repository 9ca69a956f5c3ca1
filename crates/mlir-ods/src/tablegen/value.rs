//! The evaluator's internal value model, mirroring LLVM's `Init` hierarchy:
//! concrete values plus the unresolved expressions (variable references,
//! operators, anonymous class instantiations) that class bodies and
//! multiclass prototypes carry until template arguments are bound. Every
//! node is reference counted so that copying a record (which TableGen does
//! for every superclass and every `defm`) is cheap.

use super::diag::Pos;
use std::rc::Rc;

/// Index of a record (class, def, or prototype) in the evaluator's arena.
pub(crate) type RecId = u32;

/// Interned-by-refcount names (field names, variable names, strings).
pub(crate) type Name = Rc<str>;

/// TableGen types (`RecTy`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Ty {
    Bit,
    Bits(u32),
    Int,
    /// `string` and `code` are the same type; the code flag lives on values.
    String,
    Dag,
    List(Rc<Ty>),
    /// A record type: the set of classes a value must derive from, sorted by
    /// class name (LLVM's `RecordRecTy`). The empty set is "any record".
    Record(Rc<[RecId]>),
}

impl Ty {
    pub fn list(elt: Ty) -> Ty {
        Ty::List(Rc::new(elt))
    }

    pub fn elem(&self) -> Option<&Ty> {
        match self {
            Ty::List(e) => Some(e),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum UnOp {
    Cast,
    Not,
    Head,
    Tail,
    Size,
    Empty,
    GetDagOp,
    LogTwo,
    Repr,
    ToLower,
    ToUpper,
    Initialized,
    ListFlatten,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    And,
    Or,
    Xor,
    Shl,
    Sra,
    Srl,
    ListConcat,
    ListSplat,
    ListRemove,
    ListElem,
    ListSlice,
    RangeC,
    StrConcat,
    Interleave,
    Concat,
    Eq,
    Ne,
    Le,
    Lt,
    Ge,
    Gt,
    SetDagOp,
    GetDagArg,
    GetDagName,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum TernOp {
    Subst,
    Foreach,
    Filter,
    If,
    Dag,
    Substr,
    Find,
    SetDagArg,
    SetDagName,
    Range,
}

/// A dag value `(op:$name arg:$n, ...)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct DagVal {
    pub op: Value,
    pub op_name: Option<Name>,
    pub args: Vec<(Value, Option<Name>)>,
    pub pos: DagPos,
}

/// Where a dag literal's parts were written: the `(`, the operator, then one
/// position per argument. Dags built by operators (`!con`, `!dag`, ...) have
/// none. Positions are not part of the value: two dags that differ only in
/// where they were written are equal, so the positions never change what
/// TableGen computes or prints.
#[derive(Clone, Debug, Default)]
pub(crate) struct DagPos(pub Option<Rc<[Pos]>>);

impl PartialEq for DagPos {
    fn eq(&self, _: &DagPos) -> bool {
        true
    }
}

impl Eq for DagPos {}

impl std::hash::Hash for DagPos {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// How an argument of an anonymous instantiation `Class<...>` is bound.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum ArgKey {
    Pos(u32),
    /// The qualified template argument name (`Class:arg`).
    Named(Name),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Arg {
    pub key: ArgKey,
    pub value: Value,
}

/// `!foldl(start, list, a, b, expr)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct FoldVal {
    pub start: Value,
    pub list: Value,
    pub a: Name,
    pub b: Name,
    pub expr: Value,
    pub ty: Ty,
}

/// An initializer (LLVM's `Init`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Value {
    /// `?`
    Unset,
    Bit(bool),
    /// Bit 0 is the least significant bit.
    Bits(Rc<[Value]>),
    Int(i64),
    /// A string; the flag marks a `[{ code }]` string.
    Str(Name, bool),
    /// A list and its element type.
    List(Rc<[Value]>, Ty),
    Dag(Rc<DagVal>),
    Def(RecId),
    /// The name of an anonymous record before final resolution.
    Anon(u32),
    /// A reference to a field, template argument or iteration variable.
    Var(Name, Ty),
    /// One bit of a `bits` (or int) typed expression.
    VarBit(Rc<Value>, u32),
    /// `value.field`, with the field's type.
    Field(Rc<Value>, Name, Ty),
    /// `Class<args>` with arguments that are not yet resolved.
    VarDef(RecId, Rc<[Arg]>),
    Un(UnOp, Rc<Value>, Ty),
    Bin(BinOp, Rc<Value>, Rc<Value>, Ty),
    Tern(TernOp, Rc<Value>, Rc<Value>, Rc<Value>, Ty),
    Foldl(Rc<FoldVal>),
    IsA(Ty, Rc<Value>),
    Exists(Ty, Rc<Value>),
    Cond(Rc<[Value]>, Rc<[Value]>, Ty),
}

impl Value {
    pub fn str(s: &str) -> Value {
        Value::Str(Rc::from(s), false)
    }

    pub fn string(s: String) -> Value {
        Value::Str(Rc::from(s), false)
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s, _) => Some(s),
            _ => None,
        }
    }

    pub fn un(op: UnOp, v: Value, ty: Ty) -> Value {
        Value::Un(op, Rc::new(v), ty)
    }

    pub fn bin(op: BinOp, l: Value, r: Value, ty: Ty) -> Value {
        Value::Bin(op, Rc::new(l), Rc::new(r), ty)
    }

    pub fn tern(op: TernOp, l: Value, m: Value, r: Value, ty: Ty) -> Value {
        Value::Tern(op, Rc::new(l), Rc::new(m), Rc::new(r), ty)
    }
}

/// Operator spellings for printing.
pub(crate) fn un_name(op: UnOp) -> &'static str {
    match op {
        UnOp::Cast => "!cast",
        UnOp::Not => "!not",
        UnOp::Head => "!head",
        UnOp::Tail => "!tail",
        UnOp::Size => "!size",
        UnOp::Empty => "!empty",
        UnOp::GetDagOp => "!getdagop",
        UnOp::LogTwo => "!logtwo",
        UnOp::Repr => "!repr",
        UnOp::ToLower => "!tolower",
        UnOp::ToUpper => "!toupper",
        UnOp::Initialized => "!initialized",
        UnOp::ListFlatten => "!listflatten",
    }
}

pub(crate) fn bin_name(op: BinOp) -> &'static str {
    match op {
        BinOp::Concat => "!con",
        BinOp::Add => "!add",
        BinOp::Sub => "!sub",
        BinOp::Mul => "!mul",
        BinOp::Div => "!div",
        BinOp::And => "!and",
        BinOp::Or => "!or",
        BinOp::Xor => "!xor",
        BinOp::Shl => "!shl",
        BinOp::Sra => "!sra",
        BinOp::Srl => "!srl",
        BinOp::Eq => "!eq",
        BinOp::Ne => "!ne",
        BinOp::Le => "!le",
        BinOp::Lt => "!lt",
        BinOp::Ge => "!ge",
        BinOp::Gt => "!gt",
        BinOp::ListConcat => "!listconcat",
        BinOp::ListSplat => "!listsplat",
        BinOp::ListRemove => "!listremove",
        BinOp::StrConcat => "!strconcat",
        BinOp::Interleave => "!interleave",
        BinOp::SetDagOp => "!setdagop",
        BinOp::GetDagArg => "!getdagarg",
        BinOp::GetDagName => "!getdagname",
        BinOp::ListElem | BinOp::ListSlice | BinOp::RangeC => "",
    }
}

pub(crate) fn tern_name(op: TernOp) -> &'static str {
    match op {
        TernOp::Dag => "!dag",
        TernOp::Filter => "!filter",
        TernOp::Foreach => "!foreach",
        TernOp::If => "!if",
        TernOp::Range => "!range",
        TernOp::Subst => "!subst",
        TernOp::Substr => "!substr",
        TernOp::Find => "!find",
        TernOp::SetDagArg => "!setdagarg",
        TernOp::SetDagName => "!setdagname",
    }
}
