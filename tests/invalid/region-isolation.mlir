// A value defined outside func.func used inside it (func.func is IsolatedFromAbove).
// RUN: rmlir-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:
%0 = "foo.def"() : () -> i32
// expected-note@+1 {{required by region isolation constraints}}
func.func @f() {
  // expected-error@+1 {{'foo.use' op using value defined outside the region}}
  "foo.use"(%0) : (i32) -> ()
  return
}
