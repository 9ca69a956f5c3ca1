// affine.for's custom parser refuses a negative step (with the custom-op
// prefix) but takes a zero step, which the generic form can hold and the
// printer prints: its output must parse again (found by the round-trip fuzz
// target). Expected output and diagnostics from mlir-opt 22.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics | FileCheck %s
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics | rmlir-opt --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @zero_step
// CHECK: affine.for %{{.*}} = 0 to 8 step 0 {
func.func @zero_step() {
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, upperBoundMap = affine_map<() -> (8)>, step = 0 : index, operandSegmentSizes = array<i32: 0, 0, 0>}> ({
  ^bb0(%i: index):
    affine.yield
  }) : () -> ()
  return
}

// -----

func.func @negative_step() {
  // expected-error@+1 {{custom op 'affine.for' expected step to be representable as a positive signed integer}}
  affine.for %i = 0 to 8 step -2 {
  }
  return
}
