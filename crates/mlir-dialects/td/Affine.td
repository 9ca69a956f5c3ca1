//===- Affine.td - the affine dialect (subset) -------------*- tablegen -*-===//
//
// rmlir's definition of the part of MLIR 22's `affine` dialect the upstream
// folding and canonicalization tests use. Specification: upstream
// `mlir/Dialect/Affine/IR/AffineOps.td`; names, traits, formats and flags
// are upstream's, predicates Rust.
//
//   op     defined  format                   folder     checked with mlir-opt
//   apply  yes      custom (map)(dims)[syms] yes        custom+generic
//   for    yes      custom (constant bounds  (not yet)  custom+generic
//                   and single-symbol bounds)
//   yield  yes      declarative              -          custom+generic
//   if     yes      custom #set(dims)[syms]  (not yet)  custom+generic
//   load   yes      custom %m[ssa-id map]    (not yet)  custom+generic
//   store  yes      custom %v, %m[...]       (not yet)  custom+generic
//
// yield's ParentOneOf lists only AffineForOp (upstream also AffineIfOp and
// AffineParallelOp, not defined yet).
// Not done yet: `affine.for` bounds given as general maps with operands
// (`max`/`min` forms) in the custom form, the folders/canonicalizers of
// `for`, `apply`'s canonicalization patterns, and every other
// affine op.
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_AFFINE
#define RMLIR_AFFINE

include "mlir/IR/OpBase.td"
include "Interfaces.td"

def Affine_Dialect : Dialect {
  let name = "affine";
  let summary = "affine dialect";
  // `materializeConstant` (hand-written): arith.constant.
  let hasConstantMaterializer = 1;
  let dependentDialects = ["arith"];
}

// Upstream AffineMapAttr (CommonAttrConstraints.td).
def AffineMapAttr : Attr<
    CPred<"matches!($_ctx.attr($_self), ::mlir_ir::AttrKind::AffineMap(_))">,
    "AffineMap attribute">;

class Affine_Op<string mnemonic, list<Trait> traits = []> :
    Op<Affine_Dialect, mnemonic, traits>;

def ImplicitAffineTerminator
    : SingleBlockImplicitTerminator<"AffineYieldOp">;

def AffineApplyOp : Affine_Op<"apply", [Pure]> {
  let summary = "affine apply operation";
  let arguments = (ins AffineMapAttr:$map, Variadic<Index>:$mapOperands);
  let results = (outs Index);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasFolder = 1;
}

// `affine.min #map(%d)[%s]`: the minimum of the map's results. Upstream:
// [Pure]; custom form, verifier and folder hand-written; its
// canonicalization patterns are not written yet.
def AffineMinOp : Affine_Op<"min", [Pure]> {
  let summary = "min operation";
  let arguments = (ins AffineMapAttr:$map, Variadic<Index>:$operands);
  let results = (outs Index);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasFolder = 1;
}

def AffineForOp : Affine_Op<"for",
    [AttrSizedOperandSegments, AutomaticAllocationScope,
     ImplicitAffineTerminator, ConditionallySpeculatable,
     RecursiveMemoryEffects]> {
  let summary = "for operation";
  let arguments = (ins Variadic<Index>:$lowerBoundOperands,
                       Variadic<Index>:$upperBoundOperands,
                       Variadic<AnyType>:$inits,
                       AffineMapAttr:$lowerBoundMap,
                       AffineMapAttr:$upperBoundMap,
                       IndexAttr:$step);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$region);
  let hasCustomAssemblyFormat = 1;
  // The induction variable, the bound operands' dimension and symbol
  // rules, and the loop-carried value counts.
  let hasRegionVerifier = 1;
}

def AffineYieldOp : Affine_Op<"yield",
    [Pure, Terminator, ReturnLike,
     ParentOneOf<["AffineForOp", "AffineIfOp"]>]> {
  let summary = "Yield values to parent operation";
  let arguments = (ins Variadic<AnyType>:$operands);
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
  // As many values as the parent has results, of the same types.
  let hasVerifier = 1;
}

// Upstream IntegerSetAttr (CommonAttrConstraints.td).
def IntegerSetAttr : Attr<
    CPred<"matches!($_ctx.attr($_self), ::mlir_ir::AttrKind::IntegerSet(_))">,
    "IntegerSet attribute">;

def AffineIfOp : Affine_Op<"if",
    [ImplicitAffineTerminator, RecursivelySpeculatable,
     RecursiveMemoryEffects, NoRegionArguments]> {
  let summary = "if-then-else operation";
  let arguments = (ins Variadic<AnyType>:$operands, IntegerSetAttr:$condition);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$thenRegion, AnyRegion:$elseRegion);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

// Upstream AffineLoadOp: the subscripts are a map over SSA ids; `MemRead`
// on $memref gives the generated memory effects (so LICM never hoists it,
// as upstream, which only hoists effect-free ops).
def AffineLoadOp : Affine_Op<"load", []> {
  let summary = "affine load operation";
  let arguments = (ins Arg<AnyMemRef, "the reference to load from",
                           [MemRead]>:$memref,
                       Variadic<Index>:$indices,
                       AffineMapAttr:$map);
  let results = (outs AnyType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

// Upstream AffineStoreOp.
def AffineStoreOp : Affine_Op<"store", []> {
  let summary = "affine store operation";
  let arguments = (ins AnyType:$value,
                       Arg<AnyMemRef, "the reference to store to",
                           [MemWrite]>:$memref,
                       Variadic<Index>:$indices,
                       AffineMapAttr:$map);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

#endif // RMLIR_AFFINE
