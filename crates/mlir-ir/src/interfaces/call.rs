//! MLIR's `CallOpInterface` and `CallableOpInterface`: which op a call
//! invokes and with which operands, and which region of a callable runs,
//! with upstream's `resolveCallable` helper and the symbol callables whose
//! callers are not all known (`DeadCodeAnalysis::initializeSymbolCallables`).

use std::ops::Range;

use hashbrown::HashSet;

use crate::attributes::Attribute;
use crate::interfaces::symbol::{as_symbol, lookup_symbol_path_in, try_symbol_uses_in};
use crate::ir::{Ir, OpRef, RegionRef, Value};
use crate::symbol_table::{
    is_symbol_table, nearest_symbol_table, SymbolTableCollection, Visibility,
};
use crate::types::Type;

/// What a call invokes (MLIR's `CallInterfaceCallable`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Callee {
    /// A symbol reference to a callable.
    Symbol(Attribute),
    /// A value holding the callable (e.g. `func.call_indirect`).
    Value(Value),
}

/// MLIR's `CallOpInterface`.
#[derive(Copy, Clone)]
pub struct CallOpInterface {
    /// What the call invokes (`getCallableForCallee`).
    pub callee: fn(&Ir, OpRef) -> Option<Callee>,
    /// The operand indices of the arguments passed to the callee
    /// (`getArgOperands`).
    pub arg_operands: fn(&Ir, OpRef) -> Range<usize>,
    /// Points the call at another symbol (`setCalleeFromCallable`), for
    /// ops whose callee is a symbol.
    pub set_callee: Option<fn(&mut Ir, OpRef, Attribute)>,
}

/// MLIR's `CallableOpInterface`.
#[derive(Copy, Clone)]
pub struct CallableOpInterface {
    /// The region that runs when the callable is called, `None` for an
    /// external declaration (`getCallableRegion`).
    pub callable_region: fn(&Ir, OpRef) -> Option<RegionRef>,
    /// The types the callable returns (`getResultTypes`).
    pub result_types: fn(&Ir, OpRef) -> Vec<Type>,
    /// The types of the callable's arguments (`getArgumentTypes`).
    pub argument_types: fn(&Ir, OpRef) -> Vec<Type>,
}

/// The call interface of `op`, if it implements it.
pub fn call_op(ir: &Ir, op: OpRef) -> Option<CallOpInterface> {
    ir.ctx()
        .op_info(ir.op_name(op))
        .interface::<CallOpInterface>()
        .copied()
}

/// The callable interface of `op`, if it implements it.
pub fn callable_op(ir: &Ir, op: OpRef) -> Option<CallableOpInterface> {
    ir.ctx()
        .op_info(ir.op_name(op))
        .interface::<CallableOpInterface>()
        .copied()
}

/// The callable region of `op`, if it is a callable with one.
pub fn callable_region(ir: &Ir, op: OpRef) -> Option<RegionRef> {
    callable_op(ir, op).and_then(|c| (c.callable_region)(ir, op))
}

/// The argument operands of call `op`.
pub fn call_arguments(ir: &Ir, op: OpRef) -> Vec<Value> {
    match call_op(ir, op) {
        Some(c) => (c.arg_operands)(ir, op)
            .map(|i| ir.operand(op, i))
            .collect(),
        None => Vec::new(),
    }
}

/// The op call `op` invokes: the symbol its callee names, looked up from
/// the nearest symbol table, or the op defining its callee value (MLIR's
/// `resolveCallableInTable`).
pub fn resolve_callable(ir: &Ir, op: OpRef, tables: &mut SymbolTableCollection) -> Option<OpRef> {
    match (call_op(ir, op)?.callee)(ir, op)? {
        Callee::Value(v) => v.defining_op(),
        Callee::Symbol(sym) => {
            let table = nearest_symbol_table(ir, ir.op_parent_op(op)?)?;
            lookup_symbol_path_in(ir, tables, table, sym)?
                .last()
                .copied()
        }
    }
}

