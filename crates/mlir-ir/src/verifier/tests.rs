//! Tests of the verifier, dominance and symbol tables. IR is built through
//! the `Ir` API with a small test dialect; the expected messages are those
//! mlir-opt 22 prints for the equivalent textual input.

use std::sync::{Arc, Mutex};

use crate::diagnostics::{Diagnostic, DiagnosticPrinters};
use crate::dominance::{DominanceInfo, PostDominanceInfo};
use crate::source_mgr::SourceMgr;
use crate::symbol_table::{
    self, lookup_nearest_symbol_from, lookup_symbol_ref_in, nearest_symbol_table, symbol_uses,
    symbol_uses_in, symbol_uses_of, symbol_visibility, SymbolTable, SymbolTableCollection,
    SymbolUserOpInterface, Visibility,
};
use crate::{
    AttrKind, BlockRef, Context, Dialect, Ir, Location, OpInfo, OpRef, OperationState, RegionRef,
    TraitSet, Value,
};

use super::{verify, verify_with};

struct Tst;

fn failing_hook(ir: &Ir, op: OpRef) -> Result<(), Diagnostic> {
    Err(ir.op_error(op, "custom failure"))
}

fn region_hook(ir: &Ir, op: OpRef) -> Result<(), Diagnostic> {
    Err(ir.op_error(op, "region hook ran"))
}

fn verify_callee(ir: &Ir, op: OpRef, tables: &mut SymbolTableCollection) -> Result<(), Diagnostic> {
    let Some(callee) = ir.attr(op, "callee") else {
        return Err(ir.op_error(op, "requires a 'callee' symbol reference attribute"));
    };
    if tables.lookup_nearest_symbol_from(ir, op, callee).is_none() {
        let name = ir.ctx().attr_to_diagnostic_string(callee);
        return Err(ir.op_error(
            op,
            format!("'{}' does not reference a valid function", &name[1..]),
        ));
    }
    Ok(())
}

impl Dialect for Tst {
    fn namespace(&self) -> &'static str {
        "tst"
    }
    fn operations(&self) -> Vec<OpInfo> {
        vec![
            OpInfo::new("tst.func")
                .with_traits(
                    TraitSet::ISOLATED_FROM_ABOVE
                        | TraitSet::SYMBOL
                        | TraitSet::ONE_REGION
                        | TraitSet::ZERO_OPERANDS
                        | TraitSet::ZERO_RESULTS,
                )
                .with_inherent_attrs(&["sym_name", "sym_visibility"]),
            OpInfo::new("tst.module").with_traits(
                TraitSet::ISOLATED_FROM_ABOVE
                    | TraitSet::SYMBOL_TABLE
                    | TraitSet::NO_TERMINATOR
                    | TraitSet::SINGLE_BLOCK
                    | TraitSet::ONE_REGION,
            ),
            OpInfo::new("tst.ret")
                .with_traits(
                    TraitSet::IS_TERMINATOR | TraitSet::HAS_PARENT | TraitSet::ZERO_RESULTS,
                )
                .with_parents(&["tst.func"]),
            OpInfo::new("tst.br").with_traits(TraitSet::IS_TERMINATOR),
            OpInfo::new("tst.jump"),
            OpInfo::new("tst.yield").with_traits(TraitSet::IS_TERMINATOR),
            OpInfo::new("tst.val").with_traits(TraitSet::ZERO_OPERANDS),
            OpInfo::new("tst.use"),
            OpInfo::new("tst.region"),
            OpInfo::new("tst.isolated")
                .with_traits(TraitSet::ISOLATED_FROM_ABOVE | TraitSet::NO_TERMINATOR),
            OpInfo::new("tst.graph")
                .with_traits(TraitSet::GRAPH_REGION_KIND | TraitSet::NO_TERMINATOR),
            OpInfo::new("tst.add").with_traits(TraitSet::SAME_OPERANDS_AND_RESULT_TYPE),
            OpInfo::new("tst.same").with_traits(TraitSet::SAME_TYPE_OPERANDS),
            OpInfo::new("tst.sbit")
                .with_traits(TraitSet::SINGLE_BLOCK | TraitSet::SINGLE_BLOCK_IMPLICIT_TERMINATOR)
                .with_implicit_terminator("tst.yield"),
            OpInfo::new("tst.mp")
                .with_traits(TraitSet::HAS_PARENT)
                .with_parents(&["tst.func", "tst.region"]),
            OpInfo::new("tst.hook")
                .with_traits(TraitSet::ZERO_OPERANDS)
                .with_verify(failing_hook),
            OpInfo::new("tst.rhook").with_verify_regions(region_hook),
            OpInfo::new("tst.zero").with_traits(
                TraitSet::ZERO_REGIONS
                    | TraitSet::ZERO_RESULTS
                    | TraitSet::ZERO_OPERANDS
                    | TraitSet::ZERO_SUCCESSORS,
            ),
            OpInfo::new("tst.one").with_traits(TraitSet::ONE_REGION | TraitSet::ONE_RESULT),
            OpInfo::new("tst.call")
                .with_inherent_attrs(&["callee"])
                .with_interface(SymbolUserOpInterface {
                    verify_symbol_uses: verify_callee,
                }),
            OpInfo::new("tst.elem").with_traits(TraitSet::ELEMENTWISE),
        ]
    }
}

