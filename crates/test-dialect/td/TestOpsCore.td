//===- TestOpsCore.td - test ops shared by every area -----*- tablegen -*-===//
//
// Test-dialect ops that several areas of the upstream suite use, starting
// with `test.constant`, the op the dialect materializes folded constants as.
// Specification: upstream `mlir/test/lib/Dialect/Test/TestOps.td`.
//
//===----------------------------------------------------------------------===//

include "TestDialect.td"

def TestOpConstant : TEST_Op<"constant", [ConstantLike, NoMemoryEffect]> {
  let arguments = (ins AnyAttr:$value);
  let results = (outs AnyType);
  let hasFolder = 1;
}
