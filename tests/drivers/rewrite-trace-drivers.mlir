// REQUIRES: rmlir
// RUN: rmlir-opt %s -allow-unregistered-dialect -test-greedy-patterns --mlir-print-rewrite-trace=%t.greedy.json -o /dev/null
// RUN: FileCheck %s --input-file=%t.greedy.json --check-prefix=GREEDY
// RUN: rmlir-opt %s -allow-unregistered-dialect -test-walk-pattern-rewrite-driver --mlir-print-rewrite-trace=%t.walk.json -o /dev/null
// RUN: FileCheck %s --input-file=%t.walk.json --check-prefix=WALK
// RUN: rmlir-opt %s -allow-unregistered-dialect -test-legalize-patterns="allow-pattern-rollback=0" --mlir-print-rewrite-trace=%t.conv.json -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file=%t.conv.json --check-prefix=CONV

// The rewrite trace hears every driver, not only the canonicalizer's runs
// (issue #16): a test pass's greedy driver (named after the pass), the walk
// driver (with the pattern that rewrote each op) and the dialect
// conversion (its bookkeeping named `dialect-conversion`, after the pass's
// own listener).

// The dialect conversion of the same input turns test.op_a into test.op_b
// too, and modifies the return.
// CONV: {"id": {{[0-9]+}}, "name": "test.op_b", {{.*}}"origin": "created", "last": {"what": "created", "by": {"kind": "driver", "name": "dialect-conversion", "root": "", "pass": "test-legalize-patterns#1",
// CONV-NEXT: {"id": {{[0-9]+}}, "name": "func.return", {{.*}}"origin": "modified", "last": {"what": "modified", "by": {"kind": "driver", "name": "dialect-conversion",
// GREEDY: {"id": {{[0-9]+}}, "name": "test.op_b", {{.*}}"origin": "created", "last": {"what": "created", "by": {"kind": "pattern", "name": "TestNamedPatternRule", "root": "test.op_a", "pass": "test-greedy-patterns#1",
func.func @greedy(%x: i32) -> i32 {
  %0 = "test.op_a"(%x) {attr = 10 : i32} : (i32) -> i32
  return %0 : i32
}


// WALK: {"id": {{[0-9]+}}, "name": "test.new_op", {{.*}}"origin": "created", "last": {"what": "created", "by": {"kind": "pattern", "name": "ReplaceWithNewOp", "root": "test.replace_with_new_op", "pass": "test-walk-pattern-rewrite-driver#1",
// WALK: {"id": {{[0-9]+}}, "name": "func.return", {{.*}}"origin": "modified", "last": {"what": "modified", "by": {"kind": "pattern", "name": "ReplaceWithNewOp",
func.func @walk() -> i32 {
  %0 = "test.replace_with_new_op"() : () -> i32
  return %0 : i32
}
