// The cases of upstream's canonicalize-block-merge.mlir that use no memref
// ops, under the default canonicalize pipeline (whose normal region
// simplification does not merge blocks in MLIR 22), with scf.if's
// static-condition pattern. CHECK lines are mlir-opt 22's output, not the
// upstream file's CHECK lines (which expect block merging).
// RUN: rmlir-opt --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(canonicalize))' %s | FileCheck %s

// CHECK-LABEL: func.func @return_blocks(
// CHECK-NEXT: "foo.cond_br"()[^bb1, ^bb2] : () -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: return
// CHECK-NEXT: }
// Upstream case @return_blocks.
func.func @return_blocks() {

  "foo.cond_br"() [^bb1, ^bb2] : () -> ()

^bb1:
  return
^bb2:
  return
}

// CHECK-LABEL: func.func @matching_arguments(
// CHECK-NEXT: "foo.cond_br"()[^bb1, ^bb2] : () -> ()
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: ^bb2(%1: i32):  // pred: ^bb0
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
// Upstream case @matching_arguments.
func.func @matching_arguments() -> i32 {

  "foo.cond_br"() [^bb1, ^bb2] : () -> ()

^bb1(%arg0 : i32):
  return %arg0 : i32
^bb2(%arg1 : i32):
  return %arg1 : i32
}

// CHECK-LABEL: func.func @mismatch_unknown_terminator(
// CHECK-NEXT: "foo.cond_br"()[^bb1, ^bb2] : () -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: }
// Upstream case @mismatch_unknown_terminator.
func.func @mismatch_unknown_terminator(%arg0 : i32, %arg1 : i32) -> i32 {

  "foo.cond_br"() [^bb1, ^bb2] : () -> ()

^bb1:
  return %arg0 : i32
^bb2:
  return %arg1 : i32
}

// CHECK-LABEL: func.func @mismatch_operands(
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: return %arg2 : i32
// CHECK-NEXT: }
// Upstream case @mismatch_operands.
func.func @mismatch_operands(%cond : i1, %arg0 : i32, %arg1 : i32) -> i32 {

  cf.cond_br %cond, ^bb1, ^bb2

^bb1:
  return %arg0 : i32
^bb2:
  return %arg1 : i32
}

// CHECK-LABEL: func.func @mismatch_operands_matching_arguments(
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%arg2 : i32), ^bb2(%arg1 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT: return %arg1, %0 : i32, i32
// CHECK-NEXT: ^bb2(%1: i32):  // pred: ^bb0
// CHECK-NEXT: return %arg2, %1 : i32, i32
// CHECK-NEXT: }
// Upstream case @mismatch_operands_matching_arguments.
func.func @mismatch_operands_matching_arguments(%cond : i1, %arg0 : i32, %arg1 : i32) -> (i32, i32) {

  cf.cond_br %cond, ^bb1(%arg1 : i32), ^bb2(%arg0 : i32)

^bb1(%arg2 : i32):
  return %arg0, %arg2 : i32, i32
^bb2(%arg3 : i32):
  return %arg1, %arg3 : i32, i32
}

// CHECK-LABEL: func.func @mismatch_argument_uses(
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%arg2 : i32), ^bb2(%arg1 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT: return %arg1, %0 : i32, i32
// CHECK-NEXT: ^bb2(%1: i32):  // pred: ^bb0
// CHECK-NEXT: return %1, %arg2 : i32, i32
// CHECK-NEXT: }
// Upstream case @mismatch_argument_uses.
func.func @mismatch_argument_uses(%cond : i1, %arg0 : i32, %arg1 : i32) -> (i32, i32) {

  cf.cond_br %cond, ^bb1(%arg1 : i32), ^bb2(%arg0 : i32)

^bb1(%arg2 : i32):
  return %arg0, %arg2 : i32, i32
^bb2(%arg3 : i32):
  return %arg3, %arg1 : i32, i32
}

// CHECK-LABEL: func.func @mismatch_argument_types(
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2(%arg2 : i16)
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT: "foo.return"(%0) : (i32) -> ()
// CHECK-NEXT: ^bb2(%1: i16):  // pred: ^bb0
// CHECK-NEXT: "foo.return"(%1) : (i16) -> ()
// CHECK-NEXT: }
// Upstream case @mismatch_argument_types.
func.func @mismatch_argument_types(%cond : i1, %arg0 : i32, %arg1 : i16) {

  cf.cond_br %cond, ^bb1(%arg0 : i32), ^bb2(%arg1 : i16)

^bb1(%arg2 : i32):
  "foo.return"(%arg2) : (i32) -> ()
^bb2(%arg3 : i16):
  "foo.return"(%arg3) : (i16) -> ()
}

// CHECK-LABEL: func.func @mismatch_argument_count(
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT: "foo.return"(%0) : (i32) -> ()
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "foo.return"() : () -> ()
// CHECK-NEXT: }
// Upstream case @mismatch_argument_count.
func.func @mismatch_argument_count(%cond : i1, %arg0 : i32) {

  cf.cond_br %cond, ^bb1(%arg0 : i32), ^bb2

^bb1(%arg2 : i32):
  "foo.return"(%arg2) : (i32) -> ()
^bb2:
  "foo.return"() : () -> ()
}

// CHECK-LABEL: func.func @mismatch_operations(
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "foo.return"() : () -> ()
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: return
// CHECK-NEXT: }
// Upstream case @mismatch_operations.
func.func @mismatch_operations(%cond : i1) {

  cf.cond_br %cond, ^bb1, ^bb2

^bb1:
  "foo.return"() : () -> ()
^bb2:
  return
}

// CHECK-LABEL: func.func @mismatch_operation_count(
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "foo.op"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: return
// CHECK-NEXT: }
// Upstream case @mismatch_operation_count.
func.func @mismatch_operation_count(%cond : i1) {

  cf.cond_br %cond, ^bb1, ^bb2

^bb1:
  "foo.op"() : () -> ()
  return
^bb2:
  return
}

// CHECK-LABEL: func.func @contains_regions(
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "foo.op"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: return
// CHECK-NEXT: }
// Upstream case @contains_regions.
func.func @contains_regions(%cond : i1) {

  cf.cond_br %cond, ^bb1, ^bb2

^bb1:
  scf.if %cond {
    "foo.op"() : () -> ()
  }
  return
^bb2:
  scf.if %cond {
    "foo.op"() : () -> ()
  }
  return
}

// CHECK-LABEL: func.func @mismatch_loop(
// CHECK-NEXT: %0 = "foo.op"() : () -> i1
// CHECK-NEXT: cf.cond_br %arg0, ^bb2, ^bb3
// CHECK-NEXT: ^bb1:  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: cf.cond_br %0, ^bb1, ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: cf.cond_br %arg1, ^bb1, ^bb3
// CHECK-NEXT: ^bb3:  // 3 preds: ^bb0, ^bb1, ^bb2
// CHECK-NEXT: return
// CHECK-NEXT: }
// Upstream case @mismatch_loop.
func.func @mismatch_loop(%cond : i1, %cond2 : i1) {

  %cond3 = "foo.op"() : () -> (i1)
  cf.cond_br %cond, ^bb2, ^bb3

^bb1:

  cf.cond_br %cond3, ^bb1, ^bb3

^bb2:
  cf.cond_br %cond2, ^bb1, ^bb3

^bb3:

  return
}

// CHECK-LABEL: func.func private @print(
// Upstream case @print.
func.func private @print(%arg0: i32, %arg1: i32)

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
// Upstream case @nomerge.
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
// Upstream case @mismatch_dominance.
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

