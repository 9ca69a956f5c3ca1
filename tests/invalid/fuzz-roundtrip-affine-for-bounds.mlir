// An affine.for whose bound operands do not match its bound maps' inputs, or
// whose step is negative, has a custom form that does not parse again (found
// by the round-trip fuzz target, `roundtrip-crash-a1003c24`). mlir-opt 22
// accepts these generic forms and prints the same unparsable text; rmlir's
// verifier rejects them (docs/DEVIATIONS.md, "Verifier"). The valid forms
// at the end pass under both tools.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics | rmlir-opt --split-input-file | FileCheck %s

// The fuzz input itself: a one-dimensional upper bound map with no operands,
// a negative step and a misspelled operandSegmentSizes.
func.func @fuzz_input(%n: index) {
  // expected-error@+1 {{'affine.for' op upper bound operand count and affine map dimension and symbol count must match}}
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, upperBoundMap = affine_map<(tensor) -> (8)>, step = -2 : index, operandSegme.tSizes = array<i32: 0, 0, 0>}> ({
  ^bb0(%i: index):
    affine.yield
  }) : () -> ()
  return
}

// -----

func.func @lower_too_many(%n: index) {
  // expected-error@+1 {{'affine.for' op lower bound operand count and affine map dimension and symbol count must match}}
  "affine.for"(%n, %n) <{lowerBoundMap = affine_map<(d0) -> (d0)>, upperBoundMap = affine_map<() -> (8)>, step = 1 : index, operandSegmentSizes = array<i32: 2, 0, 0>}> ({
  ^bb0(%i: index):
    affine.yield
  }) : (index, index) -> ()
  return
}

// -----

// A constant lower bound with an operand: mlir-opt prints `0 to 8` and the
// operand is lost on the way back.
func.func @lower_operand_without_input(%n: index) {
  // expected-error@+1 {{'affine.for' op lower bound operand count and affine map dimension and symbol count must match}}
  "affine.for"(%n) <{lowerBoundMap = affine_map<() -> (0)>, upperBoundMap = affine_map<() -> (8)>, step = 1 : index, operandSegmentSizes = array<i32: 1, 0, 0>}> ({
  ^bb0(%i: index):
    affine.yield
  }) : (index) -> ()
  return
}

// -----

func.func @upper_missing_symbol(%n: index) {
  // expected-error@+1 {{'affine.for' op upper bound operand count and affine map dimension and symbol count must match}}
  "affine.for"(%n) <{lowerBoundMap = affine_map<() -> (0)>, upperBoundMap = affine_map<(d0)[s0] -> (s0)>, step = 1 : index, operandSegmentSizes = array<i32: 0, 1, 0>}> ({
  ^bb0(%i: index):
    affine.yield
  }) : (index) -> ()
  return
}

// -----

func.func @negative_step() {
  // expected-error@+1 {{'affine.for' op expected step to be representable as a positive signed integer}}
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, upperBoundMap = affine_map<() -> (8)>, step = -1 : index, operandSegmentSizes = array<i32: 0, 0, 0>}> ({
  ^bb0(%i: index):
    affine.yield
  }) : () -> ()
  return
}

// -----

// CHECK-LABEL: func.func @valid
// CHECK: affine.for %{{.*}} = #map(%{{.*}}) to #map1(%{{.*}})[%{{.*}}] step 0 {
func.func @valid(%n: index) {
  "affine.for"(%n, %n, %n) <{lowerBoundMap = affine_map<(d0) -> (d0)>, upperBoundMap = affine_map<(d0)[s0] -> (d0 + s0)>, step = 0 : index, operandSegmentSizes = array<i32: 1, 2, 0>}> ({
  ^bb0(%i: index):
    affine.yield
  }) : (index, index, index) -> ()
  return
}
