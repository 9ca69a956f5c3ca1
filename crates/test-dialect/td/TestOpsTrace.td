//===- TestOpsTrace.td - test ops of the rewrite trace --------*- tablegen -*-===//
//
// Test-dialect ops of rmlir's rewrite provenance tests
// (`--mlir-print-rewrite-trace`, `tests/drivers/rewrite-trace*.mlir`). Not
// upstream: their canonicalization patterns (hand-written in
// `src/trace.rs`) report why they fail to match, which the trace records.
//
//===----------------------------------------------------------------------===//

include "TestDialect.td"

// Canonicalization patterns (hand-written): `TraceCheckOfConstant` replaces
// the op by its operand when that is a constant; `TraceCheckMarked` adds the
// `checked` unit attribute when it is missing.
def TestTraceCheckOp : TEST_Op<"trace_check"> {
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$output);
}