/// A test harness: an `Ir` with the test dialect and captured diagnostics,
/// rendered as mlir-opt prints them (without source lines).
struct T {
    ir: Ir,
    out: Arc<Mutex<Vec<String>>>,
}

impl T {
    fn new() -> T {
        Self::with(|_| {})
    }
    fn with(config: impl FnOnce(&mut Context)) -> T {
        let mut ctx = Context::new();
        ctx.load_dialect(Tst);
        config(&mut ctx);
        let ctx = Arc::new(ctx);
        let out = Arc::new(Mutex::new(Vec::new()));
        let sink = out.clone();
        let mgr = SourceMgr::new();
        ctx.add_diagnostic_handler(Box::new(move |ctx, d| {
            sink.lock().unwrap().push(mgr.render_diagnostic(ctx, d));
            true
        }));
        T {
            ir: Ir::new(ctx),
            out,
        }
    }
    fn loc(&self, line: u32) -> Location {
        self.ir.ctx().file_line_col("t.mlir", line, 3)
    }
    fn i32(&self) -> crate::Type {
        self.ir.ctx().int_type(32)
    }
    /// Creates a detached op with `nresults` i32 results and `nregions` empty regions.
    fn make(
        &mut self,
        name: &str,
        line: u32,
        operands: &[Value],
        nresults: usize,
        nregions: u32,
        succs: &[BlockRef],
    ) -> OpRef {
        let ty = self.i32();
        let name = self.ir.ctx().op_name(name);
        let state = OperationState::new(name, self.loc(line))
            .operands(operands)
            .results(&vec![ty; nresults])
            .successors(succs)
            .empty_regions(nregions);
        self.ir.create_op(state)
    }
    /// Appends a new op to `block`.
    fn add(
        &mut self,
        block: BlockRef,
        name: &str,
        line: u32,
        operands: &[Value],
        nresults: usize,
    ) -> OpRef {
        let op = self.make(name, line, operands, nresults, 0, &[]);
        self.ir.append_op(block, op);
        op
    }
    /// Appends an op with `nregions` regions, each with one empty block.
    fn add_regions(
        &mut self,
        block: BlockRef,
        name: &str,
        line: u32,
        operands: &[Value],
        nregions: u32,
    ) -> (OpRef, Vec<BlockRef>) {
        let op = self.make(name, line, operands, 0, nregions, &[]);
        self.ir.append_op(block, op);
        let blocks = (0..nregions as usize)
            .map(|i| self.new_block(self.ir.region(op, i)))
            .collect();
        (op, blocks)
    }
    fn new_block(&mut self, r: RegionRef) -> BlockRef {
        let b = self.ir.create_block();
        self.ir.append_block(r, b);
        b
    }
    fn branch(&mut self, block: BlockRef, name: &str, line: u32, succs: &[BlockRef]) -> OpRef {
        let op = self.make(name, line, &[], 0, 0, succs);
        self.ir.append_op(block, op);
        op
    }
    /// A `builtin.module` with one block.
    fn module(&mut self) -> (OpRef, BlockRef) {
        let op = self.make("builtin.module", 1, &[], 0, 1, &[]);
        let b = self.new_block(self.ir.region(op, 0));
        (op, b)
    }
    /// A `tst.func @name` with an entry block, appended to `parent`.
    fn func(&mut self, parent: BlockRef, name: &str, line: u32) -> (OpRef, BlockRef) {
        let (f, blocks) = self.add_regions(parent, "tst.func", line, &[], 1);
        let a = self.ir.ctx().string_attr(name);
        self.ir.set_attr(f, "sym_name", Some(a));
        (f, blocks[0])
    }
    fn verify(&self, root: OpRef) -> Result<(), ()> {
        verify(&self.ir, root)
    }
    fn diags(&self) -> String {
        self.out.lock().unwrap().concat()
    }
}

#[test]
fn valid_ir_verifies_silently() {
    let mut t = T::new();
    let (m, mb) = t.module();
    let (_, b) = t.func(mb, "f", 2);
    let v = t.add(b, "tst.val", 3, &[], 1);
    let r = t.ir.result(v, 0);
    t.add(b, "tst.use", 4, &[r], 0);
    t.add(b, "tst.ret", 5, &[], 0);
    assert_eq!(t.verify(m), Ok(()));
    assert_eq!(t.diags(), "");
}

#[test]
fn terminator_must_be_last() {
    let mut t = T::new();
    let (m, mb) = t.module();
    let (_, b) = t.func(mb, "f", 2);
    t.add(b, "tst.ret", 3, &[], 0);
    t.add(b, "tst.ret", 4, &[], 0);
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:3:3: error: 'tst.ret' op must be the last operation in the parent block\n"
    );
}

#[test]
fn every_isolated_sibling_is_verified() {
    let mut t = T::new();
    let (m, mb) = t.module();
    for (name, line) in [("a", 2), ("b", 6)] {
        let (_, b) = t.func(mb, name, line);
        t.add(b, "tst.ret", line + 1, &[], 0);
        t.add(b, "tst.ret", line + 2, &[], 0);
    }
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:3:3: error: 'tst.ret' op must be the last operation in the parent block\n\
         t.mlir:7:3: error: 'tst.ret' op must be the last operation in the parent block\n"
    );
}

