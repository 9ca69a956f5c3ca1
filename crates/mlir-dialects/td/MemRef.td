//===- MemRef.td - the memref dialect (subset) -------------*- tablegen -*-===//
//
// rmlir's definition of the part of MLIR 22's `memref` dialect that
// ordinary memref IR and the upstream folding and canonicalization tests
// use. Specification: upstream `mlir/Dialect/MemRef/IR/MemRefOps.td`;
// names, traits, formats and flags are upstream's, predicates Rust.
//
//   op               format                              folder       verifier
//   store            declarative                         memref.cast  rank
//   subview          declarative+custom<DynamicIndexList> identity    yes
//   alloc            declarative                         -            yes (+dead alloc)
//   alloca           declarative                         -            yes (+dead alloc)
//   dim              declarative                         -            -
//   load             declarative                         memref.cast  rank
//   cast             declarative                         cast(cast)   areCastCompatible
//   copy             declarative                         memref.cast  traits (+2 patterns)
//   dealloc          declarative                         memref.cast  -
//   reinterpret_cast declarative+custom<DynamicIndexList> yes         yes
//   view             declarative                         -            yes
//   expand_shape     declarative+custom<DynamicIndexList> reshape pair yes
//   collapse_shape   declarative                         reshape pair yes
//   global           declarative+custom<GlobalMemref...>  -            yes
//   get_global       declarative                         -            symbol use
//
// Every op is checked against mlir-opt 22 in custom and generic form
// (tests/dialects/memref-*.mlir, tests/invalid/memref-*.mlir).
//
// Not done yet: eliding `nontemporal = false` from the custom form's
// attr-dict (upstream elides a default-valued attribute equal to its
// default), the canonicalization patterns of view/subview/
// reinterpret_cast/the reshape ops and alloc/alloca's SimplifyAllocConst
// (copy's two patterns and SimplifyDeadAlloc exist), and
// the other memref ops. `MemWrite`/`MemRead`/`MemFree`/`MemAlloc` on the
// operands and results give the ops a generated `MemoryEffectsInterface`.
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

// Upstream `AnyStridedMemRef` (CommonTypeConstraints.td): a ranked memref
// whose layout has strides and an offset.
def AnyStridedMemRef
    : Type<CPred<"crate::memref::is_strided_memref($_ctx, $_self)">,
           "strided memref of any type values">;

// Upstream `IndexListArrayAttr` (CommonAttrConstraints.td): the
// reassociation groups of the reshape ops.
def IndexListArrayAttr
    : TypedArrayAttrBase<I64ArrayAttr, "Array of 64-bit integer array attributes">;

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
  // store(cast) -> store (not of the stored value).
  let hasFolder = 1;
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
  // SimplifyDeadAlloc (not SimplifyAllocConst).
  let hasCanonicalizer = 1;
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
  // load(cast) -> load.
  let hasFolder = 1;
}

