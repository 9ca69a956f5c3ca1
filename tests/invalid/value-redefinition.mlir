// The same SSA name defined twice.
// RUN: rmlir-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:
func.func @f() {
  // expected-note@+1 {{previously defined here}}
  %0 = "foo.def"() : () -> i32
  // expected-error@+1 {{redefinition of SSA value '%0'}}
  %0 = "foo.def"() : () -> i32
  return
}
