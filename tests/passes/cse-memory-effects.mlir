// CSE of ops whose only effects are reads: eliminated when no op in
// between may write (an op with unknown effects may), kept otherwise;
// reads in different blocks are not merged; allocations are never merged.
// Expected output from mlir-opt 22.
// RUN: rmlir-opt %s -allow-unregistered-dialect -pass-pipeline='builtin.module(func.func(cse))' -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @unknown_op_blocks
// CHECK-NEXT: %0 = "test.op_with_memread"() : () -> i32
// CHECK-NEXT: "foo.unknown"() : () -> ()
// CHECK-NEXT: %1 = "test.op_with_memread"() : () -> i32
// CHECK-NEXT: return %0, %1
func.func @unknown_op_blocks() -> (i32, i32) {
  %0 = "test.op_with_memread"() : () -> i32
  "foo.unknown"() : () -> ()
  %1 = "test.op_with_memread"() : () -> i32
  return %0, %1 : i32, i32
}

// -----

// CHECK-LABEL: func.func @pure_op_in_between
// CHECK-NEXT: %0 = "test.op_with_memread"() : () -> i32
// CHECK-NEXT: %1 = arith.addi %0, %0 : i32
// CHECK-NEXT: return %0, %1
func.func @pure_op_in_between() -> (i32, i32) {
  %0 = "test.op_with_memread"() : () -> i32
  %1 = arith.addi %0, %0 : i32
  %2 = "test.op_with_memread"() : () -> i32
  return %2, %1 : i32, i32
}

// -----

// CHECK-LABEL: func.func @other_block
// CHECK: "test.op_with_memread"
// CHECK: ^bb1:
// CHECK-NEXT: "test.op_with_memread"
func.func @other_block() -> (i32, i32) {
  %0 = "test.op_with_memread"() : () -> i32
  cf.br ^bb1
^bb1:
  %1 = "test.op_with_memread"() : () -> i32
  return %0, %1 : i32, i32
}

// -----

// CHECK-LABEL: func.func @allocs
// CHECK-NEXT: %alloc = memref.alloc() : memref<2xf32>
// CHECK-NEXT: %alloc_0 = memref.alloc() : memref<2xf32>
func.func @allocs() -> (memref<2xf32>, memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  %1 = memref.alloc() : memref<2xf32>
  return %0, %1 : memref<2xf32>, memref<2xf32>
}

// -----

// Side-effect ops with only reads merge; a free in between does not block.
// CHECK-LABEL: func.func @effects_attr
// CHECK-NEXT: %0 = "test.side_effect_op"() {effects = [{effect = "read"}]} : () -> i32
// CHECK-NEXT: %1 = "test.side_effect_op"() {effects = [{effect = "free"}]} : () -> i32
// CHECK-NEXT: return %0, %0
func.func @effects_attr() -> (i32, i32) {
  %0 = "test.side_effect_op"() {effects = [{effect = "read"}]} : () -> i32
  %1 = "test.side_effect_op"() {effects = [{effect = "free"}]} : () -> i32
  %2 = "test.side_effect_op"() {effects = [{effect = "read"}]} : () -> i32
  return %0, %2 : i32, i32
}
