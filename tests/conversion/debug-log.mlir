// REQUIRES: rmlir
// RUN: rmlir-opt %s -test-legalize-patterns --debug-only=dialect-conversion 2>&1 >/dev/null | FileCheck %s

// The driver's debug log (mlir-opt's `-debug-only=dialect-conversion`,
// which release builds of mlir-opt do not have): one scope per legalized
// op, the fold attempt, each pattern tried with its root and generated ops,
// and the changes it made.

// CHECK:      [dialect-conversion] Legalizing operation : 'func.func' {
// CHECK:      [dialect-conversion] Legalizing operation : 'test.illegal_op_a' {
// CHECK-NEXT: [dialect-conversion]   %0 = "test.illegal_op_a"() : () -> i32
// CHECK-NEXT: [dialect-conversion]   * Fold {
// CHECK-NEXT: [dialect-conversion]   } -> FAILURE : unable to fold
// CHECK-NEXT: [dialect-conversion]   * Pattern {{.*}} : 'test.illegal_op_a -> (test.legal_op_a)' {
// CHECK-NEXT: [dialect-conversion]     ** Insert  : 'test.legal_op_a' (was detached)
// CHECK-NEXT: [dialect-conversion]     ** Replace : 'test.illegal_op_a'
// CHECK:      [dialect-conversion]     Legalizing operation : 'test.legal_op_a' {
// CHECK:      [dialect-conversion]     } -> SUCCESS : operation marked legal by the target
// CHECK-NEXT: [dialect-conversion]   } -> SUCCESS : pattern applied successfully
// CHECK-NEXT: [dialect-conversion] } -> SUCCESS
// CHECK:      [dialect-conversion] Legalizing operation : 'func.return' {
// CHECK:      [dialect-conversion] } -> FAILURE : no matched legalization pattern
func.func @verifyDirectPattern() -> i32 {
  %result = "test.illegal_op_a"() : () -> (i32)
  return %result : i32
}
