// RUN: rmlir-opt %s -remove-dead-values -split-input-file | FileCheck %s

// Inputs modelled on upstream's remove-dead-values tests; the CHECK lines are
// mlir-opt 22's output for them.

// CHECK-LABEL: func.func @branch_operands_of_dead_block_arguments(%arg0: i1) {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb3
// CHECK-NEXT: ^bb3:  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @branch_operands_of_dead_block_arguments(%arg0: i1) {
  %non_live = arith.constant 0 : i32

  cf.cond_br %arg0, ^bb1(%non_live : i32), ^bb2(%non_live : i32)
^bb1(%non_live_0 : i32):
  cf.br ^bb3
^bb2(%non_live_1 : i32):
  cf.br ^bb3
^bb3:
  return
}

// -----

// CHECK-LABEL: func.func private @clean_func_op_remove_argument_and_return_value() {
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @main(%arg0: i32) {
// CHECK-NEXT: call @clean_func_op_remove_argument_and_return_value() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func private @clean_func_op_remove_argument_and_return_value(%arg0: i32) -> (i32) {
  return %arg0 : i32
}
func.func @main(%arg0 : i32) {
  %non_live = func.call @clean_func_op_remove_argument_and_return_value(%arg0) : (i32) -> (i32)
  return
}

// -----

// CHECK-LABEL: func.func private @clean_func_op_remove_return_values(%arg0: memref<i32>) -> i32 {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: memref.store %c0_i32, %arg0[] : memref<i32>
// CHECK-NEXT: return %c0_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @main(%arg0: memref<i32>) -> i32 {
// CHECK-NEXT: %0 = call @clean_func_op_remove_return_values(%arg0) : (memref<i32>) -> i32
// CHECK-NEXT: %1 = call @clean_func_op_remove_return_values(%arg0) : (memref<i32>) -> i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func private @clean_func_op_remove_return_values(%arg0 : memref<i32>) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  memref.store %c0, %arg0[] : memref<i32>
  return %c0, %c0 : i32, i32
}
func.func @main(%arg1 : memref<i32>) -> (i32) {
  %live, %non_live = func.call @clean_func_op_remove_return_values(%arg1) : (memref<i32>) -> (i32, i32)
  %non_live_0, %non_live_1 = func.call @clean_func_op_remove_return_values(%arg1) : (memref<i32>) -> (i32, i32)
  return %live : i32
}

// -----

// CHECK-LABEL: func.func private @clean_simple_ops(%arg0: i32, %arg1: memref<i32>) -> i32 {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %1 = arith.muli %0, %c2_i32 : i32
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %2 = arith.addi %arg0, %c3_i32 : i32
// CHECK-NEXT: memref.store %2, %arg1[] : memref<i32>
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @main(%arg0: i32, %arg1: memref<i32>, %arg2: i32) -> i32 {
// CHECK-NEXT: %0 = call @clean_simple_ops(%arg0, %arg1) : (i32, memref<i32>) -> i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func private @clean_simple_ops(%arg0 : i32, %arg1 : memref<i32>, %arg2 : i32) -> (i32, i32, i32, i32) {
  %live_0 = arith.addi %arg0, %arg0 : i32
  %c2 = arith.constant 2 : i32
  %live_1 = arith.muli %live_0, %c2 : i32
  %non_live_1 = arith.addi %live_1, %live_0 : i32
  %non_live_2 = arith.constant 7 : i32
  %non_live_3 = arith.subi %arg0, %non_live_1 : i32
  %c3 = arith.constant 3 : i32
  %live_2 = arith.addi %arg0, %c3 : i32
  memref.store %live_2, %arg1[] : memref<i32>
  return %live_1, %non_live_1, %non_live_2, %non_live_3 : i32, i32, i32, i32
}

func.func @main(%arg3 : i32, %arg4 : memref<i32>, %arg5 : i32) -> (i32) {
  %live, %non_live_1, %non_live_2, %non_live_3 = func.call @clean_simple_ops(%arg3, %arg4, %arg5) : (i32, memref<i32>, i32) -> (i32, i32, i32, i32)
  return %live : i32
}

