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
// CHECK: // -----
// CHECK-LABEL:   func.func @high_base(%arg0: i32) -> i32 {
// CHECK:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK:     %1 = arith.addi %0, %arg0 : i32
// CHECK:     %2 = arith.addi %1, %0 : i32
// CHECK:     %3 = arith.addi %2, %1 : i32
// CHECK:     cf.br ^bb2
// CHECK:   ^bb1:  // pred: ^bb2
// CHECK:     %4 = arith.addi %3, %5 : i32
// CHECK:     return %4 : i32
// CHECK:   ^bb2:  // pred: ^bb0
// CHECK:     %5 = arith.addi %2, %2 : i32
// CHECK:     cf.br ^bb1
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

// -----

// Numbered names that start far from zero, as in a generic-form module
// (which numbers the values of all functions in one sequence): the parser's
// vector starts at the first number it sees; names below it (`%69999`),
// far above it (`%90000`) and used before their definition (`%70010`)
// resolve too.
func.func @high_base(%arg0: i32) -> i32 {
  %70000 = arith.addi %arg0, %arg0 : i32
  %70001 = arith.addi %70000, %arg0 : i32
  %69999 = arith.addi %70001, %70000 : i32
  %90000 = arith.addi %69999, %70001 : i32
  cf.br ^bb2
^bb1:
  %70002 = arith.addi %90000, %70010 : i32
  return %70002 : i32
^bb2:
  %70010 = arith.addi %69999, %69999 : i32
  cf.br ^bb1
}

// -----

func.func @redefined_below_base(%arg0: i32) -> i32 {
  %70000 = arith.addi %arg0, %arg0 : i32
  // expected-note @+1 {{previously defined here}}
  %5 = arith.addi %arg0, %arg0 : i32
  // expected-error @+1 {{redefinition of SSA value '%5'}}
  %5 = arith.addi %70000, %arg0 : i32
  return %5 : i32
}
