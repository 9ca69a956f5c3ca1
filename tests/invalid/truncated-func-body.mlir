// Input ends inside a func.func body.
// RUN: not rmlir-opt %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}truncated-func-body.mlir:5:9: error: expected operation name in quotes
func.func @f() {
  return
