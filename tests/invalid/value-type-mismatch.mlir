// A forward-referenced value used with two different types.
// RUN: rmlir-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:
func.func @f() {
  "foo.br"()[^bb1] : () -> ()
^bb2:
  // expected-note@+1 {{previously used here with type 'i64'}}
  "foo.use"(%v) : (i64) -> ()
  return
^bb1:
  // expected-error@+1 {{definition of SSA value '%v#0' has type 'i32'}}
  %v = "foo.def"() : () -> i32
  "foo.br"()[^bb2] : () -> ()
}
