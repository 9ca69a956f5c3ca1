//! The canonicalizer's core (MLIR's `Canonicalizer.cpp`): gathers the
//! canonicalization patterns of every loaded dialect and registered op and
//! runs the greedy driver on the regions of an op with the canonicalizer's
//! options. The pass wrapper and its command-line options live with the
//! pass manager, which calls [`canonicalize`] or [`Canonicalizer::run`].
//!
//! # How ops and dialects contribute patterns
//!
//! * An op attaches [`CanonicalizationPatterns`] to its `OpInfo`
//!   (`OpInfo::with_interface`): a function adding patterns to a set
//!   (MLIR's `getCanonicalizationPatterns`).
//! * An op with a "canonicalize method" (MLIR's `hasCanonicalizeMethod`)
//!   attaches [`CanonicalizeMethod`] instead: the function becomes one
//!   pattern rooted at the op, benefit 1.
//! * A dialect returns a [`DialectCanonicalizationPatterns`] from
//!   `Dialect::interface` for its dialect-wide patterns.
//!
//! Patterns are gathered as MLIR does: dialects sorted by namespace first,
//! then registered ops sorted by name.

use std::sync::Arc;

use mlir_ir::{Context, Ir, OpRef};
use mlir_rewrite::{FrozenRewritePatternSet, Pattern, RewritePatternSet};

use crate::greedy::{apply_patterns_greedily, GreedyRewriteConfig, GreedyRewriteResult};
use crate::region_simplify::RegionSimplificationLevel;

// The declarations ops and dialects attach live in `mlir-rewrite`, so that
// dialect crates need not depend on the drivers; re-exported here, where the
// canonicalizer gathers them.
pub use mlir_rewrite::canonicalization::{
    CanonicalizationPatterns, CanonicalizeMethod, DialectCanonicalizationPatterns,
};

/// The canonicalizer's options (mlir-opt's `-canonicalize{...}`).
#[derive(Clone, Debug)]
pub struct CanonicalizerOptions {
    /// `top-down` (default true).
    pub top_down: bool,
    /// `region-simplify` (default normal).
    pub region_simplify: RegionSimplificationLevel,
    /// `max-iterations` (default 10; `None` for no limit).
    pub max_iterations: Option<u64>,
    /// `max-num-rewrites` (default no limit).
    pub max_num_rewrites: Option<u64>,
    /// `test-convergence`: fail if the rewrite does not converge.
    pub test_convergence: bool,
    /// `disable-patterns`: debug names or labels of patterns to drop.
    pub disable_patterns: Vec<String>,
    /// `enable-patterns`: if not empty, only these patterns are kept.
    pub enable_patterns: Vec<String>,
}

impl Default for CanonicalizerOptions {
    fn default() -> Self {
        CanonicalizerOptions {
            top_down: true,
            region_simplify: RegionSimplificationLevel::Normal,
            max_iterations: Some(10),
            max_num_rewrites: None,
            test_convergence: false,
            disable_patterns: Vec::new(),
            enable_patterns: Vec::new(),
        }
    }
}

/// Every canonicalization pattern of the context's dialects and ops.
pub fn collect_canonicalization_patterns(ctx: &Arc<Context>) -> RewritePatternSet {
    let mut set = RewritePatternSet::new(ctx.clone());
    let mut namespaces = ctx.dialect_namespaces();
    namespaces.sort_unstable();
    for ns in namespaces {
        if let Some(p) = ctx.dialect_interface::<DialectCanonicalizationPatterns>(ns) {
            (p.0)(&mut set, ctx);
        }
    }
    let mut ops: Vec<_> = ctx
        .op_names()
        .filter(|&n| ctx.op_info(n).registered)
        .collect();
    ops.sort_by(|&a, &b| ctx.op_name_str(a).cmp(ctx.op_name_str(b)));
    for name in ops {
        let info = ctx.op_info(name);
        if let Some(p) = info.interface::<CanonicalizationPatterns>() {
            (p.0)(&mut set, ctx);
        }
        if let Some(m) = info.interface::<CanonicalizeMethod>().copied() {
            let pattern = Pattern::new(ctx, &info.name, 1)
                .with_debug_name(format!("{}::canonicalize", info.name));
            set.add_fn(pattern, move |op, rw| (m.0)(op, rw));
        }
    }
    set
}

/// The canonicalizer with its patterns frozen once (MLIR's `Canonicalizer`
/// pass after `initialize`), to run on many ops.
pub struct Canonicalizer {
    patterns: FrozenRewritePatternSet,
    options: CanonicalizerOptions,
    /// Identifies the pattern set for incremental runs (see "Incremental
    /// runs" in `greedy`): two canonicalizers of one context with the same
    /// patterns share it, so `canonicalize, cse, canonicalize` revisits in
    /// the second run only what changed since the first.
    key: u64,
}

/// A key identifying a pattern set by content: every pattern's metadata
/// (debug name, root, benefit, labels) in order. Built once per pass
/// instance.
fn pattern_set_key(patterns: &FrozenRewritePatternSet) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    "canonicalize".hash(&mut h);
    for p in patterns.patterns() {
        p.pattern().hash(&mut h);
    }
    h.finish()
}

