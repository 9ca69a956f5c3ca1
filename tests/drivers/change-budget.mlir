// REQUIRES: rmlir
// RUN: not rmlir-opt %s -split-input-file -allow-unregistered-dialect --canonicalize=test-convergence=true 2>&1 | FileCheck %s
// RUN: rmlir-opt %s -split-input-file -allow-unregistered-dialect --canonicalize 2>&1 | FileCheck %s --check-prefix=SILENT

// Runs that MLIR's greedy driver never ends: rmlir's driver stops a run once
// it has made more rewrites and folds than its change budget allows (100 per
// op it started with, at least 10,000), and says why. mlir-opt 22 does not
// end on either input, so the CHECK lines are rmlir's own (docs/DEVIATIONS.md,
// "The greedy driver's change budget").

// Found by the `passes` fuzz target (session 13). In a graph region `%0` may
// use itself: AddIAddConstant matches `%0` with the inner `arith.addi` being
// `%0` itself and replaces it with a new self-using `arith.addi`, forever.
// CHECK: change-budget.mlir:0:0: error: the pattern rewrite did not converge within its change budget (10000 rewrites and folds for 5 ops)
// CHECK: note: iteration 1 applied 10001 pattern(s), 0 fold(s) and erased 0 dead op(s) (10001 change(s)): '(anonymous namespace)::AddIAddConstant' x256 (counts among the last 256 changes)
// CHECK: change-budget.mlir:[[# @LINE + 3]]:8: note: '(anonymous namespace)::AddIAddConstant' keeps applying to 'arith.addi' here (256 times in one iteration)
// CHECK: note: the run made more than 10000 rewrites and folds, its change budget for 5 ops (100 per op, at least 10000): rmlir's driver ends runs that would not end otherwise (MLIR's would not); raising max-iterations or max-num-rewrites will not help
test.graph_region {
  %0 = arith.addi %0, %2 : i32
  %1 = arith.constant 1 : i32
  %2 = arith.constant 1 : i32
  "foo.yield"(%1) : (i32) -> ()
}

// Without test-convergence the stop is silent (as at max-iterations) and
// the IR is printed as the run left it: valid, still a self-using
// `arith.addi`.
// SILENT-NOT: error
// SILENT: test.graph_region {
// SILENT: %[[SELF:.*]] = arith.addi %[[SELF]], %{{.*}} : i32
// SILENT: "foo.yield"

// -----

// Two test patterns that undo each other on one op, with no
// max-num-rewrites (tests/drivers/non-convergence.mlir sets one).
// CHECK: error: the pattern rewrite did not converge within its change budget (10000 rewrites and folds for 3 ops)
// CHECK: note: iteration 1 applied 10001 pattern(s)
// CHECK: change-budget.mlir:[[# @LINE + 3]]:3: note: cycle on 'test.rmlir_flip' here: '{{FlipOn|FlipOff}}' and '{{FlipOn|FlipOff}}' undo each other
// CHECK: note: disable-patterns={{FlipOn|FlipOff}} or disable-patterns={{FlipOn|FlipOff}} (one of the patterns involved) would stop it
func.func @flip() {
  "test.rmlir_flip"() : () -> ()
  return
}

// SILENT-NOT: error
// SILENT: func.func @flip()
