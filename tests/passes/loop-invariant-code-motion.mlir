// -loop-invariant-code-motion: invariant side-effect-free speculatable ops
// leave scf.for / scf.while / scf.parallel loops, innermost loops first;
// ops with effects, divisions by unknown values and ops using the loop's
// values stay. CHECK lines produced by mlir-opt 22.
// RUN: rmlir-opt %s -loop-invariant-code-motion | FileCheck %s

func.func @nested(%lb: index, %ub: index, %s: index, %a: i32, %b: i32, %m: memref<i32>) {
  scf.for %i = %lb to %ub step %s {
    %0 = arith.addi %a, %b : i32
    scf.for %j = %lb to %ub step %s {
      %1 = arith.muli %0, %a : i32
      %2 = arith.addi %1, %b : i32
      %3 = arith.index_cast %j : index to i32
      %4 = arith.addi %2, %3 : i32
      memref.store %4, %m[] : memref<i32>
    }
  }
  return
}

func.func @divisions(%lb: index, %ub: index, %s: index, %a: i32, %b: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %a) -> i32 {
    %0 = arith.divui %a, %c3 : i32
    %1 = arith.divui %a, %b : i32
    %2 = arith.addi %0, %1 : i32
    %3 = arith.addi %acc, %2 : i32
    scf.yield %3 : i32
  }
  return %r : i32
}

func.func @while(%a: i32, %b: i32) -> i32 {
  %r = scf.while (%x = %a) : (i32) -> i32 {
    %0 = arith.muli %a, %b : i32
    %c = arith.cmpi slt, %x, %0 : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %1 = arith.addi %a, %a : i32
    %2 = arith.addi %y, %1 : i32
    scf.yield %2 : i32
  }
  return %r : i32
}

func.func @inner_loop_hoisted(%lb: index, %ub: index, %a: i32, %m: memref<i32>) {
  %c1 = arith.constant 1 : index
  scf.for %i = %lb to %ub step %c1 {
    %r = scf.for %j = %lb to %ub step %c1 iter_args(%acc = %a) -> i32 {
      %n = arith.addi %acc, %a : i32
      scf.yield %n : i32
    }
    memref.store %r, %m[] : memref<i32>
  }
  return
}

// CHECK: module {
// CHECK-NEXT:   func.func @nested(%arg0: index, %arg1: index, %arg2: index, %arg3: i32, %arg4: i32, %arg5: memref<i32>) {
// CHECK-NEXT:     %0 = arith.addi %arg3, %arg4 : i32
// CHECK-NEXT:     %1 = arith.muli %0, %arg3 : i32
// CHECK-NEXT:     %2 = arith.addi %1, %arg4 : i32
// CHECK-NEXT:     scf.for %arg6 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT:       scf.for %arg7 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT:         %3 = arith.index_cast %arg7 : index to i32
// CHECK-NEXT:         %4 = arith.addi %2, %3 : i32
// CHECK-NEXT:         memref.store %4, %arg5[] : memref<i32>
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @divisions(%arg0: index, %arg1: index, %arg2: index, %arg3: i32, %arg4: i32) -> i32 {
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     %0 = arith.divui %arg3, %c3_i32 : i32
// CHECK-NEXT:     %1 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg3) -> (i32) {
// CHECK-NEXT:       %2 = arith.divui %arg3, %arg4 : i32
// CHECK-NEXT:       %3 = arith.addi %0, %2 : i32
// CHECK-NEXT:       %4 = arith.addi %arg6, %3 : i32
// CHECK-NEXT:       scf.yield %4 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @while(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:     %0 = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT:     %1 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     %2 = scf.while (%arg2 = %arg0) : (i32) -> i32 {
// CHECK-NEXT:       %3 = arith.cmpi slt, %arg2, %0 : i32
// CHECK-NEXT:       scf.condition(%3) %arg2 : i32
// CHECK-NEXT:     } do {
// CHECK-NEXT:     ^bb0(%arg2: i32):
// CHECK-NEXT:       %3 = arith.addi %arg2, %1 : i32
// CHECK-NEXT:       scf.yield %3 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %2 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @inner_loop_hoisted(%arg0: index, %arg1: index, %arg2: i32, %arg3: memref<i32>) {
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %0 = scf.for %arg4 = %arg0 to %arg1 step %c1 iter_args(%arg5 = %arg2) -> (i32) {
// CHECK-NEXT:       %1 = arith.addi %arg5, %arg2 : i32
// CHECK-NEXT:       scf.yield %1 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.for %arg4 = %arg0 to %arg1 step %c1 {
// CHECK-NEXT:       memref.store %0, %arg3[] : memref<i32>
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
