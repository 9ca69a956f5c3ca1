// Constant folding edge cases of the arith folds (-test-single-fold):
// narrow float formats, NaN/infinity rules, wide integers, overflow and
// shift bounds that block folding (for vectors, upstream's per-element
// flag is the last element's), lossless-only float truncation, poison.
// CHECK lines produced by mlir-opt 22.
// RUN: rmlir-opt %s -test-single-fold | FileCheck %s

func.func @f16_arith() -> (f16, f16, bf16, f16) {
  %a = arith.constant 1.5 : f16
  %b = arith.constant 65504.0 : f16
  %c = arith.constant 3.0 : bf16
  %0 = arith.addf %a, %a : f16
  %1 = arith.addf %b, %b : f16
  %2 = arith.divf %c, %c : bf16
  %3 = arith.mulf %a, %b : f16
  return %0, %1, %2, %3 : f16, f16, bf16, f16
}
func.func @nan_and_inf() -> (f32, f32, f32, i1, i1, f64) {
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %nan = arith.constant 0x7FC00001 : f32
  %one = arith.constant 1.0 : f32
  %0 = arith.addf %inf, %ninf : f32
  %1 = arith.mulf %nan, %one : f32
  %2 = arith.maximumf %nan, %one : f32
  %3 = arith.cmpf uno, %nan, %one : f32
  %4 = arith.cmpf olt, %ninf, %one : f32
  %z = arith.constant 0.0 : f64
  %5 = arith.remf %z, %z : f64
  return %0, %1, %2, %3, %4, %5 : f32, f32, f32, i1, i1, f64
}
func.func @ints() -> (i256, i8, i8, i8, i32, i16, i64, i1) {
  %big = arith.constant 57896044618658097711785492504343953926634992332820282019728792003956564819967 : i256
  %one = arith.constant 1 : i256
  %0 = arith.addi %big, %one : i256
  %m = arith.constant -128 : i8
  %n1 = arith.constant -1 : i8
  %1 = arith.divsi %m, %n1 : i8
  %2 = arith.ceildivsi %m, %n1 : i8
  %3 = arith.floordivsi %m, %n1 : i8
  %c7 = arith.constant 7 : i32
  %c32 = arith.constant 32 : i32
  %4 = arith.shli %c7, %c32 : i32
  %c300 = arith.constant 300 : i32
  %5 = arith.trunci %c300 : i32 to i16
  %f = arith.constant -2.75 : f32
  %6 = arith.fptosi %f : f32 to i64
  %7 = arith.cmpi ult, %n1, %m : i8
  return %0, %1, %2, %3, %4, %5, %6, %7 : i256, i8, i8, i8, i32, i16, i64, i1
}
func.func @casts() -> (f32, i32, f16, bf16, vector<2xi32>) {
  %c = arith.constant 1065353216 : i32
  %0 = arith.bitcast %c : i32 to f32
  %f = arith.constant 2.0 : f32
  %1 = arith.bitcast %f : f32 to i32
  %h = arith.constant 0.1 : f32
  %2 = arith.truncf %h : f32 to f16
  %q = arith.constant 0.25 : f32
  %3 = arith.truncf %q : f32 to bf16
  %v = arith.constant dense<[1, -1]> : vector<2xi8>
  %4 = arith.extsi %v : vector<2xi8> to vector<2xi32>
  return %0, %1, %2, %3, %4 : f32, i32, f16, bf16, vector<2xi32>
}
func.func @poison(%x: i32) -> (i32, i64, i32) {
  %p = ub.poison : i32
  %0 = arith.muli %x, %p : i32
  %1 = arith.extui %p : i32 to i64
  %c = arith.constant true
  %2 = arith.select %c, %p, %x : i32
  return %0, %1, %2 : i32, i64, i32
}
func.func @vector_flags() -> (vector<2xi8>, vector<2xi8>, vector<2xi8>, vector<2xi8>) {
  %v = arith.constant dense<[-128, 5]> : vector<2xi8>
  %w = arith.constant dense<-1> : vector<2xi8>
  %0 = arith.floordivsi %v, %w : vector<2xi8>
  %1 = arith.divsi %v, %w : vector<2xi8>
  %s = arith.constant dense<[9, 1]> : vector<2xi8>
  %2 = arith.shrsi %v, %s : vector<2xi8>
  %t = arith.constant dense<[1, 8]> : vector<2xi8>
  %3 = arith.shli %v, %t : vector<2xi8>
  return %0, %1, %2, %3 : vector<2xi8>, vector<2xi8>, vector<2xi8>, vector<2xi8>
}

