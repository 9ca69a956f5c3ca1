// RUN: rmlir-opt %s -split-input-file -verify-diagnostics

// Every BranchOpInterface op gets MLIR's successor-operand verifier
// (verifyBranchSuccessorOperands), test.br included; messages from
// mlir-opt 22.

func.func @type_mismatch(%a: i32) {
  // expected-error@+1 {{type mismatch for bb argument #0 of successor #0}}
  "test.br"(%a)[^bb1] : (i32) -> ()
^bb1(%b: i64):
  return
}

// -----

func.func @count_mismatch(%a: i32) {
  // expected-error@+1 {{branch has 2 operands for successor #0, but target block has 1}}
  "test.br"(%a, %a)[^bb1] : (i32, i32) -> ()
^bb1(%b: i32):
  return
}
