// RUN: rmlir-opt -test-greedy-patterns %s | FileCheck %s
// DRR source patterns: positional binding, constraints on operands and
// attributes, `$_`, symbols bound twice (equality), nested def-use chains,
// bound ops and `$op__N`, constant and enum attributes, optional and
// default-valued attributes, additional constraints.

// CHECK-LABEL: func.func @binding_and_nesting
// CHECK-NEXT: %0 = "test.op_b"(%arg0) <{attr = 5 : i32}> : (i32) -> i32
// CHECK-NEXT: %1 = "test.op_b"(%arg0) <{attr = 6 : i32}> : (i32) -> i32
// CHECK-NEXT: %2 = "test.op_o"(%arg0) : (i32) -> i32
// CHECK-NEXT: %3 = "test.op_n"(%arg0, %arg1) : (i32, i32) -> i32
// CHECK-NEXT: return %1, %3 : i32, i32
func.func @binding_and_nesting(%a: i32, %b: i32) -> (i32, i32) {
  %0 = "test.op_a"(%a) {attr = 5 : i32} : (i32) -> i32
  %1 = "test.op_a"(%0) {attr = 6 : i32} : (i32) -> i32
  %2 = "test.op_n"(%a, %a) : (i32, i32) -> i32
  %3 = "test.op_n"(%a, %b) : (i32, i32) -> i32
  return %1, %3 : i32, i32
}

// CHECK-LABEL: func.func @ignored_and_constrained
// CHECK-NEXT: "test.ignore_arg_match_dst"(%arg1) <{f = 7 : i64}> : (i32) -> ()
// CHECK-NEXT: "test.ignore_arg_match_src"(%arg0, %arg1, %arg2) <{d = 1 : i64, e = "x", f = 7 : i64}> : (i32, i32, f32) -> ()
// CHECK-NEXT: return
func.func @ignored_and_constrained(%a: i32, %b: i32, %c: f32) {
  "test.ignore_arg_match_src"(%c, %b, %a) {d = 1, e = "x", f = 7} : (f32, i32, i32) -> ()
  "test.ignore_arg_match_src"(%a, %b, %c) {d = 1, e = "x", f = 7} : (i32, i32, f32) -> ()
  return
}

// CHECK-LABEL: func.func @attributes
// CHECK-NEXT: %0 = "test.match_op_attribute2"() <{default_valued_attr = 42 : i32, more_attr = 4 : i32, required_attr = 7 : i32}> : () -> i32
// CHECK-NEXT: %1 = "test.i32_enum_attr"() <{attr = 10 : i32}> : () -> i32
// CHECK-NEXT: %2 = "test.i32_enum_attr"() <{attr = 10 : i32}> : () -> i32
// CHECK-NEXT: return %0, %1, %2 : i32, i32, i32
func.func @attributes() -> (i32, i32, i32) {
  %0 = "test.match_op_attribute1"() {required_attr = 7 : i32, more_attr = 4 : i32} : () -> i32
  %1 = "test.i32_enum_attr"() {attr = 5 : i32} : () -> i32
  %2 = "test.i32_enum_attr"() {attr = 10 : i32} : () -> i32
  return %0, %1, %2 : i32, i32, i32
}

// CHECK-LABEL: func.func @bound_results
// CHECK-NEXT: %result1, %result2 = "test.two_result"() <{kind = 5 : i64}> : () -> (i32, f32)
// CHECK-NEXT: return %result1, %result2 : i32, f32
func.func @bound_results() -> (i32, f32) {
  %0:2 = "test.two_result"() {kind = 5 : i64} : () -> (i32, f32)
  return %0#0, %0#1 : i32, f32
}
