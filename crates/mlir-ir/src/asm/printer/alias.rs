//! Alias selection for printing (`#map = ...`, `#loc = ...`, `!tuple = ...`),
//! reproducing MLIR's `AliasInitializer` and `AliasState`.
//!
//! The recording pass of the printer feeds every type, attribute and location
//! it would print into a [`Record`]; the record walks nested elements the way
//! MLIR's dummy alias printer does (parents are numbered before their
//! children, an element is walked only the first time it is seen) and keeps,
//! per element, the "alias depth" and whether its definition may be deferred
//! to after the top-level operation (only locations of operations can be).
//! [`AliasTable::build`] then orders the aliased elements by depth, types
//! before attributes, then by name, and numbers each name in that order
//! (`#map`, `#map1`, ...), which is exactly how mlir-opt numbers them.
//!
//! The builtin dialect is the only one providing aliases: affine maps get
//! `map`, integer sets `set`, distinct attributes `distinct`, locations
//! `loc` and tuple types with more than 16 elements `tuple`. Opaque (unregistered-dialect) types and attributes never get one.

use hashbrown::HashMap;
use smallvec::SmallVec;

use super::attrs::AttrPrinter;
use super::PrintFlags;
use crate::attributes::{AttrKind, Attribute};
use crate::context::Context;
use crate::types::{Type, TypeKind};

/// A recorded element: an attribute (locations included) or a type.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Key {
    Attr(Attribute),
    Type(Type),
}

struct Entry {
    key: Key,
    /// The alias name the builtin dialect gives this element, if any.
    alias: Option<BuiltinAlias>,
    /// MLIR's alias depth: 1 for an aliased leaf, one more than the deepest
    /// child when a child has a nonzero depth, 0 otherwise.
    depth: u32,
    /// Whether the definition may follow the top-level op. Always false for
    /// elements without an alias, which (as in MLIR) also stops the
    /// propagation of non-deferrability through them.
    deferrable: bool,
    /// Indices of the recorded children (leaves that can never matter are not recorded).
    children: SmallVec<[u32; 2]>,
}

/// Everything a recording [`AttrPrinter`] was asked to print, in first-visit
/// order, with the nesting information alias selection needs.
#[derive(Default)]
pub struct Record {
    entries: Vec<Entry>,
    index: HashMap<Key, u32>,
}

impl std::fmt::Debug for Record {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Record")
            .field("entries", &self.entries.len())
            .finish()
    }
}

/// The alias names of the builtin dialect, declared in alphabetical order so
/// that the derived order is MLIR's name order (a byte each keeps the record small).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum BuiltinAlias {
    Distinct,
    Loc,
    Map,
    Set,
    Tuple,
}

impl BuiltinAlias {
    fn name(self) -> &'static str {
        match self {
            BuiltinAlias::Distinct => "distinct",
            BuiltinAlias::Loc => "loc",
            BuiltinAlias::Map => "map",
            BuiltinAlias::Set => "set",
            BuiltinAlias::Tuple => "tuple",
        }
    }
}

/// The alias MLIR's builtin dialect interface gives an element.
fn alias_name(ctx: &Context, key: Key) -> Option<BuiltinAlias> {
    match key {
        Key::Attr(a) => match ctx.attr(a) {
            AttrKind::AffineMap(_) => Some(BuiltinAlias::Map),
            AttrKind::IntegerSet(_) => Some(BuiltinAlias::Set),
            // As MLIR's builtin dialect, a distinct attribute gets an alias
            // unless it references nothing (`distinct[0]<>`).
            AttrKind::Distinct { referenced, .. }
                if !matches!(ctx.attr(*referenced), AttrKind::Unit) =>
            {
                Some(BuiltinAlias::Distinct)
            }
            k if k.is_location() => Some(BuiltinAlias::Loc),
            _ => None,
        },
        Key::Type(t) => match ctx.ty(t) {
            TypeKind::Tuple(elems) if elems.len() > 16 => Some(BuiltinAlias::Tuple),
            _ => None,
        },
    }
}

