// The canonicalizations of the cf ops (upstream ControlFlowOps.cpp): the
// canonicalize methods of cf.br and cf.assert, the five cf.cond_br patterns
// and the six cf.switch patterns, with normal region
// simplification. CHECK lines are mlir-opt 22's output.
// RUN: rmlir-opt --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(canonicalize))' %s | FileCheck %s

// CHECK-LABEL: func.func @br_single_pred(
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %c1_i32 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// cf.br canonicalize: merge a destination whose only predecessor is the branch.
func.func @br_single_pred(%a: i32) -> i32 {
  %c = arith.constant 1 : i32
  cf.br ^bb1(%a, %c : i32, i32)
^bb1(%x: i32, %y: i32):
  %s = arith.addi %x, %y : i32
  return %s : i32
}

// CHECK-LABEL: func.func @br_pass_through(
// CHECK-NEXT: cf.cond_br %arg2, ^bb1(%arg0 : i32), ^bb2(%arg1 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb2(%0 : i32)
// CHECK-NEXT: ^bb2(%1: i32):  // 3 preds: ^bb0, ^bb1, ^bb2
// CHECK-NEXT: "foo.use"(%1) : (i32) -> ()
// CHECK-NEXT: cf.br ^bb2(%1 : i32)
// CHECK-NEXT: }
// cf.br canonicalize: no collapse into a cycle of unconditional branches.
func.func @br_pass_through(%a: i32, %b: i32, %cond: i1) -> i32 {
  cf.cond_br %cond, ^bb1(%a : i32), ^bb3(%b : i32)
^bb1(%x: i32):
  cf.br ^bb2(%x : i32)
^bb2(%y: i32):
  cf.br ^bb3(%y : i32)
^bb3(%z: i32):
  "foo.use"(%z) : (i32) -> ()
  cf.br ^bb3(%z : i32)
}

// CHECK-LABEL: func.func @br_infinite_loop(
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: }
// cf.br canonicalize: a self-loop is left alone.
func.func @br_infinite_loop() {
  cf.br ^bb1
^bb1:
  cf.br ^bb1
}

// CHECK-LABEL: func.func @assert_true(
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: cf.assert %arg0, "maybe"
// CHECK-NEXT: cf.assert %false, "never"
// CHECK-NEXT: return
// CHECK-NEXT: }
// cf.assert canonicalize: a constant true assertion is erased.
func.func @assert_true(%p: i1) {
  %t = arith.constant true
  cf.assert %t, "always"
  cf.assert %p, "maybe"
  %f = arith.constant false
  cf.assert %f, "never"
  return
}

// CHECK-LABEL: func.func @cond_br_const(
// CHECK-NEXT: "foo.a"(%arg0) : (i32) -> ()
// CHECK-NEXT: "foo.b"(%arg0) : (i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// SimplifyConstCondBranchPred.
func.func @cond_br_const(%a: i32, %b: i32) {
  %t = arith.constant true
  %f = arith.constant false
  cf.cond_br %t, ^bb1(%a : i32), ^bb2(%b : i32)
^bb1(%x: i32):
  "foo.a"(%x) : (i32) -> ()
  cf.cond_br %f, ^bb3, ^bb2(%x : i32)
^bb2(%y: i32):
  "foo.b"(%y) : (i32) -> ()
  return
^bb3:
  return
}

// CHECK-LABEL: func.func @cond_br_pass_through(
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: %1 = arith.select %arg0, %arg2, %arg1 : i32
// CHECK-NEXT: "foo.use"(%0, %1) : (i32, i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// SimplifyPassThroughCondBranch.
func.func @cond_br_pass_through(%cond: i1, %a: i32, %b: i32) {
  cf.cond_br %cond, ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  cf.br ^bb3(%x, %b : i32, i32)
^bb2:
  cf.br ^bb3(%b, %a : i32, i32)
^bb3(%p: i32, %q: i32):
  "foo.use"(%p, %q) : (i32, i32) -> ()
  return
}

// CHECK-LABEL: func.func @cond_br_same_successor(
// CHECK-NEXT: "foo.use"(%arg1) : (i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// SimplifyCondBranchIdenticalSuccessors, same operands.
func.func @cond_br_same_successor(%cond: i1, %a: i32) {
  cf.cond_br %cond, ^bb1(%a : i32), ^bb1(%a : i32)
^bb1(%x: i32):
  "foo.use"(%x) : (i32) -> ()
  return
}

