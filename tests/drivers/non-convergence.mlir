// REQUIRES: rmlir
// RUN: not rmlir-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(canonicalize{test-convergence=true max-num-rewrites=20 max-iterations=3}))' 2>&1 | FileCheck %s
// RUN: not rmlir-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(canonicalize{test-convergence=true max-num-rewrites=20 max-iterations=1}))' 2>&1 | FileCheck %s --check-prefix=SLOW
// RUN: rmlir-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(canonicalize{test-convergence=true max-num-rewrites=20 max-iterations=3 disable-patterns=FlipOn,GrowForever}))' 2>&1 | FileCheck %s --check-prefix=FIXED
// RUN: rmlir-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(canonicalize{max-num-rewrites=20}))' 2>&1 | FileCheck %s --check-prefix=SILENT

// When the greedy driver stops at max-iterations, canonicalize with
// test-convergence fails (as in mlir-opt, which prints nothing) and rmlir
// says why: what the last iteration did, the cycle or the growth with the
// op's location, and which option would change the outcome. The patterns
// are rmlir-only test patterns that never converge.

// Two patterns undo each other on one op: every iteration stops at
// max-num-rewrites, so only disabling one of them helps.
// CHECK: non-convergence.mlir:[[# @LINE + 1]]:1: error: the pattern rewrite did not converge after scanning 3 times
func.func @flip() {
  // CHECK: note: iteration 3 applied 20 pattern(s), 0 fold(s) and erased 0 dead op(s) (20 change(s)): 'FlipOn' x10, 'FlipOff' x10
  // CHECK: non-convergence.mlir:[[# @LINE + 1]]:3: note: cycle on 'test.rmlir_flip' here: 'FlipOn' and 'FlipOff' undo each other ('FlipOn' 30 time(s), 'FlipOff' 30 time(s))
  "test.rmlir_flip"() : () -> ()
  // CHECK: note: every iteration stopped at max-num-rewrites=20 with ops still queued: the patterns re-trigger each other within one iteration (without max-num-rewrites the driver would not terminate); raising max-num-rewrites or max-iterations will not help
  // CHECK: note: disable-patterns=FlipOn or disable-patterns=FlipOff (one of the patterns involved) would stop it
  return
}

// SLOW: error: the pattern rewrite did not converge after scanning 1 times
// SLOW-NEXT: func.func @flip

// FIXED-NOT: error
// FIXED: func.func @flip()
// FIXED-NEXT: "test.rmlir_flip"() : () -> ()

// Without test-convergence, non-convergence is silent (as in mlir-opt).
// SILENT-NOT: error
// SILENT-NOT: note

// -----

// One pattern adds an op in every iteration.
// CHECK: non-convergence.mlir:[[# @LINE + 1]]:1: error: the pattern rewrite did not converge after scanning 3 times
func.func @grow() {
  // CHECK: note: iteration 3 applied 1 pattern(s), 0 fold(s) and erased 0 dead op(s) (1 change(s)): 'GrowForever' x1
  // CHECK: non-convergence.mlir:[[# @LINE + 1]]:3: note: 'GrowForever' keeps applying to 'test.rmlir_grow' here (in each of the last 3 iterations)
  "test.rmlir_grow"() : () -> ()
  // CHECK: note: the IR grows in every iteration (2, 3, 4 ops at the start of each): a pattern keeps creating ops, so no iteration limit is enough
  // CHECK: note: disable-patterns=GrowForever (the pattern involved) would stop it
  return
}

// FIXED: func.func @grow()
// FIXED-NEXT: "test.rmlir_grow"() : () -> ()
// FIXED-NEXT: return

// -----

// A rewrite that converges, but not within the iterations allowed: no
// cycle, so the advice is to raise max-iterations.
// SLOW: non-convergence.mlir:[[# @LINE + 1]]:1: error: the pattern rewrite did not converge after scanning 1 times
func.func @slow(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  %1 = arith.addi %0, %c0 : i32
  // SLOW: note: iteration 1 applied 0 pattern(s), 2 fold(s) and erased 1 dead op(s) (3 change(s)): '(folding)' x2, '(erasing dead ops)' x1
  // SLOW: note: no cycle found: raising max-iterations (now 1) may let the rewrite converge
  return %1 : i32
}
