// Canonicalization of scf.if (its fold), scf.execute_region
// (SingleBlockExecuteInliner, MultiBlockExecuteInliner) and scf.index_switch
// (FoldConstantCase) from upstream SCF.cpp. CHECK lines are mlir-opt 22's
// output.
// RUN: rmlir-opt --allow-unregistered-dialect --canonicalize %s | FileCheck %s
// RUN: rmlir-opt --allow-unregistered-dialect --canonicalize="disable-patterns=SingleBlockExecuteInliner" %s | FileCheck %s --check-prefix=NOSINGLE
// RUN: rmlir-opt --allow-unregistered-dialect --test-single-fold %s | FileCheck %s --check-prefix=FOLD
// scf.if's fold: a condition negated by `arith.xori %c, true` is replaced by
// %c and the then/else regions are swapped (in place). Only with an else
// region, and only for a one on the right-hand side.
// CHECK-LABEL: func.func @if_negated(
// CHECK-NEXT: %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT: %1 = "foo.b"() : () -> i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %1 = "foo.a"() : () -> i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// FOLD-LABEL: func.func @if_negated(
// FOLD-NEXT: %true = arith.constant true
// FOLD-NEXT: %0 = arith.xori %arg0, %true : i1
// FOLD-NEXT: %1 = scf.if %arg0 -> (i32) {
// FOLD-NEXT: %2 = "foo.b"() : () -> i32
// FOLD-NEXT: scf.yield %2 : i32
// FOLD-NEXT: } else {
// FOLD-NEXT: %2 = "foo.a"() : () -> i32
// FOLD-NEXT: scf.yield %2 : i32
// FOLD-NEXT: }
// FOLD-NEXT: return %1 : i32
// FOLD-NEXT: }
func.func @if_negated(%c: i1) -> i32 {
  %true = arith.constant true
  %n = arith.xori %c, %true : i1
  %r = scf.if %n -> i32 {
    %a = "foo.a"() : () -> i32
    scf.yield %a : i32
  } else {
    %b = "foo.b"() : () -> i32
    scf.yield %b : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @if_negated_no_else(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %0 = arith.xori %arg0, %true : i1
// CHECK-NEXT: scf.if %0 {
// CHECK-NEXT: "foo.a"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// FOLD-LABEL: func.func @if_negated_no_else(
// FOLD-NEXT: %true = arith.constant true
// FOLD-NEXT: %0 = arith.xori %arg0, %true : i1
// FOLD-NEXT: scf.if %0 {
// FOLD-NEXT: "foo.a"() : () -> ()
// FOLD-NEXT: }
// FOLD-NEXT: return
// FOLD-NEXT: }
func.func @if_negated_no_else(%c: i1) {
  %true = arith.constant true
  %n = arith.xori %c, %true : i1
  scf.if %n {
    "foo.a"() : () -> ()
  }
  return
}

// CHECK-LABEL: func.func @if_xor_not_constant(
// CHECK-NEXT: %0 = arith.xori %arg0, %arg1 : i1
// CHECK-NEXT: scf.if %0 {
// CHECK-NEXT: "foo.a"() : () -> ()
// CHECK-NEXT: } else {
// CHECK-NEXT: "foo.b"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @if_xor_not_constant(%c: i1, %d: i1) {
  %n = arith.xori %c, %d : i1
  scf.if %n {
    "foo.a"() : () -> ()
  } else {
    "foo.b"() : () -> ()
  }
  return
}

// SingleBlockExecuteInliner: a single-block scf.execute_region is inlined,
// also where the parent region cannot hold several blocks.
// CHECK-LABEL: func.func @execute_single(
// CHECK-NEXT: "test.foo"() : () -> ()
// CHECK-NEXT: %0 = "test.val"() : () -> i64
// CHECK-NEXT: "test.bar"(%0) : (i64) -> ()
// CHECK-NEXT: return %0 : i64
// CHECK-NEXT: }
// NOSINGLE-LABEL: func.func @execute_single(
// NOSINGLE-NEXT: "test.foo"() : () -> ()
// NOSINGLE-NEXT: %0 = "test.val"() : () -> i64
// NOSINGLE-NEXT: "test.bar"(%0) : (i64) -> ()
// NOSINGLE-NEXT: return %0 : i64
// NOSINGLE-NEXT: }
func.func @execute_single() -> i64 {
  "test.foo"() : () -> ()
  %v = scf.execute_region -> i64 {
    %x = "test.val"() : () -> i64
    scf.yield %x : i64
  }
  "test.bar"(%v) : (i64) -> ()
  return %v : i64
}

// no_inline keeps the op.
// CHECK-LABEL: func.func @execute_no_inline(
// CHECK-NEXT: %0 = scf.execute_region -> i64 no_inline {
// CHECK-NEXT: %1 = "test.val"() : () -> i64
// CHECK-NEXT: scf.yield %1 : i64
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i64
// CHECK-NEXT: }
func.func @execute_no_inline() -> i64 {
  %v = scf.execute_region -> i64 no_inline {
    %x = "test.val"() : () -> i64
    scf.yield %x : i64
  }
  return %v : i64
}

// MultiBlockExecuteInliner: inside a function the blocks are inlined, the
// yields become branches to the continuation block.
// CHECK-LABEL: func.func @execute_multi(
// CHECK-NEXT: "test.foo"() : () -> ()
// CHECK-NEXT: %0 = "test.cmp"() : () -> i1
// CHECK-NEXT: cf.cond_br %0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %1 = "test.val1"() : () -> i64
// CHECK-NEXT: cf.br ^bb3(%1 : i64)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: %2 = "test.val2"() : () -> i64
// CHECK-NEXT: cf.br ^bb3(%2 : i64)
// CHECK-NEXT: ^bb3(%3: i64):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: "test.bar"(%3) : (i64) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @execute_multi() {
  "test.foo"() : () -> ()
  %v = scf.execute_region -> i64 {
    %c = "test.cmp"() : () -> i1
    cf.cond_br %c, ^bb2, ^bb3
  ^bb2:
    %x = "test.val1"() : () -> i64
    cf.br ^bb4(%x : i64)
  ^bb3:
    %y = "test.val2"() : () -> i64
    cf.br ^bb4(%y : i64)
  ^bb4(%z : i64):
    scf.yield %z : i64
  }
  "test.bar"(%v) : (i64) -> ()
  return
}

// Inside an scf.if, only the single-block form is inlined (after the
// region simplification merged the blocks).
// CHECK-LABEL: func.func @execute_in_if(
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: %0 = "test.val1"() : () -> i64
// CHECK-NEXT: "test.bar"(%0) : (i64) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// NOSINGLE-LABEL: func.func @execute_in_if(
// NOSINGLE-NEXT: scf.if %arg0 {
// NOSINGLE-NEXT: %0 = scf.execute_region -> i64 {
// NOSINGLE-NEXT: %1 = "test.val1"() : () -> i64
// NOSINGLE-NEXT: scf.yield %1 : i64
// NOSINGLE-NEXT: }
// NOSINGLE-NEXT: "test.bar"(%0) : (i64) -> ()
// NOSINGLE-NEXT: }
// NOSINGLE-NEXT: return
// NOSINGLE-NEXT: }
func.func @execute_in_if(%c: i1) {
  scf.if %c {
    %v = scf.execute_region -> i64 {
      %x = "test.val1"() : () -> i64
      cf.br ^bb1(%x : i64)
    ^bb1(%z : i64):
      scf.yield %z : i64
    }
    "test.bar"(%v) : (i64) -> ()
  }
  return
}

// Several yields inside a no_inline scf.execute_region: the inner one is
// inlined into it (its parent is an scf.execute_region).
// CHECK-LABEL: func.func @execute_nested(
// CHECK-NEXT: %0 = scf.execute_region -> i64 no_inline {
// CHECK-NEXT: %1 = "test.cmp"() : () -> i1
// CHECK-NEXT: cf.cond_br %1, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %2 = "test.val1"() : () -> i64
// CHECK-NEXT: cf.br ^bb3(%2 : i64)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: %3 = "test.val2"() : () -> i64
// CHECK-NEXT: cf.br ^bb3(%3 : i64)
// CHECK-NEXT: ^bb3(%4: i64):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: scf.yield %4 : i64
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i64
// CHECK-NEXT: }
func.func @execute_nested() -> i64 {
  %v = scf.execute_region -> i64 no_inline {
    %w = scf.execute_region -> i64 {
      %c = "test.cmp"() : () -> i1
      cf.cond_br %c, ^bb2, ^bb3
    ^bb2:
      %x = "test.val1"() : () -> i64
      scf.yield %x : i64
    ^bb3:
      %y = "test.val2"() : () -> i64
      scf.yield %y : i64
    }
    scf.yield %w : i64
  }
  return %v : i64
}

// FoldConstantCase: a constant selects a case, or the default region.
// CHECK-LABEL: func.func @switch_case(
// CHECK-NEXT: %0 = "foo.a"() : () -> i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @switch_case() -> i32 {
  %c = arith.constant 1 : index
  %r = scf.index_switch %c -> i32
  case 1 {
    %a = "foo.a"() : () -> i32
    scf.yield %a : i32
  }
  default {
    %b = "foo.b"() : () -> i32
    scf.yield %b : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @switch_default(
// CHECK-NEXT: %0 = "foo.b"() : () -> i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @switch_default() -> i32 {
  %c = arith.constant 5 : index
  %r = scf.index_switch %c -> i32
  case 1 {
    %a = "foo.a"() : () -> i32
    scf.yield %a : i32
  }
  case 2 {
    %a = "foo.c"() : () -> i32
    scf.yield %a : i32
  }
  default {
    %b = "foo.b"() : () -> i32
    scf.yield %b : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @switch_no_results(
// CHECK-NEXT: "foo.c"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @switch_no_results() {
  %c = arith.constant 2 : index
  scf.index_switch %c
  case 1 {
    "foo.a"() : () -> ()
    scf.yield
  }
  case 2 {
    "foo.c"() : () -> ()
    scf.yield
  }
  default {
    "foo.b"() : () -> ()
  }
  return
}

// CHECK-LABEL: func.func @switch_dynamic(
// CHECK-NEXT: %0 = scf.index_switch %arg0 -> i32
// CHECK-NEXT: default {
// CHECK-NEXT: %1 = "foo.b"() : () -> i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @switch_dynamic(%c: index) -> i32 {
  %r = scf.index_switch %c -> i32
  default {
    %b = "foo.b"() : () -> i32
    scf.yield %b : i32
  }
  return %r : i32
}
