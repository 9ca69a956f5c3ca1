//! The test passes of the pattern drivers (upstream's `TestPatterns.cpp`):
//! `-test-greedy-patterns`, `-test-strict-pattern-driver`,
//! `-test-walk-pattern-rewrite-driver` and
//! `-test-pattern-selective-replacement`, with upstream's arguments, options
//! and defaults.

use mlir_ir::diagnostics::Diagnostic;
use mlir_ir::{Ir, OpRef, WalkOrder, WalkResult};
use mlir_rewrite::{FrozenRewritePatternSet, RewritePatternSet};
use mlir_transforms::pass::PassContext;
use mlir_transforms::{
    apply_op_patterns_greedily, apply_patterns_greedily, walk_and_apply_patterns,
    GreedyRewriteConfig, GreedyRewriteStrictness,
};

use super::notifications::DumpNotifications;
use super::patterns::*;

/// Applies the test dialect's DRR patterns and the hand-written greedy
/// driver patterns with the greedy driver to the regions of the op it runs
/// on (upstream's `TestGreedyPatternDriver`; declared in
/// `td/TestPasses.td`).
#[derive(Clone, Default)]
pub struct TestGreedyPatternDriver {
    pub(crate) base: crate::pass_decls::TestGreedyPatternDriverBase,
}

impl mlir_transforms::pass::PassImpl for TestGreedyPatternDriver {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        _cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let mut patterns = RewritePatternSet::new(ir.ctx_arc().clone());
        crate::drr::populate_with_generated(&mut patterns);
        patterns
            .add(FOLDING_PATTERN)
            .add(FOLDER_INSERT_BEFORE_PREVIOUSLY_FOLDED_CONSTANT)
            .add(FOLDER_COMMUTATIVE_OP2_WITH_CONSTANT)
            .add(HOIST_ELIGIBLE_OPS)
            .add(MAKE_OP_ELIGIBLE)
            .add(IncrementIntAttribute::<3>);
        let o = &self.base;
        let max_iterations = o.max_iterations();
        let config = GreedyRewriteConfig {
            use_top_down_traversal: o.use_top_down_traversal(),
            max_iterations: (max_iterations >= 0).then_some(max_iterations as u64),
            fold: o.fold(),
            cse_constants: o.cse_constants(),
            ..Default::default()
        };
        // Like upstream, non-convergence is not a failure of this pass; a
        // pattern caught breaking its contract (with the expensive checks
        // on) is, as upstream aborts then.
        let result =
            apply_patterns_greedily(ir, op, &FrozenRewritePatternSet::new(patterns), config);
        if result.found_broken_patterns() {
            return Err(());
        }
        Ok(())
    }
}

/// Runs the op-list greedy driver on the ops of a function that the test
/// patterns rewrite, with the given strictness, printing every notification
/// and recording the driver's `changed`/`all_erased` answers as the
/// function's `pattern_driver_changed`/`pattern_driver_all_erased`
/// attributes (upstream's `TestStrictPatternDriver`).
#[derive(Clone, Default)]
pub struct TestStrictPatternDriver {
    pub(crate) base: crate::pass_decls::TestStrictPatternDriverBase,
}

/// The ops whose names the strict driver test seeds its worklist with.
const STRICT_ROOTS: &[&str] = &[
    "test.insert_same_op",
    "test.change_block_op",
    "test.replace_with_new_op",
    "test.erase_op",
    "test.move_before_parent_op",
    "test.inline_blocks_into_parent",
    "test.split_block_here",
    "test.clone_me",
    "test.clone_region_before",
];

