// Structural traits (SingleBlock, HasParent) verify before the ODS
// invariants, NoRegionArguments after them; a custom parser's operand/type
// count mismatch is worded and prefixed as mlir-opt 22 does. Messages
// checked with mlir-opt 22.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics

func.func @f(%a: i32) {
  // expected-error@+1 {{'scf.condition' op expects parent op 'scf.while'}}
  "scf.condition"(%a) : (i32) -> ()
}

// -----

func.func @g(%a: i32) {
  // expected-error@+1 {{'scf.for' op expects region #0 to have 0 or 1 blocks}}
  "scf.for"(%a, %a, %a) ({
  ^bb0(%i: i32):
    "scf.yield"(%a) : (i32) -> ()
  ^bb1:
    "scf.yield"() : () -> ()
  }) : (i32, i32, i32) -> (f32)
  return
}

// -----

func.func @h(%c: i1) {
  // expected-error@+1 {{'scf.if' op region #0 should have no arguments}}
  "scf.if"(%c) ({
  ^bb0(%x: index):
    scf.yield
  }, {}) : (i1) -> ()
  return
}

// -----

func.func private @callee(i32, i32)
func.func @k(%a: i32) {
  // expected-error@+1 {{custom op 'func.call' number of operands and types do not match: got 1 operands and 2 types}}
  func.call @callee(%a) : (i32, i32) -> ()
  return
}

// -----

func.func @m(%a: i32) {
  // expected-error@+1 {{custom op 'cf.br' number of operands and types do not match: got 1 operands and 2 types}}
  cf.br ^bb1(%a : i32, i32)
^bb1(%x: i32, %y: i32):
  return
}
