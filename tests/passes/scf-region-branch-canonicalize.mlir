// scf canonicalization as mlir-opt 22 does it: the generic region-branch
// patterns (MakeRegionBranchOpSuccessorInputsDead,
// RemoveDuplicateSuccessorInputUses, RemoveDeadRegionBranchOpSuccessorInputs)
// on scf.index_switch, scf.execute_region (no_inline too), scf.for, scf.while
// and scf.if, and one-trip scf.for loops whose bounds differ by a
// non-wrapping constant. Expected output produced by mlir-opt 22.
// RUN: rmlir-opt %s --allow-unregistered-dialect --canonicalize | FileCheck %s

func.func @index_switch_unused_and_uniform(%i: index, %a: i32) -> (i32, i32) {
  %0:3 = scf.index_switch %i -> i32, i32, f32
  case 1 {
    %c = arith.constant 10 : i32
    %f = arith.constant 1.0 : f32
    scf.yield %a, %c, %f : i32, i32, f32
  }
  default {
    %c = arith.constant 11 : i32
    %f = arith.constant 2.0 : f32
    scf.yield %a, %c, %f : i32, i32, f32
  }
  return %0#0, %0#1 : i32, i32
}

func.func private @foo()

func.func @execute_region_no_inline_outside(%a: i32) -> i32 {
  %0 = scf.execute_region -> i32 no_inline {
    func.call @foo() : () -> ()
    scf.yield %a : i32
  }
  return %0 : i32
}

func.func @execute_region_no_inline_constant() -> i32 {
  %0 = scf.execute_region -> i32 no_inline {
    %c = arith.constant 3 : i32
    scf.yield %c : i32
  }
  return %0 : i32
}

func.func @for_iter_args_cycle(%lb: index, %ub: index, %st: index, %a: i32, %b: i32) -> (i32, i32) {
  %0:2 = scf.for %i = %lb to %ub step %st iter_args(%x = %a, %y = %a) -> (i32, i32) {
    func.call @foo() : () -> ()
    scf.yield %y, %x : i32, i32
  }
  return %0#0, %0#1 : i32, i32
}

func.func @while_duplicate_args(%a: i32) -> (i32, i32) {
  %0:2 = scf.while (%x = %a, %y = %a) : (i32, i32) -> (i32, i32) {
    %c = "test.cond"(%x, %y) : (i32, i32) -> i1
    scf.condition(%c) %x, %y : i32, i32
  } do {
  ^bb0(%p: i32, %q: i32):
    %n = "test.next"(%p, %q) : (i32, i32) -> i32
    scf.yield %n, %n : i32, i32
  }
  return %0#0, %0#1 : i32, i32
}

func.func @if_unused_result(%c: i1, %a: i32) {
  %0 = scf.if %c -> (i32) {
    %x = "test.foo"() : () -> i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  return
}

func.func @for_one_trip_nsw(%a: index) {
  %c1 = arith.constant 1 : index
  %ub = arith.addi %a, %c1 overflow<nsw> : index
  scf.for %i = %a to %ub step %c1 {
    "test.consume"(%i) : (index) -> ()
  }
  return
}

func.func @for_one_trip_no_nsw(%a: index) {
  %c1 = arith.constant 1 : index
  %ub = arith.addi %a, %c1 : index
  scf.for %i = %a to %ub step %c1 {
    "test.consume"(%i) : (index) -> ()
  }
  return
}

func.func @for_unsigned_one_trip_nuw(%a: i32) {
  %c1 = arith.constant 1 : i32
  %ub = arith.addi %a, %c1 overflow<nuw> : i32
  scf.for unsigned %i = %a to %ub step %c1 : i32 {
    "test.consume"(%i) : (i32) -> ()
  }
  return
}

// CHECK-LABEL:   func.func @index_switch_unused_and_uniform(%arg0: index, %arg1: i32) -> (i32, i32) {
// CHECK-NEXT:     %c10_i32 = arith.constant 10 : i32
// CHECK-NEXT:     %c11_i32 = arith.constant 11 : i32
// CHECK-NEXT:     %0 = scf.index_switch %arg0 -> i32
// CHECK-NEXT:     case 1 {
// CHECK-NEXT:       scf.yield %c10_i32 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     default {
// CHECK-NEXT:       scf.yield %c11_i32 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %arg1, %0 : i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @foo()
// CHECK-LABEL:   func.func @execute_region_no_inline_outside(%arg0: i32) -> i32 {
// CHECK-NEXT:     scf.execute_region no_inline {
// CHECK-NEXT:       func.call @foo() : () -> ()
// CHECK-NEXT:       scf.yield
// CHECK-NEXT:     }
// CHECK-NEXT:     return %arg0 : i32
// CHECK-NEXT:   }
// CHECK-LABEL:   func.func @execute_region_no_inline_constant() -> i32 {
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     return %c3_i32 : i32
// CHECK-NEXT:   }
// CHECK-LABEL:   func.func @for_iter_args_cycle(%arg0: index, %arg1: index, %arg2: index, %arg3: i32, %arg4: i32) -> (i32, i32) {
// CHECK-NEXT:     scf.for %arg5 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT:       func.call @foo() : () -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     return %arg3, %arg3 : i32, i32
// CHECK-NEXT:   }
// CHECK-LABEL:   func.func @while_duplicate_args(%arg0: i32) -> (i32, i32) {
// CHECK-NEXT:     %0 = scf.while (%arg1 = %arg0) : (i32) -> i32 {
// CHECK-NEXT:       %1 = "test.cond"(%arg1, %arg1) : (i32, i32) -> i1
// CHECK-NEXT:       scf.condition(%1) %arg1 : i32
// CHECK-NEXT:     } do {
// CHECK-NEXT:     ^bb0(%arg1: i32):
// CHECK-NEXT:       %1 = "test.next"(%arg1, %arg1) : (i32, i32) -> i32
// CHECK-NEXT:       scf.yield %1 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %0, %0 : i32, i32
// CHECK-NEXT:   }
// CHECK-LABEL:   func.func @if_unused_result(%arg0: i1, %arg1: i32) {
// CHECK-NEXT:     scf.if %arg0 {
// CHECK-NEXT:       %0 = "test.foo"() : () -> i32
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-LABEL:   func.func @for_one_trip_nsw(%arg0: index) {
// CHECK-NEXT:     "test.consume"(%arg0) : (index) -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-LABEL:   func.func @for_one_trip_no_nsw(%arg0: index) {
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %0 = arith.addi %arg0, %c1 : index
// CHECK-NEXT:     scf.for %arg1 = %arg0 to %0 step %c1 {
// CHECK-NEXT:       "test.consume"(%arg1) : (index) -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-LABEL:   func.func @for_unsigned_one_trip_nuw(%arg0: i32) {
// CHECK-NEXT:     "test.consume"(%arg0) : (i32) -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   }
