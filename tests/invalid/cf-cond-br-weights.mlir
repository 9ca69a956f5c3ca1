// cf.cond_br's WeightedBranchOpInterface verifier: one weight per
// successor, not all zero (reported without the 'op' prefix, as upstream's
// emitError does). Messages checked with mlir-opt 22.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics

func.func @f(%c: i1) {
  // expected-error@+1 {{expects number of branch weights to match number of successors: 3 vs 2}}
  cf.cond_br %c weights([1, 2, 3]), ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+1 {{branch weights cannot all be zero}}
  cf.cond_br %c weights([0, 0]), ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+1 {{expects number of branch weights to match number of successors: 1 vs 2}}
  "cf.cond_br"(%c) [^bb1, ^bb2] {branch_weights = array<i32: 1>, operandSegmentSizes = array<i32: 1, 0, 0>} : (i1) -> ()
^bb1:
  return
^bb2:
  return
}
