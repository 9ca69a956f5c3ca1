// Result group size does not match the number of result types.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}value-result-count.mlir:4:1: error: operation defines 1 results but was provided 2 to bind
%0:2 = "foo.op"() : () -> i32
