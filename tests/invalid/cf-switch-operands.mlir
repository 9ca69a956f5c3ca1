// cf.switch: case_operand_segments must add up to the caseOperands group
// (upstream verifyValueSizeAttr), and each successor's operands must match
// its block arguments (BranchOpInterface). Messages checked with mlir-opt 22.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics

func.func @segments(%f: i32, %a: i32) {
  // expected-error@+1 {{'cf.switch' op caseOperands count (1) does not match with the total size (0) specified in attribute 'case_operand_segments'}}
  "cf.switch"(%f, %a)[^bb1, ^bb2] <{case_operand_segments = array<i32: 0>, case_values = dense<1> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i32, i32) -> ()
^bb1:
  return
^bb2:
  return
}

// -----

func.func @types(%a: i32, %f: i32) {
  // expected-error@+1 {{type mismatch for bb argument #0 of successor #1}}
  cf.switch %f : i32, [
    default: ^bb1(%a : i32),
    1: ^bb2(%a : i32)
  ]
^bb1(%x: i32):
  return
^bb2(%y: f32):
  return
}