// Upstream: [AttrSizedOperandSegments, OpAsmOpInterface,
// MemAlloc<AutomaticAllocationScopeResource> result, Promotable/
// DestructurableAllocationOpInterface]; the result is `%alloca`.
def MemRef_AllocaOp : MemRef_Op<"alloca", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
    AttrSizedOperandSegments]> {
  let summary = "stack memory allocation operation";
  let arguments = (ins Variadic<Index>:$dynamicSizes,
                       Variadic<Index>:$symbolOperands,
                       ConfinedAttr<OptionalAttr<I64Attr>,
                                    [MemRef_PositivePowerOf2]>:$alignment);
  let results = (outs Res<AnyMemRef, "",
                          [MemAlloc<AutomaticAllocationScopeResource, 0,
                                    FullEffect>]>:$memref);
  let assemblyFormat = [{
    `(`$dynamicSizes`)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)
  }];
  // An AutomaticAllocationScope ancestor, then alloc's counts.
  let hasVerifier = 1;
  // SimplifyDeadAlloc (not SimplifyAllocConst).
  let hasCanonicalizer = 1;
}

// Upstream: [DeclareOpInterfaceMethods<CastOpInterface>, OpAsmOpInterface,
// MemRefsNormalizable, Pure, SameOperandsAndResultShape,
// ViewLikeOpInterface]; the result is `%cast`. `CastOpInterface` is
// attached in Rust (`areCastCompatible`). `SameOperandsAndResultShape` is
// left out: cast compatibility implies it, and upstream's interface
// verifier (listed first) reports every shape mismatch before the trait.
def MemRef_CastOp : MemRef_Op<"cast", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
    Pure]> {
  let summary = "memref cast operation";
  let arguments = (ins AnyRankedOrUnrankedMemRef:$source);
  let results = (outs AnyRankedOrUnrankedMemRef:$dest);
  let assemblyFormat = "$source attr-dict `:` type($source) `to` type($dest)";
  // cast(cast(x)) -> cast(x) for a ranked x, then the interface's fold.
  let hasFolder = 1;
}

// Upstream: [CopyOpInterface, SameOperandsElementType, SameOperandsShape].
def CopyOp : MemRef_Op<"copy", [SameOperandsElementType, SameOperandsShape]> {
  let summary = "memref copy operation";
  let arguments = (ins Arg<AnyRankedOrUnrankedMemRef, "the memref to copy from",
                           [MemRead<DefaultResource, 0, FullEffect>]>:$source,
                       Arg<AnyRankedOrUnrankedMemRef, "the memref to copy to",
                           [MemWrite<DefaultResource, 0, FullEffect>]>:$target);
  let assemblyFormat = [{
    $source `,` $target attr-dict `:` type($source) `to` type($target)
  }];
  // FoldEmptyCopy, FoldSelfCopy.
  let hasCanonicalizer = 1;
  // copy(cast) -> copy.
  let hasFolder = 1;
}

// Upstream: [MemRefsNormalizable].
def MemRef_DeallocOp : MemRef_Op<"dealloc"> {
  let summary = "memory deallocation operation";
  let arguments = (ins Arg<AnyRankedOrUnrankedMemRef, "",
                           [MemFree<DefaultResource, 0, FullEffect>]>:$memref);
  // dealloc(cast) -> dealloc.
  let hasFolder = 1;
  let assemblyFormat = "$memref attr-dict `:` type($memref)";
}

// Upstream: [OpAsmOpInterface, AttrSizedOperandSegments,
// OffsetSizeAndStrideOpInterface, Pure, ViewLikeOpInterface]; the result is
// `%reinterpret_cast`.
def MemRef_ReinterpretCastOp : MemRef_Op<"reinterpret_cast", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
    AttrSizedOperandSegments, Pure]> {
  let summary = "memref reinterpret cast operation";
  let arguments = (ins AnyRankedOrUnrankedMemRef:$source,
                       Variadic<Index>:$offsets,
                       Variadic<Index>:$sizes,
                       Variadic<Index>:$strides,
                       DenseI64ArrayAttr:$static_offsets,
                       DenseI64ArrayAttr:$static_sizes,
                       DenseI64ArrayAttr:$static_strides);
  let results = (outs AnyStridedMemRef:$result);
  let assemblyFormat = [{
    $source `to` `offset` `` `:`
    custom<DynamicIndexList>($offsets, $static_offsets)
    `` `,` `sizes` `` `:`
    custom<DynamicIndexList>($sizes, $static_sizes)
    `` `,` `strides` `` `:`
    custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` type($source) `to` type($result)
  }];
  // The interface's list checks (one offset), then the result type agrees
  // with the static entries.
  let hasVerifier = 1;
  let hasFolder = 1;
}

