//! MLIR's `SymbolOpInterface` with the helpers the symbol passes need:
//! which ops are symbols, whether a symbol may be dropped once unused, and
//! the symbol uses of an op that fail conservatively on ops that might be
//! unknown symbol tables (MLIR's `SymbolTable::getSymbolUses` returning
//! `std::nullopt`).
//!
//! An op is a symbol when it has the `Symbol` trait ([`TraitSet::SYMBOL`],
//! what ODS's `Symbol` sets) or attaches [`SymbolOpInterface`], and carries a
//! `sym_name` attribute (upstream's `extraClassOf`, which makes optional
//! symbols such as an unnamed `builtin.module` not symbols at all).

use crate::ir::{Ir, OpRef, RegionRef};
use crate::symbol_table::{
    is_symbol_table, op_symbol_refs, symbol_name, symbol_visibility, SymbolUse, Visibility,
    SYM_NAME_ATTR,
};
use crate::traits::TraitSet;

/// The hooks of MLIR's `SymbolOpInterface` that differ between ops; the
/// name and visibility accessors are the same for every symbol
/// ([`symbol_name`], [`symbol_visibility`]).
#[derive(Copy, Clone, Default)]
pub struct SymbolOpInterface {
    /// The op defines a symbol only when it has a name (`isOptionalSymbol`,
    /// e.g. `builtin.module`).
    pub is_optional_symbol: bool,
    /// `canDiscardOnUseEmpty`; `None` is upstream's default (any symbol that
    /// is not public).
    pub can_discard_on_use_empty: Option<fn(&Ir, OpRef) -> bool>,
    /// `isDeclaration`; `None` is upstream's default (a definition).
    pub is_declaration: Option<fn(&Ir, OpRef) -> bool>,
}

/// A symbol op and its interface (MLIR's `dyn_cast<SymbolOpInterface>`).
#[derive(Copy, Clone)]
pub struct Symbol {
    pub op: OpRef,
    pub iface: SymbolOpInterface,
}

impl Symbol {
    /// The symbol's visibility.
    pub fn visibility(&self, ir: &Ir) -> Visibility {
        symbol_visibility(ir, self.op)
    }
    /// Whether the symbol is private.
    pub fn is_private(&self, ir: &Ir) -> bool {
        self.visibility(ir) == Visibility::Private
    }
    /// Whether the symbol is public.
    pub fn is_public(&self, ir: &Ir) -> bool {
        self.visibility(ir) == Visibility::Public
    }
    /// Whether the symbol may be erased once nothing refers to it.
    pub fn can_discard_on_use_empty(&self, ir: &Ir) -> bool {
        match self.iface.can_discard_on_use_empty {
            Some(f) => f(ir, self.op),
            None => self.visibility(ir) != Visibility::Public,
        }
    }
    /// Whether the symbol is a declaration rather than a definition.
    pub fn is_declaration(&self, ir: &Ir) -> bool {
        self.iface.is_declaration.is_some_and(|f| f(ir, self.op))
    }
}

/// `op` as a symbol, if it is one: it implements the interface (or has the
/// `Symbol` trait, which means the default interface) and has a name.
pub fn as_symbol(ir: &Ir, op: OpRef) -> Option<Symbol> {
    let info = ir.ctx().op_info(ir.op_name(op));
    let iface = match info.interface::<SymbolOpInterface>() {
        Some(i) => *i,
        None if info.has_trait(TraitSet::SYMBOL) => SymbolOpInterface::default(),
        None => return None,
    };
    ir.attr(op, SYM_NAME_ATTR)?;
    Some(Symbol { op, iface })
}

/// Sets the visibility of symbol `op` (MLIR's `setSymbolVisibility`): public
/// removes the attribute, as upstream does.
pub fn set_symbol_visibility(ir: &mut Ir, op: OpRef, vis: Visibility) {
    let value = match vis {
        Visibility::Public => None,
        Visibility::Private => Some(ir.ctx().string_attr("private")),
        Visibility::Nested => Some(ir.ctx().string_attr("nested")),
    };
    ir.set_attr(op, crate::symbol_table::SYM_VISIBILITY_ATTR, value);
}

/// An op with one region whose dialect is not loaded might be a symbol
/// table nothing here knows about (MLIR's `isPotentiallyUnknownSymbolTable`).
pub fn is_potentially_unknown_symbol_table(ir: &Ir, op: OpRef) -> bool {
    if ir.num_regions(op) != 1 || ir.op_is_registered(op) {
        return false;
    }
    let info = ir.ctx().op_info(ir.op_name(op));
    !ir.ctx().is_dialect_loaded(&info.dialect)
}

