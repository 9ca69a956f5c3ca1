// Generic op name in the func dialect that func does not define.
// RUN: not rmlir-opt %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}unknown-op-known-dialect.mlir:4:1: error: unregistered operation 'func.nonexistent' found in dialect ('func') that does not allow unknown operations
"func.nonexistent"() : () -> ()
