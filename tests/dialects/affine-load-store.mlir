// RUN: rmlir-opt %s | FileCheck %s
// RUN: rmlir-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Subscripts are affine expressions over SSA ids: each new id is the next
// dimension, `symbol(%x)` the next symbol, and a repeated id is the same one.

// CHECK-LABEL: func.func @subscripts
// CHECK: %[[V:.*]] = affine.load %arg0[%arg1 + 3, -%arg2 + symbol(%arg3) * 2] : memref<10x10xf32>
// CHECK: affine.store %[[V]], %arg0[%arg1, %arg1 + symbol(%arg3)] {foo} : memref<10x10xf32>
// CHECK: affine.load %arg0[(%arg1 floordiv 2) mod 3, -%arg2 + 1] : memref<10x10xf32>
// GENERIC: #[[M0:.*]] = affine_map<(d0, d1)[s0] -> (d0 + 3, -d1 + s0 * 2)>
// GENERIC: #[[M1:.*]] = affine_map<(d0)[s0] -> (d0, d0 + s0)>
// GENERIC: "affine.load"(%arg0, %arg1, %arg2, %arg3) <{map = #[[M0]]}> : (memref<10x10xf32>, index, index, index) -> f32
// GENERIC: "affine.store"(%0, %arg0, %arg1, %arg3) <{map = #[[M1]]}> {foo} : (f32, memref<10x10xf32>, index, index) -> ()
func.func @subscripts(%m: memref<10x10xf32>, %i: index, %j: index, %n: index) {
  %v = affine.load %m[%i + 3, symbol(%n) * 2 - %j] : memref<10x10xf32>
  affine.store %v, %m[%i, %i + symbol(%n)] {foo} : memref<10x10xf32>
  %w = affine.load %m[(%i floordiv 2) mod 3, -%j + 1] : memref<10x10xf32>
  return
}
