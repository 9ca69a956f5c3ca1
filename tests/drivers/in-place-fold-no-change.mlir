// REQUIRES: rmlir
// A folder that reports an in-place fold but changes nothing has not
// folded: every driver must terminate on it. (mlir-opt 22 loops forever
// on `--canonicalize` here; with `--sccp` it leaves the op, as below.)
// RUN: rmlir-opt %s --canonicalize | FileCheck %s
// RUN: rmlir-opt %s --test-walk-pattern-rewrite-driver | FileCheck %s
// RUN: rmlir-opt %s --sccp | FileCheck %s
// RUN: rmlir-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=1000}))' | FileCheck %s

// CHECK-LABEL: func.func @f
// CHECK-NEXT: %[[V:.*]] = "test.op_in_place_fold_success"() : () -> i1
// CHECK-NEXT: return %[[V]] : i1
func.func @f() -> i1 {
  %0 = "test.op_in_place_fold_success"() : () -> i1
  return %0 : i1
}
