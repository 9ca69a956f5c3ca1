// Op-specific scf verifiers: scf.while's terminators, scf.index_switch's
// regions, scf.parallel's reductions, scf.forall's mapping. Messages checked
// with mlir-opt 22.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @w(%c: i1) {
  // expected-error@+1 {{'scf.while' op expects the 'after' region to terminate with 'scf.yield'}}
  "scf.while"() ({
    "scf.condition"(%c) : (i1) -> ()
  }, {
    // expected-note@+1 {{terminator here}}
    "test.done"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @s(%i: index) -> i32 {
  // expected-error@+1 {{'scf.index_switch' op expected result #0 of each region to be 'i32'}}
  %0 = scf.index_switch %i -> i32
  case 1 {
    %c = arith.constant 1 : i64
    // expected-note@+1 {{case region #0 returns 'i64' here}}
    scf.yield %c : i64
  }
  default {
    %c = arith.constant 2 : i32
    scf.yield %c : i32
  }
  return %0 : i32
}

// -----

func.func @p(%lb: index, %x: f32) {
  %zero = arith.constant 0.0 : f32
  // expected-error@+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of initial values: 0}}
  %r = "scf.parallel"(%lb, %lb, %lb) ({
  ^bb0(%i: index):
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      scf.reduce.return %a : f32
    }
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> f32
  return
}

// -----

func.func @m(%n: index) {
  // expected-error@+1 {{'scf.forall' op mapping attribute size must match op rank}}
  scf.forall (%i) in (%n) {
  } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
  return
}
