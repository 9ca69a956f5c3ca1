// The README's main-job command on examples/canonicalize.mlir; the expected
// output is mlir-opt 22's.
// RUN: rmlir-opt --canonicalize %S/../../examples/canonicalize.mlir | FileCheck %s

// CHECK: module {
// CHECK-NEXT:   func.func @fold() -> i32 {
// CHECK-NEXT:     %c15_i32 = arith.constant 15 : i32
// CHECK-NEXT:     return %c15_i32 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @drr(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1) -> (i32, i32, i1, i32) {
// CHECK-NEXT:     %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT:     %c6_i32 = arith.constant 6 : i32
// CHECK-NEXT:     %0 = arith.addi %arg0, %c6_i32 : i32
// CHECK-NEXT:     %1 = arith.addi %arg0, %c4_i32 : i32
// CHECK-NEXT:     %2 = arith.cmpi sge, %arg1, %arg2 : i32
// CHECK-NEXT:     return %0, %1, %2, %arg1 : i32, i32, i1, i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @rust_patterns(%arg0: index, %arg1: f32) -> f32 {
// CHECK-NEXT:     %0 = arith.addf %arg1, %arg1 : f32
// CHECK-NEXT:     return %0 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @regions(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
