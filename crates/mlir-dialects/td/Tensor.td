//===- Tensor.td - the tensor dialect (subset) -------------*- tablegen -*-===//
//
// rmlir's definition of the part of MLIR 22's `tensor` dialect the upstream
// folding tests use. Specification: upstream
// `mlir/Dialect/Tensor/IR/TensorOps.td`; names, traits, formats and flags
// are upstream's, predicates Rust.
//
//   op   defined  format       folder  canon     checked with mlir-opt
//   dim  yes      declarative  yes     (not yet) custom+generic
//
// Every other tensor op is not defined yet.
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_TENSOR
#define RMLIR_TENSOR

include "mlir/IR/OpBase.td"
include "Interfaces.td"

def Tensor_Dialect : Dialect {
  let name = "tensor";
  let summary = "the tensor dialect";
  // `materializeConstant` (hand-written): arith.constant.
  let hasConstantMaterializer = 1;
  let dependentDialects = ["arith"];
}

// Upstream `AnyNon0RankedOrUnrankedTensor` (TensorOps.td).
def AnyNon0RankedOrUnrankedTensor
    : Type<CPred<"crate::tensor::is_non0_ranked_or_unranked_tensor($_ctx, $_self)">,
           "non-0-ranked or unranked tensor">;

class Tensor_Op<string mnemonic, list<Trait> traits = []> :
    Op<Tensor_Dialect, mnemonic, traits>;

// Upstream: [DeclareOpInterfaceMethods<OpAsmOpInterface>,
// DeclareOpInterfaceMethods<ShapedDimOpInterface>,
// ConditionallySpeculatable, NoMemoryEffect]; the result is named `%dim`.
def Tensor_DimOp : Tensor_Op<"dim", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
    ConditionallySpeculatable, NoMemoryEffect]> {
  let summary = "dimension index operation";
  let arguments = (ins AnyNon0RankedOrUnrankedTensor:$source, Index:$index);
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict $source `,` $index `:` type($source)";
  let hasFolder = 1;
}

// Upstream: [DeclareOpInterfaceMethods<CastOpInterface>,
// DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>, Pure];
// the cast compatibility check is the hand-written verifier, the result is
// named `%cast`; the canonicalization patterns are not done yet.
def Tensor_CastOp : Tensor_Op<"cast", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>, Pure]> {
  let summary = "tensor cast operation";
  let arguments = (ins AnyTensor:$source);
  let results = (outs AnyTensor:$dest);
  let assemblyFormat = "$source attr-dict `:` type($source) `to` type($dest)";
}

// Upstream: [Pure]; the dynamic size count is checked by the hand-written
// verifier. The canonicalization patterns are not done yet.
def Tensor_EmptyOp : Tensor_Op<"empty", [Pure]> {
  let summary = "empty tensor operation";
  let arguments = (ins Variadic<Index>:$dynamicSizes);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "`(`$dynamicSizes`)` attr-dict `:` type($result)";
}

#endif // RMLIR_TENSOR