// -----

// CHECK-LABEL: func.func private @clean_region_branch_op_erase_it() {
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @main(%arg0: i32, %arg1: i1) {
// CHECK-NEXT: call @clean_region_branch_op_erase_it() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func private @clean_region_branch_op_erase_it(%arg0 : i32, %arg1 : i1) -> (i32) {
  %non_live = scf.while (%arg2 = %arg0) : (i32) -> (i32) {
    scf.condition(%arg1) %arg2 : i32
  } do {
  ^bb0(%arg2: i32):
    scf.yield %arg2 : i32
  }
  return %non_live : i32
}

func.func @main(%arg3 : i32, %arg4 : i1) {
  %non_live_0 = func.call @clean_region_branch_op_erase_it(%arg3, %arg4) : (i32, i1) -> (i32)
  return
}

// -----

// CHECK-LABEL: func.func private @no_block_func_declaration()
func.func private @no_block_func_declaration() -> ()

// -----

// CHECK-LABEL: func.func @branch_args(%arg0: i1, %arg1: memref<i32>) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%c0_i32 : i32), ^bb2
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT: memref.store %0, %arg1[] : memref<i32>
// CHECK-NEXT: cf.br ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb3
// CHECK-NEXT: ^bb3:  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @branch_args(%arg0: i1, %m: memref<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.cond_br %arg0, ^bb1(%c0, %c1 : i32, i32), ^bb2(%c1 : i32)
^bb1(%a: i32, %b: i32):
  memref.store %a, %m[] : memref<i32>
  cf.br ^bb3(%b : i32)
^bb2(%c: i32):
  cf.br ^bb3(%c : i32)
^bb3(%d: i32):
  return
}

// -----

// CHECK-LABEL: func.func private @chain(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.muli %0, %0 : i32
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @caller(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT: %0 = call @chain(%arg0, %arg1) : (i32, i32) -> i32
// CHECK-NEXT: %1 = call @chain(%arg1, %arg0) : (i32, i32) -> i32
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
func.func private @chain(%x: i32, %y: i32) -> (i32, i32) {
  %0 = arith.addi %x, %y : i32
  %1 = arith.muli %0, %0 : i32
  %2 = arith.subi %1, %y : i32
  return %2, %1 : i32, i32
}
func.func @caller(%a: i32, %b: i32) -> i32 {
  %r:2 = call @chain(%a, %b) : (i32, i32) -> (i32, i32)
  %s:2 = call @chain(%b, %a) : (i32, i32) -> (i32, i32)
  return %s#1 : i32
}

// -----

// CHECK-LABEL: func.func @region_op_dead(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: }
func.func @region_op_dead(%c: i1, %x: i32) -> i32 {
  %r = scf.if %c -> i32 {
    %y = arith.addi %x, %x : i32
    scf.yield %y : i32
  } else {
    scf.yield %x : i32
  }
  %unused = arith.muli %r, %r : i32
  return %x : i32
}

// -----

// CHECK-LABEL: func.func @region_op_live(%arg0: i1, %arg1: i32, %arg2: memref<i32>) -> i32 {
// CHECK-NEXT: %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT: %1 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT: memref.store %1, %arg2[] : memref<i32>
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @region_op_live(%c: i1, %x: i32, %m: memref<i32>) -> i32 {
  %r = scf.if %c -> i32 {
    %y = arith.addi %x, %x : i32
    %z = arith.muli %y, %y : i32
    memref.store %y, %m[] : memref<i32>
    scf.yield %y : i32
  } else {
    scf.yield %x : i32
  }
  return %r : i32
}

// -----

// CHECK-LABEL: func.func private @recursive() {
// CHECK-NEXT: call @recursive() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @use_recursive(%arg0: i32) {
// CHECK-NEXT: call @recursive() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func private @recursive(%n: i32, %acc: i32) -> i32 {
  %r = call @recursive(%n, %acc) : (i32, i32) -> i32
  return %r : i32
}
func.func @use_recursive(%a: i32) {
  %r = call @recursive(%a, %a) : (i32, i32) -> i32
  return
}
