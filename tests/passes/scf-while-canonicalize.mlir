// Canonicalization of scf.while. CHECK lines are mlir-opt 22's output. The
// patterns selected by name are those mlir-opt 22 has under these names; the
// removal of invariant, unused and duplicated loop values is done by
// upstream's generic region-branch patterns in mlir-opt 22 (see
// docs/DEVIATIONS.md), so only its result is checked.
// RUN: rmlir-opt --canonicalize %s | FileCheck %s
// RUN: rmlir-opt --canonicalize="enable-patterns={(anonymous namespace)::WhileConditionTruth}" %s | FileCheck %s --check-prefix=TRUTH
// RUN: rmlir-opt --canonicalize="enable-patterns={(anonymous namespace)::WhileCmpCond}" %s | FileCheck %s --check-prefix=CMP
// RUN: rmlir-opt --canonicalize="enable-patterns={(anonymous namespace)::WhileOpAlignBeforeArgs}" %s | FileCheck %s --check-prefix=ALIGN

// CHECK-LABEL: func.func @condition_truth(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: scf.while : () -> () {
// CHECK-NEXT: %0 = "test.cond"() : () -> i1
// CHECK-NEXT: scf.condition(%0)
// CHECK-NEXT: } do {
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// TRUTH-LABEL: func.func @condition_truth(
// TRUTH-NEXT: %true = arith.constant true
// TRUTH-NEXT: %0 = scf.while : () -> i1 {
// TRUTH-NEXT: %1 = "test.cond"() : () -> i1
// TRUTH-NEXT: scf.condition(%1) %1 : i1
// TRUTH-NEXT: } do {
// TRUTH-NEXT: ^bb0(%arg0: i1):
// TRUTH-NEXT: "test.use"(%true) : (i1) -> ()
// TRUTH-NEXT: scf.yield
// TRUTH-NEXT: }
// TRUTH-NEXT: return
// TRUTH-NEXT: }
func.func @condition_truth() {
  %0 = scf.while () : () -> (i1) {
    %c = "test.cond"() : () -> i1
    scf.condition(%c) %c : i1
  } do {
  ^bb0(%a: i1):
    "test.use"(%a) : (i1) -> ()
    scf.yield
  }
  return
}

