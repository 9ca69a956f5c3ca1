//===- TestOpsODS.td - test ops of one suite area ----------*- tablegen -*-===//
//
// Test-dialect ops used by the upstream tests of the ODS area (mlir-tblgen/types.mlir, return-types.mlir, op-derived-attribute.mlir).
// Specification: upstream `mlir/test/lib/Dialect/Test/TestOps.td`.
//
//===----------------------------------------------------------------------===//

include "TestDialect.td"
