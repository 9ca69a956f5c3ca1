// Duplicate key in an attribute dictionary.
// RUN: rmlir-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:
// expected-error@+1 {{duplicate key 'a' in dictionary attribute}}
"foo.op"() {a = 1, a = 2} : () -> ()