// CHECK-LABEL: func.func @invariant_args(
// CHECK-NEXT: %0 = scf.while (%arg3 = %arg2) : (i32) -> i32 {
// CHECK-NEXT: %2 = "test.cond"(%arg0, %arg1, %arg3) : (i32, i32, i32) -> i1
// CHECK-NEXT: scf.condition(%2) %arg3 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg3: i32):
// CHECK-NEXT: %2 = "test.next"(%arg1, %arg3) : (i32, i32) -> i32
// CHECK-NEXT: scf.yield %2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %1 = "test.sum"(%arg1, %arg0, %0) : (i32, i32, i32) -> i32
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
func.func @invariant_args(%a: i32, %b: i32, %c: i32) -> i32 {
  %0:3 = scf.while (%x = %a, %y = %b, %z = %c) : (i32, i32, i32) -> (i32, i32, i32) {
    %cond = "test.cond"(%x, %y, %z) : (i32, i32, i32) -> i1
    scf.condition(%cond) %y, %x, %z : i32, i32, i32
  } do {
  ^bb0(%p: i32, %q: i32, %r: i32):
    %n = "test.next"(%p, %r) : (i32, i32) -> i32
    scf.yield %q, %b, %n : i32, i32, i32
  }
  %s = "test.sum"(%0#0, %0#1, %0#2) : (i32, i32, i32) -> i32
  return %s : i32
}

// CHECK-LABEL: func.func @invariant_yielded(
// CHECK-NEXT: %0 = scf.while (%arg2 = %arg0) : (i32) -> i32 {
// CHECK-NEXT: %1 = "test.cond"(%arg2) : (i32) -> i1
// CHECK-NEXT: scf.condition(%1) %arg2 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: i32):
// CHECK-NEXT: %1 = "test.next"(%arg2, %arg1) : (i32, i32) -> i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0, %arg1 : i32, i32
// CHECK-NEXT: }
func.func @invariant_yielded(%a: i32, %b: i32) -> (i32, i32) {
  %0:2 = scf.while (%x = %a) : (i32) -> (i32, i32) {
    %cond = "test.cond"(%x) : (i32) -> i1
    scf.condition(%cond) %x, %b : i32, i32
  } do {
  ^bb0(%p: i32, %q: i32):
    %n = "test.next"(%p, %q) : (i32, i32) -> i32
    scf.yield %n : i32
  }
  return %0#0, %0#1 : i32, i32
}

// CHECK-LABEL: func.func @unused_result(
// CHECK-NEXT: %0 = scf.while : () -> i32 {
// CHECK-NEXT: %1 = "test.condition"() : () -> i1
// CHECK-NEXT: %2 = "test.get_some_value"() : () -> i32
// CHECK-NEXT: %3 = "test.get_some_value"() : () -> i64
// CHECK-NEXT: scf.condition(%1) %2 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg0: i32):
// CHECK-NEXT: "test.use"(%arg0) : (i32) -> ()
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @unused_result() -> i32 {
  %0:2 = scf.while () : () -> (i32, i64) {
    %condition = "test.condition"() : () -> i1
    %v1 = "test.get_some_value"() : () -> i32
    %v2 = "test.get_some_value"() : () -> i64
    scf.condition(%condition) %v1, %v2 : i32, i64
  } do {
  ^bb0(%arg0: i32, %arg1: i64):
    "test.use"(%arg0) : (i32) -> ()
    scf.yield
  }
  return %0#0 : i32
}

// CHECK-LABEL: func.func @cmp_cond(
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %0 = scf.while (%arg2 = %arg0) : (i32) -> i32 {
// CHECK-NEXT: %1 = "test.z"(%arg2) : (i32) -> i32
// CHECK-NEXT: %2 = arith.cmpi slt, %1, %arg1 : i32
// CHECK-NEXT: scf.condition(%2) %1 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: i32):
// CHECK-NEXT: %1 = arith.cmpi eq, %arg2, %arg1 : i32
// CHECK-NEXT: "test.use"(%true, %false, %1) : (i1, i1, i1) -> ()
// CHECK-NEXT: scf.yield %arg2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CMP-LABEL: func.func @cmp_cond(
// CMP-NEXT: %false = arith.constant false
// CMP-NEXT: %true = arith.constant true
// CMP-NEXT: %0 = scf.while (%arg2 = %arg0) : (i32) -> i32 {
// CMP-NEXT: %1 = "test.z"(%arg2) : (i32) -> i32
// CMP-NEXT: %2 = arith.cmpi slt, %1, %arg1 : i32
// CMP-NEXT: scf.condition(%2) %1 : i32
// CMP-NEXT: } do {
// CMP-NEXT: ^bb0(%arg2: i32):
// CMP-NEXT: %1 = arith.cmpi eq, %arg2, %arg1 : i32
// CMP-NEXT: "test.use"(%true, %false, %1) : (i1, i1, i1) -> ()
// CMP-NEXT: scf.yield %arg2 : i32
// CMP-NEXT: }
// CMP-NEXT: return %0 : i32
// CMP-NEXT: }
func.func @cmp_cond(%a: i32, %lim: i32) -> i32 {
  %0 = scf.while (%x = %a) : (i32) -> i32 {
    %z = "test.z"(%x) : (i32) -> i32
    %cond = arith.cmpi slt, %z, %lim : i32
    scf.condition(%cond) %z : i32
  } do {
  ^bb0(%p: i32):
    %c1 = arith.cmpi slt, %p, %lim : i32
    %c2 = arith.cmpi sge, %p, %lim : i32
    %c3 = arith.cmpi eq, %p, %lim : i32
    "test.use"(%c1, %c2, %c3) : (i1, i1, i1) -> ()
    scf.yield %p : i32
  }
  return %0 : i32
}

// CHECK-LABEL: func.func @duplicated(
// CHECK-NEXT: %0 = scf.while (%arg1 = %arg0) : (i32) -> i32 {
// CHECK-NEXT: %1 = "test.cond"(%arg1) : (i32) -> i1
// CHECK-NEXT: %2 = "test.v"(%arg1) : (i32) -> i32
// CHECK-NEXT: scf.condition(%1) %2 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg1: i32):
// CHECK-NEXT: %1 = "test.next"(%arg1, %arg1) : (i32, i32) -> i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0, %0 : i32, i32
// CHECK-NEXT: }
func.func @duplicated(%a: i32) -> (i32, i32) {
  %0:2 = scf.while (%x = %a) : (i32) -> (i32, i32) {
    %cond = "test.cond"(%x) : (i32) -> i1
    %v = "test.v"(%x) : (i32) -> i32
    scf.condition(%cond) %v, %v : i32, i32
  } do {
  ^bb0(%p: i32, %q: i32):
    %n = "test.next"(%p, %q) : (i32, i32) -> i32
    scf.yield %n : i32
  }
  return %0#0, %0#1 : i32, i32
}

// CHECK-LABEL: func.func @unused_args(
// CHECK-NEXT: %0 = scf.while (%arg2 = %arg0) : (i32) -> i32 {
// CHECK-NEXT: %1 = "test.cond"(%arg2) : (i32) -> i1
// CHECK-NEXT: scf.condition(%1) %arg2 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: i32):
// CHECK-NEXT: %1 = "test.next"(%arg2) : (i32) -> i32
// CHECK-NEXT: %2 = "test.m"() : () -> i64
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @unused_args(%a: i32, %b: i64) -> i32 {
  %0 = scf.while (%x = %a, %y = %b) : (i32, i64) -> (i32) {
    %cond = "test.cond"(%x) : (i32) -> i1
    scf.condition(%cond) %x : i32
  } do {
  ^bb0(%p: i32):
    %n = "test.next"(%p) : (i32) -> i32
    %m = "test.m"() : () -> i64
    scf.yield %n, %m : i32, i64
  }
  return %0 : i32
}

// CHECK-LABEL: func.func @align(
// CHECK-NEXT: %0:2 = scf.while (%arg2 = %arg0, %arg3 = %arg1) : (i32, i64) -> (i32, i64) {
// CHECK-NEXT: %1 = "test.cond"(%arg2, %arg3) : (i32, i64) -> i1
// CHECK-NEXT: scf.condition(%1) %arg2, %arg3 : i32, i64
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: i32, %arg3: i64):
// CHECK-NEXT: %1:2 = "test.next"(%arg3, %arg2) : (i64, i32) -> (i32, i64)
// CHECK-NEXT: scf.yield %1#0, %1#1 : i32, i64
// CHECK-NEXT: }
// CHECK-NEXT: return %0#0, %0#1 : i32, i64
// CHECK-NEXT: }
// ALIGN-LABEL: func.func @align(
// ALIGN-NEXT: %0:2 = scf.while (%arg2 = %arg0, %arg3 = %arg1) : (i32, i64) -> (i32, i64) {
// ALIGN-NEXT: %1 = "test.cond"(%arg2, %arg3) : (i32, i64) -> i1
// ALIGN-NEXT: scf.condition(%1) %arg2, %arg3 : i32, i64
// ALIGN-NEXT: } do {
// ALIGN-NEXT: ^bb0(%arg2: i32, %arg3: i64):
// ALIGN-NEXT: %1:2 = "test.next"(%arg3, %arg2) : (i64, i32) -> (i32, i64)
// ALIGN-NEXT: scf.yield %1#0, %1#1 : i32, i64
// ALIGN-NEXT: }
// ALIGN-NEXT: return %0#0, %0#1 : i32, i64
// ALIGN-NEXT: }
func.func @align(%a: i32, %b: i64) -> (i32, i64) {
  %0:2 = scf.while (%x = %a, %y = %b) : (i32, i64) -> (i64, i32) {
    %cond = "test.cond"(%x, %y) : (i32, i64) -> i1
    scf.condition(%cond) %y, %x : i64, i32
  } do {
  ^bb0(%p: i64, %q: i32):
    %n:2 = "test.next"(%p, %q) : (i64, i32) -> (i32, i64)
    scf.yield %n#0, %n#1 : i32, i64
  }
  return %0#1, %0#0 : i32, i64
}

