// RUN: rmlir-opt %s -test-legalize-type-conversion -allow-unregistered-dialect | FileCheck %s

// A dropped block argument still in use gets its value "out of thin air" (here
// test.type_producer) when the block signature is converted, at the start of the new block;
// the source materialization of a converted argument (f64 back to f32, test.cast) is built at
// the end of the conversion, also at the start of the block, so it comes first, whatever the
// order of the arguments. CHECK lines produced by mlir-opt 22.

// CHECK-LABEL: func.func @entry_uses(
// CHECK-SAME:  %arg0: f64) {
// CHECK-NEXT:    %0 = "test.cast"(%arg0) : (f64) -> f32
// CHECK-NEXT:    %1 = "test.type_producer"() : () -> i32
// CHECK-NEXT:    "test.body"(%0, %1) : (f32, i32) -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @entry_uses(%x: f32, %n: i32) {
  "test.body"(%x, %n) : (f32, i32) -> ()
  return
}

// CHECK-LABEL: func.func @dropped_first(
// CHECK-SAME:  %arg0: f64) {
// CHECK-NEXT:    %0 = "test.cast"(%arg0) : (f64) -> f32
// CHECK-NEXT:    %1 = "test.type_producer"() : () -> i32
// CHECK-NEXT:    "test.body"(%1, %0) : (i32, f32) -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @dropped_first(%n: i32, %x: f32) {
  "test.body"(%n, %x) : (i32, f32) -> ()
  return
}
