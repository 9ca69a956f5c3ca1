// REQUIRES: rmlir
// A pattern that panics or misuses the rewriter does not abort the process:
// the pass manager reports an error at the op the pattern was applied to,
// naming the pattern and the pass, prints no IR and exits 1. (mlir-opt
// asserts or crashes in these cases, so there is no reference output.)

// RUN: not rmlir-opt %s -test-broken-patterns -split-input-file 2>&1 | FileCheck %s
// RUN: not rmlir-opt %s -test-broken-patterns -split-input-file --mlir-disable-threading 2>&1 | FileCheck %s
// RUN: not rmlir-opt %s -test-walk-pattern-rewrite-driver -split-input-file 2>&1 | FileCheck %s --check-prefix=WALK

// CHECK-NOT: func.func
// CHECK: :[[@LINE+3]]:3: error: pattern 'PanicsInPattern' panicked on 'test.panics_in_pattern': the pattern expected an operand but the op has 0
// CHECK: note: while running pass 'TestBrokenPatternDriver' here
func.func @panics() {
  "test.panics_in_pattern"() : () -> ()
  return
}

// -----

// CHECK: :[[@LINE+3]]:8: error: pattern 'ErasesUsedOp' misused the rewriter on 'test.erases_used_op': expected 'test.erases_used_op' to have no uses
// CHECK-NOT: func.func
func.func @erases_used_op() -> i32 {
  %0 = "test.erases_used_op"() : () -> i32
  return %0 : i32
}

// -----

// Moving an op before its parent when the parent (here the implicit
// top-level module) is in no block.
// WALK: :[[@LINE+1]]:1: error: pattern 'MoveBeforeParentOp' misused the rewriter on 'test.move_before_parent_op': anchor is not in a block
"test.move_before_parent_op"() ({
  "test.any_attr_of_i32_str"() {attr = 0 : i32} : () -> ()
}) : () -> ()

// -----

// On worker threads (one function per task) every failing function is
// reported, in the order of the functions.
// RUN: not rmlir-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(test-broken-patterns))' 2>&1 | FileCheck %s --check-prefix=PAR
// PAR: :[[@LINE+2]]:3: error: pattern 'PanicsInPattern' panicked on 'test.panics_in_pattern'
func.func @a() {
  "test.panics_in_pattern"() : () -> ()
  return
}
// PAR: :[[@LINE+2]]:3: error: pattern 'PanicsInPattern' panicked on 'test.panics_in_pattern'
func.func @b() {
  "test.panics_in_pattern"() : () -> ()
  return
}
