// Generic op of an unknown dialect without --allow-unregistered-dialect.
// RUN: not rmlir-opt %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}unregistered-dialect-op.mlir:4:10: error: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used
"foo.bar"() : () -> ()
