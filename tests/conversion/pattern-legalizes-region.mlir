// RUN: rmlir-opt %s -allow-unregistered-dialect -test-legalize-patterns -verify-diagnostics 2>/dev/null | FileCheck %s

// A pattern can legalize the ops of a region before its own op (MLIR 22's
// ConversionPatternRewriter::legalize(Region *)): the entry block takes
// the pattern's converted signature (i64 -> f64), test.invalid becomes
// test.valid, and in a partial conversion an op that stays illegal without
// being explicitly illegal (test.remaining_consumer) does not fail the
// pattern. CHECK lines from mlir-opt 22.

// CHECK-LABEL: func @post_order
// CHECK:         "test.post_order_legalization"() ({
// CHECK-NEXT:    ^bb0(%[[A:.*]]: f64):
// CHECK-NEXT:      %[[C:.*]] = "test.cast"(%[[A]]) : (f64) -> i64
// CHECK-NEXT:      "test.remaining_consumer"(%[[C]]) : (i64) -> ()
// CHECK-NEXT:      "test.valid"(%[[A]]) : (f64) -> ()
// CHECK-NEXT:    }) {is_legal} : () -> ()
func.func @post_order() {
  "test.post_order_legalization"() ({
  ^bb0(%arg0: i64):
    // expected-remark@+1 {{op 'test.remaining_consumer' is not legalizable}}
    "test.remaining_consumer"(%arg0) : (i64) -> ()
    "test.invalid"(%arg0) : (i64) -> ()
  }) : () -> ()
  // expected-remark@+1 {{op 'func.return' is not legalizable}}
  return
}
