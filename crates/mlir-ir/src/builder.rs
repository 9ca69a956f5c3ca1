//! [`OpBuilder`]: creates operations at an insertion point and tells a
//! [`BuilderListener`] about every op and block it inserts.
//!
//! The rewriter of `mlir-rewrite` builds on this: it is an `OpBuilder` whose
//! listener is the pattern driver, so the driver hears about new IR without
//! patterns having to report it.

use smallvec::SmallVec;

use crate::attributes::{Attribute, Location};
use crate::context::{Context, OpName};
use crate::fold::OpFoldResult;
use crate::ir::{BlockRef, Ir, OpRef, OperationState, RegionRef, Value};
use crate::types::Type;

/// Where new operations go: before `before` in `block`, or at its end when `before` is `None`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct InsertPoint {
    pub block: BlockRef,
    pub before: Option<OpRef>,
}

impl InsertPoint {
    /// Before `op`.
    pub fn before(ir: &Ir, op: OpRef) -> InsertPoint {
        InsertPoint {
            block: ir.op_block(op).expect("insertion anchor is not in a block"),
            before: Some(op),
        }
    }
    /// After `op`.
    pub fn after(ir: &Ir, op: OpRef) -> InsertPoint {
        InsertPoint {
            block: ir.op_block(op).expect("insertion anchor is not in a block"),
            before: ir.next_op(op),
        }
    }
    /// After the definition of `v`: after its defining op, or at the start of
    /// the block for a block argument.
    pub fn after_value(ir: &Ir, v: Value) -> InsertPoint {
        match v.defining_op() {
            Some(op) => InsertPoint::after(ir, op),
            None => {
                let b = ir
                    .value_parent_block(v)
                    .expect("block argument without a block");
                InsertPoint::block_start(ir, b)
            }
        }
    }
    pub fn block_start(ir: &Ir, block: BlockRef) -> InsertPoint {
        InsertPoint {
            block,
            before: ir.first_op(block),
        }
    }
    pub fn block_end(block: BlockRef) -> InsertPoint {
        InsertPoint {
            block,
            before: None,
        }
    }
}

/// Where an op was before an insertion a listener hears of (MLIR's
/// `OpBuilder::InsertPoint` argument of `notifyOperationInserted`, which is
/// unset for a new op, and set with a block but no iterator when the
/// position is not known).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum PreviousPosition {
    /// The op was not in a block: it was just created (or detached).
    Unlinked,
    /// The op was at this point.
    At(InsertPoint),
    /// The op was in this block, at a position the notifier no longer knows
    /// (the dialect conversion's moves, notified at commit with rollback,
    /// as MLIR 22 notifies them).
    Unknown(BlockRef),
}

impl PreviousPosition {
    /// `Unlinked` for `None`, `At` otherwise.
    pub fn from_option(p: Option<InsertPoint>) -> Self {
        match p {
            None => PreviousPosition::Unlinked,
            Some(ip) => PreviousPosition::At(ip),
        }
    }
    /// Whether the op was not in a block (a new op).
    pub fn is_unlinked(self) -> bool {
        self == PreviousPosition::Unlinked
    }
}

/// Notifications of IR insertion (MLIR's `OpBuilder::Listener`).
pub trait BuilderListener {
    /// `op` was inserted; `previous` is where it was before.
    fn notify_operation_inserted(&mut self, _ir: &Ir, _op: OpRef, _previous: PreviousPosition) {}
    /// `block` was inserted; `previous` is the region and next block it was
    /// in before, if it was in a region.
    fn notify_block_inserted(
        &mut self,
        _ir: &Ir,
        _block: BlockRef,
        _previous: Option<(RegionRef, Option<BlockRef>)>,
    ) {
    }
}

/// Creates operations at an insertion point.
pub struct OpBuilder<'a> {
    pub ir: &'a mut Ir,
    ip: Option<InsertPoint>,
    listener: Option<&'a mut dyn BuilderListener>,
}

