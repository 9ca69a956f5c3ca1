//===- Math.td - the math dialect ---------------------------*- tablegen -*-===//
//
// rmlir's definition of MLIR 22's `math` dialect, for now the ops the
// upstream conformance suite uses (absf, cos, exp, fma, sin).
// Specification: upstream `mlir/Dialect/Math/IR/MathOps.td` (LLVM 22);
// names, traits and formats are upstream's. The folders (`hasFolder`) and
// the constant materializer are not written yet: the ops are registered
// and Pure (so dead ones are erased) but do not fold.
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_MATH
#define RMLIR_MATH

include "Arith.td"

def Math_Dialect : Dialect {
  let name = "math";
  let summary = "mathematical operations";
  // Upstream: ["::mlir::arith::ArithDialect"] (fastmath flags, constants).
  let dependentDialects = ["arith"];
}

// Every math op is Pure, elementwise and unrollable.
class Math_Op<string mnemonic, list<Trait> traits = []> :
    Op<Math_Dialect, mnemonic, traits #
       [Pure, DeclareOpInterfaceMethods<VectorUnrollOpInterface>] #
       ElementwiseMappable.traits>;

// `math.exp %x fastmath<fast> : f32`.
class Math_FloatUnaryOp<string mnemonic, list<Trait> traits = []> :
    Math_Op<mnemonic, traits #
            [SameOperandsAndResultType,
             DeclareOpInterfaceMethods<ArithFastMathInterface>]> {
  let arguments = (ins FloatLike:$operand,
      DefaultValuedAttr<Arith_FastMathAttr, FastMathNone>:$fastmath);
  let results = (outs FloatLike:$result);
  let assemblyFormat = [{ $operand (`fastmath` `` $fastmath^)?
                          attr-dict `:` type($result) }];
}

// `math.fma %a, %b, %c : f32`. Upstream names the operands a, b, c; the
// generated builder uses `b` for the OpBuilder, so they are renamed here
// (only the Rust accessors see the names).
class Math_FloatTernaryOp<string mnemonic, list<Trait> traits = []> :
    Math_Op<mnemonic, traits #
            [SameOperandsAndResultType,
             DeclareOpInterfaceMethods<ArithFastMathInterface>]> {
  let arguments = (ins FloatLike:$x, FloatLike:$y, FloatLike:$z,
      DefaultValuedAttr<Arith_FastMathAttr, FastMathNone>:$fastmath);
  let results = (outs FloatLike:$result);
  let assemblyFormat = [{ $x `,` $y `,` $z (`fastmath` `` $fastmath^)?
                          attr-dict `:` type($result) }];
}

def Math_AbsFOp : Math_FloatUnaryOp<"absf"> {
  let summary = "floating point absolute-value operation";
}

def Math_CosOp : Math_FloatUnaryOp<"cos"> {
  let summary = "cosine of the specified value";
}

def Math_ExpOp : Math_FloatUnaryOp<"exp"> {
  let summary = "base-e exponential of the specified value";
}

def Math_FmaOp : Math_FloatTernaryOp<"fma"> {
  let summary = "floating point fused multipy-add operation";
}

def Math_SinOp : Math_FloatUnaryOp<"sin"> {
  let summary = "sine of the specified value";
}

#endif // RMLIR_MATH
