//! `mlir-rewrite`: MLIR's pattern-rewriting infrastructure — patterns
//! ([`RewritePattern`] and its typed, interface, split and closure forms),
//! the rewriter ([`PatternRewriter`]) and its listeners
//! ([`RewriterListener`]), pattern sets ([`RewritePatternSet`],
//! [`FrozenRewritePatternSet`]), the [`PatternApplicator`] with optional
//! contract checks, and recursion detection ([`RecursionTracker`]).
//! Drivers (greedy, walk, conversion) live in other crates and build on
//! these pieces.
//!
//! # Design: the pattern rules, enforced by types
//!
//! MLIR's "Defining Patterns" rules are conventions in C++; here the types
//! make most of them impossible to break:
//!
//! * **Matching sees IR read-only.** A [`SplitRewritePattern`] matches with
//!   `&Ir`. A combined [`RewritePattern::match_and_rewrite`] reads IR only
//!   through [`PatternRewriter::ir`], which returns `&Ir`.
//! * **All mutation goes through the rewriter.** The rewriter holds the
//!   only `&mut Ir` for its lifetime and never lends it out, so a pattern
//!   cannot erase an op, set an operand or move a block behind the
//!   listener's back. In-place edits need an [`OpMut`], which exists only
//!   inside `start_op_modification` … `finalize`/`cancel` (or
//!   [`PatternRewriter::modify_op_in_place`]) and can touch only that op.
//! * **Listeners observe but cannot change IR.** Every notification passes
//!   `&Ir`.
//! * What types cannot express — "change the IR iff you return success",
//!   "update, replace or erase the root" — the applicator checks at run
//!   time when [`ContractChecks`] are enabled, naming the broken pattern.
//!
//! Notifications follow MLIR 22 exactly (which ones, and in which order);
//! each rewriter method documents its sequence.
//!
//! # Example
//!
//! ```
//! use std::sync::Arc;
//! use mlir_ir::{asm, Context, OpRef};
//! use mlir_rewrite::{
//!     FrozenRewritePatternSet, Pattern, PatternApplicator, PatternRewriter, RewritePatternSet,
//! };
//!
//! let mut ctx = Context::new();
//! ctx.set_allow_unregistered_dialects(true);
//! let ctx = Arc::new(ctx);
//! let src = r#"
//!   %0 = "test.source"() : () -> i32
//!   %1 = "test.identity"(%0) : (i32) -> i32
//!   "test.sink"(%1) : (i32) -> ()
//! "#;
//! let (mut ir, module) = asm::parse_source(ctx.clone(), src, &Default::default()).unwrap();
//!
//! // A closure pattern: forward the operand of `test.identity` to its users.
//! let mut patterns = RewritePatternSet::new(ctx.clone());
//! patterns.add_fn(
//!     Pattern::new(&ctx, "test.identity", 1).with_debug_name("FoldIdentity"),
//!     |op: OpRef, rewriter: &mut PatternRewriter<'_>| {
//!         let input = rewriter.ir().operand(op, 0);
//!         rewriter.replace_op(op, &[input]);
//!         Ok(())
//!     },
//! );
//! let frozen = FrozenRewritePatternSet::new(patterns);
//! let mut applicator = PatternApplicator::new(&frozen);
//! applicator.apply_default_cost_model();
//!
//! let identity = ir
//!     .walk_collect(module, mlir_ir::WalkOrder::PreOrder)
//!     .into_iter()
//!     .find(|&op| ir.op_name_str(op) == "test.identity")
//!     .unwrap();
//! let mut rewriter = PatternRewriter::new(&mut ir);
//! assert!(applicator.match_and_rewrite(identity, &mut rewriter).is_ok());
//! let text = asm::printer::print_to_string(&ir, module, &Default::default());
//! assert!(!text.contains("test.identity"));
//! ```

// Pattern results are MLIR's `LogicalResult`: the reason for a failure, if
// any, went to the listener through `notify_match_failure`.
#![allow(clippy::result_unit_err)]
#![warn(missing_docs)]

pub mod abort;
pub mod applicator;
pub mod canonicalization;
pub mod listener;
pub mod pattern;
pub mod pattern_set;
pub mod recursion;
pub mod rewriter;

#[cfg(test)]
mod tests;

pub use abort::{misuse, panic_message, PatternPanic, RewriterMisuse};
pub use applicator::{ContractChecks, ContractViolation, PatternApplicator, ViolationKind};
pub use canonicalization::{
    CanonicalizationPatterns, CanonicalizeMethod, DialectCanonicalizationPatterns,
    HasCanonicalizeMethod, HasCanonicalizer,
};
pub use listener::{ForwardingListener, ListenerChain, RewriterListener};
pub use mlir_ir::{BuildOp, OpCreator};
pub use pattern::{
    BoxedPattern, FnPattern, InterfacePattern, OpFnPattern, OpInterfaceRewritePattern, OpPattern,
    OpRewritePattern, OpType, Pattern, PatternBenefit, RewritePattern, RootKind, SplitPattern,
    SplitRewritePattern,
};
pub use pattern_set::{FrozenRewritePatternSet, RewritePatternSet};
pub use recursion::{RecursionError, RecursionTracker};
pub use rewriter::{
    HookAction, InsertionGuard, IrRewriter, NestedLegalizer, OpMut, PatternRewriter, RewriteHooks,
};

/// MLIR's `LogicalResult`: `Ok(())` for success, `Err(())` for failure.
pub type LogicalResult = Result<(), ()>;