/// Whether visiting `ty` can never produce an alias (so it need not be recorded).
fn type_is_leaf(kind: &TypeKind) -> bool {
    matches!(
        kind,
        TypeKind::Integer { .. }
            | TypeKind::Index
            | TypeKind::Float(_)
            | TypeKind::None
            | TypeKind::Opaque { .. }
    )
}

impl Record {
    /// Number of distinct non-leaf elements recorded.
    pub fn len(&self) -> usize {
        self.entries.len()
    }
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Visits `attr` as MLIR's `AliasInitializer::visit` does; returns its
    /// alias depth and record index, or `None` for a leaf that is not recorded.
    pub(crate) fn visit_attr(
        &mut self,
        ctx: &Context,
        attr: Attribute,
        can_defer: bool,
        elide_type: bool,
    ) -> Option<(u32, u32)> {
        let kind = ctx.attr(attr);
        let typed_leaf = |t: &Option<Type>| t.is_none_or(|t| type_is_leaf(ctx.ty(t)));
        let leaf = match kind {
            AttrKind::Integer { .. }
            | AttrKind::Float { .. }
            | AttrKind::Unit
            | AttrKind::DenseArray { .. }
            | AttrKind::SymbolRef { .. }
            | AttrKind::StridedLayout { .. }
            | AttrKind::Opaque { .. } => true,
            AttrKind::String { ty, .. } => elide_type || typed_leaf(ty),
            AttrKind::Array(elems) => elems.is_empty(),
            AttrKind::Dictionary(entries) => entries.is_empty(),
            AttrKind::Type(t) => type_is_leaf(ctx.ty(*t)),
            _ => false,
        };
        if leaf {
            return None;
        }
        let key = Key::Attr(attr);
        let (idx, fresh) = self.enter(ctx, key, can_defer);
        if !fresh {
            return Some((self.entries[idx as usize].depth, idx));
        }
        let mut children = SmallVec::new();
        let mut max_depth = 0;
        let mut visit_attr = |this: &mut Self, a: Attribute, children: &mut SmallVec<[u32; 2]>| {
            if let Some((d, c)) = this.visit_attr(ctx, a, can_defer, false) {
                children.push(c);
                max_depth = max_depth.max(d);
            }
        };
        let mut child_type: Option<Type> = None;
        match kind {
            AttrKind::Dictionary(entries) => {
                for &(_, v) in entries.iter() {
                    visit_attr(self, v, &mut children);
                }
            }
            AttrKind::Array(elems) => {
                for &e in elems.iter() {
                    visit_attr(self, e, &mut children);
                }
            }
            AttrKind::Type(t) => child_type = Some(*t),
            AttrKind::Distinct { referenced, .. } => visit_attr(self, *referenced, &mut children),
            AttrKind::NameLoc { child: Some(c), .. }
                if !matches!(ctx.attr(c.0), AttrKind::UnknownLoc) =>
            {
                visit_attr(self, c.0, &mut children);
            }
            AttrKind::CallSiteLoc { callee, caller } => {
                visit_attr(self, callee.0, &mut children);
                visit_attr(self, caller.0, &mut children);
            }
            AttrKind::FusedLoc {
                locations,
                metadata,
            } => {
                if let Some(m) = metadata {
                    visit_attr(self, *m, &mut children);
                }
                for l in locations.iter() {
                    visit_attr(self, l.0, &mut children);
                }
            }
            _ => {}
        }
        if !elide_type {
            match kind {
                AttrKind::String { ty: Some(t), .. } if !matches!(ctx.ty(*t), TypeKind::None) => {
                    child_type = Some(*t)
                }
                AttrKind::DenseElements { ty, .. }
                | AttrKind::DenseStrings { ty, .. }
                | AttrKind::DenseResource { ty, .. }
                | AttrKind::SparseElements { ty, .. }
                | AttrKind::OpaqueTyped { ty, .. } => child_type = Some(*ty),
                _ => {}
            }
        }
        if let Some(t) = child_type {
            if let Some((d, c)) = self.visit_type(ctx, t, can_defer) {
                children.push(c);
                max_depth = max_depth.max(d);
            }
        }
        Some(self.leave(idx, children, max_depth))
    }

