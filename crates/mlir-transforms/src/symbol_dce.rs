//! `-symbol-dce` (MLIR's `SymbolDCE`): erases the symbols no live op
//! refers to.
//!
//! Liveness starts from every non-symbol op of the symbol table the pass
//! runs on and from the symbols that cannot be discarded (public ones,
//! unless the table itself is hidden from the ops above it), and follows
//! symbol references to a fixed point. Nested symbol tables are processed
//! recursively, hidden when their parent is, when they are not symbols, or
//! when they are private. Ops that are not symbol tables contribute their
//! own references and enqueue the ops with regions nested in them, so that
//! symbol tables nested under plain regions are analysed as their own
//! scopes. Every symbol not found live is then erased, innermost tables
//! first.

use hashbrown::HashSet;
use mlir_ir::interfaces::symbol::{as_symbol, lookup_symbol_path_in, try_symbol_uses};
use mlir_ir::ir::WalkOrder;
use mlir_ir::symbol_table::{is_symbol_table, SymbolTableCollection};
use mlir_ir::{Ir, OpRef};

use crate::pass::PassContext;

/// The `-symbol-dce` pass.
#[derive(Clone, Default)]
pub struct SymbolDcePass;

impl SymbolDcePass {
    pub fn new() -> Self {
        SymbolDcePass
    }
}

impl crate::pass::PassImpl for SymbolDcePass {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let erased = symbol_dce(ir, op)?;
        cx.add_statistic("num-dce'd", erased as u64);
        if erased == 0 {
            cx.mark_all_analyses_preserved();
        }
        Ok(())
    }
}

/// Runs symbol DCE on symbol table `table_op`; returns how many symbols were
/// erased. Fails (after reporting why) when `table_op` is not a symbol table
/// or when symbol uses cannot be computed.
pub fn symbol_dce(ir: &mut Ir, table_op: OpRef) -> Result<usize, ()> {
    if !is_symbol_table(ir, table_op) {
        let d = ir.op_error(
            table_op,
            " was scheduled to run under SymbolDCE, but does not define a symbol table",
        );
        ir.ctx().emit(d);
        return Err(());
    }
    // The table is hidden from the ops above it unless it is a symbol
    // nested in something and not private.
    let hidden = match (ir.op_parent_op(table_op), as_symbol(ir, table_op)) {
        (Some(_), Some(sym)) => sym.is_private(ir),
        _ => true,
    };
    let mut live: HashSet<OpRef> = HashSet::new();
    let mut tables = SymbolTableCollection::new();
    if let Err(d) = compute_liveness(ir, table_op, &mut tables, hidden, &mut live) {
        ir.ctx().emit(d);
        return Err(());
    }

    // Post-order: the dead symbols of inner tables go before the outer
    // symbols that may contain them.
    let nested_tables: Vec<OpRef> = ir
        .walk_collect(table_op, WalkOrder::PostOrder)
        .into_iter()
        .filter(|&o| is_symbol_table(ir, o))
        .collect();
    let mut erased = 0;
    for t in nested_tables {
        if !ir.is_live_op(t) {
            continue;
        }
        let Some(&region) = ir.regions(t).first() else {
            continue;
        };
        let dead: Vec<OpRef> = ir
            .region_blocks(region)
            .flat_map(|b| ir.block_ops(b))
            .filter(|&o| as_symbol(ir, o).is_some() && !live.contains(&o))
            .collect();
        for o in dead {
            ir.erase_op(o);
            erased += 1;
        }
    }
    Ok(erased)
}

/// Marks the live symbols of `table_op` (and of the tables nested in it) in
/// `live`. `hidden` says whether the table is unreachable from the ops
/// above it, which makes its non-private symbols discardable too.
fn compute_liveness(
    ir: &Ir,
    table_op: OpRef,
    tables: &mut SymbolTableCollection,
    hidden: bool,
    live: &mut HashSet<OpRef>,
) -> Result<(), mlir_ir::Diagnostic> {
    let mut worklist: Vec<OpRef> = Vec::new();
    if let Some(&region) = ir.regions(table_op).first() {
        for b in ir.region_blocks(region) {
            for op in ir.block_ops(b) {
                let Some(sym) = as_symbol(ir, op) else {
                    worklist.push(op);
                    continue;
                };
                let discardable =
                    (hidden || sym.is_private(ir)) && sym.can_discard_on_use_empty(ir);
                if !discardable && live.insert(op) {
                    worklist.push(op);
                }
            }
        }
    }

    while let Some(op) = worklist.pop() {
        if is_symbol_table(ir, op) {
            let sym_hidden = hidden || as_symbol(ir, op).is_none_or(|s| s.is_private(ir));
            compute_liveness(ir, op, tables, sym_hidden, live)?;
        } else {
            // A plain op is live as a whole: the symbol tables nested in its
            // regions are scopes of their own, analysed when reached.
            for &r in ir.regions(op) {
                for b in ir.region_blocks(r) {
                    for nested in ir.block_ops(b) {
                        if ir.num_regions(nested) != 0 {
                            worklist.push(nested);
                        }
                    }
                }
            }
        }

        // Ops reached through plain regions have no symbol table to resolve
        // their references in (and are not symbols of one).
        let Some(parent) = ir.op_parent_op(op) else {
            continue;
        };
        if !is_symbol_table(ir, parent) {
            continue;
        }
        let Some(uses) = try_symbol_uses(ir, op) else {
            return Err(ir.op_diag(
                op,
                mlir_ir::Severity::Error,
                "operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses",
            ));
        };
        for u in uses {
            // References to unknown symbols are ignored.
            let Some(resolved) = lookup_symbol_path_in(ir, tables, parent, u.symbol_ref) else {
                continue;
            };
            for s in resolved {
                if live.insert(s) {
                    worklist.push(s);
                }
            }
        }
    }
    Ok(())
}
