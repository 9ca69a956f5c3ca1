// REQUIRES: rmlir
// RUN: rmlir-opt -test-greedy-patterns -split-input-file %s | FileCheck %s
//
// DRR beyond MLIR's DRR (docs/DRR.md, "Beyond MLIR's DRR"): the rules at the
// end of crates/test-dialect/td/TestOpsDRR.td, applied by
// -test-greedy-patterns. These ops are rmlir's own, so the CHECK lines are
// written from the rules (mlir-opt cannot run them); the same cases are
// unit tests in crates/test-dialect/tests/drr_beyond.rs. `test.src` and
// `test.sink` are unknown test ops standing for any producer and user.

// 1. An op with a region is matched and its region moved into the new op
// (`(regions $body)`); `(regions (block))` creates a fresh region.
// CHECK-LABEL: func.func @ops_with_regions
// CHECK: %[[A:.*]] = "test.src"
// CHECK-NEXT: %[[R:.*]] = "test.drr_region_dst"(%[[A]]) ({
// CHECK-NEXT: ^bb0(%[[X:.*]]: i32):
// CHECK-NEXT: "test.use"(%[[X]]) : (i32) -> ()
// CHECK-NEXT: }) : (i32) -> i32
// CHECK-NEXT: %[[M:.*]] = "test.drr_no_terminator"(%[[A]]) ({
// CHECK-NOT: drr_region_src
// CHECK: "test.sink"(%[[R]], %[[M]])
func.func @ops_with_regions() {
  %a = "test.src"() : () -> i32
  %0 = "test.drr_region_src"(%a) ({
  ^bb0(%x: i32):
    "test.use"(%x) : (i32) -> ()
  }) : (i32) -> i32
  %1 = "test.drr_make_region"(%a) : (i32) -> i32
  "test.sink"(%0, %1) : (i32, i32) -> ()
  return
}

// -----

// 2a. Block arguments bound in a source pattern (`(regions (block $arg))`)
// and used by a constraint: only the region yielding its own argument is
// the identity and folds away.
// CHECK-LABEL: func.func @block_arguments
// CHECK: %[[A:.*]] = "test.src"
// CHECK-NEXT: %[[W:.*]] = "test.drr_wrap"(%[[A]]) ({
// CHECK: "test.yield"(%[[A]]) : (i32) -> ()
// CHECK: "test.sink"(%[[A]], %[[W]]) : (i32, i32) -> ()
func.func @block_arguments() {
  %a = "test.src"() : () -> i32
  %0 = "test.drr_wrap"(%a) ({
  ^bb0(%y: i32):
    "test.yield"(%y) : (i32) -> ()
  }) : (i32) -> i32
  %1 = "test.drr_wrap"(%a) ({
  ^bb0(%y: i32):
    "test.yield"(%a) : (i32) -> ()
  }) : (i32) -> i32
  "test.sink"(%0, %1) : (i32, i32) -> ()
  return
}

// -----

// 2b. A generated block with arguments (one typed like `$x`, one `index`)
// and ops inside it that use them.
// CHECK-LABEL: func.func @generated_block_arguments
// CHECK: %[[A:.*]] = "test.src"
// CHECK-NEXT: %[[L:.*]] = "test.drr_loop"(%[[A]]) ({
// CHECK-NEXT: ^bb0(%[[IV:.*]]: i32, %[[I:.*]]: index):
// CHECK-NEXT: %[[S:.*]] = "test.drr_loop_step"(%[[IV]], %[[IV]]) : (i32, i32) -> i32
// CHECK-NEXT: "test.drr_loop_yield"(%[[S]], %[[I]]) : (i32, index) -> ()
// CHECK-NEXT: }) : (i32) -> i32
// CHECK-NEXT: "test.sink"(%[[L]]) : (i32) -> ()
func.func @generated_block_arguments() {
  %a = "test.src"() : () -> i32
  %0 = "test.drr_loop_src"(%a) : (i32) -> i32
  "test.sink"(%0) : (i32) -> ()
  return
}

