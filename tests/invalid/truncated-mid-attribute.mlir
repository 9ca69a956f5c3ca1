// Input ends inside an array attribute.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}truncated-mid-attribute.mlir:4:20: error: expected ',' or ']'
"foo.op"() {a = [1, 2