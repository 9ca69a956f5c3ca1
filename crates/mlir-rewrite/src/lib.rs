//! `mlir-rewrite`: RewritePattern, PatternRewriter/RewriterBase and listeners,
//! RewritePatternSet, FrozenRewritePatternSet and PatternApplicator. Filled in
//! by the pattern-infrastructure issue.
