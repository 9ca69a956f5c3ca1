// Identical-block merging and redundant block argument dropping of the
// aggressive region simplification (MLIR's mergeIdenticalBlocks and
// dropRedundantArguments in RegionUtils.cpp). Cases from upstream's
// canonicalize-block-merge.mlir that do not depend on other dialects'
// patterns, plus merges with new block arguments forwarded by test.br.
// CHECK lines are mlir-opt 22's output; the second RUN line checks that
// the single-threaded output is the same.
// RUN: rmlir-opt --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize{region-simplify=aggressive}))' %s | FileCheck %s
// RUN: rmlir-opt --allow-unregistered-dialect --split-input-file --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize{region-simplify=aggressive}))' %s | FileCheck %s

// CHECK-LABEL: func.func @mismatch_operands_pruned(
// CHECK-NEXT: "foo.cond_br"()[^bb1, ^bb2] : () -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "foo.op"() : () -> ()
// CHECK-NEXT: "test.br"(%arg0)[^bb3] : (i32) -> ()
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "foo.op"() : () -> ()
// CHECK-NEXT: "test.br"(%arg1)[^bb3] : (i32) -> ()
// CHECK-NEXT: ^bb3(%0: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: return %0, %arg2, %0 : i32, i32, i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @internal_values(
// CHECK-NEXT: "foo.cond_br"()[^bb1, ^bb2] : () -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "foo.op"() : () -> ()
// CHECK-NEXT: "test.br"(%arg0, %arg0)[^bb3] : (i32, i32) -> ()
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "foo.op"() : () -> ()
// CHECK-NEXT: "test.br"(%arg1, %arg1)[^bb3] : (i32, i32) -> ()
// CHECK-NEXT: ^bb3(%0: i32, %1: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: %2 = arith.addi %0, %1 : i32
// CHECK-NEXT: return %2 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @redundant_argument(
// CHECK-NEXT: "foo.cond_br"()[^bb1, ^bb2] : () -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "test.br"(%arg1)[^bb3] : (i32) -> ()
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "foo.op"() : () -> ()
// CHECK-NEXT: "test.br"(%arg0)[^bb3] : (i32) -> ()
// CHECK-NEXT: ^bb3(%0: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: return %arg0, %0 : i32, i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @return_blocks(
// CHECK-NEXT: "foo.cond_br"()[^bb1, ^bb1] : () -> ()
// CHECK-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @matching_arguments(
// CHECK-NEXT: "foo.cond_br"()[^bb1, ^bb1] : () -> ()
// CHECK-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @mismatch_unknown_terminator(
// CHECK-NEXT: "foo.cond_br"()[^bb1, ^bb2] : () -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @mismatch_argument_types(
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "foo.return"(%arg1) : (i32) -> ()
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "foo.return"(%arg2) : (i16) -> ()
// CHECK-NEXT: }
// CHECK-LABEL: func.func @mismatch_argument_count(
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "foo.return"(%arg1) : (i32) -> ()
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "foo.return"() : () -> ()
// CHECK-NEXT: }
// CHECK-LABEL: func.func @mismatch_operations(
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "foo.return"() : () -> ()
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @mismatch_operation_count(
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "foo.op"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK: func.func private @print(i32, i32)
// CHECK-LABEL: func.func @nomerge(
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = arith.cmpi slt, %arg1, %arg0 : i32
// CHECK-NEXT: cf.cond_br %0, ^bb1, ^bb4
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %1 = arith.addi %arg1, %c1_i32 : i32
// CHECK-NEXT: cf.br ^bb3(%1 : i32)
// CHECK-NEXT: ^bb2:  // pred: ^bb3
// CHECK-NEXT: %2 = arith.addi %3, %c1_i32 : i32
// CHECK-NEXT: cf.br ^bb3(%2 : i32)
// CHECK-NEXT: ^bb3(%3: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: %4 = arith.cmpi slt, %3, %arg0 : i32
// CHECK-NEXT: call @print(%3, %1) : (i32, i32) -> ()
// CHECK-NEXT: cf.cond_br %4, ^bb2, ^bb4
// CHECK-NEXT: ^bb4:  // 2 preds: ^bb0, ^bb3
// CHECK-NEXT: return
// CHECK-NEXT: }

// Blocks that only differ in values defined outside them merge into one
// block taking those values as new arguments; the predecessors (test.br,
// a BranchOpInterface without operand segments) forward them. A new
// argument receiving the same value as an earlier one from every block is
// pruned.
func.func @mismatch_operands_pruned(%a : i32, %b : i32, %c : i32) -> (i32, i32, i32) {
  "foo.cond_br"()[^bb3, ^bb4] : () -> ()
^bb3:
  "foo.op"() : () -> ()
  "test.br"()[^bb1] : () -> ()
^bb4:
  "foo.op"() : () -> ()
  "test.br"()[^bb2] : () -> ()
^bb1:
  return %a, %c, %a : i32, i32, i32
^bb2:
  return %b, %c, %b : i32, i32, i32
}

// Values defined in the blocks must be used in the same positions.
func.func @internal_values(%a : i32, %b : i32) -> i32 {
  "foo.cond_br"()[^bb3, ^bb4] : () -> ()
^bb3:
  "foo.op"() : () -> ()
  "test.br"(%a)[^bb1] : (i32) -> ()
^bb4:
  "foo.op"() : () -> ()
  "test.br"(%b)[^bb2] : (i32) -> ()
^bb1(%p : i32):
  %r = arith.addi %p, %a : i32
  return %r : i32
^bb2(%q : i32):
  %s = arith.addi %q, %b : i32
  return %s : i32
}

// A block argument that gets the same value from every predecessor is
// replaced by that value.
func.func @redundant_argument(%x : i32, %y : i32) -> (i32, i32) {
  "foo.cond_br"()[^bb3, ^bb4] : () -> ()
^bb3:
  "test.br"(%x, %y)[^bb1] : (i32, i32) -> ()
^bb4:
  "foo.op"() : () -> ()
  "test.br"(%x, %x)[^bb1] : (i32, i32) -> ()
^bb1(%a : i32, %b : i32):
  return %a, %b : i32, i32
}

// -----

// Check the simple case of single operation blocks with a return.

func.func @return_blocks() {

  "foo.cond_br"() [^bb1, ^bb2] : () -> ()

^bb1:
  return
^bb2:
  return
}

// Check the case of identical blocks with matching arguments.

func.func @matching_arguments() -> i32 {

  "foo.cond_br"() [^bb1, ^bb2] : () -> ()

^bb1(%arg0 : i32):
  return %arg0 : i32
^bb2(%arg1 : i32):
  return %arg1 : i32
}

// Check that no merging occurs if there is an operand mismatch and we can't
// update th predecessor.

func.func @mismatch_unknown_terminator(%arg0 : i32, %arg1 : i32) -> i32 {

  "foo.cond_br"() [^bb1, ^bb2] : () -> ()

^bb1:
  return %arg0 : i32
^bb2:
  return %arg1 : i32
}

// Check that merging does occurs if there is an operand mismatch and we can
// update th predecessor.

// -----
// Check that merging does not occur if the types of the arguments differ.

func.func @mismatch_argument_types(%cond : i1, %arg0 : i32, %arg1 : i16) {

  cf.cond_br %cond, ^bb1(%arg0 : i32), ^bb2(%arg1 : i16)

^bb1(%arg2 : i32):
  "foo.return"(%arg2) : (i32) -> ()
^bb2(%arg3 : i16):
  "foo.return"(%arg3) : (i16) -> ()
}

// Check that merging does not occur if the number of the arguments differ.

func.func @mismatch_argument_count(%cond : i1, %arg0 : i32) {

  cf.cond_br %cond, ^bb1(%arg0 : i32), ^bb2

^bb1(%arg2 : i32):
  "foo.return"(%arg2) : (i32) -> ()
^bb2:
  "foo.return"() : () -> ()
}

// Check that merging does not occur if the operations differ.

func.func @mismatch_operations(%cond : i1) {

  cf.cond_br %cond, ^bb1, ^bb2

^bb1:
  "foo.return"() : () -> ()
^bb2:
  return
}

// Check that merging does not occur if the number of operations differ.

func.func @mismatch_operation_count(%cond : i1) {

  cf.cond_br %cond, ^bb1, ^bb2

^bb1:
  "foo.op"() : () -> ()
  return
^bb2:
  return
}
// -----
// anyways will result in print(merged, merged) rather than
// distinct operands.
func.func private @print(%arg0: i32, %arg1: i32)
func.func @nomerge(%arg0: i32, %i: i32) {
  %c1_i32 = arith.constant 1 : i32
  %icmp = arith.cmpi slt, %i, %arg0 : i32
  cf.cond_br %icmp, ^bb2, ^bb3

^bb2:  // pred: ^bb1
  %ip1 = arith.addi %i, %c1_i32 : i32
  cf.br ^bb4(%ip1 : i32)

^bb7:  // pred: ^bb5
  %jp1 = arith.addi %j, %c1_i32 : i32
  cf.br ^bb4(%jp1 : i32)

^bb4(%j: i32):  // 2 preds: ^bb2, ^bb7
  %jcmp = arith.cmpi slt, %j, %arg0 : i32
  call @print(%j, %ip1) : (i32, i32) -> ()
  cf.cond_br %jcmp, ^bb7, ^bb3

^bb3:  // pred: ^bb1
  return
}



// -----

// CHECK-LABEL: func.func @merge_through_segments(
// CHECK-NEXT: %0 = "test.producing_br"(%arg1, %arg0)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 1>}> : (i32, i32) -> i32
// CHECK-NEXT: ^bb1(%1: i32):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT: "foo.op"(%1) : (i32) -> ()
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
// Merging through a branch with operand segments: test.producing_br
// forwards its second operand group to its first successor.
func.func @merge_through_segments(%a : i32, %b : i32) -> i32 {
  %0 = "test.producing_br"()[^bb1, ^bb2] {operandSegmentSizes = array<i32: 0, 0>} : () -> i32
^bb1:
  "foo.op"(%a) : (i32) -> ()
  return %a : i32
^bb2:
  "foo.op"(%b) : (i32) -> ()
  return %b : i32
}

// -----

// CHECK-LABEL: func.func @mismatch_dominance(
// CHECK-NEXT: %0 = "test.producing_br"()[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 0, 0>}> : () -> i32
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "test.br"(%0)[^bb4] : (i32) -> ()
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: %1 = "foo.def"() : () -> i32
// CHECK-NEXT: "test.br"()[^bb3] : () -> ()
// CHECK-NEXT: ^bb3:  // pred: ^bb2
// CHECK-NEXT: "test.br"(%1)[^bb4] : (i32) -> ()
// CHECK-NEXT: ^bb4(%2: i32):  // 2 preds: ^bb1, ^bb3
// CHECK-NEXT: return %2 : i32
// CHECK-NEXT: }
func.func @mismatch_dominance() -> i32 {
  %0 = "test.producing_br"()[^bb1, ^bb2] {
        operandSegmentSizes = array<i32: 0, 0>
	} : () -> i32

^bb1:
  "test.br"(%0)[^bb4] : (i32) -> ()

^bb2:
  %1 = "foo.def"() : () -> i32
  "test.br"()[^bb3] : () -> ()

^bb3:
  "test.br"(%1)[^bb4] : (i32) -> ()

^bb4(%3: i32):
  return %3 : i32
}
