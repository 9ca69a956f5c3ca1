// func.constant's symbol-use verifier and func.call_indirect's callee type
// constraints. Messages checked with mlir-opt 22.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics

func.func @f() {
  // expected-error@+1 {{'func.constant' op reference to undefined function 'nope'}}
  %0 = func.constant @nope : (i32) -> i32
  return
}

// -----

func.func private @g(%a: i32) -> i32
func.func @f() {
  // expected-error@+1 {{'func.constant' op reference to function with mismatched type}}
  %0 = func.constant @g : (i64) -> i32
  return
}

// -----

func.func @f(%a: i32, %fn: (i32) -> i32) {
  // expected-error@+1 {{'func.call_indirect' op failed to verify that callee input types match argument types}}
  "func.call_indirect"(%fn, %a, %a) : ((i32) -> i32, i32, i32) -> i32
  return
}

// -----

func.func @f(%a: i32, %fn: (i32) -> i32) {
  // expected-error@+1 {{'func.call_indirect' op failed to verify that callee result types match result types}}
  "func.call_indirect"(%fn, %a) : ((i32) -> i32, i32) -> i64
  return
}
