//! Alias selection for printing (`#map = ...`, `#loc = ...`, type aliases).
//! (Minimal bootstrap version; the full printer replaces it.)

use super::attrs::{AttrPrinter, Record};
use super::PrintFlags;
use crate::context::Context;

/// Chosen aliases.
#[derive(Default)]
pub struct AliasTable;

impl AliasTable {
    pub fn build(_ctx: &Context, _record: &Record, _flags: &PrintFlags) -> AliasTable {
        AliasTable
    }
    pub fn print_top_aliases(&self, _p: &AttrPrinter, _out: &mut String) {}
    pub fn print_location_aliases(&self, _p: &AttrPrinter, _out: &mut String) {}
}
