// REQUIRES: rmlir
// Patterns that break their contract go unnoticed by default and are caught
// by --mlir-enable-expensive-pattern-checks (upstream's build option
// MLIR_ENABLE_EXPENSIVE_PATTERN_API_CHECKS): each broken rule is an error at
// the op being rewritten and the pass fails.

// RUN: rmlir-opt %s -test-broken-patterns -split-input-file -verify-each=false | FileCheck %s --check-prefix=OFF
// RUN: not rmlir-opt %s -test-broken-patterns -split-input-file --mlir-enable-expensive-pattern-checks 2>&1 | FileCheck %s --check-prefix=ON
// RUN: rmlir-opt %s -test-greedy-patterns -split-input-file --mlir-enable-expensive-pattern-checks | FileCheck %s --check-prefix=UPSTREAM

// OFF-LABEL: func @success_without_change
// ON: :[[@LINE+3]]:3: error: pattern returned success but IR did not change (pattern 'SuccessWithoutChange' applied to 'test.success_without_change')
// UPSTREAM-LABEL: func @success_without_change
func.func @success_without_change() {
  "test.success_without_change"() : () -> ()
  return
}

// -----

// OFF-LABEL: func @failure_after_change
// OFF: "test.failure_after_change"() {changed}
// ON: :[[@LINE+2]]:3: error: pattern returned failure but IR did change (while processing 'test.failure_after_change')
func.func @failure_after_change() {
  "test.failure_after_change"() : () -> ()
  return
}

// -----

// OFF-LABEL: func @produces_invalid_ir
// OFF: "test.op_in_place_fold"() : () -> i32
// ON: :[[@LINE+3]]:8: error: 'test.op_in_place_fold' op requires a single operand
// ON: :[[@LINE+2]]:8: error: IR failed to verify after pattern application (pattern 'ProducesInvalidIr' applied to 'test.produces_invalid_ir')
func.func @produces_invalid_ir() -> i32 {
  %0 = "test.produces_invalid_ir"() : () -> i32
  return %0 : i32
}

// -----

// Upstream's test patterns keep their contract: the checks find nothing.
// UPSTREAM-LABEL: func @upstream_patterns
// UPSTREAM: "test.any_attr_of_i32_str"() <{attr = 3 : i32}>
func.func @upstream_patterns() {
  "test.any_attr_of_i32_str"() {attr = 0 : i32} : () -> ()
  return
}
