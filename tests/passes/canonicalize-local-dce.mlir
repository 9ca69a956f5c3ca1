// Dead code left by the canonicalizer's rewrites in single-block regions,
// which the driver finds from the ops that changed rather than by sweeping
// the region: an op whose only side effect went (the scf.if after its
// cf.assert folded away), a chain of definers left dead by a fold, and dead
// ops nested in an op that stays. Expected output from mlir-opt 22; the
// second RUN canonicalizes again after CSE (an incremental run).
// RUN: rmlir-opt --canonicalize %s | FileCheck %s
// RUN: rmlir-opt --pass-pipeline='builtin.module(func.func(canonicalize,cse,canonicalize))' %s | FileCheck %s

func.func @side_effect_removed(%x: i32, %c: i1) {
  %true = arith.constant true
  %r = scf.if %c -> i32 {
    cf.assert %true, "never fails"
    %y = arith.addi %x, %x : i32
    scf.yield %y : i32
  } else {
    scf.yield %x : i32
  }
  return
}

func.func @dead_chain_after_fold(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %a = arith.muli %x, %x : i32
  %b = arith.addi %a, %x : i32
  %m = arith.muli %b, %c0 : i32
  return %m : i32
}

func.func @nested_dead_in_live_op(%x: i32, %c: i1, %p: memref<i32>) {
  %c0 = arith.constant 0 : i32
  scf.if %c {
    %a = arith.muli %x, %x : i32
    %s = arith.muli %a, %c0 : i32
    memref.store %s, %p[] : memref<i32>
  }
  return
}

// CHECK: module {
// CHECK-NEXT:   func.func @side_effect_removed(%arg0: i32, %arg1: i1) {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @dead_chain_after_fold(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     return %c0_i32 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @nested_dead_in_live_op(%arg0: i32, %arg1: i1, %arg2: memref<i32>) {
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     scf.if %arg1 {
// CHECK-NEXT:       memref.store %c0_i32, %arg2[] : memref<i32>
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
