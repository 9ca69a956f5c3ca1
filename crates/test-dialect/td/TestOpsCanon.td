//===- TestOpsCanon.td - test ops of one suite area ----------*- tablegen -*-===//
//
// Test-dialect ops used by the upstream tests of the canonicalizer and folding (test-canonicalize*, canonicalize-dce, trait.mlir, constant-fold*).
// Specification: upstream `mlir/test/lib/Dialect/Test/TestOps.td`.
//
//===----------------------------------------------------------------------===//

include "TestDialect.td"
