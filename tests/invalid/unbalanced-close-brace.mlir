// A stray closing brace at the top level.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}unbalanced-close-brace.mlir:4:22: error: expected operation name in quotes
"foo.op"() : () -> ()
}
