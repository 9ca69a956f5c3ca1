// builtin.unrealized_conversion_cast folding under the canonicalizer: casts
// to the same types forward their inputs, a cast of all results of a cast
// back to its input types cancels, other chains stay. CHECK lines are
// mlir-opt 22's output.
// RUN: rmlir-opt --canonicalize %s | FileCheck %s

// CHECK-LABEL: func.func @chain(
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : i32 to i64
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %0 : i64 to i16
// CHECK-NEXT: %2 = builtin.unrealized_conversion_cast %1 : i16 to i32
// CHECK-NEXT: return %2 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @dead(
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @same(
// CHECK-NEXT: return %arg0, %arg1 : i32, f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @partial(
// CHECK-NEXT: %0:2 = builtin.unrealized_conversion_cast %arg0, %arg1 : i32, i32 to i64, i64
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %0#0 : i64 to i32
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @none(
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast to i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }

func.func @chain(%a: i32) -> i32 {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64
  %1 = builtin.unrealized_conversion_cast %0 : i64 to i16
  %2 = builtin.unrealized_conversion_cast %1 : i16 to i32
  return %2 : i32
}
func.func @dead(%a: i32) {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64
  return
}
func.func @same(%a: i32, %b: f32) -> (i32, f32) {
  %0:2 = builtin.unrealized_conversion_cast %a, %b : i32, f32 to i32, f32
  return %0#0, %0#1 : i32, f32
}
func.func @partial(%a: i32, %b: i32) -> i32 {
  %0:2 = builtin.unrealized_conversion_cast %a, %b : i32, i32 to i64, i64
  %1 = builtin.unrealized_conversion_cast %0#0 : i64 to i32
  return %1 : i32
}
func.func @none() -> i32 {
  %0 = builtin.unrealized_conversion_cast to i32
  return %0 : i32
}
