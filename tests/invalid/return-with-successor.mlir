// func.return given a successor.
// RUN: rmlir-opt %s --verify-diagnostics
// RUN: not rmlir-opt %s 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:
func.func @f() {
  // expected-error@+1 {{'func.return' op requires 0 successors but found 1}}
  "func.return"()[^bb1] : () -> ()
^bb1:
  return
}
