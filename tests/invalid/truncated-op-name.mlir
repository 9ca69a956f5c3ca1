// Input ends inside the quoted op name.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}truncated-op-name.mlir:4:7: error: expected '"' in string literal
"foo.o