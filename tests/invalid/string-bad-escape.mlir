// Unknown escape sequence in a string literal.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}string-bad-escape.mlir:4:22: error: unknown escape in string literal
"foo.op"() {a = "bad \q escape"} : () -> ()