#[test]
fn failure_in_non_isolated_op_stops_before_isolated_children() {
    let mut t = T::new();
    let (m, mb) = t.module();
    t.add(mb, "tst.ret", 2, &[], 0);
    let (_, b) = t.func(mb, "f", 3);
    t.add(b, "tst.hook", 4, &[], 0);
    t.add(b, "tst.ret", 5, &[], 0);
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:2:3: error: 'tst.ret' op expects parent op 'tst.func'\n"
    );
}

#[test]
fn empty_block_and_missing_terminator() {
    let mut t = T::new();
    let (m, mb) = t.module();
    t.func(mb, "f", 2);
    let (_, b) = t.func(mb, "g", 3);
    t.add(b, "tst.val", 4, &[], 1);
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:2:3: error: empty block: expect at least a terminator\n\
         t.mlir:4:3: error: block with no terminator, has \"tst.val\"(...)\n"
    );
}

#[test]
fn op_printer_hook_adds_current_operation_note() {
    let mut t = T::new();
    t.ir.ctx().set_diagnostic_printers(DiagnosticPrinters {
        op: Some(|ir, op, generic| {
            assert!(generic, "an error prints the op in generic form");
            format!("\"{}\"() : () -> ()", ir.op_name_str(op))
        }),
        attr: None,
    });
    let (m, mb) = t.module();
    let (_, b) = t.func(mb, "f", 2);
    t.add(b, "tst.ret", 3, &[], 0);
    t.add(b, "tst.ret", 4, &[], 0);
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:3:3: error: 'tst.ret' op must be the last operation in the parent block\n\
         t.mlir:3:3: note: see current operation: \"tst.ret\"() : () -> ()\n"
    );
    t.out.lock().unwrap().clear();
    t.ir.ctx().set_print_op_on_diagnostic(false);
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:3:3: error: 'tst.ret' op must be the last operation in the parent block\n"
    );
}

#[test]
fn entry_block_may_not_have_predecessors() {
    let mut t = T::new();
    let (m, mb) = t.module();
    let (_, b) = t.func(mb, "f", 2);
    t.branch(b, "tst.br", 3, &[b]);
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:2:3: error: entry block of region may not have predecessors\n"
    );
}

#[test]
fn successors_only_on_last_op_and_in_same_region() {
    let mut t = T::new();
    let (m, mb) = t.module();
    let (f, b) = t.func(mb, "f", 2);
    let b2 = t.new_block(t.ir.region(f, 0));
    t.branch(b, "tst.jump", 3, &[b2]);
    t.add(b, "tst.ret", 4, &[], 0);
    t.add(b2, "tst.ret", 5, &[], 0);
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:3:3: error: operation with block successors must terminate its parent block\n"
    );

    let mut t = T::new();
    let (m, mb) = t.module();
    let (f, b) = t.func(mb, "f", 2);
    let b2 = t.new_block(t.ir.region(f, 0));
    let (reg, inner) = t.add_regions(b, "tst.region", 3, &[], 1);
    t.branch(inner[0], "tst.br", 4, &[b2]);
    t.add(b, "tst.ret", 5, &[], 0);
    t.add(b2, "tst.ret", 6, &[], 0);
    // The only block of a region has no successors as far as MLIR's
    // verifier is concerned.
    assert_eq!(t.verify(m), Ok(()), "{}", t.diags());
    let extra = t.new_block(t.ir.region(reg, 0));
    t.add(extra, "tst.yield", 7, &[], 0);
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:4:3: error: 'tst.br' op branching to block of a different region\n"
    );
}

#[test]
fn dominance_in_block_across_blocks_and_regions() {
    // Use before def in the same block.
    let mut t = T::new();
    let (m, mb) = t.module();
    let (_, b) = t.func(mb, "f", 2);
    let user = t.add(b, "tst.use", 3, &[], 0);
    let v = t.add(b, "tst.val", 4, &[], 1);
    let r = t.ir.result(v, 0);
    t.ir.set_operands(user, &[r, r]);
    t.add(b, "tst.ret", 5, &[], 0);
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:3:3: error: operand #0 does not dominate this use\n\
         t.mlir:4:3: note: operand defined here (op in the same block)\n"
    );

    // A diamond: a value of one arm used in the other; a block argument of
    // one arm used in the other.
    let mut t = T::new();
    let (m, mb) = t.module();
    let (f, entry) = t.func(mb, "f", 2);
    let region = t.ir.region(f, 0);
    let (b1, b2, b3) = (
        t.new_block(region),
        t.new_block(region),
        t.new_block(region),
    );
    let i32 = t.i32();
    let loc = t.loc(9);
    let arg = t.ir.add_argument(b1, i32, loc);
    t.branch(entry, "tst.br", 3, &[b1, b2]);
    let v = t.add(b1, "tst.val", 4, &[], 1);
    let r = t.ir.result(v, 0);
    t.branch(b1, "tst.br", 5, &[b3]);
    t.add(b2, "tst.use", 6, &[arg], 0);
    t.add(b2, "tst.use", 7, &[r], 0);
    t.branch(b2, "tst.br", 8, &[b3]);
    t.add(b3, "tst.ret", 10, &[], 0);
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:6:3: error: operand #0 does not dominate this use\n\
         t.mlir:2:3: note: operand defined as a block argument (block #1 in the same region)\n"
    );
    t.ir.erase_op(t.ir.first_op(b2).unwrap());
    t.out.lock().unwrap().clear();
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:7:3: error: operand #0 does not dominate this use\n\
         t.mlir:4:3: note: operand defined here (op in the same region)\n"
    );

    // A use in a nested region of a value defined later in the parent block,
    // and a use of a value defined in a child region.
    let mut t = T::new();
    let (m, mb) = t.module();
    let (_, b) = t.func(mb, "f", 2);
    let (_, inner) = t.add_regions(b, "tst.region", 3, &[], 1);
    let user = t.add(inner[0], "tst.use", 4, &[], 0);
    t.add(inner[0], "tst.yield", 5, &[], 0);
    let v = t.add(b, "tst.val", 6, &[], 1);
    let r = t.ir.result(v, 0);
    t.ir.set_operands(user, &[r]);
    t.add(b, "tst.ret", 7, &[], 0);
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:4:3: error: operand #0 does not dominate this use\n\
         t.mlir:6:3: note: operand defined here (op in a parent region)\n"
    );

    let mut t = T::new();
    let (m, mb) = t.module();
    let (_, b) = t.func(mb, "f", 2);
    let user = t.add(b, "tst.use", 3, &[], 0);
    let (_, inner) = t.add_regions(b, "tst.region", 4, &[], 1);
    let v = t.add(inner[0], "tst.val", 5, &[], 1);
    t.add(inner[0], "tst.yield", 6, &[], 0);
    t.add(b, "tst.ret", 7, &[], 0);
    let r = t.ir.result(v, 0);
    t.ir.set_operands(user, &[r]);
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:3:3: error: operand #0 does not dominate this use\n\
         t.mlir:5:3: note: operand defined here (op in a child region)\n"
    );
}

