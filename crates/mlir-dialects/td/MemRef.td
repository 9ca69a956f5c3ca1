//===- MemRef.td - the memref dialect (subset) -------------*- tablegen -*-===//
//
// rmlir's definition of the part of MLIR 22's `memref` dialect the upstream
// folding and canonicalization tests use. Specification: upstream
// `mlir/Dialect/MemRef/IR/MemRefOps.td`; names, traits, formats and flags
// are upstream's, predicates Rust.
//
//   op       defined  format                            folder  verifier   checked with mlir-opt
//   store    yes      declarative                       (cast)  (not yet)  custom+generic
//   subview  yes      declarative+custom<DynamicIndexList> yes  (not yet)  custom+generic
//   alloc    yes      declarative                       -       (not yet)  custom+generic
//   dim      yes      declarative                       (not yet) -        custom+generic
//   load     yes      declarative                       (cast)  (not yet)  custom+generic
//
// Not done yet: eliding `nontemporal = false` from the custom form's
// attr-dict (upstream elides a default-valued attribute equal to its
// default), the verifiers (store: index count = rank; subview: result
// type inference), store's fold of memref.cast operands (no memref.cast
// yet), and every other memref op. store's `MemWrite` on $memref gives it
// a generated `MemoryEffectsInterface`.
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_MEMREF
#define RMLIR_MEMREF

include "mlir/IR/OpBase.td"
include "Interfaces.td"

def MemRef_Dialect : Dialect {
  let name = "memref";
  let summary = "The `memref` dialect";
  // `materializeConstant` (hand-written): arith.constant.
  let hasConstantMaterializer = 1;
  let dependentDialects = ["arith"];
}

// Upstream `AnyNon0RankedOrUnrankedMemRef` (MemRefOps.td).
def AnyNon0RankedOrUnrankedMemRef
    : Type<CPred<"crate::memref::is_non0_ranked_or_unranked_memref($_ctx, $_self)">,
           "non-0-ranked or unranked memref">;

class MemRef_Op<string mnemonic, list<Trait> traits = []> :
    Op<MemRef_Dialect, mnemonic, traits>;

// Upstream's alignment constraint (`AllAttrOf<[IntPositive, IntPowerOf2]>`,
// whose summary joins the two with "and").
def MemRef_PositivePowerOf2 : AttrConstraint<
    And<[IntPositive.predicate, IntPowerOf2.predicate]>,
    "whose value is positive and whose value is a power of two > 0">;

def MemRef_StoreOp : MemRef_Op<"store",
     [TypesMatchWith<"type of 'value' matches element type of 'memref'",
                     "memref", "value",
                     "$_ctx.element_type_or_self($_self)">]> {
  let summary = "store operation";
  let arguments = (ins AnyType:$value,
                       Arg<AnyMemRef, "the reference to store to",
                           [MemWrite]>:$memref,
                       Variadic<Index>:$indices,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$nontemporal,
                       ConfinedAttr<OptionalAttr<I64Attr>,
                                    [MemRef_PositivePowerOf2]>:$alignment);
  let assemblyFormat = [{
    $value `,` $memref `[` $indices `]` attr-dict `:` type($memref)
  }];
  // One index per dimension.
  let hasVerifier = 1;
}

def SubViewOp : MemRef_Op<"subview", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
    AttrSizedOperandSegments, Pure]> {
  let summary = "memref subview operation";
  let arguments = (ins AnyMemRef:$source,
                       Variadic<Index>:$offsets,
                       Variadic<Index>:$sizes,
                       Variadic<Index>:$strides,
                       DenseI64ArrayAttr:$static_offsets,
                       DenseI64ArrayAttr:$static_sizes,
                       DenseI64ArrayAttr:$static_strides);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = [{
    $source ``
    custom<DynamicIndexList>($offsets, $static_offsets)
    custom<DynamicIndexList>($sizes, $static_sizes)
    custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` type($source) `to` type($result)
  }];
  let hasFolder = 1;
  // Result type inference with rank reduction and in-bounds offsets.
  let hasVerifier = 1;
}

// Upstream: [AttrSizedOperandSegments, OpAsmOpInterface, MemAlloc
// result]; the result is `%alloc`.
def MemRef_AllocOp : MemRef_Op<"alloc", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
    AttrSizedOperandSegments]> {
  let summary = "memory allocation operation";
  let arguments = (ins Variadic<Index>:$dynamicSizes,
                       Variadic<Index>:$symbolOperands,
                       ConfinedAttr<OptionalAttr<I64Attr>,
                                    [MemRef_PositivePowerOf2]>:$alignment);
  let results = (outs Res<AnyMemRef, "", [MemAlloc]>:$memref);
  let assemblyFormat = [{
    `(`$dynamicSizes`)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)
  }];
}

// Upstream: [DeclareOpInterfaceMethods<OpAsmOpInterface>,
// ConditionallySpeculatable, NoMemoryEffect, ShapedDimOpInterface]; the
// result is `%dim`.
def MemRef_DimOp : MemRef_Op<"dim", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
    ConditionallySpeculatable, NoMemoryEffect]> {
  let summary = "dimension index operation";
  let arguments = (ins AnyNon0RankedOrUnrankedMemRef:$source, Index:$index);
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict $source `,` $index `:` type($source)";
}

// Upstream: [TypesMatchWith<...>, DeclareOpInterfaceMethods<...>]; reads
// $memref.
def MemRef_LoadOp : MemRef_Op<"load",
     [TypesMatchWith<"result type matches element type of 'memref'",
                     "memref", "result",
                     "$_ctx.element_type_or_self($_self)">]> {
  let summary = "load operation";
  let arguments = (ins Arg<AnyMemRef, "the reference to load from",
                           [MemRead]>:$memref,
                       Variadic<Index>:$indices,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$nontemporal,
                       ConfinedAttr<OptionalAttr<I64Attr>,
                                    [MemRef_PositivePowerOf2]>:$alignment);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$memref `[` $indices `]` attr-dict `:` type($memref)";
  // One index per dimension.
  let hasVerifier = 1;
}

#endif // RMLIR_MEMREF
