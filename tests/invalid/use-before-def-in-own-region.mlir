// An operand of an op defined only inside the op's own region: the op keeps
// its unlinked forward reference and the verifier rejects it, as mlir-opt
// does. Found by scripts/accepts_check.py (a mutant made the parser panic
// with "operand value is erased (stale handle)").
// RUN: not rmlir-opt %s 2>&1 | FileCheck %s

// CHECK: :[[@LINE+4]]:8: error: operation's operand is unlinked
// CHECK: note: see current operation:
// CHECK-NEXT: "scf.if"(<<UNKNOWN SSA VALUE>>) ({
func.func @f() -> i1 {
  %1 = scf.if %t -> (i1) {
    %t = arith.constant true
    scf.yield %t : i1
  } else {
    %f = arith.constant false
    scf.yield %f : i1
  }
  return %1 : i1
}
