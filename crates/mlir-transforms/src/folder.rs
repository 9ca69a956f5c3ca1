//! [`OperationFolder`] (MLIR's `FoldUtils.cpp`): folds ops and keeps one
//! constant per (dialect, value, type) in each insertion region, hoisted to
//! the front of the region's entry block.
//!
//! The insertion region of an op is the closest enclosing region whose
//! parent op is isolated from above (or unregistered, which might be), or
//! is top-level, or that the parent op's dialect claims with
//! [`mlir_ir::Dialect::should_materialize_into`].
//!
//! Locations follow mlir-opt: a constant that absorbs a duplicate, or that
//! is hoisted into another block, gets `loc(unknown)` (MLIR's
//! `erasedFoldedLocation`; fusing the locations was tried upstream and
//! reverted); a constant that is only moved to the front of its own block
//! keeps its location.
//!
//! Like MLIR's folder, moves made to keep constants at the front of the
//! entry block are not reported to the listener (they do not change what
//! any op computes); replacements and erasures are.

use hashbrown::HashMap;
use smallvec::SmallVec;

use mlir_ir::{
    Attribute, BlockRef, Ident, Ir, Location, OpBuilder, OpFoldResult, OpRef, RegionRef, TraitSet,
    Type, Value,
};
use mlir_rewrite::{PatternRewriter, RewriterListener};

/// The key of a uniqued constant: (dialect namespace, value, type).
type ConstKey = (Ident, Attribute, Type);

/// Folds operations and uniques the constants it creates or is told about.
#[derive(Default)]
pub struct OperationFolder {
    /// Uniqued constants per insertion region.
    fold_scopes: HashMap<RegionRef, HashMap<ConstKey, OpRef>>,
    /// For each folder-owned constant, the dialects whose key maps to it.
    referenced_dialects: HashMap<OpRef, SmallVec<[Ident; 2]>>,
}

/// The dialect namespace of `op`, interned.
fn dialect_of(ir: &Ir, op: OpRef) -> Ident {
    ir.ctx().op_dialect_ident(ir.op_name(op))
}

/// The region folded constants for ops in `block` go into (MLIR's
/// `getInsertionRegion`).
pub fn insertion_region(ir: &Ir, mut block: BlockRef) -> RegionRef {
    loop {
        let region = ir
            .block_parent_region(block)
            .expect("constant insertion block is not in a region");
        let parent = ir
            .region_parent_op(region)
            .expect("region without a parent op");
        let info = ir.ctx().op_info(ir.op_name(parent));
        // `mightHaveTrait`: an unregistered op might be isolated from above.
        let isolated = !info.registered || info.has_trait(TraitSet::ISOLATED_FROM_ABOVE);
        let Some(parent_block) = ir.op_block(parent) else {
            return region;
        };
        if isolated {
            return region;
        }
        if let Some(d) = ir.ctx().op_dialect(ir.op_name(parent)) {
            if d.should_materialize_into(ir, region) {
                return region;
            }
        }
        block = parent_block;
    }
}

impl OperationFolder {
    /// An empty folder.
    pub fn new() -> Self {
        Self::default()
    }

    /// Forgets every uniqued constant (MLIR's `clear`).
    pub fn clear(&mut self) {
        self.fold_scopes.clear();
        self.referenced_dialects.clear();
    }

    /// Whether `op` is a constant this folder uniqued.
    pub fn is_folder_owned_constant(&self, op: OpRef) -> bool {
        self.referenced_dialects.contains_key(&op)
    }

    /// Moves a folder-owned constant back to the front of its block if a
    /// non-folder op got in front of it ("rehoisting"), erasing its location.
    fn rehoist(&self, ir: &mut Ir, op: OpRef) {
        let block = ir.op_block(op).expect("constant is in a block");
        let first = ir.first_op(block).expect("block holds the constant");
        let prev_owned = ir
            .prev_op(op)
            .is_some_and(|p| self.is_folder_owned_constant(p));
        if first != op && !prev_owned {
            ir.move_op_before(op, first);
            let unknown = ir.ctx().unknown_loc();
            ir.set_op_loc(op, unknown);
        }
    }

