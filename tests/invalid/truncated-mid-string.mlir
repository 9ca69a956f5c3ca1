// Input ends inside a string literal (no closing quote, no newline).
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}truncated-mid-string.mlir:4:30: error: expected '"' in string literal
"foo.op"() {a = "unterminated