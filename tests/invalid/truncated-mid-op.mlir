// Input ends inside an operation's operand list.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}truncated-mid-op.mlir:4:9: error: expected ')' to end operand list
"foo.op"(