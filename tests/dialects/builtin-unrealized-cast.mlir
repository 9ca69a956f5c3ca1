// builtin.unrealized_conversion_cast, generated from crates/mlir-ir/td/BuiltinOps.td:
// its declarative format (optional inputs group, `to`, attr-dict) and its
// verifier. CHECK lines produced by mlir-opt 22.
// RUN: rmlir-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @casts
// CHECK: %[[C:.*]] = builtin.unrealized_conversion_cast %arg0, %arg1 : i32, i64 to f32 {x}
// CHECK: %{{.*}}:2 = builtin.unrealized_conversion_cast to i1, i2
// CHECK: return %[[C]] : f32
func.func @casts(%a: i32, %b: i64) -> f32 {
  %0 = builtin.unrealized_conversion_cast %a, %b : i32, i64 to f32 {x}
  %1:2 = "builtin.unrealized_conversion_cast"() : () -> (i1, i2)
  return %0 : f32
}

// -----

func.func @no_result() {
  // expected-error @+1 {{'builtin.unrealized_conversion_cast' op expected at least one result for cast operation}}
  "builtin.unrealized_conversion_cast"() : () -> ()
  return
}
