//! `mlir-drr`: compiles DRR `Pat`/`Pattern` records (read by `mlir-ods`'s
//! TableGen front end) into Rust `RewritePattern`s. Filled in by the DRR issue.
