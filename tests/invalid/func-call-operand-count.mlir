// func.call with the wrong number of operands.
// RUN: rmlir-opt %s --verify-diagnostics
// RUN: not rmlir-opt %s 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:
func.func private @g(i32)
func.func @f() {
  // expected-error@+1 {{'func.call' op incorrect number of operands for callee}}
  func.call @g() : () -> ()
  return
}
