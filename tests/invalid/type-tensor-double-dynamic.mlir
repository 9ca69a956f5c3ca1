// `??` is not a dimension.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}type-tensor-double-dynamic.mlir:4:28: error: expected 'x' in dimension list
"foo.op"() : () -> tensor<??xf32>
