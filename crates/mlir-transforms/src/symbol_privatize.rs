//! `-symbol-privatize` (MLIR's `SymbolPrivatize`): makes every symbol
//! directly nested in the op the pass runs on private, except the symbols
//! named in `exclude`.

use mlir_ir::interfaces::symbol::{as_symbol, set_symbol_visibility};
use mlir_ir::symbol_table::{symbol_name, Visibility};
use mlir_ir::{Ir, OpRef};

use crate::pass::PassContext;

/// The `-symbol-privatize` pass.
#[derive(Clone, Default)]
pub struct SymbolPrivatizePass {
    pub(crate) base: crate::passes::SymbolPrivatizeBase,
}

impl crate::pass::PassImpl for SymbolPrivatizePass {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        _cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let excluded = self.base.exclude();
        let mut symbols = Vec::new();
        for &r in ir.regions(op) {
            for b in ir.region_blocks(r) {
                for o in ir.block_ops(b) {
                    if as_symbol(ir, o).is_none() {
                        continue;
                    }
                    let name = symbol_name(ir, o).map(|n| n.into_owned());
                    if !name.is_some_and(|n| excluded.contains(&n)) {
                        symbols.push(o);
                    }
                }
            }
        }
        for o in symbols {
            set_symbol_visibility(ir, o, Visibility::Private);
        }
        Ok(())
    }
}
