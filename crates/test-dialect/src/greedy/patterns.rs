//! The hand-written rewrite patterns of upstream's `TestPatterns.cpp` that the
//! greedy, strict, walk and selective-replacement test passes use.
//!
//! Most are rooted on op names the test dialect does not define
//! (`test.erase_op`, `test.clone_me`, ...): the dialect accepts unknown ops
//! and a pattern can name any op. Each pattern keeps upstream's class name as
//! its debug name, so `--debug-only=greedy-rewriter` logs read the same.

use mlir_ir::{AttrKind, Context, Ir, OpRef, OperationState, TraitSet, Value};
use mlir_rewrite::{LogicalResult, Pattern, PatternRewriter, RewritePattern};
use smallvec::SmallVec;

/// A pattern with benefit 1 rooted on the op named `root`, running `f`
/// (upstream's `RewritePattern(rootName, /*benefit=*/1, context)`
/// subclasses).
pub struct NamedPattern {
    debug_name: &'static str,
    root: &'static str,
    f: fn(OpRef, &mut PatternRewriter<'_>) -> LogicalResult,
}

impl NamedPattern {
    const fn new(
        debug_name: &'static str,
        root: &'static str,
        f: fn(OpRef, &mut PatternRewriter<'_>) -> LogicalResult,
    ) -> Self {
        NamedPattern {
            debug_name,
            root,
            f,
        }
    }
}

impl RewritePattern for NamedPattern {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, self.root, 1).with_debug_name(self.debug_name)
    }
    fn match_and_rewrite(&self, op: OpRef, rewriter: &mut PatternRewriter<'_>) -> LogicalResult {
        (self.f)(op, rewriter)
    }
}

/// Whether `op` carries attribute `name` (inherent or discardable).
fn has_attr(ir: &Ir, op: OpRef, name: &str) -> bool {
    ir.attr(op, name).is_some()
}

/// Whether `op` is a function (what upstream asks with
/// `isa<FunctionOpInterface>`): rmlir has no such interface object, and
/// every function-like op is a symbol with a `function_type` type attribute.
fn is_function_like(ir: &Ir, op: OpRef) -> bool {
    ir.op_has_trait(op, TraitSet::SYMBOL)
        && ir
            .attr(op, "function_type")
            .is_some_and(|t| matches!(ir.ctx().attr(t), AttrKind::Type(_)))
}

/// The results of `op`, as a list of replacement values.
fn results_of(ir: &Ir, op: OpRef) -> SmallVec<[Value; 4]> {
    ir.results(op).collect()
}

// ----------------------------------------------------------------------
// -test-greedy-patterns
// ----------------------------------------------------------------------

/// Replaces `test.op_in_place_fold_anchor` by a `test.op_in_place_fold` built
/// with `create_or_fold`: that op folds in place, so it stays, with its
/// `attr` set (upstream's `FoldingPattern`).
pub const FOLDING_PATTERN: NamedPattern = NamedPattern::new(
    "FoldingPattern",
    "test.op_in_place_fold_anchor",
    |op, rw| {
        let ctx = rw.ctx();
        let name = ctx.op_name("test.op_in_place_fold");
        let i32_ty = ctx.int_type(32);
        let state = OperationState::new(name, rw.ir().op_loc(op))
            .operands(&[rw.ir().operand(op, 0)])
            .results(&[i32_ty]);
        let result = rw.create_or_fold(state);
        rw.replace_op(op, &result);
        Ok(())
    },
);

/// Creates an `arith.constant true` at the start of the block of a
/// `test.cast` marked `test_fold_before_previously_folded_op` and replaces
/// the cast by a new one of it: the constants of two such casts are uniqued
/// by the driver, and the one kept must dominate both casts (upstream's
/// `FolderInsertBeforePreviouslyFoldedConstantPattern`).
pub const FOLDER_INSERT_BEFORE_PREVIOUSLY_FOLDED_CONSTANT: NamedPattern = NamedPattern::new(
    "FolderInsertBeforePreviouslyFoldedConstantPattern",
    "test.cast",
    |op, rw| {
        if !has_attr(rw.ir(), op, "test_fold_before_previously_folded_op") {
            return Err(());
        }
        let block = rw.ir().op_block(op).ok_or(())?;
        rw.set_insertion_point_to_start(block);
        let ctx = rw.ctx();
        let loc = rw.ir().op_loc(op);
        let i1 = ctx.int_type(1);
        let i32_ty = ctx.int_type(32);
        let props = ctx.dictionary_attr(&[(ctx.ident("value"), ctx.bool_attr(true))]);
        let mut state = OperationState::new(ctx.op_name("arith.constant"), loc).results(&[i1]);
        state.properties = Some(props);
        let cast = OperationState::new(ctx.op_name("test.cast"), loc).results(&[i32_ty]);
        let constant = rw.create(state);
        let value = rw.ir().result(constant, 0);
        rw.replace_op_with_new_op(op, cast.operands(&[value]));
        Ok(())
    },
);

