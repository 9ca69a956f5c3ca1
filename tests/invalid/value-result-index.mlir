// Result number out of range.
// RUN: rmlir-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:
func.func @f() {
  %0:2 = "foo.def"() : () -> (i32, i32)
  // expected-error@+1 {{reference to invalid result number}}
  "foo.use"(%0#5) : (i32) -> ()
  return
}
