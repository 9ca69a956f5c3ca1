// -control-flow-sink: side-effect-free ops used only in a region that runs
// at most once move into it (scf.if branches, scf.index_switch cases,
// chains of ops), ops used in several regions or with memory effects stay.
// CHECK lines produced by mlir-opt 22.
// RUN: rmlir-opt %s -control-flow-sink | FileCheck %s

func.func @if_sink(%c: i1, %a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.muli %0, %b : i32
  %2 = arith.subi %a, %b : i32
  %3 = arith.xori %a, %b : i32
  %r = scf.if %c -> i32 {
    %x = arith.addi %1, %3 : i32
    scf.yield %x : i32
  } else {
    %y = arith.addi %2, %3 : i32
    scf.yield %y : i32
  }
  return %r : i32
}

func.func @switch_sink(%i: index, %a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %a, %a : i32
  %r = scf.index_switch %i -> i32
  case 0 {
    scf.yield %0 : i32
  }
  default {
    scf.yield %1 : i32
  }
  return %r : i32
}

func.func @not_sunk_effects(%c: i1, %m: memref<i32>) -> i32 {
  %0 = "test.unknown_effects"(%m) : (memref<i32>) -> i32
  %r = scf.if %c -> i32 {
    scf.yield %0 : i32
  } else {
    %z = arith.constant 0 : i32
    scf.yield %z : i32
  }
  return %r : i32
}

func.func @not_sunk_loop(%lb: index, %ub: index, %s: index, %a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %a) -> i32 {
    %n = arith.addi %acc, %0 : i32
    scf.yield %n : i32
  }
  return %r : i32
}


// CHECK: module {
// CHECK-NEXT:   func.func @if_sink(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT:     %0 = arith.xori %arg1, %arg2 : i32
// CHECK-NEXT:     %1 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:       %2 = arith.addi %arg1, %arg2 : i32
// CHECK-NEXT:       %3 = arith.muli %2, %arg2 : i32
// CHECK-NEXT:       %4 = arith.addi %3, %0 : i32
// CHECK-NEXT:       scf.yield %4 : i32
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %2 = arith.subi %arg1, %arg2 : i32
// CHECK-NEXT:       %3 = arith.addi %2, %0 : i32
// CHECK-NEXT:       scf.yield %3 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @switch_sink(%arg0: index, %arg1: i32) -> i32 {
// CHECK-NEXT:     %0 = scf.index_switch %arg0 -> i32 
// CHECK-NEXT:     case 0 {
// CHECK-NEXT:       %1 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT:       scf.yield %1 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     default {
// CHECK-NEXT:       %1 = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT:       scf.yield %1 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @not_sunk_effects(%arg0: i1, %arg1: memref<i32>) -> i32 {
// CHECK-NEXT:     %0 = "test.unknown_effects"(%arg1) : (memref<i32>) -> i32
// CHECK-NEXT:     %1 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:       scf.yield %0 : i32
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:       scf.yield %c0_i32 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @not_sunk_loop(%arg0: index, %arg1: index, %arg2: index, %arg3: i32) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg3, %arg3 : i32
// CHECK-NEXT:     %1 = scf.for %arg4 = %arg0 to %arg1 step %arg2 iter_args(%arg5 = %arg3) -> (i32) {
// CHECK-NEXT:       %2 = arith.addi %arg5, %0 : i32
// CHECK-NEXT:       scf.yield %2 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