/// Replaces `test.op_commutative2(test.op_commutative2(x, c), y)`, with `c`
/// a constant, by `c`: it only matches once the commutative canonicalization
/// has moved the constant to the right (upstream's
/// `FolderCommutativeOp2WithConstant`).
pub const FOLDER_COMMUTATIVE_OP2_WITH_CONSTANT: NamedPattern = NamedPattern::new(
    "FolderCommutativeOp2WithConstant",
    "test.op_commutative2",
    |op, rw| {
        let ir = rw.ir();
        let inner = ir.operand(op, 0).defining_op().ok_or(())?;
        if ir.op_name(inner) != ir.op_name(op) {
            return Err(());
        }
        let constant = ir.operand(inner, 1);
        let def = constant.defining_op().ok_or(())?;
        ir.constant_value(def).ok_or(())?;
        rw.replace_op(op, &[constant]);
        Ok(())
    },
);

/// Increments the integer `attr` of `test.any_attr_of_i32_str` in place while
/// it is below `MAX` (upstream's `IncrementIntAttribute<MaxVal>`).
pub struct IncrementIntAttribute<const MAX: i64>;

impl<const MAX: i64> RewritePattern for IncrementIntAttribute<MAX> {
    fn describe(&self, ctx: &Context) -> Pattern {
        Pattern::new(ctx, "test.any_attr_of_i32_str", 1)
            .with_debug_name(format!("IncrementIntAttribute<{MAX}>"))
    }
    fn match_and_rewrite(&self, op: OpRef, rw: &mut PatternRewriter<'_>) -> LogicalResult {
        let attr = rw.ir().attr(op, "attr").ok_or(())?;
        let value = match rw.ctx().attr(attr) {
            AttrKind::Integer { value, .. } => value.to_i64(),
            _ => return Err(()),
        };
        if value >= MAX {
            return Err(());
        }
        let ctx = rw.ctx();
        let next = ctx.int_attr(ctx.int_type(32), value + 1);
        rw.modify_op_in_place(op, |m| m.set_attr("attr", Some(next)));
        Ok(())
    }
}

/// Marks `foo.maybe_eligible_op` with a unit `eligible` attribute (upstream's
/// `MakeOpEligible`).
pub const MAKE_OP_ELIGIBLE: NamedPattern =
    NamedPattern::new("MakeOpEligible", "foo.maybe_eligible_op", |op, rw| {
        if has_attr(rw.ir(), op, "eligible") {
            return Err(());
        }
        let unit = rw.ctx().unit_attr();
        rw.modify_op_in_place(op, |m| m.set_attr("eligible", Some(unit)));
        Ok(())
    });

/// Moves the op defining the first operand of the terminator of a
/// `test.one_region_op` out of it, before it, once that op is `eligible`
/// (upstream's `HoistEligibleOps`).
pub const HOIST_ELIGIBLE_OPS: NamedPattern =
    NamedPattern::new("HoistEligibleOps", "test.one_region_op", |op, rw| {
        let ir = rw.ir();
        let region = *ir.regions(op).first().ok_or(())?;
        let block = ir.first_block(region).ok_or(())?;
        let terminator = ir.last_op(block).ok_or(())?;
        if ir.num_operands(terminator) == 0 {
            return Err(());
        }
        let to_hoist = ir.operand(terminator, 0).defining_op().ok_or(())?;
        if ir.op_parent_op(to_hoist) != Some(op) || !has_attr(ir, to_hoist, "eligible") {
            return Err(());
        }
        rw.move_op_before(to_hoist, op);
        Ok(())
    });

// ----------------------------------------------------------------------
// -test-strict-pattern-driver and -test-walk-pattern-rewrite-driver
// ----------------------------------------------------------------------

