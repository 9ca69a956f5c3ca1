//! `-symbol-privatize` (MLIR's `SymbolPrivatize`): makes every symbol
//! directly nested in the op the pass runs on private, except the symbols
//! named in `exclude`.

use mlir_ir::interfaces::symbol::{as_symbol, set_symbol_visibility};
use mlir_ir::symbol_table::{symbol_name, Visibility};
use mlir_ir::{Ir, OpRef};

use crate::pass::{OptionKind, Pass, PassContext, PassOption, PassOptions};

/// The `-symbol-privatize` pass.
#[derive(Clone)]
pub struct SymbolPrivatizePass {
    options: PassOptions,
}

impl Default for SymbolPrivatizePass {
    fn default() -> Self {
        SymbolPrivatizePass {
            options: PassOptions::new().with(PassOption::list(
                "exclude",
                "Comma separated list of symbols that should not be marked private",
                OptionKind::String,
            )),
        }
    }
}

impl Pass for SymbolPrivatizePass {
    fn name(&self) -> &str {
        "SymbolPrivatize"
    }
    fn argument(&self) -> &str {
        "symbol-privatize"
    }
    fn description(&self) -> &str {
        "Mark symbols private"
    }
    fn options(&self) -> Option<&PassOptions> {
        Some(&self.options)
    }
    fn options_mut(&mut self) -> Option<&mut PassOptions> {
        Some(&mut self.options)
    }
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        _cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let excluded = self.options.get_list("exclude");
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
