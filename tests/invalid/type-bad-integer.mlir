// `i0x` is not a type.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}type-bad-integer.mlir:4:19: error: expected non-function type
"foo.op"() : () -> i0x
