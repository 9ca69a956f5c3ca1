// The same block label defined twice.
// RUN: rmlir-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:
func.func @f() {
  "foo.br"()[^bb1] : () -> ()
^bb1:
  "foo.br"()[^bb1] : () -> ()
// expected-error@+1 {{redefinition of block '^bb1'}}
^bb1:
  return
}