impl Canonicalizer {
    /// Gathers and filters the patterns of `ctx`.
    pub fn new(ctx: &Arc<Context>, options: CanonicalizerOptions) -> Self {
        let set = collect_canonicalization_patterns(ctx);
        let patterns = FrozenRewritePatternSet::with_filters(
            set,
            &options.disable_patterns,
            &options.enable_patterns,
        );
        let key = pattern_set_key(&patterns);
        Canonicalizer {
            patterns,
            options,
            key,
        }
    }
    /// The frozen patterns.
    pub fn patterns(&self) -> &FrozenRewritePatternSet {
        &self.patterns
    }
    /// Canonicalizes the regions of `op` (not `op` itself). Non-convergence
    /// is an error only with `test_convergence`; both arms carry the result.
    pub fn run(&self, ir: &mut Ir, op: OpRef) -> Result<GreedyRewriteResult, GreedyRewriteResult> {
        let o = &self.options;
        // While a rewrite trace is recorded, it listens to the driver.
        let mut trace = crate::rewrite_trace::TraceListener::new("canonicalize");
        let config = GreedyRewriteConfig {
            use_top_down_traversal: o.top_down,
            region_simplification: o.region_simplify,
            max_iterations: o.max_iterations,
            max_num_rewrites: o.max_num_rewrites,
            listener: trace
                .as_mut()
                .map(|l| l as &mut dyn mlir_rewrite::RewriterListener),
            // `test-convergence` exists to re-check everything.
            fixpoint_key: (!o.test_convergence).then_some(self.key),
            ..Default::default()
        };
        let result = apply_patterns_greedily(ir, op, &self.patterns, config);
        if o.test_convergence && !result.succeeded() {
            return Err(result);
        }
        Ok(result)
    }
}

/// Canonicalizes the regions of `op` with `options` (gathering the
/// patterns each time; use [`Canonicalizer`] to run on many ops).
pub fn canonicalize(
    ir: &mut Ir,
    op: OpRef,
    options: &CanonicalizerOptions,
) -> Result<GreedyRewriteResult, GreedyRewriteResult> {
    let ctx = ir.ctx_arc().clone();
    Canonicalizer::new(&ctx, options.clone()).run(ir, op)
}

/// The `canonicalize` pass: runs the [`Canonicalizer`] on the regions of the
/// op it is scheduled on, with upstream's options.
#[derive(Clone, Default)]
pub struct CanonicalizerPass {
    /// The options declared in `td/Passes.td`.
    pub(crate) base: crate::passes::CanonicalizerBase,
    /// Built on first run from the parsed options; shared by clones (the
    /// frozen pattern set is reference counted).
    canonicalizer: Option<Arc<Canonicalizer>>,
}

impl CanonicalizerPass {
    pub fn new() -> Self {
        Self::default()
    }

    /// The canonicalizer options the pass options describe.
    pub fn canonicalizer_options(&self) -> CanonicalizerOptions {
        let o = &self.base;
        let level = match o.region_simplify_level() {
            "disabled" => RegionSimplificationLevel::Disabled,
            "aggressive" => RegionSimplificationLevel::Aggressive,
            _ => RegionSimplificationLevel::Normal,
        };
        let limit = |v: i64| (v >= 0).then_some(v as u64);
        CanonicalizerOptions {
            top_down: o.top_down_processing_enabled(),
            region_simplify: level,
            max_iterations: limit(o.max_iterations()),
            max_num_rewrites: limit(o.max_num_rewrites()),
            test_convergence: o.test_convergence(),
            disable_patterns: o.disabled_patterns(),
            enable_patterns: o.enabled_patterns(),
        }
    }
}

impl crate::pass::PassImpl for CanonicalizerPass {
    fn run_on_operation(
        &mut self,
        ir: &mut Ir,
        op: OpRef,
        cx: &mut crate::pass::PassContext<'_>,
    ) -> Result<(), ()> {
        let canonicalizer = match &self.canonicalizer {
            Some(c) => c.clone(),
            None => {
                let c = Arc::new(Canonicalizer::new(
                    ir.ctx_arc(),
                    self.canonicalizer_options(),
                ));
                self.canonicalizer = Some(c.clone());
                c
            }
        };
        // With `test-convergence`, non-convergence fails the pass. MLIR
        // signals the failure without a diagnostic; rmlir reports why the
        // driver stopped, with its explanation as notes (see DEVIATIONS.md).
        match canonicalizer.run(ir, op) {
            // A run that changed nothing preserves every analysis, which
            // also spares the verifier run after the pass (as CSE does in
            // MLIR; MLIR's canonicalizer does not say so and is verified
            // again). With incremental runs this is what makes a repeated
            // canonicalization of unchanged IR nearly free.
            Ok(result) => {
                if !result.changed {
                    cx.mark_all_analyses_preserved();
                }
                Ok(())
            }
            Err(result) => {
                if let Some(d) = result.non_convergence_diagnostic() {
                    ir.ctx().emit(d);
                }
                Err(())
            }
        }
    }
}
