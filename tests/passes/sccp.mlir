// -sccp: constants through cf branches, scf.if / scf.index_switch / scf.while
// with constant conditions, private callees, and conflicting values.
// CHECK lines produced by mlir-opt 22.
// RUN: rmlir-opt %s -sccp -split-input-file | FileCheck %s

func.func @scf_if_const(%a: i32) -> i32 {
  %true = arith.constant true
  %c1 = arith.constant 1 : i32
  %r = scf.if %true -> i32 {
    %x = arith.addi %c1, %c1 : i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  return %r : i32
}

func.func @switch_const(%a: i32) -> i32 {
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : i32
  %r = scf.index_switch %c2 -> i32
  case 1 {
    scf.yield %a : i32
  }
  case 2 {
    scf.yield %c7 : i32
  }
  default {
    scf.yield %a : i32
  }
  return %r : i32
}

func.func @while_loop_carried(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %cond = arith.cmpi slt, %i, %n : i32
    scf.condition(%cond) %i : i32
  } do {
  ^bb0(%j: i32):
    %c1 = arith.constant 1 : i32
    %next = arith.addi %j, %c1 : i32
    scf.yield %next : i32
  }
  return %r : i32
}

func.func @cfg(%arg0: i32, %c: i1) -> i32 {
  %c4 = arith.constant 4 : i32
  %false = arith.constant false
  cf.cond_br %false, ^bb1(%arg0 : i32), ^bb2(%c4 : i32)
^bb1(%x: i32):
  cf.br ^bb2(%x : i32)
^bb2(%y: i32):
  %z = arith.muli %y, %y : i32
  return %z : i32
}

// -----

func.func private @callee(%x: i32, %y: i32) -> i32 {
  %s = arith.addi %x, %y : i32
  return %s : i32
}

func.func @caller(%a: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r0 = call @callee(%c1, %c2) : (i32, i32) -> i32
  %r1 = call @callee(%c1, %c2) : (i32, i32) -> i32
  return %r0, %r1 : i32, i32
}

func.func private @conflict(%x: i32) -> i32 {
  return %x : i32
}

func.func @conflicting(%a: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %r0 = call @conflict(%c1) : (i32) -> i32
  %r1 = call @conflict(%a) : (i32) -> i32
  return %r0, %r1 : i32, i32
}

// CHECK: module {
// CHECK-NEXT:   func.func @scf_if_const(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     return %c2_i32 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @switch_const(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT:     %c2 = arith.constant 2 : index
// CHECK-NEXT:     return %c7_i32 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @while_loop_carried(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %0 = scf.while (%arg1 = %c0_i32) : (i32) -> i32 {
// CHECK-NEXT:       %1 = arith.cmpi slt, %arg1, %arg0 : i32
// CHECK-NEXT:       scf.condition(%1) %arg1 : i32
// CHECK-NEXT:     } do {
// CHECK-NEXT:     ^bb0(%arg1: i32):
// CHECK-NEXT:       %1 = arith.addi %arg1, %c1_i32 : i32
// CHECK-NEXT:       scf.yield %1 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @cfg(%arg0: i32, %arg1: i1) -> i32 {
// CHECK-NEXT:     %c16_i32 = arith.constant 16 : i32
// CHECK-NEXT:     %false = arith.constant false
// CHECK-NEXT:     %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT:     cf.cond_br %false, ^bb1(%arg0 : i32), ^bb2(%c4_i32 : i32)
// CHECK-NEXT:   ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:     cf.br ^bb2(%0 : i32)
// CHECK-NEXT:   ^bb2(%1: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:     return %c16_i32 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func private @callee(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     return %c3_i32 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @caller(%arg0: i32) -> (i32, i32) {
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %0 = call @callee(%c1_i32, %c2_i32) : (i32, i32) -> i32
// CHECK-NEXT:     %1 = call @callee(%c1_i32, %c2_i32) : (i32, i32) -> i32
// CHECK-NEXT:     return %c3_i32, %c3_i32 : i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @conflict(%arg0: i32) -> i32 {
// CHECK-NEXT:     return %arg0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @conflicting(%arg0: i32) -> (i32, i32) {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %0 = call @conflict(%c1_i32) : (i32) -> i32
// CHECK-NEXT:     %1 = call @conflict(%arg0) : (i32) -> i32
// CHECK-NEXT:     return %0, %1 : i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
