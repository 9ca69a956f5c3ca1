// Properties dictionary with a missing value.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}attr-bad-properties.mlir:4:17: error: expected attribute value
"foo.op"() <{a = }> : () -> ()
