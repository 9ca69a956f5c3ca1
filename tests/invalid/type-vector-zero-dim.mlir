// Vector dimensions must be positive.
// RUN: rmlir-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:
// expected-error@+1 {{vector types must have positive constant sizes but got 0}}
"foo.op"() : () -> vector<0xf32>
