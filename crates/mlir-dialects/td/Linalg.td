//===- Linalg.td - the linalg dialect (subset) -------------*- tablegen -*-===//
//
// rmlir's definition of the part of MLIR 22's `linalg` dialect the upstream
// scf tests use. Specification: upstream
// `mlir/Dialect/Linalg/IR/LinalgOps.td`, `LinalgStructuredOps.td` and the
// named-op definitions; names, formats and flags are upstream's.
//
//   op       defined  format   region                       checked with mlir-opt
//   yield    yes      decl.    -                            custom+generic
//   generic  yes      custom   parsed                       custom+generic
//   fill     yes      custom   built: yield %in             custom+generic
//   exp      yes      custom   built: math.exp, yield       custom+generic
//
// The structured ops' memory effects are upstream's (`getGenericEffectsImpl`:
// reads of memref inputs, reads and writes of memref inits; none on
// tensors). Not done yet: the structured-op verifiers (indexing maps,
// shapes, yield types), `<{...}>` properties in the custom forms, element
// type casts in the built regions, and every other linalg op.
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_LINALG
#define RMLIR_LINALG

include "OpBase.td"
include "Interfaces.td"

def Linalg_Dialect : Dialect {
  let name = "linalg";
  let summary = "the linalg dialect";
  let dependentDialects = ["arith", "math", "tensor", "memref"];
}

// Upstream AffineMapArrayAttr (CommonAttrConstraints.td).
def Linalg_AffineMapAttr : Attr<
    CPred<"matches!($_ctx.attr($_self), ::mlir_ir::AttrKind::AffineMap(_))">,
    "AffineMap attribute">;
def AffineMapArrayAttr : TypedArrayAttrBase<Linalg_AffineMapAttr,
    "AffineMap array attribute">;

// Upstream IteratorTypeArrayAttr: an array of `#linalg.iterator_type<...>`
// enum attributes (rmlir keeps them as canonicalized opaque `linalg`
// attributes).
def Linalg_IteratorTypeAttr : Attr<
    CPred<"matches!($_ctx.attr($_self), ::mlir_ir::AttrKind::Opaque { dialect, body } if $_ctx.ident_str(*dialect) == \"linalg\" && body.starts_with(\"iterator_type<\"))">,
    "Iterator type should be an enum.">;
def IteratorTypeArrayAttr : TypedArrayAttrBase<Linalg_IteratorTypeAttr,
    "Iterator type should be an enum.">;

class Linalg_Op<string mnemonic, list<Trait> traits = []> :
    Op<Linalg_Dialect, mnemonic, traits>;

// Upstream: [HasParent<"LinalgOp">-like check in the verifier, Pure,
// ReturnLike, Terminator].
def Linalg_YieldOp : Linalg_Op<"yield", [Pure, ReturnLike, Terminator]> {
  let summary = "Linalg yield operation";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

// The structured ops: inputs, then inits (AttrSizedOperandSegments); one
// result per tensor init; the region's block takes one scalar per operand.
class Linalg_StructuredOp<string mnemonic> : Linalg_Op<mnemonic,
    [AttrSizedOperandSegments, SingleBlockImplicitTerminator<"linalg.yield">,
     DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmBlockArgumentNames"]>]> {
  let results = (outs Variadic<AnyRankedTensor>:$result_tensors);
  let regions = (region AnyRegion:$region);
  let hasCustomAssemblyFormat = 1;
}

def Linalg_GenericOp : Linalg_StructuredOp<"generic"> {
  let summary = "generic structured operation";
  let arguments = (ins Variadic<AnyType>:$inputs,
                       Variadic<AnyShaped>:$outputs,
                       AffineMapArrayAttr:$indexing_maps,
                       IteratorTypeArrayAttr:$iterator_types,
                       OptionalAttr<StrAttr>:$doc,
                       OptionalAttr<StrAttr>:$library_call);
}

def Linalg_FillOp : Linalg_StructuredOp<"fill"> {
  let summary = "fill the output with the scalar input";
  let arguments = (ins Variadic<AnyType>:$inputs,
                       Variadic<AnyShaped>:$outputs);
}

def Linalg_ExpOp : Linalg_StructuredOp<"exp"> {
  let summary = "elementwise exponential";
  let arguments = (ins Variadic<AnyType>:$inputs,
                       Variadic<AnyShaped>:$outputs);
}

#endif // RMLIR_LINALG
