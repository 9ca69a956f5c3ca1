//! Symbols and symbol tables (MLIR's `SymbolTable`, `SymbolTableCollection`
//! and the symbol-use walkers).
//!
//! A symbol is an op with a string `sym_name` attribute (and optionally a
//! `sym_visibility` of `"public"`, `"private"` or `"nested"`). A symbol table
//! is an op with the [`TraitSet::SYMBOL_TABLE`] trait: the symbols directly in
//! its single region are its entries. References are `SymbolRef` attributes
//! (`@a`, `@a::@b::@c`), resolved from the nearest enclosing symbol table.
//!
//! Ops that reference symbols may register [`SymbolUserOpInterface`] (via
//! `OpInfo::with_interface`); the verifier calls it from every symbol
//! table, as MLIR does for `SymbolUserOpInterface::verifySymbolUses`.

use std::borrow::Cow;

use hashbrown::HashMap;

use crate::attributes::{AttrKind, Attribute};
use crate::diagnostics::Diagnostic;
use crate::ir::{Ir, OpRef, RegionRef, WalkResult};
use crate::traits::TraitSet;

/// The attribute holding a symbol's name.
pub const SYM_NAME_ATTR: &str = "sym_name";
/// The attribute holding a symbol's visibility.
pub const SYM_VISIBILITY_ATTR: &str = "sym_visibility";

/// A symbol's visibility.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Visibility {
    Public,
    Private,
    Nested,
}

/// The name of symbol `op` (its string `sym_name`), if it has one.
pub fn symbol_name(ir: &Ir, op: OpRef) -> Option<Cow<'_, str>> {
    let a = ir.attr(op, SYM_NAME_ATTR)?;
    ir.ctx().string_attr_value(a)
}

/// The visibility of symbol `op` (public when unspecified or malformed).
pub fn symbol_visibility(ir: &Ir, op: OpRef) -> Visibility {
    let v = ir
        .attr(op, SYM_VISIBILITY_ATTR)
        .and_then(|a| ir.ctx().string_attr_value(a));
    match v.as_deref() {
        Some("private") => Visibility::Private,
        Some("nested") => Visibility::Nested,
        _ => Visibility::Public,
    }
}

/// Whether `op` is a symbol table.
pub fn is_symbol_table(ir: &Ir, op: OpRef) -> bool {
    ir.op_has_trait(op, TraitSet::SYMBOL_TABLE)
}

/// An op with regions whose dialect is not loaded might be a symbol table
/// MLIR knows nothing about; lookups conservatively stop at it.
fn is_potentially_unknown_symbol_table(ir: &Ir, op: OpRef) -> bool {
    if ir.num_regions(op) != 1 || ir.op_is_registered(op) {
        return false;
    }
    let info = ir.ctx().op_info(ir.op_name(op));
    !ir.ctx().is_dialect_loaded(&info.dialect)
}

/// The closest symbol table containing `from`, `from` itself included.
pub fn nearest_symbol_table(ir: &Ir, from: OpRef) -> Option<OpRef> {
    let mut cur = from;
    loop {
        if is_potentially_unknown_symbol_table(ir, cur) {
            return None;
        }
        if is_symbol_table(ir, cur) {
            return Some(cur);
        }
        cur = ir.op_parent_op(cur)?;
    }
}

/// The symbol named `name` directly inside symbol table `table_op`, by a
/// scan of its region (use [`SymbolTable`] for repeated lookups).
pub fn lookup_symbol_in(ir: &Ir, table_op: OpRef, name: &str) -> Option<OpRef> {
    let region = *ir.regions(table_op).first()?;
    ir.region_blocks(region)
        .flat_map(|b| ir.block_ops(b))
        .find(|&op| symbol_name(ir, op).as_deref() == Some(name))
}

/// The components of a `SymbolRef` attribute (root first).
pub fn symbol_ref_path(ir: &Ir, symref: Attribute) -> Option<Vec<String>> {
    match ir.ctx().attr(symref) {
        AttrKind::SymbolRef { root, nested } => Some(
            std::iter::once(root)
                .chain(nested.iter())
                .map(|&i| ir.ctx().ident_str(i).to_string())
                .collect(),
        ),
        _ => None,
    }
}

/// Resolves a (possibly nested) symbol reference from symbol table
/// `table_op`: each component but the last must name a symbol table.
pub fn lookup_symbol_ref_in(ir: &Ir, table_op: OpRef, symref: Attribute) -> Option<OpRef> {
    let path = symbol_ref_path(ir, symref)?;
    lookup_path_in(ir, table_op, &path, lookup_symbol_in)
}

