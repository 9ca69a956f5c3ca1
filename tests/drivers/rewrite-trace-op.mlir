// REQUIRES: rmlir
// RUN: rmlir-opt %s --canonicalize --mlir-print-rewrite-trace=%t.json --mlir-rewrite-trace-op=%s:32:8 -o /dev/null
// RUN: FileCheck %s --input-file=%t.json
// A location without the file matches in any file.
// RUN: rmlir-opt %s --canonicalize --mlir-print-rewrite-trace=%t2.json --mlir-rewrite-trace-op=32:8 -o /dev/null
// RUN: FileCheck %s --input-file=%t2.json
// RUN: not rmlir-opt %s --canonicalize --mlir-print-rewrite-trace=%t3.json --mlir-rewrite-trace-op=%s:32:9 2>&1 | FileCheck %s --check-prefix=NOOP
// RUN: not rmlir-opt %s --canonicalize --mlir-print-rewrite-trace=%t3.json --mlir-rewrite-trace-op=34 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not rmlir-opt %s --canonicalize --mlir-rewrite-trace-op=32:8 2>&1 | FileCheck %s --check-prefix=ALONE

// `--mlir-rewrite-trace-op=LOC` records every fold and pattern tried on the
// op at LOC, with the reasons the patterns gave for not matching
// (`notify_match_failure`), in the order the driver tried them: the first
// worklist pass applies TraceCheckMarked, which changes the op in place and
// so queues it again; the second pass and the final (converged) iteration
// find nothing more to do.

// CHECK:      "trace_op": {"loc": "{{.*}}32:8", "matched": [{"name": "test.trace_check", "loc": "{{.*}}rewrite-trace-op.mlir:32:8"}],
// CHECK-NEXT: "attempts": [
// CHECK-NEXT: {"by": {"kind": "fold", "name": "fold", "root": "test.trace_check", {{.*}}}, "result": "failure", "reasons": []},
// CHECK-NEXT: {"by": {"kind": "pattern", "name": "TraceCheckOfConstant", {{.*}}}, "result": "failure", "reasons": ["operand 0 is not defined by a constant"]},
// CHECK-NEXT: {"by": {"kind": "pattern", "name": "TraceCheckMarked", {{.*}}}, "result": "success", "reasons": []},
// CHECK-NEXT: {"by": {"kind": "fold", {{.*}}}, "result": "failure", "reasons": []},
// CHECK-NEXT: {"by": {"kind": "pattern", "name": "TraceCheckOfConstant", {{.*}}}, "result": "failure", "reasons": ["operand 0 is not defined by a constant"]},
// CHECK-NEXT: {"by": {"kind": "pattern", "name": "TraceCheckMarked", {{.*}}}, "result": "failure", "reasons": ["the op already has the 'checked' attribute"]},
// CHECK-NEXT: {"by": {"kind": "fold", {{.*}}}, "result": "failure", "reasons": []},
// CHECK-NEXT: {"by": {"kind": "pattern", "name": "TraceCheckOfConstant", {{.*}}}, "result": "failure", "reasons": ["operand 0 is not defined by a constant"]},
// CHECK-NEXT: {"by": {"kind": "pattern", "name": "TraceCheckMarked", {{.*}}}, "result": "failure", "reasons": ["the op already has the 'checked' attribute"]}
// CHECK-NEXT: ]}

func.func @f(%x: i32) -> (i32, i32) {
  %t = "test.trace_check"(%x) : (i32) -> i32
  %c = arith.constant 7 : i32
  %u = "test.trace_check"(%c) : (i32) -> i32
  return %t, %u : i32, i32
}

// The traced op is followed to what replaces it: a check of a constant is
// replaced by the constant, which is then traced too.
// RUN: rmlir-opt %s --canonicalize --mlir-print-rewrite-trace=%t4.json --mlir-rewrite-trace-op=%s:34:8 -o /dev/null
// RUN: FileCheck %s --input-file=%t4.json --check-prefix=FOLLOW
// FOLLOW:      "attempts": [
// FOLLOW-NEXT: {"by": {"kind": "fold", "name": "fold", "root": "test.trace_check", {{.*}}}, "result": "failure", "reasons": []},
// FOLLOW-NEXT: {"by": {"kind": "pattern", "name": "TraceCheckOfConstant", {{.*}}}, "result": "success", "reasons": []},
// FOLLOW-NEXT: {"by": {"kind": "pattern", "name": "TraceCheckOfConstant", {{.*}}}, "result": "erased", "reasons": []}
// FOLLOW-NEXT: ]}

// NOOP: error: --mlir-rewrite-trace-op: no operation is located at '{{.*}}rewrite-trace-op.mlir:32:9'
// BAD: error: --mlir-rewrite-trace-op: invalid location '34': expected 'file:line:col' or 'line:col'
// ALONE: error: --mlir-rewrite-trace-op requires --mlir-print-rewrite-trace
