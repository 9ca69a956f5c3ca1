// func dialect verifier errors, one per chunk.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics
// RUN: not rmlir-opt %s --split-input-file 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:

func.func private @g() -> i32
func.func @f() {
  // expected-error@+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note@+2 {{      op result types: 'i64'}}
  // expected-note@+1 {{function result types: 'i32'}}
  %0 = func.call @g() : () -> i64
  return
}

// -----

// expected-error@+1 {{'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type}}
"func.func"() <{function_type = i32, sym_name = "f"}> ({
}) : () -> ()

// -----

func.func @f() {
  // expected-error@+1 {{'func.call' op 'm' does not reference a valid function}}
  func.call @m() : () -> ()
  return
}
module @m {
}

// -----

func.func @f(%a: i32) -> (i32, i32) {
  // expected-error@+1 {{'func.return' op has 1 operands, but enclosing function (@f) returns 2}}
  return %a : i32
}

// -----

// expected-error@+1 {{'func.func' op requires attribute 'sym_name'}}
"func.func"() <{function_type = () -> ()}> ({
}) : () -> ()
