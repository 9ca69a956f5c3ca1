// RUN: rmlir-opt %s --cse | FileCheck %s

// CSE treats the operands of a commutative op as a multiset: `x ^ c` and
// `c ^ x` are the same value, as in MLIR (OperationEquivalence sorts the
// operands of commutative ops, and its hash is order-independent). A
// non-commutative op keeps its operand order. CHECK lines from mlir-opt 22.

// CHECK-LABEL: func @commutative
// CHECK-NEXT:    %[[T:.*]] = arith.constant true
// CHECK-NEXT:    %[[X:.*]] = arith.xori %arg0, %[[T]] : i1
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg1, %arg2 : i32
// CHECK-NEXT:    %[[S1:.*]] = arith.subi %arg1, %arg2 : i32
// CHECK-NEXT:    %[[S2:.*]] = arith.subi %arg2, %arg1 : i32
// CHECK-NEXT:    return %[[X]], %[[X]], %[[A]], %[[A]], %[[S1]], %[[S2]]
func.func @commutative(%arg0: i1, %arg1: i32, %arg2: i32) -> (i1, i1, i32, i32, i32, i32) {
  %true = arith.constant true
  %0 = arith.xori %arg0, %true : i1
  %1 = arith.xori %true, %arg0 : i1
  %2 = arith.addi %arg1, %arg2 : i32
  %3 = arith.addi %arg2, %arg1 : i32
  %4 = arith.subi %arg1, %arg2 : i32
  %5 = arith.subi %arg2, %arg1 : i32
  return %0, %1, %2, %3, %4, %5 : i1, i1, i32, i32, i32, i32
}
