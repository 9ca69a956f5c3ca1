// Debug counters on pattern applications (`apply-pattern` actions): only
// the second pattern attempt runs, every attempt is counted.
// CHECK lines produced by mlir-opt 22.

// RUN: rmlir-opt %s -canonicalize -mlir-debug-counter=apply-pattern-skip=1,apply-pattern-count=1 -mlir-print-debug-counter -mlir-disable-threading 2>/dev/null | FileCheck %s
// RUN: rmlir-opt %s -canonicalize -mlir-debug-counter=apply-pattern-skip=1,apply-pattern-count=1 -mlir-print-debug-counter -mlir-disable-threading 2>&1 >/dev/null | FileCheck %s --check-prefix=COUNTER

// CHECK-LABEL: func.func @f
// CHECK-NEXT:    %0 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:    return %0 : i32
// COUNTER:     DebugCounter counters:
// COUNTER:     apply-pattern                   : {17,1,1}
func.func @f(%a: i32, %b: i32) -> i32 {
  %0 = arith.subi %a, %b : i32
  %1 = arith.addi %0, %b : i32
  %2 = arith.muli %1, %1 : i32
  %3 = arith.subi %2, %b : i32
  %4 = arith.addi %3, %b : i32
  return %4 : i32
}