#[test]
fn a_result_does_not_dominate_its_own_regions() {
    let mut t = T::new();
    let (m, mb) = t.module();
    let (_, b) = t.func(mb, "f", 2);
    let op = t.make("tst.region", 3, &[], 1, 1, &[]);
    t.ir.append_op(b, op);
    let inner = t.new_block(t.ir.region(op, 0));
    let r = t.ir.result(op, 0);
    t.add(inner, "tst.use", 4, &[r], 0);
    t.add(inner, "tst.yield", 5, &[], 0);
    t.add(b, "tst.ret", 6, &[], 0);
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:4:3: error: operand #0 does not dominate this use\n\
         t.mlir:3:3: note: operand defined here (op in a parent region)\n"
    );
}

#[test]
fn graph_regions_and_unreachable_blocks_need_no_dominance() {
    let mut t = T::new();
    let (m, mb) = t.module();
    // builtin.module is a graph region: a use before its def is fine there.
    let user = t.add(mb, "tst.use", 2, &[], 0);
    let v = t.add(mb, "tst.val", 3, &[], 1);
    let r = t.ir.result(v, 0);
    t.ir.set_operands(user, &[r]);
    let (_, b) = t.func(mb, "f", 4);
    let (_, g) = t.add_regions(b, "tst.graph", 5, &[], 1);
    let user = t.add(g[0], "tst.use", 6, &[], 0);
    let v = t.add(g[0], "tst.val", 7, &[], 1);
    let r = t.ir.result(v, 0);
    t.ir.set_operands(user, &[r]);
    t.add(b, "tst.ret", 8, &[], 0);
    // An unreachable block may use anything.
    let f = t.ir.block_parent_op(b).unwrap();
    let dead = t.new_block(t.ir.region(f, 0));
    let user = t.add(dead, "tst.use", 9, &[], 0);
    let v = t.add(dead, "tst.val", 10, &[], 1);
    let r = t.ir.result(v, 0);
    t.ir.set_operands(user, &[r]);
    t.add(dead, "tst.ret", 11, &[], 0);
    assert_eq!(t.verify(m), Ok(()), "{}", t.diags());

    // A graph region of a registered op may have one block only.
    let g_op = t.ir.op_parent_op(t.ir.first_op(g[0]).unwrap()).unwrap();
    t.new_block(t.ir.region(g_op, 0));
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:5:3: error: 'tst.graph' op expects graph region #0 to have 0 or 1 blocks\n"
    );
}

#[test]
fn isolated_from_above() {
    let mut t = T::new();
    let (m, mb) = t.module();
    let (_, b) = t.func(mb, "f", 2);
    let v = t.add(b, "tst.val", 3, &[], 1);
    let r = t.ir.result(v, 0);
    let (_, inner) = t.add_regions(b, "tst.isolated", 4, &[], 1);
    let (_, nested) = t.add_regions(inner[0], "tst.region", 5, &[], 1);
    t.add(nested[0], "tst.use", 6, &[r], 0);
    t.add(nested[0], "tst.yield", 7, &[], 0);
    t.add(b, "tst.ret", 8, &[], 0);
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:6:3: error: 'tst.use' op using value defined outside the region\n\
         t.mlir:4:3: note: required by region isolation constraints\n"
    );
}