fn lookup_path_in(
    ir: &Ir,
    table_op: OpRef,
    path: &[String],
    mut lookup: impl FnMut(&Ir, OpRef, &str) -> Option<OpRef>,
) -> Option<OpRef> {
    let mut table = table_op;
    let (last, prefix) = path.split_last()?;
    for name in prefix {
        let next = lookup(ir, table, name)?;
        if !is_symbol_table(ir, next) {
            return None;
        }
        table = next;
    }
    lookup(ir, table, last)
}

/// Resolves `symref` from the nearest symbol table enclosing `from`
/// (MLIR's `lookupNearestSymbolFrom`).
pub fn lookup_nearest_symbol_from(ir: &Ir, from: OpRef, symref: Attribute) -> Option<OpRef> {
    let table = nearest_symbol_table(ir, from)?;
    lookup_symbol_ref_in(ir, table, symref)
}

/// Resolves the flat name `name` from the nearest symbol table enclosing `from`.
pub fn lookup_nearest_symbol_named(ir: &Ir, from: OpRef, name: &str) -> Option<OpRef> {
    let table = nearest_symbol_table(ir, from)?;
    lookup_symbol_in(ir, table, name)
}

/// The symbols of one symbol table, by name.
#[derive(Clone, Debug)]
pub struct SymbolTable {
    op: OpRef,
    symbols: HashMap<String, OpRef>,
}

impl SymbolTable {
    /// Indexes the symbols of `table_op`'s region. When a name is defined
    /// twice (invalid IR), the first definition wins.
    pub fn build(ir: &Ir, table_op: OpRef) -> SymbolTable {
        let mut symbols = HashMap::new();
        if let Some(&region) = ir.regions(table_op).first() {
            for b in ir.region_blocks(region) {
                for op in ir.block_ops(b) {
                    if let Some(name) = symbol_name(ir, op) {
                        symbols.entry(name.into_owned()).or_insert(op);
                    }
                }
            }
        }
        SymbolTable {
            op: table_op,
            symbols,
        }
    }
    /// The symbol table op.
    pub fn op(&self) -> OpRef {
        self.op
    }
    pub fn lookup(&self, name: &str) -> Option<OpRef> {
        self.symbols.get(name).copied()
    }
    pub fn len(&self) -> usize {
        self.symbols.len()
    }
    pub fn is_empty(&self) -> bool {
        self.symbols.is_empty()
    }
    /// Every (name, symbol) pair, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, OpRef)> {
        self.symbols.iter().map(|(k, &v)| (k.as_str(), v))
    }
    /// Records `op` under `name` (after the caller inserted or renamed it).
    pub fn insert_entry(&mut self, name: &str, op: OpRef) {
        self.symbols.insert(name.to_string(), op);
    }
    /// Forgets `name` (after the caller erased or renamed its symbol).
    pub fn remove_entry(&mut self, name: &str) -> Option<OpRef> {
        self.symbols.remove(name)
    }
}

/// Symbol tables built on demand and cached, for many lookups
/// (MLIR's `SymbolTableCollection`).
#[derive(Default, Debug)]
pub struct SymbolTableCollection {
    tables: HashMap<OpRef, SymbolTable>,
}

impl SymbolTableCollection {
    pub fn new() -> Self {
        Self::default()
    }
    /// The table of `table_op`, built on first use.
    pub fn table(&mut self, ir: &Ir, table_op: OpRef) -> &mut SymbolTable {
        self.tables
            .entry(table_op)
            .or_insert_with(|| SymbolTable::build(ir, table_op))
    }
    /// Forgets the cached table of `table_op` (after changing its symbols).
    pub fn invalidate(&mut self, table_op: OpRef) {
        self.tables.remove(&table_op);
    }
    pub fn lookup_symbol_in(&mut self, ir: &Ir, table_op: OpRef, name: &str) -> Option<OpRef> {
        self.table(ir, table_op).lookup(name)
    }
    pub fn lookup_symbol_ref_in(
        &mut self,
        ir: &Ir,
        table_op: OpRef,
        symref: Attribute,
    ) -> Option<OpRef> {
        let path = symbol_ref_path(ir, symref)?;
        lookup_path_in(ir, table_op, &path, |ir, t, n| self.table(ir, t).lookup(n))
    }
    pub fn lookup_nearest_symbol_from(
        &mut self,
        ir: &Ir,
        from: OpRef,
        symref: Attribute,
    ) -> Option<OpRef> {
        let table = nearest_symbol_table(ir, from)?;
        self.lookup_symbol_ref_in(ir, table, symref)
    }
}

