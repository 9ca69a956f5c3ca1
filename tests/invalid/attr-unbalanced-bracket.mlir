// Array attribute closed with the wrong bracket.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}attr-unbalanced-bracket.mlir:4:22: error: expected ',' or ']'
"foo.op"() {a = [1, 2} : () -> ()
