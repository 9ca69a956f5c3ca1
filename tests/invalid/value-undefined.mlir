// Use of an SSA value that is never defined.
// RUN: rmlir-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:
func.func @f() {
  // expected-error@+1 {{use of undeclared SSA value name}}
  "foo.use"(%x) : (i32) -> ()
  return
}
