// Mutants scripts/accepts_check.py found accepted by rmlir-opt and rejected
// by mlir-opt 22: test-dialect ops upstream registers (so they are no
// terminators) and `tensor.parallel_insert_slice` outside a parallel
// terminator. Messages from mlir-opt 22; this file also passes under
// `mlir-opt --split-input-file --verify-diagnostics`.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics

func.func @f() {
  // expected-error@+1 {{block with no terminator, has "test.region_builder"() : () -> ()}}
  "test.region_builder"() : () -> ()
^bb1:
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{block with no terminator, has %0 = "test.op_in_place_fold_success"() : () -> i1}}
  %0 = "test.op_in_place_fold_success"() : () -> i1
^bb1:
  return
}

// -----

func.func @f(%src: tensor<1x5xf32>, %dst: tensor<?x?xf32>, %n: index) {
  %r = scf.forall (%i) in (%n) shared_outs(%o = %dst) -> (tensor<?x?xf32>) {
    // expected-error@+1 {{expected InParallelOpInterface parent, got:}}
    tensor.parallel_insert_slice %src into %o[%i, 0] [1, 5] [1, 1] : tensor<1x5xf32> into tensor<?x?xf32>
    scf.forall.in_parallel {
    }
  }
  return
}
