// Generic op without `: (...) -> (...)`.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}missing-functional-type.mlir:4:11: error: expected ':' followed by operation type
"foo.op"()
"foo.next"() : () -> ()
