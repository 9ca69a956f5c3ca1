// RUN: rmlir-opt -allow-unregistered-dialect -split-input-file -test-legalize-patterns="allow-pattern-rollback=0" %s 2>/dev/null | FileCheck %s

// The dialect conversion without rollback (MLIR 22's one-shot mode) applies
// each change at once and notifies the listener as it happens. CHECK lines
// produced by mlir-opt 22.

// Each replacement replaces the uses at once: func.return is modified at
// each of the two replacements (with rollback it is modified once, at the
// commit).
// CHECK:      notifyOperationInserted: test.illegal_op_e, was unlinked
// CHECK-NEXT: notifyOperationReplaced: test.illegal_op_c
// CHECK-NEXT: notifyOperationModified: func.return
// CHECK-NEXT: notifyOperationErased: test.illegal_op_c
// CHECK-NEXT: notifyOperationInserted: test.legal_op_a, was unlinked
// CHECK-NEXT: notifyOperationReplaced: test.illegal_op_e
// CHECK-NEXT: notifyOperationModified: func.return
// CHECK-NEXT: notifyOperationErased: test.illegal_op_e
// CHECK-LABEL: func.func @verifyLargerBenefit() -> i32 {
// CHECK-NEXT:    %0 = "test.legal_op_a"() <{status = "Success"}> : () -> i32
// CHECK-NEXT:    return %0 : i32
func.func @verifyLargerBenefit() -> i32 {
  %result = "test.illegal_op_c"() : () -> (i32)
  return %result : i32
}

// -----

// Each 1:N replacement is bridged right away by its own source
// materialization: three casts of two values each (the rollback driver
// builds one cast of four values at the commit).
// CHECK:      notifyOperationInserted: test.step_1, was unlinked
// CHECK-NEXT: notifyOperationReplaced: test.multiple_1_to_n_replacement
// CHECK-NEXT: notifyOperationModified: test.invalid
// CHECK-LABEL: func.func @test_multiple_1_to_n_replacement() {
// CHECK-NEXT:    %0:4 = "test.legal_op"() : () -> (f16, f16, f16, f16)
// CHECK-NEXT:    %1 = "test.cast"(%0#2, %0#3) : (f16, f16) -> f16
// CHECK-NEXT:    %2 = "test.cast"(%0#0, %0#1) : (f16, f16) -> f16
// CHECK-NEXT:    %3 = "test.cast"(%2, %1) : (f16, f16) -> f16
// CHECK-NEXT:    "test.valid"(%3) : (f16) -> ()
func.func @test_multiple_1_to_n_replacement() {
  %0 = "test.multiple_1_to_n_replacement"() : () -> (f16)
  "test.invalid"(%0) : (f16) -> ()
}

// -----

// Both consumers are modified when the producer is replaced; the pattern
// without a type converter sees through the cast bridging the types.
// CHECK:      notifyOperationInserted: test.valid_producer, was unlinked
// CHECK-NEXT: notifyOperationReplaced: test.replace_with_valid_producer
// CHECK-NEXT: notifyOperationModified: test.replace_with_valid_consumer
// CHECK-NEXT: notifyOperationModified: test.replace_with_valid_consumer
// CHECK-NEXT: notifyOperationErased: test.replace_with_valid_producer
// CHECK-NEXT: notifyOperationInserted: test.valid_consumer, was unlinked
// CHECK-NEXT: notifyOperationReplaced: test.replace_with_valid_consumer
// CHECK-NEXT: notifyOperationErased: test.replace_with_valid_consumer
// CHECK-NEXT: notifyOperationInserted: test.valid_consumer, was unlinked
// CHECK-NEXT: notifyOperationReplaced: test.replace_with_valid_consumer
// CHECK-NEXT: notifyOperationErased: test.replace_with_valid_consumer
// CHECK-NEXT: notifyOperationInserted: test.cast, was unlinked
// CHECK-NEXT: notifyOperationReplaced: builtin.unrealized_conversion_cast
// CHECK-NEXT: notifyOperationModified: test.valid_consumer
// CHECK-NEXT: notifyOperationErased: builtin.unrealized_conversion_cast
// CHECK-LABEL: func.func @test_lookup_without_converter() {
// CHECK-NEXT:    %0 = "test.valid_producer"() : () -> i16
// CHECK-NEXT:    %1 = "test.cast"(%0) : (i16) -> f64
// CHECK-NEXT:    "test.valid_consumer"(%1) : (f64) -> ()
// CHECK-NEXT:    "test.valid_consumer"(%0) : (i16) -> ()
func.func @test_lookup_without_converter() {
  %0 = "test.replace_with_valid_producer"() {type = i16} : () -> (i64)
  "test.replace_with_valid_consumer"(%0) {with_converter} : (i64) -> ()
  "test.replace_with_valid_consumer"(%0) : (i64) -> ()
  return
}

// -----

// A failed conversion keeps what was done: the moves are notified with
// their exact previous position, the argument's replacement is not
// notified, and the cast stays unreconciled, still marked.
// CHECK:      notifyBlockInserted into func.func: was unlinked
// CHECK-NEXT: notifyOperationInserted: test.type_consumer, previous = func.return
// CHECK-NEXT: notifyOperationInserted: func.return, was last in block
// CHECK-NEXT: notifyBlockErased
// CHECK-NEXT: notifyOperationModified: func.func
// CHECK-LABEL: func.func @test_skip_1to1_pattern(%arg0: f16, %arg1: f16) {
// CHECK-NEXT:    %0 = builtin.unrealized_conversion_cast %arg0, %arg1 : f16, f16 to f32 {__pure_type_conversion__}
// CHECK-NEXT:    "test.type_consumer"(%0) : (f32) -> ()
func.func @test_skip_1to1_pattern(%arg0: f32) {
  "test.type_consumer"(%arg0) : (f32) -> ()
  return
}
