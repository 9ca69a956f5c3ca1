// Folds of canonicalizer-area test ops: the Commutative trait fold moves
// constant operands after the others (stably, in place), a multi-result
// folder forwards operands, an op with a region folds to its operand.
// CHECK lines are mlir-opt 22's output.
// RUN: rmlir-opt --allow-unregistered-dialect --canonicalize %s | FileCheck %s

// CHECK-LABEL: func.func @commutative(
// CHECK-NEXT: %0 = "test.constant"() <{value = 1 : i32}> : () -> i32
// CHECK-NEXT: %1 = "test.constant"() <{value = 2 : i32}> : () -> i32
// CHECK-NEXT: %2 = "test.op_commutative"(%arg0, %arg1, %0, %1) : (i32, i32, i32, i32) -> i32
// CHECK-NEXT: %3 = "test.op_commutative"(%arg0, %arg1, %1, %0) : (i32, i32, i32, i32) -> i32
// CHECK-NEXT: return %2, %3 : i32, i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @variadic_and_region_folds(
// CHECK-NEXT: return %arg1, %arg0, %arg0 : i32, i32, i32
// CHECK-NEXT: }

func.func @commutative(%a: i32, %b: i32) -> (i32, i32) {
  %c1 = "test.constant"() {value = 1 : i32} : () -> i32
  %c2 = "test.constant"() {value = 2 : i32} : () -> i32
  %0 = "test.op_commutative"(%c1, %a, %c2, %b) : (i32, i32, i32, i32) -> i32
  %1 = "test.op_commutative"(%a, %b, %c2, %c1) : (i32, i32, i32, i32) -> i32
  return %0, %1 : i32, i32
}
func.func @variadic_and_region_folds(%a: i32, %b: i32) -> (i32, i32, i32) {
  %0:2 = "test.op_with_variadic_results_and_folder"(%b, %a) : (i32, i32) -> (i32, i32)
  %1 = "test.op_with_region_fold"(%a) ({
    "foo.op"() : () -> ()
  }) : (i32) -> (i32)
  return %0#0, %0#1, %1 : i32, i32, i32
}

// Folded constants inside test.one_region_op stay in its region (the test
// dialect's shouldMaterializeInto).
// CHECK-LABEL: func.func @one_region_materialization(
// CHECK-NEXT: %0 = "test.constant"() <{value = 3 : i32}> : () -> i32
// CHECK-NEXT: "test.one_region_op"() ({
// CHECK-NEXT: %1 = "test.constant"() <{value = 3 : i32}> : () -> i32
// CHECK-NEXT: %2 = "test.op_commutative"(%arg0, %arg0, %1, %1) : (i32, i32, i32, i32) -> i32
// CHECK-NEXT: "foo.use"(%2) : (i32) -> ()
// CHECK-NEXT: "foo.yield"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: "foo.region"() ({
// CHECK-NEXT: %1 = "test.constant"() <{value = 3 : i32}> : () -> i32
// CHECK-NEXT: "foo.use"(%1) : (i32) -> ()
// CHECK-NEXT: "foo.yield"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @one_region_materialization(%a: i32) -> i32 {
  "test.one_region_op"() ({
    %c = "test.constant"() {value = 3 : i32} : () -> i32
    %0 = "test.op_with_region_fold"(%c) ({ "foo.op"() : () -> () }) : (i32) -> i32
    %d = "test.op_commutative"(%0, %a, %c, %a) : (i32, i32, i32, i32) -> i32
    "foo.use"(%d) : (i32) -> ()
    "foo.yield"() : () -> ()
  }) : () -> ()
  "foo.region"() ({
    %c4 = "test.constant"() {value = 3 : i32} : () -> i32
    "foo.use"(%c4) : (i32) -> ()
    "foo.yield"() : () -> ()
  }) : () -> ()
  %e = "test.constant"() {value = 3 : i32} : () -> i32
  return %e : i32
}