// CHECK-LABEL: func.func @cond_br_same_successor_select(
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: "foo.use"(%0, %arg3) : (i32, tensor<2xi32>) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// SimplifyCondBranchIdenticalSuccessors, arith.select for differing operands.
func.func @cond_br_same_successor_select(%cond: i1, %a: i32, %b: i32, %c: tensor<2xi32>) {
  cf.cond_br %cond, ^bb1(%a, %c : i32, tensor<2xi32>), ^bb1(%b, %c : i32, tensor<2xi32>)
^bb1(%x: i32, %y: tensor<2xi32>):
  "foo.use"(%x, %y) : (i32, tensor<2xi32>) -> ()
  return
}

// CHECK-LABEL: func.func @cond_br_same_successor_other_pred(
// CHECK-NEXT: cf.cond_br %arg0, ^bb2(%arg1 : i32), ^bb1
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "foo.x"() : () -> ()
// CHECK-NEXT: cf.br ^bb2(%arg2 : i32)
// CHECK-NEXT: ^bb2(%0: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: "foo.use"(%0) : (i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// SimplifyCondBranchIdenticalSuccessors: no selects when the destination has another predecessor.
func.func @cond_br_same_successor_other_pred(%cond: i1, %a: i32, %b: i32) {
  cf.cond_br %cond, ^bb1(%a : i32), ^bb2
^bb2:
  "foo.x"() : () -> ()
  cf.cond_br %cond, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  "foo.use"(%x) : (i32) -> ()
  return
}

// CHECK-LABEL: func.func @cond_br_from_same_cond(
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "foo.a"() : () -> ()
// CHECK-NEXT: "foo.c"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "foo.b"() : () -> ()
// CHECK-NEXT: "foo.d"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// SimplifyCondBranchFromCondBranchOnSameCondition.
func.func @cond_br_from_same_cond(%cond: i1) {
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  "foo.a"() : () -> ()
  cf.cond_br %cond, ^bb3, ^bb4
^bb2:
  "foo.b"() : () -> ()
  cf.cond_br %cond, ^bb3, ^bb4
^bb3:
  "foo.c"() : () -> ()
  return
^bb4:
  "foo.d"() : () -> ()
  return
}

// CHECK-LABEL: func.func @cond_br_truth(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "foo.t"(%true) : (i1) -> ()
// CHECK-NEXT: "foo.t2"(%true) : (i1) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "foo.f"(%false) : (i1) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// CondBranchTruthPropagation.
func.func @cond_br_truth(%cond: i1) {
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  "foo.t"(%cond) : (i1) -> ()
  "foo.t2"(%cond) : (i1) -> ()
  return
^bb2:
  "foo.f"(%cond) : (i1) -> ()
  return
}

// CHECK-LABEL: func.func @cond_br_weights(
// CHECK-NEXT: cf.cond_br %arg0 weights([3, 5]), ^bb2(%arg1 : i32), ^bb1
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "foo.x"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2(%0: i32):  // pred: ^bb0
// CHECK-NEXT: "foo.use"(%0) : (i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// SimplifyPassThroughCondBranch keeps branch weights.
func.func @cond_br_weights(%cond: i1, %a: i32) {
  cf.cond_br %cond weights([3, 5]), ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%a : i32)
^bb2:
  "foo.x"() : () -> ()
  return
^bb3(%x: i32):
  "foo.use"(%x) : (i32) -> ()
  return
}

// CHECK-LABEL: func.func @switch_only_default(
// CHECK-NEXT: "foo.use"(%arg1) : (f32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// cf.switch with only a default becomes cf.br.
func.func @switch_only_default(%f: i32, %a: f32) {
  cf.switch %f : i32, [ default: ^bb1(%a : f32) ]
^bb1(%x: f32):
  "foo.use"(%x) : (f32) -> ()
  return
}

// CHECK-LABEL: func.func @switch_case_matches_default(
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb1(%arg1 : f32),
// CHECK-NEXT: 43: ^bb2(%arg2 : f32),
// CHECK-NEXT: 44: ^bb1(%arg2 : f32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1(%0: f32):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT: "foo.use1"(%0) : (f32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2(%1: f32):  // pred: ^bb0
// CHECK-NEXT: "foo.use2"(%1) : (f32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// cf.switch: cases identical to the default are dropped.
func.func @switch_case_matches_default(%f: i32, %a: f32, %b: f32) {
  cf.switch %f : i32, [
    default: ^bb1(%a : f32),
    42: ^bb1(%a : f32),
    43: ^bb2(%b : f32),
    44: ^bb1(%b : f32)
  ]
^bb1(%x: f32):
  "foo.use1"(%x) : (f32) -> ()
  return
^bb2(%y: f32):
  "foo.use2"(%y) : (f32) -> ()
  return
}

