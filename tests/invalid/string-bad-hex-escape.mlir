// Backslash followed by only one hex digit.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}string-bad-hex-escape.mlir:4:22: error: unknown escape in string literal
"foo.op"() {a = "bad \4g escape"} : () -> ()
