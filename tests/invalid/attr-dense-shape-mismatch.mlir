// Dense literal whose shape does not match its tensor type.
// RUN: rmlir-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:
// expected-error@+1 {{inferred shape of elements literal ([2]) does not match type ([3])}}
"foo.op"() {a = dense<[1, 2]> : tensor<3xi32>} : () -> ()
