//===- DialectBase.td - dialects --------------------------*- tablegen -*-===//
//
// rmlir's counterpart of upstream's DialectBase.td: the `Dialect` class ops
// and dialect attributes name.
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_DIALECTBASE
#define RMLIR_DIALECTBASE

class Dialect {
  // The namespace (`arith`), the prefix of every op name.
  string name = ?;
  string summary = "";
  string description = "";
  // Upstream's C++ namespace; kept so definitions transcribe unchanged.
  string cppNamespace = name;
  // Dialects whose ops this dialect's ops may create.
  list<string> dependentDialects = [];
  // The dialect implements `mlir_ir::ods::ConstantMaterializer` (checked
  // by the generated code of every file defining ops of the dialect).
  bit hasConstantMaterializer = 0;
  // The dialect verifies its discardable attributes on ops
  // (`mlir_ir::ods::OperationAttrVerifier`), on region arguments
  // (`RegionArgAttrVerifier`) and on region results
  // (`RegionResultAttrVerifier`): upstream's `verifyOperationAttribute`,
  // `verifyRegionArgAttribute` and `verifyRegionResultAttribute`, each
  // checked like `hasConstantMaterializer`.
  bit hasOperationAttrVerify = 0;
  bit hasRegionArgAttrVerify = 0;
  bit hasRegionResultAttrVerify = 0;
  // The Rust type implementing `mlir_ir::Dialect`, as a path from the module
  // that includes the generated code; empty means `super::` and the def
  // name without underscores (`Arith_Dialect` -> `super::ArithDialect`).
  string rustType = "";
  // The dialect canonicalizes its own attributes (enum attributes).
  bit hasCanonicalizer = 0;
  bit useDefaultAttributePrinterParser = 0;
  bit useDefaultTypePrinterParser = 0;
}

#endif // RMLIR_DIALECTBASE