/// The interface of ops that use symbols (MLIR's `SymbolUserOpInterface`):
/// checks that the symbols the op refers to exist and fit.
#[derive(Copy, Clone)]
pub struct SymbolUserOpInterface {
    pub verify_symbol_uses: fn(&Ir, OpRef, &mut SymbolTableCollection) -> Result<(), Diagnostic>,
}

/// Visits the ops in `regions` (pre-order per region) without descending
/// into nested symbol tables, whose symbols live in a different scope
/// (MLIR's `walkSymbolTable`). The callback may stop the walk.
pub fn walk_symbol_table(
    ir: &Ir,
    regions: &[RegionRef],
    mut f: impl FnMut(OpRef) -> WalkResult,
) -> WalkResult {
    let mut worklist: Vec<RegionRef> = regions.to_vec();
    while let Some(r) = worklist.pop() {
        for b in ir.region_blocks(r) {
            for op in ir.block_ops(b) {
                match f(op) {
                    WalkResult::Interrupt => return WalkResult::Interrupt,
                    WalkResult::Skip => continue,
                    WalkResult::Advance => {}
                }
                if !is_symbol_table(ir, op) {
                    worklist.extend(ir.regions(op).iter().copied());
                }
            }
        }
    }
    WalkResult::Advance
}

/// A reference to a symbol from an op's attributes.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct SymbolUse {
    pub user: OpRef,
    /// The `SymbolRef` attribute.
    pub symbol_ref: Attribute,
}

/// Every `SymbolRef` in `op`'s attributes (properties first, then the
/// discardable dictionary), looking through arrays and dictionaries.
pub fn op_symbol_refs(ir: &Ir, op: OpRef) -> Vec<Attribute> {
    let ctx = ir.ctx();
    let mut out = Vec::new();
    let mut stack: Vec<Attribute> = Vec::new();
    let roots = ir
        .op_properties(op)
        .into_iter()
        .chain(std::iter::once(ir.op_attributes(op)));
    for root in roots {
        stack.push(root);
        while let Some(a) = stack.pop() {
            match ctx.attr(a) {
                AttrKind::SymbolRef { .. } => out.push(a),
                AttrKind::Array(elems) => stack.extend(elems.iter().rev()),
                AttrKind::Dictionary(entries) => stack.extend(entries.iter().rev().map(|e| e.1)),
                _ => {}
            }
        }
    }
    out
}

/// The symbol uses of `from` itself and, unless `from` is a symbol table
/// (a new scope), of the ops nested in it, without entering nested symbol
/// tables (MLIR's `SymbolTable::getSymbolUses(Operation *)`). For the uses
/// inside a symbol table, use [`symbol_uses_in`] on its regions.
pub fn symbol_uses(ir: &Ir, from: OpRef) -> Vec<SymbolUse> {
    let mut out: Vec<SymbolUse> = op_symbol_refs(ir, from)
        .into_iter()
        .map(|symbol_ref| SymbolUse {
            user: from,
            symbol_ref,
        })
        .collect();
    if !is_symbol_table(ir, from) {
        out.extend(symbol_uses_in(ir, ir.regions(from)));
    }
    out
}

/// The symbol uses of the ops in `regions`, without entering nested symbol
/// tables (MLIR's `SymbolTable::getSymbolUses(Region *)`).
pub fn symbol_uses_in(ir: &Ir, regions: &[RegionRef]) -> Vec<SymbolUse> {
    let mut out = Vec::new();
    walk_symbol_table(ir, regions, |op| {
        out.extend(
            op_symbol_refs(ir, op)
                .into_iter()
                .map(|symbol_ref| SymbolUse {
                    user: op,
                    symbol_ref,
                }),
        );
        WalkResult::Advance
    });
    out
}

/// The uses of the symbol named `name` (by root reference) within `regions`.
pub fn symbol_uses_of(ir: &Ir, name: &str, regions: &[RegionRef]) -> Vec<SymbolUse> {
    symbol_uses_in(ir, regions)
        .into_iter()
        .filter(|u| matches!(ir.ctx().attr(u.symbol_ref), AttrKind::SymbolRef { root, .. } if ir.ctx().ident_str(*root) == name))
        .collect()
}
