// RUN: rmlir-opt %s --remove-dead-values | rmlir-opt | FileCheck %s

// --remove-dead-values where mlir-opt 22 breaks the IR (docs/DEVIATIONS.md):
// ^bb3's argument is live, but the branch from ^bb1 (code that never runs)
// forwards a dead value, and upstream lets the first edge it visits decide
// which arguments of ^bb3 go, so mlir-opt 22 erases the argument and then
// fails verification ("branch has 1 operands for successor #0, but target
// block has 0"). rmlir leaves a block whose edges disagree, and its edges,
// as they are. The CHECK lines are rmlir's own: mlir-opt has no output here.

// CHECK-LABEL: func.func @f(%arg0: i32) -> i32 {
// CHECK:         cf.br ^bb3(%{{.*}} : i32)
// CHECK:         cf.br ^bb3(%arg0 : i32)
// CHECK:       ^bb3(%[[X:.*]]: i32):
// CHECK-NEXT:    return %[[X]] : i32

func.func @f(%a: i32) -> i32 {
  %t = arith.constant true
  cf.cond_br %t, ^bb2, ^bb1
^bb1:
  %d = arith.addi %a, %a : i32
  cf.br ^bb3(%d : i32)
^bb2:
  cf.br ^bb3(%a : i32)
^bb3(%x: i32):
  return %x : i32
}
