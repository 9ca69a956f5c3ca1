// Canonicalization of scf.parallel (ParallelOpSingleOrZeroIterationDimsFolder,
// MergeNestedParallelLoops) from upstream SCF.cpp. CHECK lines are mlir-opt
// 22's output. Memory accesses are unregistered test ops, which keeps them
// alive.
// RUN: rmlir-opt --canonicalize %s | FileCheck %s
// RUN: rmlir-opt --canonicalize="enable-patterns={(anonymous namespace)::MergeNestedParallelLoops}" %s | FileCheck %s --check-prefix=MERGE

// CHECK-LABEL: func.func @single_iteration_some(
// CHECK-NEXT: %c42_i32 = arith.constant 42 : i32
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %c7 = arith.constant 7 : index
// CHECK-NEXT: %c10 = arith.constant 10 : index
// CHECK-NEXT: scf.parallel (%arg1) = (%c3) to (%c10) step (%c3) {
// CHECK-NEXT: "test.store"(%c42_i32, %arg0, %c0, %arg1, %c7) : (i32, memref<?x?x?xi32>, index, index, index) -> ()
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @single_iteration_some(%A: memref<?x?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c10 = arith.constant 10 : index
  scf.parallel (%i0, %i1, %i2) = (%c0, %c3, %c7) to (%c1, %c10, %c10) step (%c1, %c3, %c3) {
    %c42 = arith.constant 42 : i32
    "test.store"(%c42, %A, %i0, %i1, %i2) : (i32, memref<?x?x?xi32>, index, index, index) -> ()
    scf.reduce
  }
  return
}

// CHECK-LABEL: func.func @single_iteration_all(
// CHECK-NEXT: %c42_i32 = arith.constant 42 : i32
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c7 = arith.constant 7 : index
// CHECK-NEXT: "test.store"(%c42_i32, %arg0, %c0, %c7) : (i32, memref<?x?xi32>, index, index) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @single_iteration_all(%A: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c10 = arith.constant 10 : index
  scf.parallel (%i0, %i1) = (%c0, %c7) to (%c1, %c10) step (%c1, %c3) {
    %c42 = arith.constant 42 : i32
    "test.store"(%c42, %A, %i0, %i1) : (i32, memref<?x?xi32>, index, index) -> ()
    scf.reduce
  }
  return
}

// CHECK-LABEL: func.func @single_iteration_reduce(
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %0 = arith.addi %arg0, %c1 : index
// CHECK-NEXT: %1 = arith.muli %arg1, %c3 : index
// CHECK-NEXT: return %0, %1 : index, index
// CHECK-NEXT: }
func.func @single_iteration_reduce(%A: index, %B: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %0:2 = scf.parallel (%i0, %i1) = (%c1, %c3) to (%c2, %c6) step (%c1, %c3) init(%A, %B) -> (index, index) {
    scf.reduce(%i0, %i1 : index, index) {
    ^bb0(%lhs: index, %rhs: index):
      %1 = arith.addi %lhs, %rhs : index
      scf.reduce.return %1 : index
    }, {
    ^bb0(%lhs: index, %rhs: index):
      %2 = arith.muli %lhs, %rhs : index
      scf.reduce.return %2 : index
    }
  }
  return %0#0, %0#1 : index, index
}

// CHECK-LABEL: func.func @zero_iteration(
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @zero_iteration(%A: memref<?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i0, %i1) = (%c0, %c0) to (%c0, %n) step (%c1, %c1) {
    %c42 = arith.constant 42 : i32
    "test.store"(%c42, %A, %i1) : (i32, memref<?xi32>, index) -> ()
    scf.reduce
  }
  return
}

