// Input ends inside a tensor type.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}truncated-mid-type.mlir:4:28: error: expected non-function type
"foo.op"() : () -> tensor<4x