/// Moves `test.move_before_parent_op` before its parent, unless the parent
/// is a function (upstream's `MoveBeforeParentOp`).
pub const MOVE_BEFORE_PARENT_OP: NamedPattern = NamedPattern::new(
    "MoveBeforeParentOp",
    "test.move_before_parent_op",
    |op, rw| {
        let parent = rw.ir().op_parent_op(op).ok_or(())?;
        if is_function_like(rw.ir(), parent) {
            return Err(());
        }
        rw.move_op_before(op, parent);
        Ok(())
    },
);

/// Moves `test.move_after_parent_op` after its parent, or `advance` ops
/// further, unless the parent is a function (upstream's
/// `MoveAfterParentOp`).
pub const MOVE_AFTER_PARENT_OP: NamedPattern = NamedPattern::new(
    "MoveAfterParentOp",
    "test.move_after_parent_op",
    |op, rw| {
        let ir = rw.ir();
        let parent = ir.op_parent_op(op).ok_or(())?;
        if is_function_like(ir, parent) {
            return Err(());
        }
        let advance = ir
            .attr(op, "advance")
            .and_then(|a| ir.ctx().int_attr_value(a))
            .unwrap_or(0);
        let mut after = parent;
        for _ in 0..advance {
            after = ir.next_op(after).ok_or(())?;
        }
        rw.move_op_after(op, after);
        Ok(())
    },
);

/// Inlines every block of `test.inline_blocks_into_parent` before it;
/// succeeds if there was one (upstream's `InlineBlocksIntoParent`).
pub const INLINE_BLOCKS_INTO_PARENT: NamedPattern = NamedPattern::new(
    "InlineBlocksIntoParent",
    "test.inline_blocks_into_parent",
    |op, rw| {
        let mut changed = false;
        let regions: SmallVec<[_; 2]> = rw.ir().regions(op).iter().copied().collect();
        for r in regions {
            while let Some(front) = rw.ir().first_block(r) {
                rw.inline_block_before_op(front, op, &[]);
                changed = true;
            }
        }
        if changed {
            Ok(())
        } else {
            Err(())
        }
    },
);

/// Splits the block at `test.split_block_here` and replaces that op by a
/// `test.new_op`, so the split happens once (upstream's `SplitBlockHere`).
pub const SPLIT_BLOCK_HERE: NamedPattern =
    NamedPattern::new("SplitBlockHere", "test.split_block_here", |op, rw| {
        let block = rw.ir().op_block(op).ok_or(())?;
        rw.split_block(block, Some(op));
        // MLIR's insertion point is an iterator at `op`, which moved with it
        // into the new block: the new op goes right before `op` there.
        rw.set_insertion_point_before(op);
        let ir = rw.ir();
        let loc = ir.op_loc(op);
        let operands: SmallVec<[Value; 4]> = ir.operands(op).collect();
        let types: SmallVec<[_; 2]> = ir.result_types(op).collect();
        let new_op = rw.create_named("test.new_op", loc, &operands, &types, None);
        rw.replace_op_with_op(op, new_op);
        Ok(())
    });

/// Clones `test.clone_me` (before itself) and marks the clone `was_cloned`
/// (upstream's `CloneOp`).
///
/// Upstream sets the mark on the clone behind the rewriter's back; here it
/// is an in-place modification, which listeners see as one more
/// `notifyOperationModified`.
pub const CLONE_OP: NamedPattern = NamedPattern::new("CloneOp", "test.clone_me", |op, rw| {
    if has_attr(rw.ir(), op, "was_cloned") {
        return Err(());
    }
    let cloned = rw.clone(op);
    let unit = rw.ctx().unit_attr();
    rw.modify_op_in_place(cloned, |m| m.set_attr("was_cloned", Some(unit)));
    Ok(())
});

/// Clones the regions of `test.clone_region_before` before its block and
/// marks it `was_cloned` (upstream's `CloneRegionBeforeOp`; the mark is an
/// in-place modification here, see [`CLONE_OP`]).
pub const CLONE_REGION_BEFORE_OP: NamedPattern = NamedPattern::new(
    "CloneRegionBeforeOp",
    "test.clone_region_before",
    |op, rw| {
        if has_attr(rw.ir(), op, "was_cloned") {
            return Err(());
        }
        let block = rw.ir().op_block(op).ok_or(())?;
        let regions: SmallVec<[_; 2]> = rw.ir().regions(op).iter().copied().collect();
        for r in regions {
            rw.clone_region_before_block(r, block);
        }
        let unit = rw.ctx().unit_attr();
        rw.modify_op_in_place(op, |m| m.set_attr("was_cloned", Some(unit)));
        Ok(())
    },
);

