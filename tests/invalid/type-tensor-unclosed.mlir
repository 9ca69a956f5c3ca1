// Tensor type missing its closing `>`.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}type-tensor-unclosed.mlir:4:38: error: expected '>' in tensor type
"foo.op"() : () -> (tensor<4xf32, i32)
