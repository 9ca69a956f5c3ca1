//===- TestOpsGreedy.td - test ops of one suite area ----------*- tablegen -*-===//
//
// Test-dialect ops used by the upstream tests of the greedy and walk drivers (greedy-pattern-rewrite-driver-*, test-strict-pattern-driver, test-walk-pattern-rewrite-driver, test-operation-folder, test-pattern-selective-replacement).
// Specification: upstream `mlir/test/lib/Dialect/Test/TestOps.td`.
//
//===----------------------------------------------------------------------===//

include "TestDialect.td"
