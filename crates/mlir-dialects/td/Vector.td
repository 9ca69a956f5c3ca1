//===- Vector.td - the vector dialect (subset) -------------*- tablegen -*-===//
//
// rmlir's definition of the part of MLIR 22's `vector` dialect the arith
// canonicalization tests use. Specification: upstream
// `mlir/Dialect/Vector/IR/VectorOps.td`; names, traits, formats and flags
// are upstream's, predicates Rust.
//
//   op         defined  format       folder            verifier   checked with mlir-opt
//   broadcast  yes      declarative  yes (constants)   (not yet)  custom+generic
//
// Not done yet: broadcast's verifier (source rank/shape compatibility),
// its folds of broadcast chains and shape casts, its canonicalization
// patterns, and every other vector op.
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_VECTOR
#define RMLIR_VECTOR

include "mlir/IR/OpBase.td"
include "Interfaces.td"

def Vector_Dialect : Dialect {
  let name = "vector";
  let summary = "the vector dialect";
  // `materializeConstant` (hand-written): ub.poison or arith.constant.
  let hasConstantMaterializer = 1;
  let dependentDialects = ["arith", "ub"];
}

class Vector_Op<string mnemonic, list<Trait> traits = []> :
    Op<Vector_Dialect, mnemonic, traits>;

def Vector_BroadcastOp : Vector_Op<"broadcast", [Pure,
    DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>,
    DeclareOpInterfaceMethods<VectorUnrollOpInterface>]> {
  let summary = "broadcast operation";
  let arguments = (ins AnyType:$source);
  let results = (outs AnyVectorOfAnyRank:$vector);
  let assemblyFormat = "$source attr-dict `:` type($source) `to` type($vector)";
  let hasFolder = 1;
}

#endif // RMLIR_VECTOR
