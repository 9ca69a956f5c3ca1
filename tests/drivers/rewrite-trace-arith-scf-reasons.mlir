// REQUIRES: rmlir
// RUN: rmlir-opt %s --canonicalize --mlir-print-rewrite-trace=%t.json --mlir-rewrite-trace-op=%s:26:8 -o /dev/null
// RUN: FileCheck %s --input-file=%t.json --check-prefix=ADD
// RUN: rmlir-opt %s --canonicalize --mlir-print-rewrite-trace=%t2.json --mlir-rewrite-trace-op=%s:28:8 -o /dev/null
// RUN: FileCheck %s --input-file=%t2.json --check-prefix=IF

// The arith and scf canonicalization patterns say why they do not match
// (issue #16). The arith rules are DRR rules upstream and give the reasons
// its generated matchers give: ops named by nesting depth (`castedOp0` is
// the root), the op type expected, the constant matcher. The scf patterns
// (C++ upstream, where they fail without a reason) give their own.

// ADD-DAG: "name": "(anonymous namespace)::AddIAddConstant", {{.*}}, "result": "failure", "reasons": ["There's no operation that defines operand 1 of castedOp1"]}
// ADD-DAG: "name": "(anonymous namespace)::AddISubConstantRHS", {{.*}}, "result": "failure", "reasons": ["castedOp1 is not ::mlir::arith::SubIOp type"]}
// ADD-DAG: "name": "(anonymous namespace)::AddIMulNegativeOneRhs", {{.*}}, "result": "failure", "reasons": ["There's no operation that defines operand 1 of castedOp0"]}
// ADD-DAG: "name": "(anonymous namespace)::AddIMulNegativeOneLhs", {{.*}}, "result": "failure", "reasons": ["castedOp1 is not ::mlir::arith::MulIOp type"]}

// IF-DAG: "name": "(anonymous namespace)::RemoveStaticCondition", {{.*}}, "result": "failure", "reasons": ["the condition is not a constant"]}
// IF-DAG: "name": "(anonymous namespace)::RemoveEmptyElseBranch", {{.*}}, "result": "failure", "reasons": ["the op has results"]}
// IF-DAG: "name": "(anonymous namespace)::ConvertTrivialIfToSelect", {{.*}}, "result": "failure", "reasons": ["every yielded value is defined in the region that yields it"]}

func.func @f(%c: i1, %a: i32, %b: i32) -> (i32, i32) {
  // The traced addi: its first operand is an addi of two arguments, its
  // second an argument.
  %s = arith.addi %a, %b : i32
  %t = arith.addi %s, %a : i32
  // The traced scf.if: both values come from its regions.
  %r = scf.if %c -> i32 {
    %x = arith.addi %a, %b : i32
    scf.yield %x : i32
  } else {
    %y = arith.muli %a, %b : i32
    scf.yield %y : i32
  }
  return %t, %r : i32, i32
}
