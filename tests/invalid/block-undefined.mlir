// Branch to a block label that is never defined.
// RUN: rmlir-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:
func.func @f() {
  // expected-error@+1 {{reference to an undefined block}}
  "foo.br"()[^bb9] : () -> ()
}
