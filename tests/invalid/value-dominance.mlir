// Use of a value in a block its definition does not dominate.
// RUN: rmlir-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:
func.func @f(%c: i1) {
  "foo.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  // expected-note@+1 {{operand defined here (op in the same region)}}
  %0 = "foo.def"() : () -> i32
  "foo.br"()[^bb3] : () -> ()
^bb2:
  "foo.br"()[^bb3] : () -> ()
^bb3:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "foo.use"(%0) : (i32) -> ()
  return
}
