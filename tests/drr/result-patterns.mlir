// RUN: rmlir-opt -test-greedy-patterns %s | FileCheck %s
// DRR result patterns: nested result ops, result types (from the root,
// `returnType`, buildable constraints, custom builders), auxiliary ops,
// several result patterns replacing a multi-result op, native calls,
// `replaceWithValue`, benefits.

// CHECK-LABEL: func.func @multi_result
// CHECK-NEXT: %0 = "test.one_result2"() <{kind = 3 : i64}> : () -> i32
// CHECK-NEXT: %result1, %result2 = "test.another_two_result"() <{kind = 3 : i64}> : () -> (f32, f32)
// CHECK-NEXT: return %0, %result1, %result2 : i32, f32, f32
func.func @multi_result() -> (i32, f32, f32) {
  %0:3 = "test.three_result"() {kind = 3 : i64} : () -> (i32, f32, f32)
  return %0#0, %0#1, %0#2 : i32, f32, f32
}

// CHECK-LABEL: func.func @auxiliary
// CHECK-NEXT: %result1, %result2 = "test.two_result"() <{kind = 6 : i64}> : () -> (i32, f32)
// CHECK-NEXT: %0 = "test.one_result3"(%result2) : (f32) -> i32
// CHECK-NEXT: %result1_0, %result2_1 = "test.another_two_result"() <{kind = 6 : i64}> : () -> (f32, f32)
// CHECK-NEXT: return %0, %result1_0, %result2_1 : i32, f32, f32
func.func @auxiliary() -> (i32, f32, f32) {
  %0:3 = "test.three_result"() {kind = 6 : i64} : () -> (i32, f32, f32)
  return %0#0, %0#1, %0#2 : i32, f32, f32
}

// CHECK-LABEL: func.func @return_types
// CHECK-NEXT: %0 = "test.op_x"(%arg0) : (i16) -> i16
// CHECK-NEXT: %1 = "test.op_x"(%0) : (i16) -> i16
// CHECK-NEXT: %2 = "test.op_x"(%arg0) : (i16) -> i16
// CHECK-NEXT: %3 = "test.op_x"(%2) : (i16) -> i16
// CHECK-NEXT: return %1, %3 : i16, i16
func.func @return_types(%a: i16) -> (i16, i16) {
  %0 = "test.source_op"(%a) {tag = 22 : i32} : (i16) -> i16
  %1 = "test.source_op"(%a) {tag = 44 : i32} : (i16) -> i16
  return %0, %1 : i16, i16
}

// CHECK-LABEL: func.func @native_calls
// CHECK-NEXT: %0 = "test.native_code_call7"(%arg1) : (i32) -> i32
// CHECK-NEXT: %1 = "test.native_code_call7"(%arg0) : (i32) -> i32
// CHECK-NEXT: return %arg1, %0, %1 : i32, i32, i32
func.func @native_calls(%a: i32, %b: i32) -> (i32, i32, i32) {
  %0 = "test.native_code_call1"(%a, %b) {choice = false, attr1 = 1, attr2 = 2} : (i32, i32) -> i32
  %1:2 = "test.native_code_call6"(%a, %b) : (i32, i32) -> (i32, i32)
  return %0, %1#0, %1#1 : i32, i32, i32
}

// CHECK-LABEL: func.func @benefit
// CHECK-NEXT: %0 = "test.op_f"(%arg0) : (i32) -> i32
// CHECK-NEXT: %1 = "test.op_b"(%arg0) <{attr = 20 : i32}> : (i32) -> i32
// CHECK-NEXT: return %0, %1 : i32, i32
func.func @benefit(%a: i32) -> (i32, i32) {
  %0 = "test.op_d"(%a) : (i32) -> i32
  %1 = "test.op_g"(%a) : (i32) -> i32
  return %0, %1 : i32, i32
}
