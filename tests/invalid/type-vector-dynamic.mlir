// Vectors cannot have dynamic dimensions.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}type-vector-dynamic.mlir:4:27: error: expected non-function type
"foo.op"() : () -> vector<?xf32>
