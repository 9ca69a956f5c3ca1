// Input ends before the operation's functional type.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}truncated-generic-type.mlir:4:11: error: expected non-function type
"foo.op"() :