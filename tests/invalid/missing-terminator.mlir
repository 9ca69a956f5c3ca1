// A func.func body block must end in a terminator.
// RUN: rmlir-opt %s --verify-diagnostics
// RUN: not rmlir-opt %s 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:
func.func @f() {
  // expected-error@+1 {{block with no terminator, has "func.call"() <{callee = @f}> : () -> ()}}
  func.call @f() : () -> ()
}
