//! The canonicalizer on IR that has not been verified must not panic.
//!
//! The verifier runs before a pass, but patterns run on IR that earlier
//! patterns of the same greedy run produced, which nobody has verified yet;
//! a downstream tool may also skip verification. A pattern therefore checks
//! every shape it relies on before it indexes into operands or regions.
//! These inputs are invalid (the verifier rejects them) and only have to
//! come out of the canonicalizer without a panic.

use std::sync::Arc;

use mlir_ir::asm::{parse_source, ParseConfig};
use mlir_ir::Context;
use mlir_transforms::canonicalize::{canonicalize, CanonicalizerOptions};

fn context() -> Arc<Context> {
    let mut ctx = Context::new();
    mlir_dialects::register_all(&mut ctx);
    Arc::new(ctx)
}

/// Parses `text` without verifying it and canonicalizes it.
fn canonicalize_unverified(text: &str) {
    let ctx = context();
    let (mut ir, top) =
        parse_source(ctx, text, &ParseConfig::default()).expect("test input parses");
    let _ = canonicalize(&mut ir, top, &CanonicalizerOptions::default());
}

#[test]
fn scf_if_with_a_result_whose_then_region_yields_nothing() {
    // The results of the `scf.if` are unused, so the unused-results pattern
    // looks at the yields; the then-yield has fewer operands than results.
    canonicalize_unverified(
        r#"func.func @f(%c: i1) {
  %r = scf.if %c -> i32 {
    scf.yield
  } else {
    %z = arith.constant 0 : i32
    scf.yield %z : i32
  }
  return
}"#,
    );
}

#[test]
fn scf_if_with_a_used_result_whose_then_region_yields_nothing() {
    canonicalize_unverified(
        r#"func.func @f(%c: i1) -> i32 {
  %r = scf.if %c -> i32 {
    scf.yield
  } else {
    %z = arith.constant 0 : i32
    scf.yield %z : i32
  }
  return %r : i32
}"#,
    );
}

#[test]
fn scf_if_with_one_used_result_of_two_whose_then_region_yields_nothing() {
    // The unused-results pattern keeps result 1 and reads operand 1 of each
    // yield; the then-yield has none.
    canonicalize_unverified(
        r#"func.func @f(%c: i1) -> i32 {
  %r:2 = scf.if %c -> (i32, i32) {
    scf.yield
  } else {
    %z = arith.constant 0 : i32
    scf.yield %z, %z : i32, i32
  }
  return %r#1 : i32
}"#,
    );
}