// CHECK-LABEL: func.func @f16_arith(
// CHECK-SAME: ) -> (f16, f16, bf16, f16) {
// CHECK-NEXT: %cst = arith.constant 3.000000e+00 : f16
// CHECK-NEXT: %cst_0 = arith.constant 0x7C00 : f16
// CHECK-NEXT: %cst_1 = arith.constant 1.000000e+00 : bf16
// CHECK-NEXT: return %cst, %cst_0, %cst_1, %cst_0 : f16, f16, bf16, f16
// CHECK-NEXT: }
// CHECK-LABEL: func.func @nan_and_inf(
// CHECK-SAME: ) -> (f32, f32, f32, i1, i1, f64) {
// CHECK-NEXT: %cst = arith.constant 0x7FC00001 : f32
// CHECK-NEXT: %cst_0 = arith.constant 0x7FC00000 : f32
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %cst_1 = arith.constant 0x7FF8000000000000 : f64
// CHECK-NEXT: return %cst_0, %cst, %cst, %true, %true, %cst_1 : f32, f32, f32, i1, i1, f64
// CHECK-NEXT: }
// CHECK-LABEL: func.func @ints(
// CHECK-SAME: ) -> (i256, i8, i8, i8, i32, i16, i64, i1) {
// CHECK-NEXT: %c-57896044618658097711785492504343953926634992332820282019728792003956564819968_i256 = arith.constant -57896044618658097711785492504343953926634992332820282019728792003956564819968 : i256
// CHECK-NEXT: %c-128_i8 = arith.constant -128 : i8
// CHECK-NEXT: %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT: %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT: %c32_i32 = arith.constant 32 : i32
// CHECK-NEXT: %c300_i16 = arith.constant 300 : i16
// CHECK-NEXT: %c-2_i64 = arith.constant -2 : i64
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %0 = arith.divsi %c-128_i8, %c-1_i8 : i8
// CHECK-NEXT: %1 = arith.ceildivsi %c-128_i8, %c-1_i8 : i8
// CHECK-NEXT: %2 = arith.floordivsi %c-128_i8, %c-1_i8 : i8
// CHECK-NEXT: %3 = arith.shli %c7_i32, %c32_i32 : i32
// CHECK-NEXT: return %c-57896044618658097711785492504343953926634992332820282019728792003956564819968_i256, %0, %1, %2, %3, %c300_i16, %c-2_i64, %false : i256, i8, i8, i8, i32, i16, i64, i1
// CHECK-NEXT: }
// CHECK-LABEL: func.func @casts(
// CHECK-SAME: ) -> (f32, i32, f16, bf16, vector<2xi32>) {
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %c1073741824_i32 = arith.constant 1073741824 : i32
// CHECK-NEXT: %cst_0 = arith.constant 1.000000e-01 : f32
// CHECK-NEXT: %cst_1 = arith.constant 2.500000e-01 : bf16
// CHECK-NEXT: %cst_2 = arith.constant dense<[1, -1]> : vector<2xi32>
// CHECK-NEXT: %0 = arith.truncf %cst_0 : f32 to f16
// CHECK-NEXT: return %cst, %c1073741824_i32, %0, %cst_1, %cst_2 : f32, i32, f16, bf16, vector<2xi32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @poison(
// CHECK-SAME: %arg0: i32) -> (i32, i64, i32) {
// CHECK-NEXT: %0 = ub.poison : i32
// CHECK-NEXT: %1 = ub.poison : i64
// CHECK-NEXT: return %0, %1, %0 : i32, i64, i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @vector_flags(
// CHECK-SAME: ) -> (vector<2xi8>, vector<2xi8>, vector<2xi8>, vector<2xi8>) {
// CHECK-NEXT: %cst = arith.constant dense<[-128, 5]> : vector<2xi8>
// CHECK-NEXT: %cst_0 = arith.constant dense<-1> : vector<2xi8>
// CHECK-NEXT: %cst_1 = arith.constant dense<[-128, -5]> : vector<2xi8>
// CHECK-NEXT: %cst_2 = arith.constant dense<[-1, 2]> : vector<2xi8>
// CHECK-NEXT: %cst_3 = arith.constant dense<[1, 8]> : vector<2xi8>
// CHECK-NEXT: %0 = arith.divsi %cst, %cst_0 : vector<2xi8>
// CHECK-NEXT: %1 = arith.shli %cst, %cst_3 : vector<2xi8>
// CHECK-NEXT: return %cst_1, %0, %cst_2, %1 : vector<2xi8>, vector<2xi8>, vector<2xi8>, vector<2xi8>
// CHECK-NEXT: }
