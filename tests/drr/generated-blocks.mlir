// RUN: rmlir-opt -test-greedy-patterns %s | FileCheck %s
// DRR beyond MLIR (docs/DRR.md): a result pattern generating an op whose
// region gets a new block with arguments (one typed like the matched `$x`,
// one `index`) and ops inside it that use them.

// CHECK-LABEL: func.func @generated_block
// CHECK-NEXT: %0 = "test.drr_loop"(%arg0) ({
// CHECK-NEXT: ^bb0(%arg1: i32, %arg2: index):
// CHECK-NEXT:   %1 = "test.drr_loop_step"(%arg1, %arg1) : (i32, i32) -> i32
// CHECK-NEXT:   "test.drr_loop_yield"(%1, %arg2) : (i32, index) -> ()
// CHECK-NEXT: }) : (i32) -> i32
// CHECK-NEXT: return %0 : i32
func.func @generated_block(%a: i32) -> i32 {
  %0 = "test.drr_loop_src"(%a) : (i32) -> i32
  return %0 : i32
}
