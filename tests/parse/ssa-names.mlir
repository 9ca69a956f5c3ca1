// SSA names: printer-numbered names (`%0`, `%1`, ...) and other names live
// in different tables of the parser (a vector by number, a map by text);
// a far number (`%9999999`), a name with a leading zero (`%01`, not `%1`),
// results of multi-result ops and nested regions must resolve as one name
// space, and redefinitions are caught in both. Expected output and
// diagnostics from mlir-opt 22.
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics | FileCheck %s

// CHECK: module {
// CHECK-LABEL:   func.func @numbered_and_named(%arg0: i32) -> i32 {
// CHECK:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK:     %1 = arith.addi %0, %arg0 : i32
// CHECK:     %2 = arith.addi %1, %0 : i32
// CHECK:     %3 = arith.addi %2, %2 : i32
// CHECK:     %4:2 = "test.two"(%3) : (i32) -> (i32, i32)
// CHECK:     %5 = arith.addi %4#1, %4#0 : i32
// CHECK:     %6 = scf.execute_region -> i32 {
// CHECK:       %8 = arith.addi %5, %2 : i32
// CHECK:       scf.yield %8 : i32
// CHECK:     }
// CHECK:     %7 = arith.addi %6, %6 : i32
// CHECK:     return %7 : i32
// CHECK:   }
// CHECK: }
// CHECK: // -----
// CHECK: // -----

func.func @numbered_and_named(%arg0: i32) -> i32 {
  %9999999 = arith.addi %arg0, %arg0 : i32
  %01 = arith.addi %9999999, %arg0 : i32
  %1 = arith.addi %01, %9999999 : i32
  %5000 = arith.addi %1, %1 : i32
  %x:2 = "test.two"(%5000) : (i32) -> (i32, i32)
  %0 = arith.addi %x#1, %x#0 : i32
  %2 = scf.execute_region -> i32 {
    %3 = arith.addi %0, %1 : i32
    scf.yield %3 : i32
  }
  %3 = arith.addi %2, %2 : i32
  return %3 : i32
}

// -----

func.func @redefined(%arg0: i32) -> i32 {
  // expected-note @+1 {{previously defined here}}
  %1 = arith.addi %arg0, %arg0 : i32
  // expected-error @+1 {{redefinition of SSA value '%1'}}
  %1 = arith.addi %arg0, %arg0 : i32
  return %1 : i32
}

// -----

func.func @far_number_redefined(%arg0: i32) -> i32 {
  // expected-note @+1 {{previously defined here}}
  %8888888 = arith.addi %arg0, %arg0 : i32
  // expected-error @+1 {{redefinition of SSA value '%8888888'}}
  %8888888 = arith.addi %arg0, %arg0 : i32
  return %8888888 : i32
}