impl mlir_transforms::pass::PassImpl for TestStrictPatternDriver {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        _cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let strictness = match self.base.strict_mode() {
            "AnyOp" => GreedyRewriteStrictness::AnyOp,
            "ExistingAndNewOps" => GreedyRewriteStrictness::ExistingAndNewOps,
            "ExistingOps" => GreedyRewriteStrictness::ExistingOps,
            other => {
                // Upstream treats this as unreachable; a diagnostic is kinder.
                let msg = format!(
                    "invalid strictness option '{other}': expected AnyOp, ExistingAndNewOps or ExistingOps"
                );
                ir.ctx().emit(Diagnostic::error(ir.op_loc(op), msg));
                return Err(());
            }
        };
        let mut patterns = RewritePatternSet::new(ir.ctx_arc().clone());
        patterns
            .add(CHANGE_BLOCK_OP)
            .add(CLONE_OP)
            .add(CLONE_REGION_BEFORE_OP)
            .add(ERASE_OP)
            .add(IMPLICIT_CHANGE_OP)
            .add(INLINE_BLOCKS_INTO_PARENT)
            .add(INSERT_SAME_OP)
            .add(MOVE_BEFORE_PARENT_OP)
            .add(REPLACE_WITH_NEW_OP)
            .add(SPLIT_BLOCK_HERE);
        let mut ops = Vec::new();
        ir.walk(op, WalkOrder::PostOrder, |o| {
            if STRICT_ROOTS.contains(&ir.op_name_str(o)) {
                ops.push(o);
            }
            WalkResult::Advance
        });
        let mut dump = DumpNotifications;
        let config = GreedyRewriteConfig {
            listener: Some(&mut dump),
            strictness,
            ..Default::default()
        };
        let result =
            apply_op_patterns_greedily(ir, &ops, &FrozenRewritePatternSet::new(patterns), config);
        let ctx = ir.ctx_arc().clone();
        ir.set_discardable_attr(
            op,
            "pattern_driver_changed",
            Some(ctx.bool_attr(result.changed)),
        );
        ir.set_discardable_attr(
            op,
            "pattern_driver_all_erased",
            Some(ctx.bool_attr(result.all_erased)),
        );
        Ok(())
    }
}

/// Applies the walk driver's test patterns to the regions of the op it runs
/// on, optionally printing every notification (upstream's
/// `TestWalkPatternDriver`).
#[derive(Clone, Default)]
pub struct TestWalkPatternDriver {
    pub(crate) base: crate::pass_decls::TestWalkPatternDriverBase,
}

impl mlir_transforms::pass::PassImpl for TestWalkPatternDriver {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        _cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let mut patterns = RewritePatternSet::new(ir.ctx_arc().clone());
        patterns
            .add(IncrementIntAttribute::<3>)
            .add(MOVE_BEFORE_PARENT_OP)
            .add(MOVE_AFTER_PARENT_OP)
            .add(CLONE_OP)
            .add(REPLACE_WITH_NEW_OP)
            .add(ERASE_FIRST_BLOCK);
        let frozen = FrozenRewritePatternSet::new(patterns);
        let mut dump = DumpNotifications;
        let listener: Option<&mut dyn mlir_rewrite::RewriterListener> =
            if self.base.dump_notifications() {
                Some(&mut dump)
            } else {
                None
            };
        walk_and_apply_patterns(ir, op, &frozen, listener)
    }
}

/// Applies `TestSelectiveOpReplacementPattern` with the greedy driver
/// (upstream's `TestSelectiveReplacementPatternDriver`).
#[derive(Clone, Default)]
pub struct TestSelectiveReplacementPatternDriver;

impl mlir_transforms::pass::PassImpl for TestSelectiveReplacementPatternDriver {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        _cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let mut patterns = RewritePatternSet::new(ir.ctx_arc().clone());
        patterns.add(TEST_SELECTIVE_OP_REPLACEMENT);
        let frozen = FrozenRewritePatternSet::new(patterns);
        let result = apply_patterns_greedily(ir, op, &frozen, GreedyRewriteConfig::default());
        if result.found_broken_patterns() {
            return Err(());
        }
        Ok(())
    }
}

/// rmlir's own test pass for the expensive pattern checks
/// (`--mlir-enable-expensive-pattern-checks`): applies, with the greedy
/// driver, patterns that break the rules of "Defining Patterns" on purpose
/// (see [`super::patterns::BROKEN_PATTERNS`]). Without the checks they go
/// unnoticed; with them each is reported and the pass fails.
#[derive(Clone, Default)]
pub struct TestBrokenPatternDriver;

impl mlir_transforms::pass::PassImpl for TestBrokenPatternDriver {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        _cx: &mut PassContext<'_>,
    ) -> Result<(), ()> {
        let mut patterns = RewritePatternSet::new(ir.ctx_arc().clone());
        for p in BROKEN_PATTERNS {
            patterns.add(p);
        }
        let frozen = FrozenRewritePatternSet::new(patterns);
        let config = GreedyRewriteConfig {
            max_iterations: Some(1),
            ..Default::default()
        };
        let result = apply_patterns_greedily(ir, op, &frozen, config);
        if result.found_broken_patterns() {
            return Err(());
        }
        Ok(())
    }
}
