// scf.for's verifiers: ForOp::verify, then LoopLikeOpInterface's region
// verifier. Messages checked with mlir-opt 22.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics

func.func @f(%lb: index, %a: i32) {
  // expected-error@+1 {{'scf.for' op 0-th init and 0-th region iter_arg have different type: 'i32' != 'f32'}}
  %r = "scf.for"(%lb, %lb, %lb, %a) ({
  ^bb0(%iv: index, %x: f32):
    "scf.yield"(%x) : (f32) -> ()
  }) : (index, index, index, i32) -> i32
  return
}

// -----

func.func @f2(%lb: index, %a: i32) {
  // expected-error@+1 {{'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'i32' != 'f32'}}
  %r = "scf.for"(%lb, %lb, %lb, %a) ({
  ^bb0(%iv: index, %x: i32):
    "scf.yield"(%x) : (i32) -> ()
  }) : (index, index, index, i32) -> f32
  return
}

// -----

func.func @f3(%lb: index, %a: i32) {
  // expected-error@+1 {{'scf.for' op different number of inits and region iter_args: 1 != 0}}
  %r = "scf.for"(%lb, %lb, %lb, %a) ({
  ^bb0(%iv: index):
    "scf.yield"() : () -> ()
  }) : (index, index, index, i32) -> i32
  return
}

// -----

func.func @f4(%lb: index, %a: i32) {
  // expected-error@+1 {{'scf.for' op mismatch in number of loop-carried values and defined values}}
  %r = "scf.for"(%lb, %lb, %lb) ({
  ^bb0(%iv: index):
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> i32
  return
}
