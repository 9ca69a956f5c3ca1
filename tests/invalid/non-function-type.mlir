// Generic op whose type is not a function type.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}non-function-type.mlir:4:14: error: expected function type
"foo.op"() : i32
