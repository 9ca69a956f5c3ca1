//===- Interfaces.td - op interfaces used by arith/cf/scf ---*- tablegen -*-===//
//
// The vocabulary that upstream keeps under `mlir/Interfaces/*.td` (side
// effects, control flow, loops, type inference, casts, vector unrolling) and
// `mlir/Dialect/Arith/IR/ArithOpsInterfaces.td`, declared with upstream's
// names so that the dialect files read like upstream's.
//
// Interfaces are declared by name only: upstream's method lists are C++
// (`InterfaceMethod<..., [{ C++ body }]>`), and rmlir implements interfaces
// in Rust by hand (`impl BranchOpInterface for BranchOp`). For the generator
// an interface in an op's trait list is a marker: "this op implements X"
// (`DeclareOpInterfaceMethods<X, [...]>` additionally names the methods the
// op defines itself; upstream's lists are kept verbatim as documentation of
// which hooks the Rust side must write).
//
// Side-effect traits (`Pure`, `NoMemoryEffect`, ...): upstream defines them
// in `mlir/Interfaces/SideEffectInterfaces.td`, not in OpBase.td. If the
// base library (crates/mlir-ods/td) provides them, it defines the macro
// `RMLIR_SIDE_EFFECT_TRAITS` and the fallbacks below are skipped.
// Likewise `RMLIR_TYPED_ATTR_INTERFACE` for `TypedAttrInterface` (upstream:
// `mlir/IR/BuiltinAttributeInterfaces.td`).
//
// Base-library classes used here: OpInterface, DeclareOpInterfaceMethods,
// NativeOpTrait, TraitList, Attr, CPred.
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_DIALECT_INTERFACES
#define RMLIR_DIALECT_INTERFACES

include "OpBase.td"

//===----------------------------------------------------------------------===//
// Side effects and speculation (upstream SideEffectInterfaces.td)
//===----------------------------------------------------------------------===//

#ifndef RMLIR_SIDE_EFFECT_TRAITS
#define RMLIR_SIDE_EFFECT_TRAITS

def MemoryEffectsOpInterface : OpInterface<"MemoryEffectOpInterface">;
// Upstream: `MemoryEffects<[]>` (a MemoryEffectsOpInterface with no effects).
def NoMemoryEffect : NativeOpTrait<"NoMemoryEffect">;
// The op's effects are the union of the effects of the ops in its regions.
def RecursiveMemoryEffects : NativeOpTrait<"HasRecursiveMemoryEffects">;

def ConditionallySpeculatable : OpInterface<"ConditionallySpeculatable">;
def AlwaysSpeculatableImplTrait
    : NativeOpTrait<"AlwaysSpeculatableImplTrait">;
def RecursivelySpeculatableImplTrait
    : NativeOpTrait<"RecursivelySpeculatableImplTrait">;
def AlwaysSpeculatable
    : TraitList<[ConditionallySpeculatable, AlwaysSpeculatableImplTrait]>;
def RecursivelySpeculatable
    : TraitList<[ConditionallySpeculatable, RecursivelySpeculatableImplTrait]>;
// No memory effects and always speculatable.
def Pure : TraitList<[AlwaysSpeculatable, NoMemoryEffect]>;

#endif // RMLIR_SIDE_EFFECT_TRAITS

//===----------------------------------------------------------------------===//
// TypedAttrInterface (upstream BuiltinAttributeInterfaces.td)
//===----------------------------------------------------------------------===//

#ifndef RMLIR_TYPED_ATTR_INTERFACE
#define RMLIR_TYPED_ATTR_INTERFACE
// Used as an attribute constraint: an attribute that carries a type
// (IntegerAttr, FloatAttr, DenseElementsAttr, ...).
def TypedAttrInterface
    : Attr<CPred<"$_ctx.attr_type($_self).is_some()">, "TypedAttr instance">;
#endif // RMLIR_TYPED_ATTR_INTERFACE

//===----------------------------------------------------------------------===//
// Control flow (upstream ControlFlowInterfaces.td)
//===----------------------------------------------------------------------===//

// Terminators with successors: which operands are forwarded to which
// successor block (`getSuccessorOperands`); the verifier checks them against
// the successor's block arguments.
def BranchOpInterface : OpInterface<"BranchOpInterface">;
// Terminators with optional `branch_weights`.
def WeightedBranchOpInterface : OpInterface<"WeightedBranchOpInterface">;
// Ops with regions whose control flow is structured (scf.if, scf.for, ...).
def RegionBranchOpInterface : OpInterface<"RegionBranchOpInterface">;
// Terminators inside a RegionBranchOpInterface op (scf.yield, scf.condition).
def RegionBranchTerminatorOpInterface
    : OpInterface<"RegionBranchTerminatorOpInterface">;
// Upstream: TraitList<[DeclareOpInterfaceMethods<
//   RegionBranchTerminatorOpInterface>, NativeOpTrait<"ReturnLike">]>.
def ReturnLikeImplTrait : NativeOpTrait<"ReturnLike">;
def ReturnLike : TraitList<[
  DeclareOpInterfaceMethods<RegionBranchTerminatorOpInterface>,
  ReturnLikeImplTrait]>;
// arith.select and friends.
def SelectLikeOpInterface : OpInterface<"SelectLikeOpInterface">;

//===----------------------------------------------------------------------===//
// Loops (upstream LoopLikeInterface.td)
//===----------------------------------------------------------------------===//

def LoopLikeOpInterface : OpInterface<"LoopLikeOpInterface">;
def HasParallelRegion : NativeOpTrait<"HasParallelRegion">;

// Upstream DestinationStyleOpInterface.td / ParallelCombiningOpInterface.td
// (scf.forall and its terminator).
def DestinationStyleOpInterface : OpInterface<"DestinationStyleOpInterface">;
def InParallelOpInterface : OpInterface<"InParallelOpInterface">;

//===----------------------------------------------------------------------===//
// Type inference, casts, integer ranges, vectors
//===----------------------------------------------------------------------===//

// Upstream InferTypeOpInterface.td: `InferTypeOpAdaptor` makes the op
// implement `inferReturnTypes` (with an adaptor) by hand.
def InferTypeOpInterface : OpInterface<"InferTypeOpInterface">;
def InferTypeOpAdaptor : DeclareOpInterfaceMethods<InferTypeOpInterface>;
def CastOpInterface : OpInterface<"CastOpInterface">;
def InferIntRangeInterface : OpInterface<"InferIntRangeInterface">;
def VectorUnrollOpInterface : OpInterface<"VectorUnrollOpInterface">;
def OpAsmOpInterface : OpInterface<"OpAsmOpInterface">;

//===----------------------------------------------------------------------===//
// Arith interfaces (upstream ArithOpsInterfaces.td)
//===----------------------------------------------------------------------===//

// Ops with a `fastmath` attribute (getFastmathAttrName/getFastmathAttr).
def ArithFastMathInterface : OpInterface<"ArithFastMathInterface">;
// Ops with an `overflowFlags` attribute.
def ArithIntegerOverflowFlagsInterface
    : OpInterface<"ArithIntegerOverflowFlagsInterface">;
// Ops with an optional `roundingmode` attribute.
def ArithRoundingModeInterface : OpInterface<"ArithRoundingModeInterface">;

#endif // RMLIR_DIALECT_INTERFACES
