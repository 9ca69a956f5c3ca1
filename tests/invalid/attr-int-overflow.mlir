// Integer literal out of range for its type.
// RUN: rmlir-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:
// expected-error@+1 {{integer constant out of range for attribute}}
"foo.op"() {a = 1000 : i8} : () -> ()
