//! How ops and dialects declare their canonicalization patterns: small
//! `Copy` structs attached to an op's `OpInfo` (`OpInfo::with_interface`) or
//! returned by `Dialect::interface`. They live with the pattern types, not
//! with the canonicalizer, so that dialect crates can contribute patterns
//! depending only on `mlir-rewrite` (as MLIR's ops implement
//! `getCanonicalizationPatterns` against `PatternMatch.h`); the canonicalizer
//! in `mlir-transforms` gathers them.

use mlir_ir::{Context, OpRef};

use crate::{LogicalResult, PatternRewriter, RewritePatternSet};

/// An op's canonicalization patterns (MLIR's `getCanonicalizationPatterns`),
/// attached to its `OpInfo` as an interface.
#[derive(Copy, Clone)]
pub struct CanonicalizationPatterns(pub fn(&mut RewritePatternSet, &Context));

/// An op's "canonicalize method" (MLIR's `static LogicalResult
/// canonicalize(Op, PatternRewriter &)`), attached to its `OpInfo`.
#[derive(Copy, Clone)]
pub struct CanonicalizeMethod(pub fn(OpRef, &mut PatternRewriter<'_>) -> LogicalResult);

/// A dialect's own canonicalization patterns (MLIR's
/// `Dialect::getCanonicalizationPatterns`), returned by `Dialect::interface`.
#[derive(Copy, Clone)]
pub struct DialectCanonicalizationPatterns(pub fn(&mut RewritePatternSet, &Context));
