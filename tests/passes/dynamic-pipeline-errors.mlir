// Dynamic pipelines may only run on the pass's op or ops nested in it: the
// error is located at the op asked for. A dynamic pipeline's passes are
// instrumented like the others. CHECK lines produced by mlir-opt 22.

// RUN: rmlir-opt %s -pass-pipeline='builtin.module(builtin.module(test-dynamic-pipeline{run-on-parent=1 dynamic-pipeline=cse}))' -mlir-disable-threading 2>&1 | FileCheck %s
// RUN: rmlir-opt %s -pass-pipeline='builtin.module(builtin.module(test-dynamic-pipeline{dynamic-pipeline=func.func(cse)}))' -mlir-disable-threading -mlir-print-ir-before=cse -o /dev/null 2>&1 | FileCheck %s --check-prefix=NESTED

// CHECK: Dynamic execute 'cse' on builtin.module
// CHECK: dynamic-pipeline-errors.mlir:[[@LINE+1]]:1: error: 'builtin.module' op Trying to schedule a dynamic pipeline on an operation that isn't nested under the current operation the pass is processing
module @m {
  module @inner {
    func.func @f() {
      %0 = arith.constant 1 : i32
      return
    }
  }
}

// NESTED:      Dynamic execute 'func.func(cse)' on builtin.module
// NESTED-NEXT: // -----// IR Dump Before CSE (cse) //----- //
// NESTED-NEXT: func.func @f() {
