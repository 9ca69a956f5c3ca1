//! `-print-op-stats` (MLIR's `PrintOpStatsPass`): counts the ops nested in
//! the op the pass runs on (itself included) by name and prints the counts
//! to stderr, as an aligned table or, with `json`, as a JSON object. Names
//! are sorted bytewise, as `llvm::sort` sorts `StringRef`s.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;

use mlir_ir::ir::WalkOrder;
use mlir_ir::{Ir, OpRef};

use crate::pass::PassContext;

/// The `-print-op-stats` pass.
#[derive(Clone, Default)]
pub struct PrintOpStatsPass {
    pub(crate) base: crate::passes::PrintOpStatsBase,
}

impl crate::pass::PassImpl for PrintOpStatsPass {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let counts = count_ops(ir, op);
        let text = if self.base.print_as_json() {
            format_json(&counts)
        } else {
            format_table(&counts)
        };
        let _ = std::io::stderr().lock().write_all(text.as_bytes());
        cx.mark_all_analyses_preserved();
        Ok(())
    }
}

/// How many ops of each name `root` holds, itself included.
pub fn count_ops(ir: &Ir, root: OpRef) -> BTreeMap<String, u64> {
    let mut counts = BTreeMap::new();
    for op in ir.walk_collect(root, WalkOrder::PostOrder) {
        *counts.entry(ir.op_name_str(op).to_string()).or_insert(0) += 1;
    }
    counts
}

/// Splits `dialect.op` at the first dot; a name without one has an empty
/// dialect.
fn split_name(name: &str) -> (&str, &str) {
    match name.split_once('.') {
        Some((d, o)) if !o.is_empty() => (d, o),
        _ => ("", name.split('.').next().unwrap_or(name)),
    }
}

/// The table: dialects right-aligned on the dot, op names left-aligned,
/// then ` , count`.
pub fn format_table(counts: &BTreeMap<String, u64>) -> String {
    let mut out = String::from("Operations encountered:\n-----------------------\n");
    let (mut max_dialect, mut max_op) = (0, 0);
    for key in counts.keys() {
        let (d, o) = split_name(key);
        max_dialect = max_dialect.max(d.len());
        max_op = max_op.max(o.len());
    }
    for (key, n) in counts {
        let (d, o) = split_name(key);
        if d.is_empty() {
            out.push_str(&" ".repeat(max_dialect + 3));
        } else {
            let _ = write!(out, "{d:>width$}.", width = max_dialect + 2);
        }
        let _ = writeln!(out, "{o:<max_op$} , {n}");
    }
    out
}

/// The JSON object `{ "name" : count, ... }`, one entry a line.
pub fn format_json(counts: &BTreeMap<String, u64>) -> String {
    let mut out = String::from("{\n");
    let last = counts.len().saturating_sub(1);
    for (i, (key, n)) in counts.iter().enumerate() {
        let _ = write!(out, "  \"{key}\" : {n}");
        out.push_str(if i != last { ",\n" } else { "\n" });
    }
    out.push_str("}\n");
    out
}
