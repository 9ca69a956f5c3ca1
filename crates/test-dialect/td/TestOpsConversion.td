//===- TestOpsConversion.td - test ops of one suite area ----------*- tablegen -*-===//
//
// Test-dialect ops used by the upstream tests of the dialect conversion (test-legalize*, test-legalizer*, test-merge-blocks).
// Specification: upstream `mlir/test/lib/Dialect/Test/TestOps.td`.
//
//===----------------------------------------------------------------------===//

include "TestDialect.td"
