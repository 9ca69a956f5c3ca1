// The entry block of a region cannot be a branch target.
// RUN: rmlir-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:
// expected-error@+1 {{entry block of region may not have predecessors}}
func.func @f() {
^bb0:
  "foo.br"()[^bb0] : () -> ()
}