// Upstream: [OpAsmOpInterface, ViewLikeOpInterface, Pure]; the result is
// `%view`.
def MemRef_ViewOp : MemRef_Op<"view", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
    Pure]> {
  let summary = "memref view operation";
  let arguments = (ins MemRefRankOf<[I8], [1]>:$source,
                       Index:$byte_shift,
                       Variadic<Index>:$sizes);
  let results = (outs AnyMemRef);
  let assemblyFormat = [{
    $source `[` $byte_shift `]` `` `[` $sizes `]` attr-dict
      `:` type($source) `to` type(results)
  }];
  // Identity layouts, one memory space, one size per dynamic extent.
  let hasVerifier = 1;
  // No folder: mlir-opt 22 does not fold a view to its source's own type
  // (newer upstream does).
}

// Upstream: MemRef_ReassociativeReshapeOp<"expand_shape",
// [OpAsmOpInterface, ReifyRankedShapedTypeOpInterface]> (adds Pure,
// ViewLikeOpInterface); the result is `%expand_shape`.
def MemRef_ExpandShapeOp : MemRef_Op<"expand_shape", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
    Pure]> {
  let summary = "operation to produce a memref with a higher rank.";
  let arguments = (ins AnyStridedMemRef:$src, IndexListArrayAttr:$reassociation,
                       Variadic<Index>:$output_shape,
                       DenseI64ArrayAttr:$static_output_shape);
  let results = (outs AnyStridedMemRef:$result);
  let assemblyFormat = [{
    $src $reassociation `output_shape`
    custom<DynamicIndexList>($output_shape, $static_output_shape) attr-dict `:`
    type($src) `into` type($result)
  }];
  let hasFolder = 1;
  let hasVerifier = 1;
}

// Upstream: MemRef_ReassociativeReshapeOp<"collapse_shape",
// [OpAsmOpInterface]>; the result is `%collapse_shape`.
def MemRef_CollapseShapeOp : MemRef_Op<"collapse_shape", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
    Pure]> {
  let summary = "operation to produce a memref with a smaller rank.";
  let arguments = (ins AnyStridedMemRef:$src, IndexListArrayAttr:$reassociation);
  let results = (outs AnyStridedMemRef:$result);
  let assemblyFormat = [{
    $src $reassociation attr-dict `:` type($src) `into` type($result)
  }];
  let hasFolder = 1;
  let hasVerifier = 1;
}

// Upstream `MemRefTypeAttr`: a type attribute holding a memref type.
def MemRefTypeAttr : TypeAttrBase<"memref type attribute",
    CPred<"matches!($_ctx.ty($_self), ::mlir_ir::TypeKind::MemRef { .. })">>;

// Upstream: [Symbol].
def MemRef_GlobalOp : MemRef_Op<"global", [Symbol]> {
  let summary = "declare or define a global memref variable";
  let arguments = (ins SymbolNameAttr:$sym_name,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       MemRefTypeAttr:$type,
                       OptionalAttr<AnyAttr>:$initial_value,
                       UnitAttr:$constant,
                       ConfinedAttr<OptionalAttr<I64Attr>,
                                    [MemRef_PositivePowerOf2]>:$alignment);
  let assemblyFormat = [{
       ($sym_visibility^)?
       (`constant` $constant^)?
       $sym_name `:`
       custom<GlobalMemrefOpTypeAndInitialValue>($type, $initial_value)
       attr-dict
  }];
  // A static shape, and an initial value that is a unit or elements
  // attribute of the memref's element type and shape.
  let hasVerifier = 1;
}

// Upstream: [Pure, DeclareOpInterfaceMethods<SymbolUserOpInterface>]; the
// interface (the global exists and has the result type) is attached in
// Rust.
def MemRef_GetGlobalOp : MemRef_Op<"get_global", [Pure]> {
  let summary = "get the memref pointing to a global variable";
  let arguments = (ins FlatSymbolRefAttr:$name);
  let results = (outs AnyStaticShapeMemRef:$result);
  let assemblyFormat = "$name `:` type($result) attr-dict";
}

#endif // RMLIR_MEMREF