// CHECK-LABEL: func.func @nested_parallel(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %0 = "test.dim"(%arg0, %c0) : (memref<?x?x?xf64>, index) -> index
// CHECK-NEXT: %1 = "test.dim"(%arg0, %c1) : (memref<?x?x?xf64>, index) -> index
// CHECK-NEXT: %2 = "test.dim"(%arg0, %c2) : (memref<?x?x?xf64>, index) -> index
// CHECK-NEXT: scf.parallel (%arg1, %arg2, %arg3) = (%c0, %c0, %c0) to (%0, %1, %2) step (%c1, %c1, %c1) {
// CHECK-NEXT: %3 = "test.load"(%arg0, %arg1, %arg2, %arg3) : (memref<?x?x?xf64>, index, index, index) -> f64
// CHECK-NEXT: "test.store"(%3, %arg0, %arg1, %arg2, %arg3) : (f64, memref<?x?x?xf64>, index, index, index) -> ()
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: return %arg0 : memref<?x?x?xf64>
// CHECK-NEXT: }
// MERGE-LABEL: func.func @nested_parallel(
// MERGE-NEXT: %c0 = arith.constant 0 : index
// MERGE-NEXT: %c1 = arith.constant 1 : index
// MERGE-NEXT: %c2 = arith.constant 2 : index
// MERGE-NEXT: %0 = "test.dim"(%arg0, %c0) : (memref<?x?x?xf64>, index) -> index
// MERGE-NEXT: %1 = "test.dim"(%arg0, %c1) : (memref<?x?x?xf64>, index) -> index
// MERGE-NEXT: %2 = "test.dim"(%arg0, %c2) : (memref<?x?x?xf64>, index) -> index
// MERGE-NEXT: scf.parallel (%arg1, %arg2, %arg3) = (%c0, %c0, %c0) to (%0, %1, %2) step (%c1, %c1, %c1) {
// MERGE-NEXT: %3 = "test.load"(%arg0, %arg1, %arg2, %arg3) : (memref<?x?x?xf64>, index, index, index) -> f64
// MERGE-NEXT: "test.store"(%3, %arg0, %arg1, %arg2, %arg3) : (f64, memref<?x?x?xf64>, index, index, index) -> ()
// MERGE-NEXT: scf.reduce
// MERGE-NEXT: }
// MERGE-NEXT: return %arg0 : memref<?x?x?xf64>
// MERGE-NEXT: }
func.func @nested_parallel(%0: memref<?x?x?xf64>) -> memref<?x?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %1 = "test.dim"(%0, %c0) : (memref<?x?x?xf64>, index) -> index
  %2 = "test.dim"(%0, %c1) : (memref<?x?x?xf64>, index) -> index
  %3 = "test.dim"(%0, %c2) : (memref<?x?x?xf64>, index) -> index
  scf.parallel (%arg1) = (%c0) to (%1) step (%c1) {
    scf.parallel (%arg2) = (%c0) to (%2) step (%c1) {
      scf.parallel (%arg3) = (%c0) to (%3) step (%c1) {
        %5 = "test.load"(%0, %arg1, %arg2, %arg3) : (memref<?x?x?xf64>, index, index, index) -> f64
        "test.store"(%5, %0, %arg1, %arg2, %arg3) : (f64, memref<?x?x?xf64>, index, index, index) -> ()
        scf.reduce
      }
      scf.reduce
    }
    scf.reduce
  }
  return %0 : memref<?x?x?xf64>
}

