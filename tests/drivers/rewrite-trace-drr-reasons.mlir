// REQUIRES: rmlir
// RUN: rmlir-opt %s -allow-unregistered-dialect -test-greedy-patterns --mlir-print-rewrite-trace=%t.json --mlir-rewrite-trace-op=%s:21:8 -o /dev/null
// RUN: FileCheck %s --input-file=%t.json --check-prefix=ARG
// RUN: rmlir-opt %s -allow-unregistered-dialect -test-greedy-patterns --mlir-print-rewrite-trace=%t2.json --mlir-rewrite-trace-op=%s:23:8 -o /dev/null
// RUN: FileCheck %s --input-file=%t2.json --check-prefix=NATIVE

// DRR-generated matchers say why they do not match, with the reasons
// upstream's generated matchers give (issue #16). The rule
// `(OpR $input1, (ConstantLikeMatcher I32Attr:$input2))`
// (crates/test-dialect/td/TestOpsDRR.td) fails on an op_r whose second
// operand is a block argument (no defining op), and on one whose second
// operand comes from an op the native matcher rejects (not a constant); the
// native call is printed as generated, with the matched op named `op1`.

// ARG: "attempts": [
// ARG: {"by": {"kind": "pattern", "name": "TestOpsDRR.td:661", {{.*}}}, "result": "failure", "reasons": ["There's no operation that defines operand 1 of castedOp0"]}

// NATIVE: {"by": {"kind": "pattern", "name": "TestOpsDRR.td:661", {{.*}}}, "result": "failure", "reasons": ["match_constant(ir, (op1)) return ::mlir::failure"]}

func.func @f(%a: i32, %b: i32) -> (i32, i32) {
  %x = "test.op_r"(%a, %b) : (i32, i32) -> i32
  %c = "test.other"() : () -> i32
  %y = "test.op_r"(%a, %c) : (i32, i32) -> i32
  return %x, %y : i32, i32
}