// -----

// 3. A multi-result op inside a source pattern (`(DrrTwoResults:$t__1)`):
// only a use of its second result matches.
// CHECK-LABEL: func.func @multi_result_op_in_nested_source_pattern
// CHECK: %first, %second = "test.drr_two_results"()
// CHECK-NEXT: %[[U:.*]] = "test.drr_used_second"(%second) : (f32) -> f32
// CHECK-NEXT: "test.drr_use_f32"(%[[U]]) : (f32) -> f32
func.func @multi_result_op_in_nested_source_pattern() {
  %0:2 = "test.drr_two_results"() : () -> (i32, f32)
  %1 = "test.drr_use_f32"(%0#1) : (f32) -> f32
  %2 = "test.drr_use_f32"(%1) : (f32) -> f32
  "test.sink"(%2) : (f32) -> ()
  return
}

// -----

// 4. A variadic op nested in a source pattern: its group is reused whole.
// CHECK-LABEL: func.func @variadic_op_in_nested_source_pattern
// CHECK: %[[A:.*]]:3 = "test.src"
// CHECK: %[[N:.*]] = "test.drr_neg_sum"(%[[A]]#0, %[[A]]#1, %[[A]]#2) : (i32, i32, i32) -> i32
// CHECK-NOT: "test.drr_neg"
// CHECK: "test.sink"(%[[N]])
func.func @variadic_op_in_nested_source_pattern() {
  %a:3 = "test.src"() : () -> (i32, i32, i32)
  %0 = "test.drr_sum"(%a#0, %a#1, %a#2) : (i32, i32, i32) -> i32
  %1 = "test.drr_neg"(%0) : (i32) -> i32
  "test.sink"(%1) : (i32) -> ()
  return
}

// -----

// 5a. Packing variadic groups and single values into one group (tail, mid,
// head); a group of two does not match `(variadic $a, $b, $c)`.
// CHECK-LABEL: func.func @packing_variadic_groups
// CHECK: %[[A:.*]]:4 = "test.src"
// CHECK-NEXT: "test.drr_flat"(%[[A]]#3, %[[A]]#2, %[[A]]#0, %[[A]]#1) : (i32, i32, i32, i32) -> ()
// CHECK-NEXT: "test.drr_unflat"(%[[A]]#0, %[[A]]#1) : (i32, i32) -> ()
func.func @packing_variadic_groups() {
  %a:4 = "test.src"() : () -> (i32, i32, i32, i32)
  "test.drr_split"(%a#0, %a#1, %a#2, %a#3) <{operandSegmentSizes = array<i32: 2, 1, 1>}> : (i32, i32, i32, i32) -> ()
  "test.drr_unflat"(%a#0, %a#1) : (i32, i32) -> ()
  return
}

// -----

// 5b. Unpacking a group into segments [2, 1, 0], then packing it again as
// tail, mid, head.
// CHECK-LABEL: func.func @unpacking_variadic_groups
// CHECK: %[[A:.*]]:3 = "test.src"
// CHECK-NEXT: "test.drr_flat"(%[[A]]#2, %[[A]]#0, %[[A]]#1) : (i32, i32, i32) -> ()
func.func @unpacking_variadic_groups() {
  %a:3 = "test.src"() : () -> (i32, i32, i32)
  "test.drr_unflat"(%a#0, %a#1, %a#2) : (i32, i32, i32) -> ()
  return
}

// -----

// 6. A native call returning a value, two attributes and a type at once.
// CHECK-LABEL: func.func @native_call_returning_several_kinds
// CHECK: %[[A:.*]] = "test.src"
// CHECK-NEXT: "test.drr_halves"(%[[A]]) <{hi = 1 : i32, lo = 2 : i32}> : (i32) -> i64
func.func @native_call_returning_several_kinds() {
  %a = "test.src"() : () -> i32
  "test.drr_const"(%a) {value = 0x100000002 : i64} : (i32) -> ()
  return
}
