//! Test ops of the rewrite trace (`td/TestOpsTrace.td`): `test.trace_check`
//! and its two canonicalization patterns, which report why they fail to
//! match through `notify_match_failure`, so the lit tests of
//! `--mlir-rewrite-trace-op` can check that the reasons are recorded.

use mlir_ir::{Context, OpInfo, TraitSet};
use mlir_rewrite::{Pattern, PatternRewriter, RewritePatternSet};
use mlir_transforms::canonicalize::CanonicalizationPatterns;

/// The generated op definitions of `td/TestOpsTrace.td`. Generated code
/// keeps the shapes of its templates, so style lints are not actionable on it.
#[allow(dead_code, unused_parens, unused_imports, clippy::all)]
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/trace_ops.rs"));
}

/// The ops of this area, with their canonicalization patterns attached.
pub fn operations() -> Vec<OpInfo> {
    ops::operations()
        .into_iter()
        .map(|info| match &*info.name {
            "test.trace_check" => {
                info.with_interface(CanonicalizationPatterns(trace_check_patterns))
            }
            _ => info,
        })
        .collect()
}

/// `TraceCheckOfConstant` (benefit 2): a check of a constant is the
/// constant. `TraceCheckMarked` (benefit 1): marks the op `checked`, once.
fn trace_check_patterns(set: &mut RewritePatternSet, ctx: &Context) {
    let of_constant =
        Pattern::new(ctx, "test.trace_check", 2).with_debug_name("TraceCheckOfConstant");
    set.add_fn(of_constant, |op, rw: &mut PatternRewriter<'_>| {
        let input = rw.ir().operand(op, 0);
        let constant = input
            .defining_op()
            .is_some_and(|d| rw.ir().op_has_trait(d, TraitSet::CONSTANT_LIKE));
        if !constant {
            return rw.notify_match_failure(op, || "operand 0 is not defined by a constant");
        }
        rw.replace_op(op, &[input]);
        Ok(())
    });
    let marked = Pattern::new(ctx, "test.trace_check", 1).with_debug_name("TraceCheckMarked");
    set.add_fn(marked, |op, rw: &mut PatternRewriter<'_>| {
        if rw.ir().attr(op, "checked").is_some() {
            return rw.notify_match_failure(op, || "the op already has the 'checked' attribute");
        }
        let unit = rw.ctx().unit_attr();
        rw.modify_op_in_place(op, |m| m.set_discardable_attr("checked", Some(unit)));
        Ok(())
    });
}
