// func.return operand count differs from the function's results.
// RUN: rmlir-opt %s --verify-diagnostics
// RUN: not rmlir-opt %s 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:
func.func @f() -> i32 {
  // expected-error@+1 {{'func.return' op has 0 operands, but enclosing function (@f) returns 1}}
  return
}