    /// Folds `op` (MLIR's `OperationFolder::tryToFold`). Returns
    /// `Ok(true)` if it was updated in place ("modified" is notified),
    /// `Ok(false)` if it was replaced by existing values or uniqued
    /// constants and erased, `Err(())` if it did not fold. Folder-owned
    /// constants never fold (they may be rehoisted).
    pub fn try_to_fold(
        &mut self,
        ir: &mut Ir,
        mut listener: Option<&mut (dyn RewriterListener + '_)>,
        op: OpRef,
    ) -> Result<bool, ()> {
        if self.is_folder_owned_constant(op) {
            self.rehoist(ir, op);
            return Err(());
        }
        let mut folded = SmallVec::new();
        ir.fold_op(op, &mut folded)?;
        if folded.is_empty() {
            // The fold hooks do not notify anybody; the folder does.
            if let Some(l) = listener.as_deref_mut() {
                l.notify_operation_modified(ir, op);
            }
            return Ok(true);
        }
        let results = self.process_fold_results(ir, listener.as_deref_mut(), op, &folded)?;
        self.notify_removal(ir, op);
        PatternRewriter::with_optional_listener(ir, listener).replace_op(op, &results);
        Ok(false)
    }

    /// Turns fold results into values, materializing and uniquing constants
    /// at the front of the insertion region's entry block.
    fn process_fold_results(
        &mut self,
        ir: &mut Ir,
        mut listener: Option<&mut (dyn RewriterListener + '_)>,
        op: OpRef,
        folded: &[OpFoldResult],
    ) -> Result<SmallVec<[Value; 2]>, ()> {
        let block = ir.op_block(op).expect("folded op is in a block");
        let region = insertion_region(ir, block);
        let entry = ir
            .first_block(region)
            .expect("insertion region has a block");
        let dialect = dialect_of(ir, op);
        let unknown = ir.ctx().unknown_loc();
        let mut results = SmallVec::new();
        let mut created: SmallVec<[OpRef; 2]> = SmallVec::new();
        for (i, r) in folded.iter().enumerate() {
            match *r {
                OpFoldResult::Value(v) => results.push(v),
                OpFoldResult::Attr(attr) => {
                    let ty = ir.value_type(ir.result(op, i));
                    let before = ir.num_ops();
                    match self.try_get_or_create_constant(
                        ir,
                        listener.as_deref_mut(),
                        region,
                        entry,
                        dialect,
                        attr,
                        ty,
                        unknown,
                    ) {
                        Some(c) => {
                            if ir.num_ops() > before {
                                created.push(c);
                            }
                            // The constant must dominate `op`; an op inserted
                            // in front of the entry block may precede it.
                            if ir.op_block(c) == Some(block) && ir.first_op(block) != Some(c) {
                                let first = ir.first_op(block).expect("non-empty block");
                                ir.move_op_before(c, first);
                            }
                            results.push(ir.result(c, 0));
                        }
                        None => {
                            for c in created {
                                self.notify_removal(ir, c);
                                PatternRewriter::with_optional_listener(
                                    ir,
                                    listener.as_deref_mut(),
                                )
                                .erase_op(c);
                            }
                            return Err(());
                        }
                    }
                }
            }
        }
        Ok(results)
    }

    /// Finds or materializes the constant `value` of type `ty` for
    /// `dialect` at the front of `entry` (MLIR's `tryGetOrCreateConstant`).
    #[allow(clippy::too_many_arguments)]
    fn try_get_or_create_constant(
        &mut self,
        ir: &mut Ir,
        mut listener: Option<&mut (dyn RewriterListener + '_)>,
        region: RegionRef,
        entry: BlockRef,
        dialect: Ident,
        value: Attribute,
        ty: Type,
        loc: Location,
    ) -> Option<OpRef> {
        let key = (dialect, value, ty);
        if let Some(&c) = self.fold_scopes.get(&region).and_then(|m| m.get(&key)) {
            if ir.op_loc(c) != loc {
                let unknown = ir.ctx().unknown_loc();
                ir.set_op_loc(c, unknown);
            }
            return Some(c);
        }
        let ctx = ir.ctx_arc().clone();
        let d = ctx.dialect(ctx.ident_str(dialect))?;
        let c = {
            let mut rw = PatternRewriter::with_optional_listener(ir, listener.as_deref_mut());
            rw.set_insertion_point_to_start(entry);
            rw.with_builder(|b: &mut OpBuilder<'_>| d.materialize_constant(b, value, ty, loc))?
        };
        debug_assert!(
            ir.constant_value(c).is_some(),
            "materialize_constant produced an op that is not a constant"
        );
        let new_dialect = dialect_of(ir, c);
        let scope = self.fold_scopes.entry(region).or_default();
        if new_dialect == dialect {
            scope.insert(key, c);
            self.referenced_dialects.entry(c).or_default().push(dialect);
            return Some(c);
        }
        // The dialect materialized an op of another dialect: unique it
        // under that dialect's key too, reusing an existing one if any.
        let new_key = (new_dialect, value, ty);
        if let Some(&existing) = scope.get(&new_key) {
            scope.insert(key, existing);
            self.referenced_dialects
                .entry(existing)
                .or_default()
                .push(dialect);
            PatternRewriter::with_optional_listener(ir, listener).erase_op(c);
            if ir.op_loc(existing) != loc {
                let unknown = ir.ctx().unknown_loc();
                ir.set_op_loc(existing, unknown);
            }
            return Some(existing);
        }
        scope.insert(key, c);
        scope.insert(new_key, c);
        self.referenced_dialects
            .insert(c, SmallVec::from_slice(&[dialect, new_dialect]));
        Some(c)
    }

    /// Registers an existing constant `op` (MLIR's `insertKnownConstant`).
    /// If an equal constant is already uniqued in the insertion region,
    /// `op` is replaced by it and erased (the survivor's location becomes
    /// unknown) and `false` is returned. Otherwise `op` becomes the uniqued
    /// constant, hoisted to the front of the entry block (location erased
    /// if it changes block), and `true` is returned.
    pub fn insert_known_constant(
        &mut self,
        ir: &mut Ir,
        listener: Option<&mut (dyn RewriterListener + '_)>,
        op: OpRef,
        value: Option<Attribute>,
    ) -> bool {
        let block = ir.op_block(op).expect("constant is in a block");
        if self.is_folder_owned_constant(op) {
            self.rehoist(ir, op);
            return true;
        }
        let value = match value {
            Some(v) => {
                debug_assert_eq!(ir.constant_value(op), Some(v), "wrong constant value");
                v
            }
            None => ir.constant_value(op).expect("expected a constant op"),
        };
        let region = insertion_region(ir, block);
        let key = (dialect_of(ir, op), value, ir.value_type(ir.result(op, 0)));
        if let Some(&existing) = self.fold_scopes.get(&region).and_then(|m| m.get(&key)) {
            self.notify_removal(ir, op);
            let v = ir.result(existing, 0);
            PatternRewriter::with_optional_listener(ir, listener).replace_op(op, &[v]);
            let unknown = ir.ctx().unknown_loc();
            ir.set_op_loc(existing, unknown);
            return false;
        }
        let entry = ir
            .first_block(region)
            .expect("insertion region has a block");
        let first = ir.first_op(entry).expect("entry block is not empty");
        if block != entry {
            ir.move_op_before(op, first);
            let unknown = ir.ctx().unknown_loc();
            ir.set_op_loc(op, unknown);
        } else if first != op
            && !ir
                .prev_op(op)
                .is_some_and(|p| self.is_folder_owned_constant(p))
        {
            // Moving within the block keeps the location (mlir-opt's
            // `simple_hoist` test).
            ir.move_op_before(op, first);
        }
        self.fold_scopes.entry(region).or_default().insert(key, op);
        self.referenced_dialects.entry(op).or_default().push(key.0);
        true
    }

    /// Forgets `op` if it is a uniqued constant (MLIR's `notifyRemoval`);
    /// call before erasing it.
    pub fn notify_removal(&mut self, ir: &Ir, op: OpRef) {
        let Some(dialects) = self.referenced_dialects.remove(&op) else {
            return;
        };
        let Some(value) = ir.constant_value(op) else {
            return;
        };
        let Some(block) = ir.op_block(op) else {
            return;
        };
        let region = insertion_region(ir, block);
        let ty = ir.value_type(ir.result(op, 0));
        if let Some(scope) = self.fold_scopes.get_mut(&region) {
            for d in dialects {
                scope.remove(&(d, value, ty));
            }
        }
    }

    /// The uniqued constant `value` of type `ty` for `dialect` usable in
    /// `block`, materialized at the front of the insertion region's entry
    /// block with an unknown location if needed (MLIR's
    /// `getOrCreateConstant`).
    pub fn get_or_create_constant(
        &mut self,
        ir: &mut Ir,
        listener: Option<&mut (dyn RewriterListener + '_)>,
        block: BlockRef,
        dialect: &str,
        value: Attribute,
        ty: Type,
    ) -> Option<Value> {
        let region = insertion_region(ir, block);
        let entry = ir.first_block(region)?;
        let d = ir.ctx().ident(dialect);
        let unknown = ir.ctx().unknown_loc();
        let c =
            self.try_get_or_create_constant(ir, listener, region, entry, d, value, ty, unknown)?;
        Some(ir.result(c, 0))
    }
}
