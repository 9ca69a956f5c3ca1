// A failed full conversion names the op without saying why, even when the op
// is explicitly illegal (only a partial conversion adds "that was explicitly
// marked illegal"). Without rollback, the failed conversion keeps what was
// done (the signature conversion of @f) and leaves its materializations
// unresolved; the IR then fails to verify, so only that run exits non-zero.
// Checked against mlir-opt 22.
// RUN: rmlir-opt -allow-unregistered-dialect %s -test-legalize-patterns="test-legalize-mode=full" 2>&1 | FileCheck %s --check-prefixes=CHECK,RB
// RUN: not rmlir-opt -allow-unregistered-dialect %s -test-legalize-patterns="test-legalize-mode=full allow-pattern-rollback=0" 2>&1 | FileCheck %s --check-prefixes=CHECK,NORB

// CHECK: error: failed to legalize operation 'test.illegal_op_f'{{$}}
// CHECK: remark: applyFullConversion failed
// RB: {{\(}}%arg0: i64)
// RB-NEXT: "test.illegal_op_f"
// NORB: ^bb0(%arg0: f64):
// NORB-NEXT: "builtin.unrealized_conversion_cast"(%arg0)
// NORB-SAME: (f64) -> i64
func.func @f(%arg0: i64) -> i64 {
  %0 = "test.illegal_op_f"() : () -> (i32)
  "test.unknown_thing"() : () -> ()
  return %arg0 : i64
}
