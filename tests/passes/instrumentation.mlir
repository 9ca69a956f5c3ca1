// Pass instrumentation: --mlir-print-ir-* dumps (headers, local scope,
// module scope, only-on-change, after failure, the file tree), boolean flags
// given a value, debug counters on pass execution and the crash reproducer
// of a failing pass. CHECK lines produced by mlir-opt 22.

// RUN: rmlir-opt %s -mlir-disable-threading=true -pass-pipeline='builtin.module(func.func(cse,canonicalize))' -mlir-print-ir-before=cse -mlir-print-ir-after=canonicalize -o /dev/null 2>&1 | FileCheck %s --check-prefix=BA
// RUN: rmlir-opt %s -mlir-disable-threading -pass-pipeline='builtin.module(func.func(cse))' -mlir-print-ir-after=cse -mlir-print-ir-module-scope -o /dev/null 2>&1 | FileCheck %s --check-prefix=MOD
// RUN: rmlir-opt %s -mlir-disable-threading=1 -pass-pipeline='builtin.module(func.func(cse,cse))' -mlir-print-ir-after-all -mlir-print-ir-after-change -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHANGE
// RUN: not rmlir-opt %s -mlir-disable-threading=false -pass-pipeline='builtin.module(func.func(cse))' -mlir-print-ir-before=cse -mlir-print-ir-module-scope 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: rmlir-opt %s -mlir-debug-counter=pass-execution-skip=1,pass-execution-count=1 -mlir-print-debug-counter -pass-pipeline='builtin.module(func.func(cse))' -mlir-disable-threading 2>&1 | FileCheck %s --check-prefix=COUNTER
// RUN: not rmlir-opt %s -mlir-disable-threading -pass-pipeline='builtin.module(func.func(test-pass-failure))' -mlir-pass-pipeline-crash-reproducer=%t.repro 2>&1 | FileCheck %s --check-prefix=FAIL
// RUN: FileCheck %s --check-prefix=REPRO < %t.repro
// RUN: rm -rf %t.tree && rmlir-opt %s -pass-pipeline='builtin.module(func.func(cse))' -mlir-print-ir-after=cse -mlir-print-ir-tree-dir=%t.tree -o /dev/null && cat %t.tree/builtin_module_no-symbol-name/func_func_foo/0_0_cse.mlir | FileCheck %s --check-prefix=TREE
// RUN: rmlir-opt %s -pass-pipeline='builtin.module(cse)' -mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=ROOT

func.func @foo() -> i32 {
  %0 = arith.constant 1 : i32
  %1 = arith.constant 1 : i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}

func.func @bar() {
  return
}

// BA:      // -----// IR Dump Before CSE (cse) //----- //
// BA-NEXT: func.func @foo() -> i32 {
// BA-NEXT:   %c1_i32 = arith.constant 1 : i32
// BA-NEXT:   %c1_i32_0 = arith.constant 1 : i32
// BA:      // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// BA-NEXT: func.func @foo() -> i32 {
// BA-NEXT:   %c2_i32 = arith.constant 2 : i32
// BA-NEXT:   return %c2_i32 : i32
// BA-NEXT: }
// BA-EMPTY:
// BA-NEXT: // -----// IR Dump Before CSE (cse) //----- //
// BA-NEXT: func.func @bar() {
// BA-NOT:  IR Dump Before Canonicalizer

// MOD:      // -----// IR Dump After CSE (cse) ('func.func' operation: @foo) //----- //
// MOD-NEXT: module {
// MOD-NEXT:   func.func @foo() -> i32 {
// MOD:      // -----// IR Dump After CSE (cse) ('func.func' operation: @bar) //----- //
// MOD-NEXT: module {

// CHANGE:     // -----// IR Dump After CSE (cse) //----- //
// CHANGE-NEXT: func.func @foo() -> i32 {
// CHANGE-NOT: IR Dump After

// THREADS: error: IR print for module scope can't be setup on a pass-manager without disabling multi-threading first.

// COUNTER:      DebugCounter counters:
// COUNTER:      pass-execution                  : {1,1,1}

// FAIL: error: Failures have been detected while processing an MLIR pass pipeline
// FAIL: note: Pipeline failed while executing [`(anonymous namespace)::TestFailurePass` on 'func.func' operation: @foo]: reproducer generated at `{{.*}}.repro`

// REPRO:      module {
// REPRO-NEXT:   func.func @foo() -> i32 {
// REPRO:      {-#
// REPRO-NEXT:   external_resources: {
// REPRO-NEXT:     mlir_reproducer: {
// REPRO-NEXT:       pipeline: "builtin.module(func.func(test-pass-failure{gen-diagnostics=false}))",
// REPRO-NEXT:       disable_threading: true,
// REPRO-NEXT:       verify_each: true
// REPRO-NEXT:     }
// REPRO-NEXT:   }
// REPRO-NEXT: #-}

// TREE:      // -----// IR Dump After CSE (cse) //----- //
// TREE-NEXT: func.func @foo() -> i32 {

// ROOT:       // -----// IR Dump After CSE (cse) //----- //
// ROOT-NEXT:  module {
// ROOT:       {{^}$}}
// ROOT-EMPTY:
// ROOT-EMPTY:
