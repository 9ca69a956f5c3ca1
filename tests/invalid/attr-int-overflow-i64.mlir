// Integer literal without type that does not fit i64.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}attr-int-overflow-i64.mlir:4:17: error: integer constant out of range for attribute
"foo.op"() {a = 99999999999999999999} : () -> ()
