// RUN: rmlir-opt %s "--remove-dead-values=canonicalize=false" | FileCheck %s --strict-whitespace --match-full-lines

// remove-dead-values' canonicalize option (upstream's, declared in
// td/Passes.td): off, the poison operands stay and the region ops keep
// their results. The CHECK lines are mlir-opt 22's output.

func.func @if_(%c: i1, %a: i32, %b: i32) -> i32 {
  %r:2 = scf.if %c -> (i32, i32) {
    %x = arith.addi %a, %b : i32
    scf.yield %x, %a : i32, i32
  } else {
    %y = arith.muli %a, %b : i32
    scf.yield %y, %b : i32, i32
  }
  return %r#1 : i32
}

// CHECK:module {
// CHECK-NEXT:  func.func @if_(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT:    %0:2 = scf.if %arg0 -> (i32, i32) {
// CHECK-NEXT:      %1 = ub.poison : i32
// CHECK-NEXT:      scf.yield %1, %arg1 : i32, i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %1 = ub.poison : i32
// CHECK-NEXT:      scf.yield %1, %arg2 : i32, i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0#1 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:}
