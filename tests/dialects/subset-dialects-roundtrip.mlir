// Round trip of the affine, math, memref, tensor, ub and vector ops that
// rmlir defines (the subsets the upstream folding tests use), custom and
// generic forms. CHECK lines produced by mlir-opt 22.
// RUN: rmlir-opt %s | FileCheck %s
// RUN: rmlir-opt %s --mlir-print-op-generic | rmlir-opt | FileCheck %s

func.func @affine(%m: memref<8xi32>, %n: index, %v: i32) -> index {
  affine.for %i = 0 to 8 {
    memref.store %v, %m[%i] : memref<8xi32>
  }
  affine.for %j = 2 to %n step 3 {
    affine.yield
  }
  affine.for %k = max affine_map<(d0)[s0] -> (d0, s0)>(%n)[%n] to min affine_map<()[s0] -> (s0, 100)>()[%n] {
  }
  %s = affine.for %l = 0 to 4 iter_args(%acc = %v) -> (i32) {
    %a = arith.addi %acc, %v : i32
    affine.yield %a : i32
  }
  %r = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%n)[%n]
  return %r : index
}
func.func @others(%m: memref<4x4xf32>, %t: tensor<?x4xf32>, %f: f32, %i: index) -> (memref<2x2xf32, strided<[4, 1], offset: ?>>, index, vector<4xf32>, f32, i32) {
  %sv = memref.subview %m[%i, 0] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: ?>>
  %d = tensor.dim %t, %i : tensor<?x4xf32>
  %b = vector.broadcast %f : f32 to vector<4xf32>
  %a = math.absf %f fastmath<nnan> : f32
  %s = math.sin %a : f32
  %c = math.cos %s : f32
  %x = math.fma %c, %s, %a : f32
  %p = ub.poison : i32
  return %sv, %d, %b, %x, %p : memref<2x2xf32, strided<[4, 1], offset: ?>>, index, vector<4xf32>, f32, i32
}
func.func @unreachable(%c: i1) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  ub.unreachable
^bb2:
  ub.unreachable {note = "never"}
}

// CHECK-LABEL: func.func @affine(
// CHECK-SAME: %arg0: memref<8xi32>, %arg1: index, %arg2: i32) -> index {
// CHECK-NEXT: affine.for %arg3 = 0 to 8 {
// CHECK-NEXT: memref.store %arg2, %arg0[%arg3] : memref<8xi32>
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %arg3 = 2 to %arg1 step 3 {
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %arg3 = max #map(%arg1)[%arg1] to min #map1()[%arg1] {
// CHECK-NEXT: }
// CHECK-NEXT: %0 = affine.for %arg3 = 0 to 4 iter_args(%arg4 = %arg2) -> (i32) {
// CHECK-NEXT: %2 = arith.addi %arg4, %arg2 : i32
// CHECK-NEXT: affine.yield %2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %1 = affine.apply #map2(%arg1)[%arg1]
// CHECK-NEXT: return %1 : index
// CHECK-NEXT: }
// CHECK-LABEL: func.func @others(
// CHECK-SAME: %arg0: memref<4x4xf32>, %arg1: tensor<?x4xf32>, %arg2: f32, %arg3: index) -> (memref<2x2xf32, strided<[4, 1], offset: ?>>, index, vector<4xf32>, f32, i32) {
// CHECK-NEXT: %subview = memref.subview %arg0[%arg3, 0] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: ?>>
// CHECK-NEXT: %dim = tensor.dim %arg1, %arg3 : tensor<?x4xf32>
// CHECK-NEXT: %0 = vector.broadcast %arg2 : f32 to vector<4xf32>
// CHECK-NEXT: %1 = math.absf %arg2 fastmath<nnan> : f32
// CHECK-NEXT: %2 = math.sin %1 : f32
// CHECK-NEXT: %3 = math.cos %2 : f32
// CHECK-NEXT: %4 = math.fma %3, %2, %1 : f32
// CHECK-NEXT: %5 = ub.poison : i32
// CHECK-NEXT: return %subview, %dim, %0, %4, %5 : memref<2x2xf32, strided<[4, 1], offset: ?>>, index, vector<4xf32>, f32, i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @unreachable(
// CHECK-SAME: %arg0: i1) -> i32 {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: ub.unreachable
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: ub.unreachable {note = "never"}
// CHECK-NEXT: }