impl<'a> OpBuilder<'a> {
    pub fn new(ir: &'a mut Ir) -> Self {
        OpBuilder {
            ir,
            ip: None,
            listener: None,
        }
    }
    pub fn with_listener(ir: &'a mut Ir, listener: &'a mut dyn BuilderListener) -> Self {
        OpBuilder {
            ir,
            ip: None,
            listener: Some(listener),
        }
    }
    pub fn ctx(&self) -> &Context {
        self.ir.ctx()
    }
    pub fn insertion_point(&self) -> Option<InsertPoint> {
        self.ip
    }
    pub fn set_insertion_point(&mut self, ip: Option<InsertPoint>) {
        self.ip = ip;
    }
    pub fn clear_insertion_point(&mut self) {
        self.ip = None;
    }
    /// Insert before `op`.
    pub fn set_insertion_point_before(&mut self, op: OpRef) {
        self.ip = Some(InsertPoint::before(self.ir, op));
    }
    pub fn set_insertion_point_after(&mut self, op: OpRef) {
        self.ip = Some(InsertPoint::after(self.ir, op));
    }
    /// Insert after the definition of `v` (at the start of its block for arguments).
    pub fn set_insertion_point_after_value(&mut self, v: Value) {
        self.ip = Some(InsertPoint::after_value(self.ir, v));
    }
    pub fn set_insertion_point_to_start(&mut self, block: BlockRef) {
        self.ip = Some(InsertPoint::block_start(self.ir, block));
    }
    pub fn set_insertion_point_to_end(&mut self, block: BlockRef) {
        self.ip = Some(InsertPoint::block_end(block));
    }
    pub fn insertion_block(&self) -> Option<BlockRef> {
        self.ip.map(|ip| ip.block)
    }

    /// Inserts detached `op` at the insertion point (if any) and notifies the listener.
    pub fn insert(&mut self, op: OpRef) -> OpRef {
        if let Some(ip) = self.ip {
            self.ir.insert_op(ip.block, ip.before, op);
            if let Some(l) = self.listener.as_deref_mut() {
                l.notify_operation_inserted(self.ir, op, PreviousPosition::Unlinked);
            }
        }
        op
    }

    /// Creates an op from `state` and inserts it at the insertion point.
    pub fn create(&mut self, state: OperationState) -> OpRef {
        let op = self.ir.create_op(state);
        self.insert(op)
    }

    /// Tries to fold `op` (MLIR's `OpBuilder::tryFold`): on success `results`
    /// holds the replacement values (empty for an in-place fold). Constants
    /// are materialized through `op`'s dialect and inserted at the insertion
    /// point only if every result could be produced. Constant-like ops are
    /// not folded.
    pub fn try_fold(&mut self, op: OpRef, results: &mut SmallVec<[Value; 1]>) -> Result<(), ()> {
        results.clear();
        if self.ir.constant_value(op).is_some() {
            return Err(());
        }
        let mut folded = SmallVec::new();
        self.ir.fold_op(op, &mut folded)?;
        if folded.is_empty() {
            return Ok(());
        }
        let ctx = self.ir.ctx_arc().clone();
        let dialect = ctx.op_dialect(self.ir.op_name(op));
        let loc = self.ir.op_loc(op);
        let mut generated: SmallVec<[OpRef; 1]> = SmallVec::new();
        for (i, r) in folded.into_iter().enumerate() {
            let attr = match r {
                OpFoldResult::Value(v) => {
                    results.push(v);
                    continue;
                }
                OpFoldResult::Attr(a) => a,
            };
            let ty = self.ir.value_type(self.ir.result(op, i));
            // Constants are built detached and inserted only once all
            // results are known, so a failure leaves no trace.
            let cst = dialect.and_then(|d| {
                let mut b = OpBuilder::new(self.ir);
                d.materialize_constant(&mut b, attr, ty, loc)
            });
            let Some(cst) = cst else {
                for c in generated {
                    self.ir.erase_op(c);
                }
                results.clear();
                return Err(());
            };
            generated.push(cst);
            results.push(self.ir.result(cst, 0));
        }
        for c in generated {
            self.insert(c);
        }
        Ok(())
    }

    /// Creates an op from `state` and folds it if possible (MLIR's
    /// `createOrFold`): returns the folded values, or the new op's results
    /// if it did not fold or folded in place. The listener hears about the op
    /// only if it is kept, and about materialized constants.
    pub fn create_or_fold(&mut self, state: OperationState) -> SmallVec<[Value; 1]> {
        let op = self.ir.create_op(state);
        if let Some(ip) = self.ip {
            self.ir.insert_op(ip.block, ip.before, op);
        }
        let mut results = SmallVec::new();
        if self.try_fold(op, &mut results).is_ok() && !results.is_empty() {
            self.ir.erase_op(op);
            return results;
        }
        results.clear();
        results.extend(self.ir.results(op));
        if self.ip.is_some() {
            if let Some(l) = self.listener.as_deref_mut() {
                l.notify_operation_inserted(self.ir, op, PreviousPosition::Unlinked);
            }
        }
        results
    }

