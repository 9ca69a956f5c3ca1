// RUN: rmlir-opt %s --remove-dead-values | rmlir-opt | FileCheck %s

// --remove-dead-values on unstructured control flow with blocks that never
// run (issue #16; scripts/difftest/gen.py seed 50): a dead block argument
// still used by code that never runs keeps the branch operands feeding it,
// so the output verifies. mlir-opt 22 also empties the unreachable blocks
// (a remaining difference, docs/DEVIATIONS.md); the CHECK lines hold for
// both outputs.

// CHECK-LABEL: func.func @main(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: i8) -> (i32, i1) {
// CHECK:         return %arg0, %{{.*}} : i32, i1

func.func private @ext0() -> ()
func.func @main(%a0: i32, %a1: i32, %a2: f32, %a3: i8) -> (i32, i1) {
  func.call @ext0() : () -> ()
  %v2 = arith.constant 7 : index
  %v1 = arith.remui %v2, %v2 : index
  %v3 = arith.constant true
  cf.cond_br %v3, ^bb4, ^bb4
^bb1(%v4: index, %v5: index):
  %v6 = arith.constant 3 : index
  %v7 = arith.cmpi slt, %v4, %v6 : index
  cf.cond_br %v7, ^bb2(%v4, %v5 : index, index), ^bb3
^bb2(%v8: index, %v9: index):
  %v11 = arith.constant false
  %v12 = arith.constant 3 : i64
  %v10 = arith.select %v11, %v12, %v12 : i64
  %v13 = arith.constant 1 : index
  %v14 = arith.addi %v8, %v13 : index
  cf.br ^bb1(%v14, %v9 : index, index)
^bb3:
  %v16 = arith.constant true
  %v15 = arith.cmpi ne, %v16, %v16 : i1
  %v17 = arith.cmpi slt, %v2, %v2 : index
  cf.cond_br %v17, ^bb4, ^bb4
^bb4:
  %v18 = arith.constant true
  return %a0, %v18 : i32, i1
}