#[test]
fn type_traits() {
    let mut t = T::new();
    let (m, mb) = t.module();
    let (_, b) = t.func(mb, "f", 2);
    let i64t = t.ir.ctx().int_type(64);
    let v = t.add(b, "tst.val", 3, &[], 1);
    let x = t.ir.result(v, 0);
    let state = OperationState::new(t.ir.ctx().op_name("tst.val"), t.loc(4)).results(&[i64t]);
    let w = t.ir.create_op(state);
    t.ir.append_op(b, w);
    let y = t.ir.result(w, 0);
    t.add(b, "tst.add", 5, &[x, y], 1);
    t.add(b, "tst.ret", 6, &[], 0);
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:5:3: error: 'tst.add' op requires the same type for all operands and results\n"
    );

    let mut t = T::new();
    let (m, mb) = t.module();
    let (_, b) = t.func(mb, "f", 2);
    t.add(b, "tst.add", 3, &[], 1);
    t.add(b, "tst.ret", 4, &[], 0);
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:3:3: error: 'tst.add' op expected 1 or more operands, but found 0\n"
    );

    let mut t = T::new();
    let (m, mb) = t.module();
    let (_, b) = t.func(mb, "f", 2);
    let v = t.add(b, "tst.val", 3, &[], 1);
    let x = t.ir.result(v, 0);
    let i1 = t.ir.ctx().i1_type();
    let state = OperationState::new(t.ir.ctx().op_name("tst.val"), t.loc(4)).results(&[i1]);
    let w = t.ir.create_op(state);
    t.ir.append_op(b, w);
    let y = t.ir.result(w, 0);
    t.add(b, "tst.same", 5, &[x, y], 0);
    t.add(b, "tst.ret", 6, &[], 0);
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:5:3: error: 'tst.same' op requires all operands to have the same type\n"
    );
}

#[test]
fn elementwise_trait() {
    let mut t = T::new();
    let (m, mb) = t.module();
    let (_, b) = t.func(mb, "f", 2);
    let i32t = t.i32();
    let vec = t.ir.ctx().vector_type(&[4], i32t);
    let state = OperationState::new(t.ir.ctx().op_name("tst.val"), t.loc(3)).results(&[vec]);
    let v = t.ir.create_op(state);
    t.ir.append_op(b, v);
    let x = t.ir.result(v, 0);
    // A scalar result from a vector operand.
    t.add(b, "tst.elem", 4, &[x], 1);
    t.add(b, "tst.ret", 5, &[], 0);
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:4:3: error: 'tst.elem' op if an operand is non-scalar, then there must be at least one non-scalar result\n"
    );
}

#[test]
fn count_traits() {
    let mut t = T::new();
    let (m, mb) = t.module();
    let (_, b) = t.func(mb, "f", 2);
    let v = t.add(b, "tst.val", 3, &[], 1);
    let x = t.ir.result(v, 0);
    t.add(b, "tst.zero", 4, &[x], 0);
    t.add(b, "tst.ret", 5, &[], 0);
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:4:3: error: 'tst.zero' op requires zero operands\n"
    );

    let mut t = T::new();
    let (m, mb) = t.module();
    let (_, b) = t.func(mb, "f", 2);
    t.add(b, "tst.one", 3, &[], 0);
    t.add(b, "tst.ret", 4, &[], 0);
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:3:3: error: 'tst.one' op requires one region\n"
    );

    let mut t = T::new();
    let (m, mb) = t.module();
    let (_, b) = t.func(mb, "f", 2);
    let (f2, _) = t.func(mb, "g", 5);
    let entry = t.ir.first_block(t.ir.region(f2, 0)).unwrap();
    t.add(entry, "tst.ret", 6, &[], 0);
    let z = t.make("tst.zero", 3, &[], 0, 0, &[b]);
    t.ir.append_op(b, z);
    assert_eq!(t.verify(m), Err(()));
    assert!(t
        .diags()
        .starts_with("t.mlir:2:3: error: entry block of region may not have predecessors\n"));
}

#[test]
fn symbol_traits() {
    let mut t = T::new();
    let (m, mb) = t.module();
    let (f, b) = t.func(mb, "f", 2);
    t.add(b, "tst.ret", 3, &[], 0);
    t.ir.set_attr(f, "sym_name", None);
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:2:3: error: 'tst.func' op requires string attribute 'sym_name'\n"
    );

    t.out.lock().unwrap().clear();
    let name = t.ir.ctx().string_attr("f");
    let vis = t.ir.ctx().string_attr("foo");
    t.ir.set_attr(f, "sym_name", Some(name));
    t.ir.set_attr(f, "sym_visibility", Some(vis));
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:2:3: error: 'tst.func' op visibility expected to be one of [\"public\", \"private\", \"nested\"], but got \"foo\"\n"
    );
}

#[test]
fn symbol_table_redefinition() {
    let mut t = T::new();
    let (m, mb) = t.module();
    for line in [2, 5] {
        let (_, b) = t.func(mb, "f", line);
        t.add(b, "tst.ret", line + 1, &[], 0);
    }
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:5:3: error: redefinition of symbol named 'f'\n\
         t.mlir:2:3: note: see existing symbol definition here\n"
    );
}

#[test]
fn symbol_users_are_verified_from_their_table() {
    let mut t = T::new();
    let (m, mb) = t.module();
    let (_, b) = t.func(mb, "f", 2);
    let call = t.add(b, "tst.call", 3, &[], 0);
    t.add(b, "tst.ret", 4, &[], 0);
    let callee = t.ir.ctx().flat_symbol_ref("f");
    t.ir.set_attr(call, "callee", Some(callee));
    assert_eq!(t.verify(m), Ok(()), "{}", t.diags());
    let missing = t.ir.ctx().flat_symbol_ref("nope");
    t.ir.set_attr(call, "callee", Some(missing));
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:3:3: error: 'tst.call' op 'nope' does not reference a valid function\n"
    );
}

