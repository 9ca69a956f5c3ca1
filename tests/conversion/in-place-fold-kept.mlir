// RUN: rmlir-opt %s -test-legalize-type-conversion | FileCheck %s

// An in-place fold is followed by a new legalization of the op; when that
// fails (here no legality rule and no pattern applies to the op), MLIR 22
// keeps the fold and goes on with the patterns: the op stays, folded.
// CHECK lines from mlir-opt 22.

// CHECK-LABEL: func @fold_kept
// CHECK-NEXT:    %[[V:.*]] = "test.op_in_place_self_fold"() <{folded}> : () -> i32
// CHECK-NEXT:    "test.return"(%[[V]]) : (i32) -> ()
func.func @fold_kept() -> i32 {
  %0 = "test.op_in_place_self_fold"() : () -> (i32)
  "test.return"(%0) : (i32) -> ()
}
