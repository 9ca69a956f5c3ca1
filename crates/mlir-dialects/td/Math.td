//===- Math.td - the math dialect (subset) -----------------*- tablegen -*-===//
//
// rmlir's definition of the part of MLIR 22's `math` dialect the upstream
// folding tests use. Specification: upstream
// `mlir/Dialect/Math/IR/MathOps.td`; names, traits, formats and flags are
// upstream's, predicates Rust.
//
//   op      defined  format       folder   checked with mlir-opt
//   absf    yes      declarative  yes      custom+generic
//   cos     yes      declarative  yes      custom+generic
//   sin     yes      declarative  yes      custom+generic
//   exp     yes      declarative  yes      custom+generic
//   fma     yes      declarative  yes      custom+generic
//
// Every other math op is not defined yet.
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_MATH
#define RMLIR_MATH

include "mlir/IR/OpBase.td"
include "Arith.td"

def Math_Dialect : Dialect {
  let name = "math";
  let summary = "mathematical operations";
  // `materializeConstant` (hand-written): arith.constant.
  let hasConstantMaterializer = 1;
  let dependentDialects = ["arith"];
}

class Math_Op<string mnemonic, list<Trait> traits = []> :
    Op<Math_Dialect, mnemonic,
       traits # [Pure, DeclareOpInterfaceMethods<VectorUnrollOpInterface>] #
       ElementwiseMappable.traits>;

// Upstream Math_FloatUnaryOp: a float-like operand and result with
// optional fast-math flags.
class Math_FloatUnaryOp<string mnemonic, list<Trait> traits = []> :
    Math_Op<mnemonic, traits # [SameOperandsAndResultType,
        DeclareOpInterfaceMethods<ArithFastMathInterface>]> {
  let arguments = (ins FloatLike:$operand,
      DefaultValuedAttr<Arith_FastMathAttr, FastMathNone>:$fastmath);
  let results = (outs FloatLike:$result);
  let assemblyFormat = [{ $operand (`fastmath` `` $fastmath^)?
                          attr-dict `:` type($result) }];
}

// Upstream Math_FloatTernaryOp.
class Math_FloatTernaryOp<string mnemonic, list<Trait> traits = []> :
    Math_Op<mnemonic, traits # [SameOperandsAndResultType,
        DeclareOpInterfaceMethods<ArithFastMathInterface>]> {
  let arguments = (ins FloatLike:$a, FloatLike:$b, FloatLike:$c,
      DefaultValuedAttr<Arith_FastMathAttr, FastMathNone>:$fastmath);
  let results = (outs FloatLike:$result);
  let assemblyFormat = [{ $a `,` $b `,` $c (`fastmath` `` $fastmath^)?
                          attr-dict `:` type($result) }];
}

def Math_AbsFOp : Math_FloatUnaryOp<"absf"> {
  let summary = "floating point absolute-value operation";
  let hasFolder = 1;
}

def Math_CosOp : Math_FloatUnaryOp<"cos"> {
  let summary = "cosine of the specified value";
  let hasFolder = 1;
}

def Math_ExpOp : Math_FloatUnaryOp<"exp"> {
  let summary = "base-e exponential of the specified value";
  let hasFolder = 1;
}

def Math_SinOp : Math_FloatUnaryOp<"sin"> {
  let summary = "sine of the specified value";
  let hasFolder = 1;
}

def Math_FmaOp : Math_FloatTernaryOp<"fma"> {
  let summary = "floating point fused multipy-add operation";
  let hasFolder = 1;
}

#endif // RMLIR_MATH