#[test]
fn implicit_terminator_and_parents() {
    let mut t = T::new();
    let (m, mb) = t.module();
    let (_, b) = t.func(mb, "f", 2);
    let (_, inner) = t.add_regions(b, "tst.sbit", 3, &[], 1);
    t.add(inner[0], "tst.use", 4, &[], 0);
    t.add(b, "tst.ret", 5, &[], 0);
    assert_eq!(t.verify(m), Err(()));
    // `tst.use` is registered and not a terminator, so the block check fails first.
    assert_eq!(
        t.diags(),
        "t.mlir:4:3: error: block with no terminator, has \"tst.use\"(...)\n"
    );

    let mut t = T::with(|c| c.set_allow_unregistered_dialects(true));
    let (m, mb) = t.module();
    let (_, b) = t.func(mb, "f", 2);
    let (_, inner) = t.add_regions(b, "tst.sbit", 3, &[], 1);
    t.add(inner[0], "other.end", 4, &[], 0);
    t.add(b, "tst.ret", 5, &[], 0);
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:3:3: error: 'tst.sbit' op expects regions to end with 'tst.yield', found 'other.end'\n\
         t.mlir:3:3: note: in custom textual format, the absence of terminator implies 'tst.yield'\n"
    );

    let mut t = T::new();
    let (m, mb) = t.module();
    t.add(mb, "tst.mp", 2, &[], 0);
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:2:3: error: 'tst.mp' op expects parent op to be one of 'tst.func, tst.region'\n"
    );
}

#[test]
fn unregistered_ops() {
    let mut t = T::new();
    let (m, mb) = t.module();
    t.add(mb, "foo.bar", 2, &[], 0);
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:2:3: error: 'foo.bar' op created with unregistered dialect. If this is intended, please call \
         allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used\n"
    );

    let mut t = T::with(|c| c.set_allow_unregistered_dialects(true));
    let (m, mb) = t.module();
    // An unregistered op's single-block region has no dominance requirement
    // and needs no terminator.
    let (_, inner) = t.add_regions(mb, "foo.bar", 2, &[], 1);
    let user = t.add(inner[0], "foo.use", 3, &[], 0);
    let v = t.add(inner[0], "foo.def", 4, &[], 1);
    let r = t.ir.result(v, 0);
    t.ir.set_operands(user, &[r]);
    assert_eq!(t.verify(m), Ok(()), "{}", t.diags());
    t.add(mb, "tst.unknown", 5, &[], 0);
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:5:3: error: unregistered operation 'tst.unknown' found in dialect ('tst') that does not allow unknown operations\n"
    );
}

#[test]
fn hooks_run_after_traits_and_nested_ops() {
    let mut t = T::new();
    let (m, mb) = t.module();
    let (_, b) = t.func(mb, "f", 2);
    t.add(b, "tst.hook", 3, &[], 0);
    t.add(b, "tst.ret", 4, &[], 0);
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:3:3: error: 'tst.hook' op custom failure\n"
    );

    // A failing nested op keeps the region hook from running.
    let mut t = T::new();
    let (m, mb) = t.module();
    let (_, b) = t.func(mb, "f", 2);
    let (rh, inner) = t.add_regions(b, "tst.rhook", 3, &[], 1);
    t.add(inner[0], "tst.hook", 4, &[], 0);
    t.add(inner[0], "tst.yield", 5, &[], 0);
    t.add(b, "tst.ret", 6, &[], 0);
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:4:3: error: 'tst.hook' op custom failure\n"
    );
    t.out.lock().unwrap().clear();
    t.ir.erase_op(t.ir.first_op(inner[0]).unwrap());
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:3:3: error: 'tst.rhook' op region hook ran\n"
    );
    // Non-recursive verification does not look inside.
    t.ir.erase_op(rh);
    let (_, inner) = t.add_regions(b, "tst.region", 7, &[], 1);
    t.add(inner[0], "tst.hook", 8, &[], 0);
    t.out.lock().unwrap().clear();
    assert_eq!(verify_with(&t.ir, m, false), Ok(()), "{}", t.diags());
}

#[test]
fn deep_nesting_does_not_overflow_the_stack() {
    const DEPTH: usize = 20_000;
    let mut t = T::new();
    let (m, mb) = t.module();
    let (_, mut b) = t.func(mb, "f", 2);
    for i in 0..DEPTH {
        // Alternate isolated and non-isolated nesting to exercise both paths.
        let name = if i % 2 == 0 {
            "tst.region"
        } else {
            "tst.isolated"
        };
        let (_, inner) = t.add_regions(b, name, 3, &[], 1);
        // Close the enclosing block with the terminator its parent needs.
        match t
            .ir
            .block_parent_op(b)
            .map(|p| t.ir.op_name_str(p).to_string())
            .as_deref()
        {
            Some("tst.func") => {
                t.add(b, "tst.ret", 8, &[], 0);
            }
            Some("tst.region") => {
                t.add(b, "tst.yield", 4, &[], 0);
            }
            _ => {}
        }
        b = inner[0];
    }
    let v = t.add(b, "tst.val", 5, &[], 1);
    let r = t.ir.result(v, 0);
    t.add(b, "tst.use", 6, &[r], 0);
    t.add(b, "tst.yield", 7, &[], 0);
    assert_eq!(t.verify(m), Ok(()), "{}", t.diags());
    // A failure deep inside is still found.
    let user = t.ir.last_op(b).and_then(|y| t.ir.prev_op(y)).unwrap();
    t.ir.move_op_before(user, v);
    assert_eq!(t.verify(m), Err(()));
    assert!(t
        .diags()
        .starts_with("t.mlir:6:3: error: operand #0 does not dominate this use\n"));
}