    /// Visits `ty` as MLIR's `AliasInitializer::visit` does.
    pub(crate) fn visit_type(
        &mut self,
        ctx: &Context,
        ty: Type,
        can_defer: bool,
    ) -> Option<(u32, u32)> {
        let kind = ctx.ty(ty);
        if type_is_leaf(kind) {
            return None;
        }
        let key = Key::Type(ty);
        let (idx, fresh) = self.enter(ctx, key, can_defer);
        if !fresh {
            return Some((self.entries[idx as usize].depth, idx));
        }
        let mut children = SmallVec::new();
        let mut max_depth = 0;
        let mut note = |r: Option<(u32, u32)>, children: &mut SmallVec<[u32; 2]>| {
            if let Some((d, c)) = r {
                children.push(c);
                max_depth = max_depth.max(d);
            }
        };
        match kind {
            TypeKind::Function { inputs, results } => {
                for &t in inputs.iter().chain(results.iter()) {
                    note(self.visit_type(ctx, t, can_defer), &mut children);
                }
            }
            TypeKind::Tuple(elems) => {
                for &t in elems.iter() {
                    note(self.visit_type(ctx, t, can_defer), &mut children);
                }
            }
            TypeKind::Complex(e)
            | TypeKind::Vector { element: e, .. }
            | TypeKind::UnrankedTensor { element: e } => {
                note(self.visit_type(ctx, *e, can_defer), &mut children);
            }
            TypeKind::RankedTensor {
                element, encoding, ..
            } => {
                note(self.visit_type(ctx, *element, can_defer), &mut children);
                if let Some(enc) = encoding {
                    note(self.visit_attr(ctx, *enc, can_defer, false), &mut children);
                }
            }
            TypeKind::MemRef {
                element,
                layout,
                memory_space,
                ..
            } => {
                note(self.visit_type(ctx, *element, can_defer), &mut children);
                if let Some(l) = layout.filter(|&l| !super::attrs::is_identity_layout(ctx, l)) {
                    note(self.visit_attr(ctx, l, can_defer, false), &mut children);
                }
                if let Some(m) =
                    memory_space.filter(|&m| !super::attrs::is_default_memory_space(ctx, m))
                {
                    note(self.visit_attr(ctx, m, can_defer, false), &mut children);
                }
            }
            TypeKind::UnrankedMemRef {
                element,
                memory_space,
            } => {
                note(self.visit_type(ctx, *element, can_defer), &mut children);
                if let Some(m) =
                    memory_space.filter(|&m| !super::attrs::is_default_memory_space(ctx, m))
                {
                    note(self.visit_attr(ctx, m, can_defer, false), &mut children);
                }
            }
            _ => {}
        }
        Some(self.leave(idx, children, max_depth))
    }

    /// Looks `key` up, inserting a fresh entry when unseen; an already seen
    /// entry visited from a non-deferrable place becomes non-deferrable.
    fn enter(&mut self, ctx: &Context, key: Key, can_defer: bool) -> (u32, bool) {
        if let Some(&idx) = self.index.get(&key) {
            if !can_defer {
                self.mark_non_deferrable(idx);
            }
            return (idx, false);
        }
        let alias = alias_name(ctx, key);
        let idx = self.entries.len() as u32;
        self.entries.push(Entry {
            key,
            alias,
            depth: alias.is_some() as u32,
            deferrable: alias.is_some() && can_defer,
            children: SmallVec::new(),
        });
        self.index.insert(key, idx);
        (idx, true)
    }

    fn leave(&mut self, idx: u32, children: SmallVec<[u32; 2]>, max_depth: u32) -> (u32, u32) {
        let e = &mut self.entries[idx as usize];
        e.children = children;
        if max_depth > 0 {
            e.depth = max_depth + 1;
        }
        (e.depth, idx)
    }

    fn mark_non_deferrable(&mut self, idx: u32) {
        let mut stack: SmallVec<[u32; 8]> = SmallVec::new();
        stack.push(idx);
        while let Some(i) = stack.pop() {
            let e = &mut self.entries[i as usize];
            if !e.deferrable {
                continue;
            }
            e.deferrable = false;
            stack.extend(e.children.iter().copied());
        }
    }
}