// CHECK-LABEL: func.func @switch_const(
// CHECK-NEXT: "foo.use2"(%arg1) : (f32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// cf.switch on a constant matching a case.
func.func @switch_const(%a: f32, %b: f32) {
  %c = arith.constant 43 : i32
  cf.switch %c : i32, [
    default: ^bb1(%a : f32),
    42: ^bb1(%b : f32),
    43: ^bb2(%b : f32)
  ]
^bb1(%x: f32):
  "foo.use1"(%x) : (f32) -> ()
  return
^bb2(%y: f32):
  "foo.use2"(%y) : (f32) -> ()
  return
}

// CHECK-LABEL: func.func @switch_const_default(
// CHECK-NEXT: "foo.use2"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// cf.switch on a constant matching no case (255 is -1 as i8).
func.func @switch_const_default(%a: f32) {
  %c = arith.constant -1 : i8
  cf.switch %c : i8, [
    default: ^bb1(%a : f32),
    255: ^bb2
  ]
^bb1(%x: f32):
  "foo.use1"(%x) : (f32) -> ()
  return
^bb2:
  "foo.use2"() : () -> ()
  return
}

// CHECK-LABEL: func.func @switch_pass_through(
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb2(%arg1 : f32),
// CHECK-NEXT: 42: ^bb2(%arg2 : f32),
// CHECK-NEXT: 43: ^bb1
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "foo.x"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2(%0: f32):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT: "foo.use"(%0) : (f32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// cf.switch: pass-through successors are collapsed.
func.func @switch_pass_through(%f: i32, %a: f32, %b: f32) {
  cf.switch %f : i32, [
    default: ^bb1(%a : f32),
    42: ^bb2,
    43: ^bb3
  ]
^bb1(%x: f32):
  cf.br ^bb4(%x : f32)
^bb2:
  cf.br ^bb4(%b : f32)
^bb3:
  "foo.x"() : () -> ()
  return
^bb4(%y: f32):
  "foo.use"(%y) : (f32) -> ()
  return
}

// CHECK-LABEL: func.func @switch_from_switch(
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb1,
// CHECK-NEXT: 42: ^bb2,
// CHECK-NEXT: 43: ^bb3
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "foo.d"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "foo.a"() : () -> ()
// CHECK-NEXT: "foo.c"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb3:  // pred: ^bb0
// CHECK-NEXT: "foo.b"() : () -> ()
// CHECK-NEXT: "foo.e"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// cf.switch reached through a case of a switch on the same flag.
func.func @switch_from_switch(%f: i32) {
  cf.switch %f : i32, [
    default: ^bb1,
    42: ^bb2,
    43: ^bb3
  ]
^bb1:
  "foo.d"() : () -> ()
  return
^bb2:
  "foo.a"() : () -> ()
  cf.switch %f : i32, [
    default: ^bb5,
    42: ^bb4
  ]
^bb3:
  "foo.b"() : () -> ()
  cf.switch %f : i32, [
    default: ^bb5,
    42: ^bb4
  ]
^bb4:
  "foo.c"() : () -> ()
  return
^bb5:
  "foo.e"() : () -> ()
  return
}

// CHECK-LABEL: func.func @switch_from_default_switch(
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb1,
// CHECK-NEXT: 42: ^bb2
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "foo.a"() : () -> ()
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb3,
// CHECK-NEXT: 43: ^bb4
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "foo.b"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: "foo.c"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb4:  // pred: ^bb1
// CHECK-NEXT: "foo.e"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// cf.switch reached through the default of a switch on the same flag.
func.func @switch_from_default_switch(%f: i32) {
  cf.switch %f : i32, [
    default: ^bb1,
    42: ^bb2
  ]
^bb1:
  "foo.a"() : () -> ()
  cf.switch %f : i32, [
    default: ^bb3,
    42: ^bb4,
    43: ^bb5
  ]
^bb2:
  "foo.b"() : () -> ()
  return
^bb3:
  "foo.c"() : () -> ()
  return
^bb4:
  "foo.d"() : () -> ()
  return
^bb5:
  "foo.e"() : () -> ()
  return
}