// ----------------------------------------------------------------------
// Dominance
// ----------------------------------------------------------------------

/// entry -> {a, b}; a -> join; b -> join; plus an unreachable block.
fn diamond(t: &mut T) -> (OpRef, [BlockRef; 5]) {
    let (_, mb) = t.module();
    let (f, entry) = t.func(mb, "f", 2);
    let r = t.ir.region(f, 0);
    let (a, b, join, dead) = (
        t.new_block(r),
        t.new_block(r),
        t.new_block(r),
        t.new_block(r),
    );
    t.branch(entry, "tst.br", 3, &[a, b]);
    t.branch(a, "tst.br", 4, &[join]);
    t.branch(b, "tst.br", 5, &[join]);
    t.add(join, "tst.ret", 6, &[], 0);
    t.branch(dead, "tst.br", 7, &[join]);
    (f, [entry, a, b, join, dead])
}

#[test]
fn block_dominance_on_a_diamond() {
    let mut t = T::new();
    let (_, [entry, a, b, join, dead]) = diamond(&mut t);
    let ir = &t.ir;
    let dom = DominanceInfo::new();
    assert!(dom.block_dominates(ir, entry, join));
    assert!(dom.block_properly_dominates(ir, entry, a));
    assert!(!dom.block_properly_dominates(ir, a, join));
    assert!(!dom.block_dominates(ir, b, a));
    assert!(dom.block_dominates(ir, a, a));
    assert!(!dom.block_properly_dominates(ir, a, a));
    assert_eq!(dom.immediate_dominator(ir, join), Some(entry));
    assert_eq!(dom.immediate_dominator(ir, entry), None);
    assert_eq!(dom.nearest_common_dominator(ir, a, b), Some(entry));
    assert!(dom.is_reachable_from_entry(ir, join));
    assert!(!dom.is_reachable_from_entry(ir, dead));
    // An unreachable block is dominated by everything and dominates nothing.
    assert!(dom.block_properly_dominates(ir, a, dead));
    assert!(!dom.block_properly_dominates(ir, dead, join));

    let pdom = PostDominanceInfo::new();
    assert!(pdom.block_post_dominates(ir, join, entry));
    assert!(pdom.block_properly_post_dominates(ir, join, a));
    assert!(!pdom.block_post_dominates(ir, a, entry));
    let ret = ir.first_op(join).unwrap();
    let br = ir.first_op(entry).unwrap();
    assert!(pdom.properly_post_dominates(ir, ret, br));
    assert!(!pdom.properly_post_dominates(ir, br, ret));
}

#[test]
fn op_and_value_dominance_with_nested_regions() {
    let mut t = T::new();
    let (_, mb) = t.module();
    let (_, b) = t.func(mb, "f", 2);
    let v = t.add(b, "tst.val", 3, &[], 1);
    let reg = t.make("tst.region", 4, &[], 1, 1, &[]);
    t.ir.append_op(b, reg);
    let inner = t.new_block(t.ir.region(reg, 0));
    let i32t = t.i32();
    let loc = t.loc(4);
    let arg = t.ir.add_argument(inner, i32t, loc);
    let nested = t.add(inner, "tst.use", 5, &[], 0);
    let after = t.add(b, "tst.use", 6, &[], 0);
    let ir = &t.ir;
    let dom = DominanceInfo::new();
    assert!(dom.properly_dominates(ir, v, reg));
    assert!(dom.properly_dominates(ir, v, nested));
    assert!(!dom.properly_dominates(ir, after, v));
    // An op encloses (dominates) its nested ops, but its results do not.
    assert!(dom.properly_dominates(ir, reg, nested));
    assert!(!dom.properly_dominates_with(ir, reg, nested, false));
    assert!(!dom.value_properly_dominates(ir, ir.result(reg, 0), nested));
    assert!(dom.value_properly_dominates(ir, ir.result(reg, 0), after));
    assert!(dom.value_properly_dominates(ir, ir.result(v, 0), nested));
    assert!(dom.value_dominates(ir, ir.result(v, 0), v));
    assert!(!dom.value_properly_dominates(ir, ir.result(v, 0), v));
    // A block argument dominates everything in its block.
    assert!(dom.value_properly_dominates(ir, arg, nested));
    assert!(!dom.value_properly_dominates(ir, arg, after));
    assert!(dom.block_dominates(ir, b, inner));
    assert!(!dom.block_dominates(ir, inner, b));
}

#[test]
fn dominance_is_iterative_on_long_chains() {
    let mut t = T::new();
    let (_, mb) = t.module();
    let (f, entry) = t.func(mb, "f", 2);
    let r = t.ir.region(f, 0);
    let mut prev = entry;
    let mut blocks = vec![entry];
    for _ in 0..50_000 {
        let nb = t.new_block(r);
        t.branch(prev, "tst.br", 3, &[nb]);
        blocks.push(nb);
        prev = nb;
    }
    t.add(prev, "tst.ret", 4, &[], 0);
    let dom = DominanceInfo::new();
    assert!(dom.block_dominates(&t.ir, blocks[1], blocks[49_999]));
    assert!(!dom.block_dominates(&t.ir, blocks[49_999], blocks[1]));
    let pdom = PostDominanceInfo::new();
    assert!(pdom.block_post_dominates(&t.ir, prev, entry));
}

