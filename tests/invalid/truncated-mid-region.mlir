// Input ends inside a region (missing closing brace).
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}truncated-mid-region.mlir:5:27: error: expected operation name in quotes
"foo.op"() ({
  "foo.inner"() : () -> ()
