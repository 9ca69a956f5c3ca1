// func.return in the middle of a block.
// RUN: rmlir-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:
func.func @f() {
  // expected-error@+1 {{'func.return' op must be the last operation in the parent block}}
  return
  "foo.op"() : () -> ()
}