    /// Creates an op by name.
    pub fn create_named(
        &mut self,
        name: &str,
        loc: Location,
        operands: &[Value],
        result_types: &[Type],
        attributes: Option<Attribute>,
    ) -> OpRef {
        let name: OpName = self.ir.ctx().op_name(name);
        let mut state = OperationState::new(name, loc)
            .operands(operands)
            .results(result_types);
        state.attributes = attributes;
        self.create(state)
    }

    /// Creates a block with the given arguments in `region` before `before`
    /// (or at the end), sets the insertion point to its end, and notifies the listener.
    pub fn create_block(
        &mut self,
        region: RegionRef,
        before: Option<BlockRef>,
        arg_types: &[Type],
        arg_locs: &[Location],
    ) -> BlockRef {
        let b = self.ir.create_block();
        for (i, &ty) in arg_types.iter().enumerate() {
            let loc = arg_locs
                .get(i)
                .copied()
                .unwrap_or_else(|| self.ir.ctx().unknown_loc());
            self.ir.add_argument(b, ty, loc);
        }
        self.ir.insert_block(region, before, b);
        self.ip = Some(InsertPoint::block_end(b));
        if let Some(l) = self.listener.as_deref_mut() {
            l.notify_block_inserted(self.ir, b, None);
        }
        b
    }

    /// Clones `op` (deeply) at the insertion point. As MLIR's
    /// `OpBuilder::clone`, the listener hears of the clone first, then of the
    /// blocks directly in its regions, then of every nested op in pre-order,
    /// each op followed by the blocks directly in its regions.
    pub fn clone_op(&mut self, op: OpRef, mapping: &mut crate::IrMapping) -> OpRef {
        let c = self.ir.clone_op(op, mapping);
        self.insert(c);
        if let Some(l) = self.listener.as_deref_mut() {
            let ir: &Ir = self.ir;
            let notify_blocks = |l: &mut dyn BuilderListener, o: OpRef| {
                for &r in ir.regions(o) {
                    for b in ir.region_blocks(r) {
                        l.notify_block_inserted(ir, b, None);
                    }
                }
            };
            notify_blocks(l, c);
            for &r in ir.regions(c) {
                for b in ir.region_blocks(r) {
                    for top in ir.block_ops(b) {
                        ir.walk(top, crate::WalkOrder::PreOrder, |o| {
                            l.notify_operation_inserted(ir, o, PreviousPosition::Unlinked);
                            notify_blocks(l, o);
                            crate::WalkResult::Advance
                        });
                    }
                }
            }
        }
        c
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::{Context, IrMapping, WalkOrder};

    #[derive(Default)]
    struct Log(Vec<String>);

    impl BuilderListener for Log {
        fn notify_operation_inserted(&mut self, ir: &Ir, op: OpRef, _: PreviousPosition) {
            self.0.push(ir.op_name_str(op).to_string());
        }
        fn notify_block_inserted(
            &mut self,
            ir: &Ir,
            b: BlockRef,
            _: Option<(RegionRef, Option<BlockRef>)>,
        ) {
            let parent = ir.block_parent_op(b).expect("cloned blocks are attached");
            self.0.push(format!("block of {}", ir.op_name_str(parent)));
        }
    }

    #[test]
    fn clone_notifies_in_mlir_order() {
        let mut ctx = Context::new();
        ctx.set_allow_unregistered_dialects(true);
        let src = r#"
"t.outer"() ({
  "t.a"() ({
    "t.a1"() : () -> ()
  }) : () -> ()
  "t.b"() : () -> ()
}) : () -> ()
"#;
        let (mut ir, module) =
            crate::asm::parse_source(Arc::new(ctx), src, &Default::default()).expect("parses");
        let outer = ir
            .walk_collect(module, WalkOrder::PreOrder)
            .into_iter()
            .find(|&o| ir.op_name_str(o) == "t.outer")
            .expect("outer");
        let mut log = Log::default();
        let mut b = OpBuilder::with_listener(&mut ir, &mut log);
        b.set_insertion_point_after(outer);
        b.clone_op(outer, &mut IrMapping::new());
        assert_eq!(
            log.0,
            [
                "t.outer",
                "block of t.outer",
                "t.a",
                "block of t.a",
                "t.a1",
                "t.b"
            ]
        );
    }
}
