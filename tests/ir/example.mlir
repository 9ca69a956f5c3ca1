// The main-job example (examples/basic.mlir) stays valid and prints as
// mlir-opt prints it.
// RUN: rmlir-opt --allow-unregistered-dialect %S/../../examples/basic.mlir | FileCheck %s

// CHECK: module @example {
// CHECK-NEXT: func.func private @external(i32) -> i32
// CHECK-NEXT: func.func @square(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = "toy.mul"(%arg0, %arg0) : (i32, i32) -> i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @main(%arg0: i32 {toy.note = "input"}, %arg1: i1) -> (i32, i32) {
// CHECK-NEXT: %0 = call @square(%arg0) : (i32) -> i32
// CHECK-NEXT: %1 = call @external(%0) : (i32) -> i32
// CHECK-NEXT: %2 = "toy.loop"(%1) <{trip_count = 4 : i64}> ({
// CHECK-NEXT: ^bb0(%arg2: i32):
// CHECK-NEXT: %3 = "toy.add"(%arg2, %0) : (i32, i32) -> i32
// CHECK-NEXT: "toy.yield"(%3) : (i32) -> ()
// CHECK-NEXT: }) : (i32) -> i32
// CHECK-NEXT: "toy.cond_br"(%arg1)[^bb1, ^bb2] : (i1) -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "toy.print"(%2) {format = "sum = %d"} : (i32) -> ()
// CHECK-NEXT: "toy.br"()[^bb2] : () -> ()
// CHECK-NEXT: ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: return %2, %1 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: }
