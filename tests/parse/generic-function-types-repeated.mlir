// Generic ops whose lines end in the same function type (the parser reuses
// a type it parsed from identical text), one with something after the type
// on the same line, and an error right after a repeated type. Expected
// output and diagnostics from mlir-opt 22.
// RUN: rmlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s | FileCheck %s

func.func @f(%a: i32) -> (i32, i64) {
  %0 = "foo.a"(%a) : (i32) -> i32
  %1 = "foo.a"(%0) : (i32) -> i32
  %2:2 = "foo.b"(%1, %a) : (i32, i32) -> (i32, i64) loc(unknown)
  %3:2 = "foo.b"(%1, %a) : (i32, i32) -> (i32, i64)
  %4:2 = "foo.b"(%3#0, %2#0) : (i32, i32) -> (i32, i64)
  %5 = "foo.c"(%4#1) : (i64) -> (index)
  %6 = "foo.c"(%3#1) : (i64) -> index
  return %3#0, %4#1 : i32, i64
}

// -----

func.func @g(%a: i32) {
  %0 = "foo.a"(%a) : (i32) -> i32
  // expected-error@+1 {{expected operation name in quotes}}
  %1 = "foo.a"(%0) : (i32) -> i32 i32
  return
}

// CHECK: module {
// CHECK-NEXT:   func.func @f(%arg0: i32) -> (i32, i64) {
// CHECK-NEXT:     %0 = "foo.a"(%arg0) : (i32) -> i32
// CHECK-NEXT:     %1 = "foo.a"(%0) : (i32) -> i32
// CHECK-NEXT:     %2:2 = "foo.b"(%1, %arg0) : (i32, i32) -> (i32, i64)
// CHECK-NEXT:     %3:2 = "foo.b"(%1, %arg0) : (i32, i32) -> (i32, i64)
// CHECK-NEXT:     %4:2 = "foo.b"(%3#0, %2#0) : (i32, i32) -> (i32, i64)
// CHECK-NEXT:     %5 = "foo.c"(%4#1) : (i64) -> index
// CHECK-NEXT:     %6 = "foo.c"(%3#1) : (i64) -> index
// CHECK-NEXT:     return %3#0, %4#1 : i32, i64
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----
