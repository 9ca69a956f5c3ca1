// A failing pass stops the pipeline, fails the run (exit code 1) and
// prints no IR. Nested pipelines still run on every function, so each
// one's diagnostic is reported, in order, with and without threads.

// RUN: not rmlir-opt --pass-pipeline='builtin.module(func.func(test-pass-failure{gen-diagnostics}))' %s 2>&1 | FileCheck %s
// RUN: not rmlir-opt --mlir-disable-threading --pass-pipeline='builtin.module(func.func(test-pass-failure{gen-diagnostics}))' %s 2>&1 | FileCheck %s
// RUN: not rmlir-opt --test-pass-failure %s 2>&1 | count 0

// CHECK-NOT: func.func
// CHECK: failure.mlir:[[# @LINE + 5]]:1: error: illegal operation
// CHECK: failure.mlir:[[# @LINE + 7]]:1: error: illegal operation
// CHECK: failure.mlir:[[# @LINE + 9]]:1: error: illegal operation
// CHECK-NOT: error

func.func @a() {
  return
}
func.func @b() {
  return
}
func.func @c() {
  return
}