/// The symbol callables (with a body) under `top` that may be called from
/// places the analysis cannot see: public ones, nested ones in tables whose
/// uses are not all visible, and those referenced other than by calls
/// (MLIR's `DeadCodeAnalysis::initializeSymbolCallables`). When the uses
/// of a table cannot be computed, every callable under `top` is included.
pub fn callables_with_unknown_callers(ir: &Ir, top: OpRef) -> HashSet<OpRef> {
    let mut out = HashSet::new();
    let mut tables = SymbolTableCollection::new();
    let all_visible = ir.op_block(top).is_none();
    let mut give_up = false;
    walk_symbol_tables(ir, top, all_visible, &mut |table, all_visible| {
        if give_up {
            return;
        }
        let region = ir.region(table, 0);
        let mut found = false;
        for b in ir.region_blocks(region) {
            for op in ir.block_ops(b) {
                if callable_region(ir, op).is_none() {
                    continue;
                }
                let Some(sym) = as_symbol(ir, op) else {
                    continue;
                };
                let vis = sym.visibility(ir);
                if vis == Visibility::Public || (!all_visible && vis == Visibility::Nested) {
                    out.insert(op);
                }
                found = true;
            }
        }
        if !found {
            return;
        }
        let Some(uses) = try_symbol_uses_in(ir, &[region]) else {
            give_up = true;
            return;
        };
        for u in uses {
            if call_op(ir, u.user).is_some() {
                continue;
            }
            if let Some(path) = lookup_symbol_path_in(ir, &mut tables, top, u.symbol_ref) {
                if let Some(&s) = path.last() {
                    out.insert(s);
                }
            }
        }
    });
    if give_up {
        for op in ir.walk_collect(top, crate::ir::WalkOrder::PreOrder) {
            if callable_op(ir, op).is_some() {
                out.insert(op);
            }
        }
    }
    out
}

/// Visits the symbol tables at or under `op`, innermost first, with whether
/// all uses of their symbols are visible (MLIR's `walkSymbolTables`).
fn walk_symbol_tables(ir: &Ir, op: OpRef, all_visible: bool, f: &mut dyn FnMut(OpRef, bool)) {
    let table = is_symbol_table(ir, op);
    let all_visible = if table {
        all_visible || as_symbol(ir, op).is_none_or(|s| s.is_private(ir))
    } else {
        true
    };
    for &r in ir.regions(op) {
        for b in ir.region_blocks(r) {
            for nested in ir.block_ops(b) {
                walk_symbol_tables(ir, nested, all_visible, f);
            }
        }
    }
    if table {
        f(op, all_visible);
    }
}

impl crate::interfaces::OpInterface for CallOpInterface {
    const NAME: &'static str = "CallOpInterface";
}

impl crate::interfaces::OpInterface for CallableOpInterface {
    const NAME: &'static str = "CallableOpInterface";
}

impl crate::interfaces::OpView<CallOpInterface> {
    /// What the call invokes (`getCallableForCallee`).
    pub fn callee(&self, ir: &Ir) -> Option<Callee> {
        (self.imp.callee)(ir, self.op)
    }
    /// The arguments passed to the callee (`getArgOperands`).
    pub fn arguments(&self, ir: &Ir) -> Vec<Value> {
        (self.imp.arg_operands)(ir, self.op)
            .map(|i| ir.operand(self.op, i))
            .collect()
    }
    /// The op the call invokes ([`resolve_callable`]).
    pub fn resolve(&self, ir: &Ir, tables: &mut SymbolTableCollection) -> Option<OpRef> {
        resolve_callable(ir, self.op, tables)
    }
    /// Points the call at symbol `sym` (`setCalleeFromCallable`); false
    /// when the op's callee is not a symbol.
    pub fn set_callee(&self, ir: &mut Ir, sym: Attribute) -> bool {
        match self.imp.set_callee {
            Some(f) => {
                f(ir, self.op, sym);
                true
            }
            None => false,
        }
    }
}

impl crate::interfaces::OpView<CallableOpInterface> {
    /// The region that runs when called, `None` for a declaration
    /// (`getCallableRegion`).
    pub fn callable_region(&self, ir: &Ir) -> Option<RegionRef> {
        (self.imp.callable_region)(ir, self.op)
    }
    /// `getArgumentTypes`.
    pub fn argument_types(&self, ir: &Ir) -> Vec<Type> {
        (self.imp.argument_types)(ir, self.op)
    }
    /// `getResultTypes`.
    pub fn result_types(&self, ir: &Ir) -> Vec<Type> {
        (self.imp.result_types)(ir, self.op)
    }
}
