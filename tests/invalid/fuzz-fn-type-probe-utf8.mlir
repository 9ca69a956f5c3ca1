// Found by the `roundtrip` fuzz target (session 12) within 600 executions
// of a build with the one-pass function-type probe: the probe stopped on a
// byte outside its ASCII table but had already stepped past it, and slicing
// the line there split a multi-byte character (a panic). The probe now only
// steps past bytes of its table. Messages from mlir-opt 22; this file also
// passes under `mlir-opt --split-input-file --verify-diagnostics`.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics

// expected-error@+1 {{expected non-function type}}
func.func @l((((((5ђ

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{unexpected character}}
  "test.op"(%a) : (i32, ђ) -> ()
  return
}

// -----

func.func @g(%a: i32) {
  // expected-error@+1 {{unexpected character}}
  %0 = "test.op"(%a) : (ђ) -> i32
  return
}