// ----------------------------------------------------------------------
// Symbol tables
// ----------------------------------------------------------------------

#[test]
fn symbol_lookup_and_nested_references() {
    let mut t = T::new();
    let (m, mb) = t.module();
    let (f, fb) = t.func(mb, "f", 2);
    let call = t.add(fb, "tst.call", 3, &[], 0);
    let (inner, ib) = t.add_regions(mb, "tst.module", 4, &[], 1);
    let name = t.ir.ctx().string_attr("inner");
    t.ir.set_attr(inner, "sym_name", Some(name));
    let (g, _) = t.func(ib[0], "g", 5);
    let private = t.ir.ctx().string_attr("private");
    t.ir.set_attr(g, "sym_visibility", Some(private));
    let ctx = t.ir.ctx();
    let nested_ref = ctx.intern_attr(AttrKind::SymbolRef {
        root: ctx.ident("inner"),
        nested: Box::new([ctx.ident("g")]),
    });
    t.ir.set_attr(call, "callee", Some(nested_ref));
    let ir = &t.ir;

    let table = SymbolTable::build(ir, m);
    assert_eq!(table.lookup("f"), Some(f));
    assert_eq!(table.lookup("inner"), Some(inner));
    assert_eq!(table.lookup("g"), None);
    assert_eq!(table.len(), 2);
    assert_eq!(symbol_table::lookup_symbol_in(ir, inner, "g"), Some(g));
    assert_eq!(lookup_symbol_ref_in(ir, m, nested_ref), Some(g));
    assert_eq!(nearest_symbol_table(ir, call), Some(m));
    assert_eq!(nearest_symbol_table(ir, g), Some(inner));
    assert_eq!(lookup_nearest_symbol_from(ir, call, nested_ref), Some(g));
    assert_eq!(
        lookup_nearest_symbol_from(ir, call, ir.ctx().flat_symbol_ref("f")),
        Some(f)
    );
    assert_eq!(
        lookup_nearest_symbol_from(ir, g, ir.ctx().flat_symbol_ref("f")),
        None
    );
    let mut tables = SymbolTableCollection::new();
    assert_eq!(
        tables.lookup_nearest_symbol_from(ir, call, nested_ref),
        Some(g)
    );
    assert_eq!(symbol_visibility(ir, g), Visibility::Private);
    assert_eq!(symbol_visibility(ir, f), Visibility::Public);
    assert_eq!(symbol_table::symbol_name(ir, g).as_deref(), Some("g"));

    // Uses: the call's reference, found from the module but not through
    // the nested symbol table.
    assert!(symbol_uses(ir, m).is_empty());
    let uses = symbol_uses_in(ir, ir.regions(m));
    assert_eq!(uses.len(), 1);
    assert_eq!(uses[0].user, call);
    assert_eq!(uses[0].symbol_ref, nested_ref);
    assert_eq!(symbol_uses_of(ir, "inner", ir.regions(m)).len(), 1);
    assert!(symbol_uses_of(ir, "f", ir.regions(m)).is_empty());
}

#[test]
fn deep_nesting_dominance_uses_the_ancestor_on_the_path() {
    // Twenty nested regions; the innermost op uses a value of the function
    // body defined before the nest (fine) and one defined after it (not).
    let mut t = T::new();
    let (m, mb) = t.module();
    let (_, b) = t.func(mb, "f", 2);
    let early = t.add(b, "tst.val", 3, &[], 1);
    let mut block = b;
    let mut blocks = Vec::new();
    for line in 4..24 {
        let (_, inner) = t.add_regions(block, "tst.region", line, &[], 1);
        block = inner[0];
        blocks.push(block);
    }
    let e = t.ir.result(early, 0);
    let user = t.add(block, "tst.use", 30, &[e], 0);
    for &nb in &blocks {
        t.add(nb, "tst.yield", 40, &[], 0);
    }
    let late = t.add(b, "tst.val", 31, &[], 1);
    t.add(b, "tst.ret", 32, &[], 0);
    assert_eq!(t.verify(m), Ok(()), "{}", t.diags());
    let l = t.ir.result(late, 0);
    t.ir.set_operands(user, &[e, l]);
    assert_eq!(t.verify(m), Err(()));
    assert_eq!(
        t.diags(),
        "t.mlir:30:3: error: operand #1 does not dominate this use\n\
         t.mlir:31:3: note: operand defined here (op in a parent region)\n"
    );
}

#[test]
fn isolation_is_checked_per_region() {
    // A value of the first region of an isolated op used in its second
    // region is defined outside that region.
    let mut t = T::new();
    let (m, mb) = t.module();
    let (_, blocks) = t.add_regions(mb, "tst.isolated", 2, &[], 2);
    let v = t.add(blocks[0], "tst.val", 3, &[], 1);
    let r = t.ir.result(v, 0);
    t.add(blocks[1], "tst.use", 4, &[r], 0);
    assert_eq!(t.verify(m), Err(()));
    assert!(
        t.diags().starts_with(
            "t.mlir:4:3: error: 'tst.use' op using value defined outside the region\n"
        ),
        "{}",
        t.diags()
    );
}
