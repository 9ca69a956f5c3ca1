//===- TestDialect.td - the test dialect ------------------*- tablegen -*-===//
//
// rmlir's definition of MLIR's `test` dialect (upstream
// `mlir/test/lib/Dialect/Test/TestDialect.td`) and the base class of its
// ops. Every `TestOps*.td` file includes this one; each defines the ops of
// one area of the upstream conformance suite.
//
//===----------------------------------------------------------------------===//

#ifndef TEST_DIALECT
#define TEST_DIALECT

include "mlir/IR/OpBase.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
  let hasConstantMaterializer = 1;
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
  let rustType = "crate::TestDialect";
}

class TEST_Op<string mnemonic, list<Trait> traits = []>
    : Op<Test_Dialect, mnemonic, traits>;

#endif // TEST_DIALECT