/// Replaces `test.replace_with_new_op` by a `test.new_op` with the same
/// operands and result types, or, with `create_erase_op`, by an operand- and
/// result-less `test.erase_op`; uses `replace_all_op_uses_with` and
/// `erase_op` (upstream's `ReplaceWithNewOp`).
pub const REPLACE_WITH_NEW_OP: NamedPattern =
    NamedPattern::new("ReplaceWithNewOp", "test.replace_with_new_op", |op, rw| {
        let ir = rw.ir();
        let loc = ir.op_loc(op);
        let new_op = if has_attr(ir, op, "create_erase_op") {
            rw.create_named("test.erase_op", loc, &[], &[], None)
        } else {
            let operands: SmallVec<[Value; 4]> = ir.operands(op).collect();
            let types: SmallVec<[_; 2]> = ir.result_types(op).collect();
            rw.create_named("test.new_op", loc, &operands, &types, None)
        };
        let results = results_of(rw.ir(), new_op);
        rw.replace_all_op_uses_with(op, &results);
        rw.erase_op(op);
        Ok(())
    });

/// Erases the first block of the first non-empty region of
/// `test.erase_first_block` (upstream's `EraseFirstBlock`).
pub const ERASE_FIRST_BLOCK: NamedPattern =
    NamedPattern::new("EraseFirstBlock", "test.erase_first_block", |op, rw| {
        let ir = rw.ir();
        let first = ir.regions(op).iter().find_map(|&r| ir.first_block(r));
        let block = first.ok_or(())?;
        rw.erase_block(block);
        Ok(())
    });

/// Creates a copy of `test.insert_same_op` and marks both `skip = true`
/// (upstream's `InsertSameOp`; the copy is created with the mark rather than
/// marked afterwards behind the rewriter's back).
pub const INSERT_SAME_OP: NamedPattern =
    NamedPattern::new("InsertSameOp", "test.insert_same_op", |op, rw| {
        if has_attr(rw.ir(), op, "skip") {
            return Err(());
        }
        let ir = rw.ir();
        let ctx = rw.ctx();
        let skip = ctx.bool_attr(true);
        let attrs = ctx.dictionary_attr(&[(ctx.ident("skip"), skip)]);
        let loc = ir.op_loc(op);
        let operands: SmallVec<[Value; 4]> = ir.operands(op).collect();
        let types: SmallVec<[_; 2]> = ir.result_types(op).collect();
        let name = ir.op_name_str(op).to_string();
        rw.create_named(&name, loc, &operands, &types, Some(attrs));
        rw.modify_op_in_place(op, |m| m.set_attr("skip", Some(skip)));
        Ok(())
    });

/// Erases `test.erase_op` (upstream's `EraseOp`).
pub const ERASE_OP: NamedPattern = NamedPattern::new("EraseOp", "test.erase_op", |op, rw| {
    rw.erase_op(op);
    Ok(())
});

/// Redirects every use of the first successor of `test.change_block_op` to
/// its second through the rewriter, so the users are re-queued (upstream's
/// `ChangeBlockOp`).
pub const CHANGE_BLOCK_OP: NamedPattern =
    NamedPattern::new("ChangeBlockOp", "test.change_block_op", |op, rw| {
        let ir = rw.ir();
        if ir.num_successors(op) < 2 {
            return Err(());
        }
        let (first, second) = (ir.successor(op, 0), ir.successor(op, 1));
        if first == second {
            return Err(());
        }
        rw.replace_all_block_uses_with(first, second);
        Ok(())
    });

/// Makes the first successor of `test.implicit_change_op` its own block
/// (upstream's `ImplicitChangeOp`); it only fires if the op gets queued by
/// [`CHANGE_BLOCK_OP`] modifying it.
pub const IMPLICIT_CHANGE_OP: NamedPattern =
    NamedPattern::new("ImplicitChangeOp", "test.implicit_change_op", |op, rw| {
        let ir = rw.ir();
        let block = ir.op_block(op).ok_or(())?;
        if ir.num_successors(op) < 1 || ir.successor(op, 0) == block {
            return Err(());
        }
        rw.modify_op_in_place(op, |m| m.set_successor(0, block));
        Ok(())
    });

// ----------------------------------------------------------------------
// -test-pattern-selective-replacement
// ----------------------------------------------------------------------

