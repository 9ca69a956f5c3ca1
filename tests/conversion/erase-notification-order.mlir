// RUN: rmlir-opt %s -allow-unregistered-dialect -test-legalize-patterns 2>/dev/null | FileCheck %s

// With rollback, erasures are notified at commit in MLIR 22's order
// (notifyIRErased): the ops of each block first to last, each op after
// what it holds, each block after its ops, the erased op last. (Without
// rollback the rewriter erases at once, last op first.) CHECK lines from
// mlir-opt 22.

// CHECK:      notifyOperationReplaced: test.erase_op
// CHECK-NEXT: notifyOperationErased: test.foo_a
// CHECK-NEXT: notifyOperationErased: test.foo_b
// CHECK-NEXT: notifyBlockErased
// CHECK-NEXT: notifyOperationErased: test.graph_region
// CHECK-NEXT: notifyBlockErased
// CHECK-NEXT: notifyOperationErased: test.erase_op
// CHECK-LABEL: func @erase_nested
// CHECK-NEXT:    return
func.func @erase_nested() {
  "test.erase_op"() ({
    test.graph_region {
      %0 = "test.foo_a"(%1) : (i1) -> (i1)
      %1 = "test.foo_b"(%0) : (i1) -> (i1)
    }
  }) : () -> ()
  return
}