/// The symbol uses held by `from` and, unless it is a symbol table, by the
/// ops nested in it without entering nested symbol tables; `None` when one
/// of these ops might be an unknown symbol table, whose uses cannot be
/// known (MLIR's `SymbolTable::getSymbolUses(Operation *)`).
pub fn try_symbol_uses(ir: &Ir, from: OpRef) -> Option<Vec<SymbolUse>> {
    if is_potentially_unknown_symbol_table(ir, from) {
        return None;
    }
    let mut out: Vec<SymbolUse> = op_symbol_refs(ir, from)
        .into_iter()
        .map(|symbol_ref| SymbolUse {
            user: from,
            symbol_ref,
        })
        .collect();
    if !is_symbol_table(ir, from) {
        out.extend(try_symbol_uses_in(ir, ir.regions(from))?);
    }
    Some(out)
}

/// The symbol uses within `regions`, without entering nested symbol
/// tables; `None` when an op there might be an unknown symbol table (MLIR's
/// `SymbolTable::getSymbolUses(Region *)`).
pub fn try_symbol_uses_in(ir: &Ir, regions: &[RegionRef]) -> Option<Vec<SymbolUse>> {
    let mut out = Vec::new();
    let mut worklist: Vec<RegionRef> = regions.iter().rev().copied().collect();
    while let Some(r) = worklist.pop() {
        for b in ir.region_blocks(r) {
            for op in ir.block_ops(b) {
                if is_potentially_unknown_symbol_table(ir, op) {
                    return None;
                }
                out.extend(
                    op_symbol_refs(ir, op)
                        .into_iter()
                        .map(|symbol_ref| SymbolUse {
                            user: op,
                            symbol_ref,
                        }),
                );
                if !is_symbol_table(ir, op) {
                    worklist.extend(ir.regions(op).iter().rev().copied());
                }
            }
        }
    }
    Some(out)
}

/// Resolves `symref` from symbol table `table_op`, returning every symbol
/// along the path (root first, leaf last), or `None` when a component is
/// missing or a non-leaf component is not a symbol table (MLIR's
/// `SymbolTableCollection::lookupSymbolIn` with a result vector).
pub fn lookup_symbol_path_in(
    ir: &Ir,
    tables: &mut crate::symbol_table::SymbolTableCollection,
    table_op: OpRef,
    symref: crate::attributes::Attribute,
) -> Option<Vec<OpRef>> {
    let path = crate::symbol_table::symbol_ref_path(ir, symref)?;
    let mut out = Vec::with_capacity(path.len());
    let mut table = table_op;
    for (i, name) in path.iter().enumerate() {
        if i > 0 && !is_symbol_table(ir, table) {
            return None;
        }
        let sym = tables.lookup_symbol_in(ir, table, name)?;
        out.push(sym);
        table = sym;
    }
    Some(out)
}

/// The name of symbol `op`, if it is a symbol.
pub fn symbol_op_name(ir: &Ir, op: OpRef) -> Option<String> {
    as_symbol(ir, op)?;
    symbol_name(ir, op).map(|n| n.into_owned())
}

impl crate::interfaces::OpInterface for SymbolOpInterface {
    const NAME: &'static str = "SymbolOpInterface";
    /// The `Symbol` trait means the default interface.
    fn implied(_: &Ir, _: OpRef, info: &crate::OpInfo) -> Option<Self> {
        info.has_trait(TraitSet::SYMBOL)
            .then(SymbolOpInterface::default)
    }
    /// Only ops with a name are symbols (see [`as_symbol`]).
    fn applies(ir: &Ir, op: OpRef) -> bool {
        ir.attr(op, SYM_NAME_ATTR).is_some()
    }
}

impl crate::interfaces::OpView<SymbolOpInterface> {
    /// The symbol with the helpers of [`Symbol`].
    pub fn symbol(&self) -> Symbol {
        Symbol {
            op: self.op,
            iface: self.imp,
        }
    }
    /// The symbol's name (`getName`).
    pub fn name<'a>(&self, ir: &'a Ir) -> std::borrow::Cow<'a, str> {
        symbol_name(ir, self.op).unwrap_or_default()
    }
    /// The symbol's visibility.
    pub fn visibility(&self, ir: &Ir) -> Visibility {
        symbol_visibility(ir, self.op)
    }
    /// `isDeclaration`.
    pub fn is_declaration(&self, ir: &Ir) -> bool {
        self.symbol().is_declaration(ir)
    }
    /// `canDiscardOnUseEmpty`.
    pub fn can_discard_on_use_empty(&self, ir: &Ir) -> bool {
        self.symbol().can_discard_on_use_empty(ir)
    }
}
