// RUN: rmlir-opt -test-greedy-patterns -mlir-print-debuginfo -mlir-print-local-scope %s | FileCheck %s
// DRR directives: `location` (symbol, name, fused), `either`, `variadic` in
// source and result patterns, variadic groups passed whole.

// CHECK-LABEL: func.func @locations
// CHECK-NEXT: %0 = "test.loc_src"(%arg0) : (i32) -> i32 loc("x")
// CHECK-NEXT: %1 = "test.loc_src"(%0) : (i32) -> i32 loc("y")
// CHECK-NEXT: %2 = "test.loc_dst"(%arg0) : (i32) -> i32 loc("z")
// CHECK-NEXT: %3 = "test.loc_dst"(%2) : (i32) -> i32 loc("named")
// CHECK-NEXT: %4 = "test.loc_dst"(%3) : (i32) -> i32 loc(fused<"fused">["y", "x"])
// CHECK-NEXT: return %4 : i32 loc("r")
func.func @locations(%a: i32) -> i32 {
  %0 = "test.loc_src"(%a) : (i32) -> i32 loc("x")
  %1 = "test.loc_src"(%0) : (i32) -> i32 loc("y")
  %2 = "test.loc_src"(%1) : (i32) -> i32 loc("z")
  return %2 : i32 loc("r")
} loc("f")

// CHECK-LABEL: func.func @either
// CHECK-NEXT: %0 = "test.either_op_b"(%arg1, %arg2) : (i16, i64) -> i32 loc("e1")
// CHECK-NEXT: %1 = "test.either_op_a"(%arg0, %arg0, %arg2) : (i32, i32, i64) -> i32 loc("e2")
// CHECK-NEXT: return %0, %1 : i32, i32 loc("r")
func.func @either(%a: i32, %b: i16, %c: i64) -> (i32, i32) {
  %0 = "test.either_op_a"(%b, %a, %c) : (i16, i32, i64) -> i32 loc("e1")
  %1 = "test.either_op_a"(%a, %a, %c) : (i32, i32, i64) -> i32 loc("e2")
  return %0, %1 : i32, i32 loc("r")
} loc("f")

// CHECK-LABEL: func.func @variadic
// CHECK-NEXT: "test.mixed_variadic_in5"(%arg2, %arg0, %arg1) <{attr1 = 2 : i32, pattern_name = "MatchMultiVariadicSubSymbol"}> : (i32, i32, i32) -> () loc("v1")
// CHECK-NEXT: "test.mixed_variadic_in2"(%arg0, %arg1, %arg3, %arg2, %arg0) : (i32, i32, f32, i32, i32) -> () loc("v2")
// CHECK-NEXT: return loc("r")
func.func @variadic(%a: i32, %b: i32, %c: i32, %f: f32) {
  "test.mixed_variadic_in6"(%a, %b, %c, %a) {attr1 = 2 : i32} : (i32, i32, i32, i32) -> () loc("v1")
  "test.mixed_variadic_in1"(%a, %b, %f, %c, %a) : (i32, i32, f32, i32, i32) -> () loc("v2")
  return loc("r")
} loc("f")
