//===- Interfaces.td - op interfaces used by arith/cf/scf ---*- tablegen -*-===//
//
// The interfaces and traits that arith, cf and scf use and that the base
// library (crates/mlir-ods/td, Traits.td) does not declare. Upstream keeps
// them under `mlir/Interfaces/*.td` and
// `mlir/Dialect/Arith/IR/ArithOpsInterfaces.td`; the names are upstream's.
//
// Interfaces are declared by name only: upstream's method lists are C++
// (`InterfaceMethod<..., [{ C++ body }]>`), and rmlir implements interfaces
// in Rust by hand. For the generator an interface in an op's trait list is
// a marker ("this op implements X"); `DeclareOpInterfaceMethods<X, [...]>`
// additionally names the methods the op defines itself (upstream's lists are
// kept verbatim as documentation of the hooks the Rust side writes).
//
// From the base library (Traits.td): Pure, NoMemoryEffect,
// RecursiveMemoryEffects, ConditionallySpeculatable, RecursivelySpeculatable,
// MemoryEffectsOpInterface, BranchOpInterface, RegionBranchOpInterface,
// RegionBranchTerminatorOpInterface, ReturnLike, InferTypeOpInterface,
// OpAsmOpInterface, CastOpInterface, VectorUnrollOpInterface,
// InferIntRangeInterface, ArithFastMathInterface,
// ArithIntegerOverflowFlagsInterface, LoopLikeOpInterface,
// DestinationStyleOpInterface, GraphRegionNoTerminator. If the base library
// adds any of the definitions below, delete them here.
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_DIALECT_INTERFACES
#define RMLIR_DIALECT_INTERFACES

include "mlir/IR/OpBase.td"
// WeightedBranchOpInterface, SelectLikeOpInterface.
include "mlir/Interfaces/ControlFlowInterfaces.td"
// HasParallelRegion.
include "mlir/Interfaces/LoopLikeInterface.td"
// InferTypeOpAdaptor.
include "mlir/Interfaces/InferTypeOpInterface.td"

// Upstream ParallelCombiningOpInterface.td (scf.forall.in_parallel).
def InParallelOpInterface : OpInterface<"InParallelOpInterface">;

// Upstream ArithOpsInterfaces.td: ops with an optional `roundingmode`.
def ArithRoundingModeInterface : OpInterface<"ArithRoundingModeInterface">;

// Upstream BuiltinAttributeInterfaces.td, used as an attribute constraint:
// an attribute that carries a type (IntegerAttr, FloatAttr, dense elements,
// ...). arith.constant's `value`.
def TypedAttrInterface
    : Attr<CPred<"$_ctx.attr_type($_self).is_some()">, "TypedAttr instance">;

#endif // RMLIR_DIALECT_INTERFACES
