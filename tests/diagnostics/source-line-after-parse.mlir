// Diagnostics found after parsing show their source line, as mlir-opt
// prints them. rmlir-opt lets go of the input's text once it is parsed and
// reads the file again when a diagnostic needs a line (standard input is
// kept instead), so this checks both ways. (CHECK lines from mlir-opt.)

// RUN: not rmlir-opt %s 2>&1 | FileCheck %s
// RUN: not rmlir-opt < %s 2>&1 | FileCheck %s --check-prefix=STDIN

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  // The verifier runs after the whole input is parsed.
  %1 = "arith.cmpi"(%0, %0) {predicate = 42 : i64} : (i32, i32) -> i1
  return %0 : i32
}

// CHECK: source-line-after-parse.mlir:12:8: error: 'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9
// CHECK-NEXT: {{^}}  %1 = "arith.cmpi"(%0, %0) {predicate = 42 : i64} : (i32, i32) -> i1
// CHECK-NEXT: {{^}}       ^

// STDIN: <stdin>:12:8: error: 'arith.cmpi' op attribute 'predicate'
// STDIN-NEXT: {{^}}  %1 = "arith.cmpi"(%0, %0) {predicate = 42 : i64} : (i32, i32) -> i1
// STDIN-NEXT: {{^}}       ^
