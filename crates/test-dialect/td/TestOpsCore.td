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

// `test.cast`: an op with any operands and one result, used as a
// materialization by the conversion tests and as a plain user elsewhere.
def TestCastOp : TEST_Op<"cast">,
  Arguments<(ins Variadic<AnyType>:$inputs)>, Results<(outs AnyType:$result)>;

def TestBranchOp : TEST_Op<"br",
    [DeclareOpInterfaceMethods<BranchOpInterface>, Terminator]> {
  let arguments = (ins Variadic<AnyType>:$targetOperands);
  let successors = (successor AnySuccessor:$target);
}

// Folds to its operand, whatever its region holds.
def TestOpWithRegionFold : TEST_Op<"op_with_region_fold"> {
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType);
  let regions = (region SizedRegion<1>:$region);
  let hasFolder = 1;
}

// Constants folded inside its region stay there (the dialect's
// `shouldMaterializeInto`).
def OneRegionOp : TEST_Op<"one_region_op", []> {
  let regions = (region AnyRegion:$region);
}

def GraphRegionOp : TEST_Op<"graph_region", [
    DeclareOpInterfaceMethods<RegionKindInterface>, HasOnlyGraphRegion]> {
  let summary = "operation with a graph region";
  let regions = (region AnyRegion:$region);
  let assemblyFormat = "attr-dict-with-keyword $region";
}
