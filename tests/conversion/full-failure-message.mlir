// A failed full conversion names the op without saying why, even when the op
// is explicitly illegal (only a partial conversion adds "that was explicitly
// marked illegal"); checked against mlir-opt 22.
// RUN: rmlir-opt -allow-unregistered-dialect %s -test-legalize-patterns="test-legalize-mode=full" 2>&1 | FileCheck %s
// RUN: rmlir-opt -allow-unregistered-dialect %s -test-legalize-patterns="test-legalize-mode=full allow-pattern-rollback=0" 2>&1 | FileCheck %s

// CHECK: error: failed to legalize operation 'test.illegal_op_f'{{$}}
// CHECK: remark: applyFullConversion failed
func.func @f() {
  %0 = "test.illegal_op_f"() : () -> (i32)
  "test.unknown_thing"() : () -> ()
  return
}
