// -strip-debuginfo sets every op and block-argument location to unknown.
// CHECK lines produced by mlir-opt 22.
// RUN: rmlir-opt %s -strip-debuginfo -mlir-print-debuginfo | FileCheck %s

func.func @f(%a: i32 loc("arg.mlir":1:2)) -> i32 {
  %0 = arith.addi %a, %a : i32 loc(fused["x.c":3:4, "y"])
  cf.br ^bb1(%0 : i32) loc(callsite("foo" at "bar.c":5:6))
^bb1(%b: i32 loc("blockarg.c":7:8)):
  return %b : i32 loc("ret.c":9:10)
} loc("func.c":1:1)

// CHECK: #loc = loc(unknown)
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @f(%arg0: i32 loc(unknown)) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32 loc(#loc)
// CHECK-NEXT:     cf.br ^bb1(%0 : i32) loc(#loc)
// CHECK-NEXT:   ^bb1(%1: i32 loc(unknown)):  // pred: ^bb0
// CHECK-NEXT:     return %1 : i32 loc(#loc)
// CHECK-NEXT:   } loc(#loc)
// CHECK-NEXT: } loc(#loc)
