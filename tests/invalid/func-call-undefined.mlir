// func.call of a symbol that does not exist.
// RUN: rmlir-opt %s --verify-diagnostics
// RUN: not rmlir-opt %s 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:
func.func @f() {
  // expected-error@+1 {{'func.call' op 'undefined' does not reference a valid function}}
  func.call @undefined() : () -> ()
  return
}
