// REQUIRES: rmlir
// A folder that reports an in-place fold but changes nothing has not
// folded: every driver must terminate on it. (mlir-opt 22 loops forever
// on `--canonicalize` and `--test-legalize-patterns` here; with `--sccp`
// it leaves the op, as below.)
// RUN: rmlir-opt %s --canonicalize | FileCheck %s
// RUN: rmlir-opt %s --test-walk-pattern-rewrite-driver | FileCheck %s
// RUN: rmlir-opt %s --sccp | FileCheck %s
// RUN: rmlir-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=1000}))' | FileCheck %s
// The conversion driver takes it as a failed fold too (it used to
// re-legalize the unchanged op until the stack overflowed; found by the
// legalize fuzz target), so the op is left for the patterns, which have
// none for it.
// RUN: rmlir-opt %s --test-legalize-patterns 2>&1 | FileCheck %s --check-prefix=LEGAL
// RUN: rmlir-opt %s --pass-pipeline='builtin.module(test-legalize-patterns{allow-pattern-rollback=false test-legalize-folding-mode=after-patterns})' 2>&1 | FileCheck %s --check-prefix=LEGAL
// LEGAL: remark: op 'test.op_in_place_fold_success' is not legalizable

// CHECK-LABEL: func.func @f
// CHECK-NEXT: %[[V:.*]] = "test.op_in_place_fold_success"() : () -> i1
// CHECK-NEXT: return %[[V]] : i1
func.func @f() -> i1 {
  %0 = "test.op_in_place_fold_success"() : () -> i1
  return %0 : i1
}