/// On a two-operand `test.cast`: uses by terminators get the first operand,
/// every other use the second, and the cast is erased (upstream's
/// `TestSelectiveOpReplacementPattern`).
pub const TEST_SELECTIVE_OP_REPLACEMENT: NamedPattern = NamedPattern::new(
    "TestSelectiveOpReplacementPattern",
    "test.cast",
    |op, rw| {
        let ir = rw.ir();
        if ir.num_operands(op) != 2 {
            return Err(());
        }
        let (first, second) = (ir.operand(op, 0), ir.operand(op, 1));
        let result = ir.result(op, 0);
        rw.replace_uses_with_if(result, first, |ir, u| {
            ir.op_has_trait(u.op, TraitSet::IS_TERMINATOR)
        });
        rw.replace_op(op, &[second]);
        Ok(())
    },
);

// ----------------------------------------------------------------------
// -test-broken-patterns (rmlir's test of the expensive checks)
// ----------------------------------------------------------------------

/// Patterns that break their contract, one per rule the expensive checks
/// enforce; each is rooted on its own op name so a test picks the rule.
pub const BROKEN_PATTERNS: [NamedPattern; 5] = [
    // Claims success without changing anything.
    NamedPattern::new(
        "SuccessWithoutChange",
        "test.success_without_change",
        |_, _| Ok(()),
    ),
    // Changes the op, then claims failure.
    NamedPattern::new(
        "FailureAfterChange",
        "test.failure_after_change",
        |op, rw| {
            if has_attr(rw.ir(), op, "changed") {
                return Err(());
            }
            let unit = rw.ctx().unit_attr();
            rw.modify_op_in_place(op, |m| m.set_attr("changed", Some(unit)));
            Err(())
        },
    ),
    // Replaces the op by a `test.op_in_place_fold` without its operand,
    // which does not verify.
    NamedPattern::new("ProducesInvalidIr", "test.produces_invalid_ir", |op, rw| {
        let ir = rw.ir();
        let loc = ir.op_loc(op);
        let types: SmallVec<[_; 2]> = ir.result_types(op).collect();
        let new_op = rw.create_named("test.op_in_place_fold", loc, &[], &types, None);
        rw.replace_op_with_op(op, new_op);
        Ok(())
    }),
    // Panics in its own code (a bug in a user's pattern): the pass fails
    // with an error naming the pattern.
    NamedPattern::new("PanicsInPattern", "test.panics_in_pattern", |op, rw| {
        let n = rw.ir().num_operands(op);
        panic!("the pattern expected an operand but the op has {n}")
    }),
    // Misuses the rewriter: erases an op whose result is still used. The
    // rewriter refuses before changing anything and the pass fails.
    NamedPattern::new("ErasesUsedOp", "test.erases_used_op", |op, rw| {
        rw.erase_op(op);
        Ok(())
    }),
];

// ----------------------------------------------------------------------
// Non-convergence (rmlir only): canonicalization patterns of
// `test.rmlir_flip` and `test.rmlir_grow`
// ----------------------------------------------------------------------

/// Sets the unit attribute `flipped` of a `test.rmlir_flip` that lacks it;
/// [`FLIP_OFF`] removes it again, so the two undo each other forever.
pub const FLIP_ON: NamedPattern = NamedPattern::new("FlipOn", "test.rmlir_flip", |op, rw| {
    if has_attr(rw.ir(), op, "flipped") {
        return Err(());
    }
    let unit = rw.ctx().unit_attr();
    rw.modify_op_in_place(op, |m| m.set_attr("flipped", Some(unit)));
    Ok(())
});

/// Removes the unit attribute `flipped` of a `test.rmlir_flip` (undoing
/// [`FLIP_ON`]).
pub const FLIP_OFF: NamedPattern = NamedPattern::new("FlipOff", "test.rmlir_flip", |op, rw| {
    if !has_attr(rw.ir(), op, "flipped") {
        return Err(());
    }
    rw.modify_op_in_place(op, |m| m.set_attr("flipped", None));
    Ok(())
});

/// Inserts a `test.rmlir_grown` op (unregistered, so never dead) before a
/// `test.rmlir_grow`, every time it is applied. It leaves the matched op
/// unchanged, so within one iteration it fires once; the next iteration
/// queues the op again, and the IR grows by one op per iteration.
pub const GROW_FOREVER: NamedPattern =
    NamedPattern::new("GrowForever", "test.rmlir_grow", |op, rw| {
        let ctx = rw.ctx();
        let state = OperationState::new(ctx.op_name("test.rmlir_grown"), rw.ir().op_loc(op));
        rw.set_insertion_point_before(op);
        rw.create(state);
        Ok(())
    });
