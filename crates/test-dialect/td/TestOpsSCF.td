//===- TestOpsSCF.td - test ops of one suite area -------*- tablegen -*-===//
//
// Test-dialect ops used by the upstream scf tests
// (`Dialect/SCF/canonicalize.mlir`). Specification: upstream
// `mlir/test/lib/Dialect/Test/TestOps.td`.
//
//===----------------------------------------------------------------------===//

include "TestDialect.td"

// `test.alloca_scope_region attributes {...} { ... }`: an op whose one
// region of any shape is an automatic allocation scope.
def TestAllocaScopeRegionOp : TEST_Op<"alloca_scope_region",
    [AutomaticAllocationScope]> {
  let regions = (region AnyRegion:$region);
  let assemblyFormat = "attr-dict-with-keyword $region";
}