/// One alias: its name and the number suffix (`#map2`; none for the first).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) struct AliasName {
    pub name: &'static str,
    pub suffix: u32,
}

impl AliasName {
    /// Appends `#name3` / `!name3`.
    pub(crate) fn write(self, out: &mut String, is_type: bool) {
        out.push(if is_type { '!' } else { '#' });
        out.push_str(self.name);
        if self.suffix != 0 {
            super::attrs::push_u64(out, self.suffix as u64);
        }
    }
}

/// The aliases chosen for one print, in definition order.
#[derive(Default, Debug)]
pub struct AliasTable {
    attrs: HashMap<Attribute, AliasName>,
    types: HashMap<Type, AliasName>,
    /// `(element, alias, deferrable)` in MLIR's definition order.
    order: Vec<(Key, AliasName, bool)>,
}

impl AliasTable {
    /// Chooses aliases for everything in `record` (none with `--mlir-print-local-scope`).
    ///
    /// `ctx` is unused today because the record already knows each element's
    /// alias name; it stays in the signature for dialect-provided aliases,
    /// which will need to ask the dialects.
    pub fn build(_ctx: &Context, record: &Record, flags: &PrintFlags) -> AliasTable {
        let mut table = AliasTable::default();
        if flags.local_scope {
            return table;
        }
        let mut aliased: Vec<&Entry> = record
            .entries
            .iter()
            .filter(|e| e.alias.is_some())
            .collect();
        // A stable sort keeps first-visit order among equal keys, as MLIR's `stable_sort`.
        aliased.sort_by(|a, b| {
            a.depth
                .cmp(&b.depth)
                .then_with(|| matches!(b.key, Key::Type(_)).cmp(&matches!(a.key, Key::Type(_))))
                .then_with(|| a.alias.cmp(&b.alias))
        });
        let mut counts = [0u32; 5];
        for e in aliased {
            let Some(kind) = e.alias else { continue };
            let count = &mut counts[kind as usize];
            let suffix = *count;
            *count += 1;
            let name = kind.name();
            let alias = AliasName { name, suffix };
            match e.key {
                Key::Attr(a) => table.attrs.insert(a, alias),
                Key::Type(t) => table.types.insert(t, alias),
            };
            table.order.push((e.key, alias, e.deferrable));
        }
        table
    }

    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }
    pub fn len(&self) -> usize {
        self.order.len()
    }
    pub(crate) fn attr_alias(&self, a: Attribute) -> Option<AliasName> {
        self.attrs.get(&a).copied()
    }
    pub(crate) fn type_alias(&self, t: Type) -> Option<AliasName> {
        self.types.get(&t).copied()
    }
    pub(crate) fn has_attr_aliases(&self) -> bool {
        !self.attrs.is_empty()
    }
    pub(crate) fn has_type_aliases(&self) -> bool {
        !self.types.is_empty()
    }

    /// The alias definitions that must precede the top-level op, one per line
    /// (`#map = affine_map<...>`, `!tuple = tuple<...>`, `#loc3 = loc(...)`).
    pub fn print_top_aliases(&self, p: &AttrPrinter, out: &mut String) {
        self.print_aliases(p, out, false);
    }

    /// The location alias definitions that follow the top-level op (only
    /// operation locations, and what only they contain, are deferred).
    pub fn print_location_aliases(&self, p: &AttrPrinter, out: &mut String) {
        self.print_aliases(p, out, true);
    }

    fn print_aliases(&self, p: &AttrPrinter, out: &mut String, deferred: bool) {
        for &(key, alias, deferrable) in &self.order {
            if deferrable != deferred {
                continue;
            }
            match key {
                Key::Attr(a) => {
                    alias.write(out, false);
                    out.push_str(" = ");
                    p.print_attr_definition(out, a);
                }
                Key::Type(t) => {
                    alias.write(out, true);
                    out.push_str(" = ");
                    p.print_type_definition(out, t);
                }
            }
            out.push('\n');
        }
    }
}
