//===- Tensor.td - the tensor dialect (subset) -------------*- tablegen -*-===//
//
// rmlir's definition of the part of MLIR 22's `tensor` dialect the upstream
// folding tests use. Specification: upstream
// `mlir/Dialect/Tensor/IR/TensorOps.td`; names, traits, formats and flags
// are upstream's, predicates Rust.
//
//   op                     defined  format                               folder  canon     checked with mlir-opt
//   dim                    yes      declarative                          yes     (not yet) custom+generic
//   cast                   yes      declarative                          yes     partial   custom+generic
//   empty                  yes      declarative                          -       (not yet) custom+generic
//   extract                yes      declarative                          (not yet) (not yet) custom+generic
//   extract_slice          yes      declarative+custom<DynamicIndexList> (not yet) (not yet) custom+generic
//   insert_slice           yes      declarative+custom<DynamicIndexList> (not yet) (not yet) custom+generic
//   parallel_insert_slice  yes      declarative+custom<DynamicIndexList> -       -         custom+generic
//
// The slice ops' verifiers (OffsetSizeAndStrideOpInterface, result type
// inference with rank reduction, in-bounds checks) are in `src/tensor.rs`
// and `src/view_like.rs`. Every other tensor op is not defined yet.
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
// DeclareOpInterfaceMethods<OpAsmOpInterface>, Pure]; the result is `%cast`.
def Tensor_CastOp : Tensor_Op<"cast", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>, Pure]> {
  let summary = "tensor cast operation";
  let arguments = (ins AnyTensor:$source);
  let results = (outs AnyTensor:$dest);
  let assemblyFormat = "$source attr-dict `:` type($source) `to` type($dest)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

// Upstream: [Pure, ...ReifyRankedShapedTypeOpInterface]; no result name.
def Tensor_EmptyOp : Tensor_Op<"empty", [Pure]> {
  let summary = "empty tensor operation";
  let arguments = (ins Variadic<Index>:$dynamicSizes);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "`(`$dynamicSizes`)` attr-dict `:` type($result)";
}

// Upstream: [DeclareOpInterfaceMethods<OpAsmOpInterface>, Pure,
// TypesMatchWith<...>]; the result is `%extracted`.
def Tensor_ExtractOp : Tensor_Op<"extract", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>, Pure,
    TypesMatchWith<"result type matches element type of tensor",
                   "tensor", "result",
                   "$_ctx.element_type_or_self($_self)">]> {
  let summary = "element extraction operation";
  let arguments = (ins AnyRankedTensor:$tensor, Variadic<Index>:$indices);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$tensor `[` $indices `]` attr-dict `:` type($tensor)";
  // One index per dimension.
  let hasVerifier = 1;
}

// Upstream: [DeclareOpInterfaceMethods<OpAsmOpInterface>,
// AttrSizedOperandSegments, Pure, OffsetSizeAndStrideOpInterface]; the
// result is `%extracted_slice`.
def Tensor_ExtractSliceOp : Tensor_Op<"extract_slice", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
    AttrSizedOperandSegments, Pure]> {
  let summary = "extract slice operation";
  let arguments = (ins AnyRankedTensor:$source,
                       Variadic<Index>:$offsets,
                       Variadic<Index>:$sizes,
                       Variadic<Index>:$strides,
                       DenseI64ArrayAttr:$static_offsets,
                       DenseI64ArrayAttr:$static_sizes,
                       DenseI64ArrayAttr:$static_strides);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $source ``
    custom<DynamicIndexList>($offsets, $static_offsets)
    custom<DynamicIndexList>($sizes, $static_sizes)
    custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` type($source) `to` type($result)
  }];
  let hasCanonicalizer = 1;
  // OffsetSizeAndStrideOpInterface's checks, the result type against the
  // one the sizes give, the static slice inside the source.
  let hasVerifier = 1;
}

// Upstream: [DeclareOpInterfaceMethods<OpAsmOpInterface>,
// AttrSizedOperandSegments, Pure, TypesMatchWith<dest, result>,
// OffsetSizeAndStrideOpInterface]; the result is `%inserted_slice`.
def Tensor_InsertSliceOp : Tensor_Op<"insert_slice", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
    AttrSizedOperandSegments, Pure,
    TypesMatchWith<"expected result type to match dest type",
                   "dest", "result", "$_self">]> {
  let summary = "insert_slice operation";
  let arguments = (ins AnyRankedTensor:$source,
                       AnyRankedTensor:$dest,
                       Variadic<Index>:$offsets,
                       Variadic<Index>:$sizes,
                       Variadic<Index>:$strides,
                       DenseI64ArrayAttr:$static_offsets,
                       DenseI64ArrayAttr:$static_sizes,
                       DenseI64ArrayAttr:$static_strides);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $source `into` $dest ``
    custom<DynamicIndexList>($offsets, $static_offsets)
    custom<DynamicIndexList>($sizes, $static_sizes)
    custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` type($source) `into` type($dest)
  }];
  let hasCanonicalizer = 1;
  // OffsetSizeAndStrideOpInterface's checks, the source type against the
  // one the sizes give, the static slice inside the destination.
  let hasVerifier = 1;
}

// Upstream: [AttrSizedOperandSegments, OffsetSizeAndStrideOpInterface,
// ParallelCombiningOpInterface, ...]; its place in an
// scf.forall.in_parallel is checked by that op's verifier.
def Tensor_ParallelInsertSliceOp : Tensor_Op<"parallel_insert_slice", [
    AttrSizedOperandSegments]> {
  let summary = "parallel_insert_slice operation";
  let arguments = (ins AnyRankedTensor:$source,
                       AnyRankedTensor:$dest,
                       Variadic<Index>:$offsets,
                       Variadic<Index>:$sizes,
                       Variadic<Index>:$strides,
                       DenseI64ArrayAttr:$static_offsets,
                       DenseI64ArrayAttr:$static_sizes,
                       DenseI64ArrayAttr:$static_strides);
  let assemblyFormat = [{
    $source `into` $dest ``
    custom<DynamicIndexList>($offsets, $static_offsets)
    custom<DynamicIndexList>($sizes, $static_sizes)
    custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` type($source) `into` type($dest)
  }];
  let hasCanonicalizer = 1;
  // OffsetSizeAndStrideOpInterface's checks, then the parent implements
  // InParallelOpInterface, then insert_slice's checks.
  let hasVerifier = 1;
}

#endif // RMLIR_TENSOR