// CHECK-LABEL: func.func @nested_with_init(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = scf.parallel (%arg3) = (%c0) to (%arg0) step (%c1) init (%arg2) -> f64 {
// CHECK-NEXT: scf.parallel (%arg4) = (%c0) to (%arg0) step (%c1) {
// CHECK-NEXT: %1 = "test.load"(%arg1, %arg4) : (memref<?xf64>, index) -> f64
// CHECK-NEXT: "test.store"(%1, %arg1, %arg3) : (f64, memref<?xf64>, index) -> ()
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: scf.reduce(%arg2 : f64) {
// CHECK-NEXT: ^bb0(%arg4: f64, %arg5: f64):
// CHECK-NEXT: %1 = arith.addf %arg4, %arg5 : f64
// CHECK-NEXT: scf.reduce.return %1 : f64
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : f64
// CHECK-NEXT: }
// MERGE-LABEL: func.func @nested_with_init(
// MERGE-NEXT: %c0 = arith.constant 0 : index
// MERGE-NEXT: %c1 = arith.constant 1 : index
// MERGE-NEXT: %0 = scf.parallel (%arg3) = (%c0) to (%arg0) step (%c1) init (%arg2) -> f64 {
// MERGE-NEXT: scf.parallel (%arg4) = (%c0) to (%arg0) step (%c1) {
// MERGE-NEXT: %1 = "test.load"(%arg1, %arg4) : (memref<?xf64>, index) -> f64
// MERGE-NEXT: "test.store"(%1, %arg1, %arg3) : (f64, memref<?xf64>, index) -> ()
// MERGE-NEXT: scf.reduce
// MERGE-NEXT: }
// MERGE-NEXT: scf.reduce(%arg2 : f64) {
// MERGE-NEXT: ^bb0(%arg4: f64, %arg5: f64):
// MERGE-NEXT: %1 = arith.addf %arg4, %arg5 : f64
// MERGE-NEXT: scf.reduce.return %1 : f64
// MERGE-NEXT: }
// MERGE-NEXT: }
// MERGE-NEXT: return %0 : f64
// MERGE-NEXT: }
func.func @nested_with_init(%n: index, %A: memref<?xf64>, %x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init(%x) -> f64 {
    scf.parallel (%j) = (%c0) to (%n) step (%c1) {
      %v = "test.load"(%A, %j) : (memref<?xf64>, index) -> f64
      "test.store"(%v, %A, %i) : (f64, memref<?xf64>, index) -> ()
      scf.reduce
    }
    scf.reduce(%x : f64) {
    ^bb0(%lhs: f64, %rhs: f64):
      %s = arith.addf %lhs, %rhs : f64
      scf.reduce.return %s : f64
    }
  }
  return %r : f64
}

// CHECK-LABEL: func.func @nested_dependent(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: scf.parallel (%arg2) = (%c0) to (%arg0) step (%c1) {
// CHECK-NEXT: scf.parallel (%arg3) = (%c0) to (%arg2) step (%c1) {
// CHECK-NEXT: %0 = "test.load"(%arg1, %arg3) : (memref<?xf64>, index) -> f64
// CHECK-NEXT: "test.store"(%0, %arg1, %arg2) : (f64, memref<?xf64>, index) -> ()
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// MERGE-LABEL: func.func @nested_dependent(
// MERGE-NEXT: %c0 = arith.constant 0 : index
// MERGE-NEXT: %c1 = arith.constant 1 : index
// MERGE-NEXT: scf.parallel (%arg2) = (%c0) to (%arg0) step (%c1) {
// MERGE-NEXT: scf.parallel (%arg3) = (%c0) to (%arg2) step (%c1) {
// MERGE-NEXT: %0 = "test.load"(%arg1, %arg3) : (memref<?xf64>, index) -> f64
// MERGE-NEXT: "test.store"(%0, %arg1, %arg2) : (f64, memref<?xf64>, index) -> ()
// MERGE-NEXT: scf.reduce
// MERGE-NEXT: }
// MERGE-NEXT: scf.reduce
// MERGE-NEXT: }
// MERGE-NEXT: return
// MERGE-NEXT: }
func.func @nested_dependent(%n: index, %A: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.parallel (%j) = (%c0) to (%i) step (%c1) {
      %v = "test.load"(%A, %j) : (memref<?xf64>, index) -> f64
      "test.store"(%v, %A, %i) : (f64, memref<?xf64>, index) -> ()
      scf.reduce
    }
    scf.reduce
  }
  return
}

// CHECK-LABEL: func.func @partial_with_reduce(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = scf.parallel (%arg3) = (%c0) to (%arg0) step (%c1) init (%arg1) -> f64 {
// CHECK-NEXT: %1 = "test.load"(%arg2, %c0, %arg3) : (memref<?xf64>, index, index) -> f64
// CHECK-NEXT: scf.reduce(%1 : f64) {
// CHECK-NEXT: ^bb0(%arg4: f64, %arg5: f64):
// CHECK-NEXT: %2 = arith.addf %arg4, %arg5 : f64
// CHECK-NEXT: scf.reduce.return %2 : f64
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : f64
// CHECK-NEXT: }
func.func @partial_with_reduce(%n: index, %x: f64, %A: memref<?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.parallel (%i, %j) = (%c0, %c0) to (%c1, %n) step (%c1, %c1) init(%x) -> f64 {
    %v = "test.load"(%A, %i, %j) : (memref<?xf64>, index, index) -> f64
    scf.reduce(%v : f64) {
    ^bb0(%lhs: f64, %rhs: f64):
      %s = arith.addf %lhs, %rhs : f64
      scf.reduce.return %s : f64
    }
  }
  return %r : f64
}

