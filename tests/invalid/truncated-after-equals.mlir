// Input ends after `%0 =`.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}truncated-after-equals.mlir:4:3: error: expected operation name in quotes
%0 =