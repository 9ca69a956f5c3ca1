// RUN: rmlir-opt %s -test-legalize-patterns="test-legalize-mode=analysis" -verify-diagnostics | FileCheck %s

// An analysis conversion converts a clone of the closest isolated ancestor
// (MLIR 22's applyAnalysisConversion): the listener hears the clone's
// changes at commit, the legalizable ops are reported on the originals,
// and the original IR is left as it was. CHECK lines from mlir-opt 22.

// CHECK:      notifyOperationModified: test.op_in_place_self_fold
// CHECK-LABEL: func @fold_legalization
// CHECK-NEXT:    %[[V:.*]] = "test.op_in_place_self_fold"() : () -> i32
// CHECK-NEXT:    "test.return"(%[[V]]) : (i32) -> ()
// expected-remark@+1 {{op 'builtin.module' is legalizable}}
module {
// expected-remark@+1 {{op 'func.func' is legalizable}}
func.func @fold_legalization() -> i32 {
  // expected-remark@+1 {{op 'test.op_in_place_self_fold' is legalizable}}
  %1 = "test.op_in_place_self_fold"() : () -> (i32)
  // expected-remark@+1 {{op 'test.return' is legalizable}}
  "test.return"(%1) : (i32) -> ()
}
}
