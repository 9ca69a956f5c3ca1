// A single name bound to an op with two results.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}value-result-count-single.mlir:4:1: error: operation defines 2 results but was provided 1 to bind
%0 = "foo.op"() : () -> (i32, i32)
