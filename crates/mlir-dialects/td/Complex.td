//===- Complex.td - the complex dialect (subset) -----------*- tablegen -*-===//
//
// rmlir's definition of the part of MLIR 22's `complex` dialect the
// upstream inliner tests use. Specification: upstream
// `mlir/Dialect/Complex/IR/ComplexOps.td`; names, traits and formats are
// upstream's, predicates Rust.
//
//   op      defined  format       folder     checked with mlir-opt
//   create  yes      declarative  (not yet)  custom+generic
//   add     yes      declarative  (not yet)  custom+generic
//   mul     yes      declarative  (not yet)  custom+generic
//
// Every other complex op, the folders and the canonicalizations are not
// defined yet.
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_COMPLEX
#define RMLIR_COMPLEX

include "mlir/IR/OpBase.td"
include "Arith.td"

def Complex_Dialect : Dialect {
  let name = "complex";
  let summary = "complex dialect";
  let dependentDialects = ["arith"];
}

class Complex_Op<string mnemonic, list<Trait> traits = []> :
    Op<Complex_Dialect, mnemonic, traits>;

// Upstream ComplexArithmeticOp: two complex operands and a complex result
// of the same type, with optional fast-math flags.
class ComplexArithmeticOp<string mnemonic, list<Trait> traits = []> :
    Complex_Op<mnemonic, traits # [Pure, SameOperandsAndResultType,
        DeclareOpInterfaceMethods<ArithFastMathInterface>] #
        ElementwiseMappable.traits> {
  let arguments = (ins Complex<AnyFloat>:$lhs, Complex<AnyFloat>:$rhs,
      DefaultValuedAttr<Arith_FastMathAttr, FastMathNone>:$fastmath);
  let results = (outs Complex<AnyFloat>:$result);
  let assemblyFormat = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)";
}

def AddOp : ComplexArithmeticOp<"add"> {
  let summary = "complex addition";
}

def MulOp : ComplexArithmeticOp<"mul"> {
  let summary = "complex multiplication";
}

def CreateOp : Complex_Op<"create",
    [Pure,
     AllTypesMatch<["real", "imaginary"]>,
     TypesMatchWith<"complex element type matches real operand type",
                    "complex", "real",
                    "(match $_ctx.ty($_self) { ::mlir_ir::TypeKind::Complex(e) => *e, _ => $_self })">,
     TypesMatchWith<"complex element type matches imaginary operand type",
                    "complex", "imaginary",
                    "(match $_ctx.ty($_self) { ::mlir_ir::TypeKind::Complex(e) => *e, _ => $_self })">]> {
  let summary = "complex number creation operation";
  let arguments = (ins AnyFloat:$real, AnyFloat:$imaginary);
  let results = (outs Complex<AnyFloat>:$complex);
  let assemblyFormat = "$real `,` $imaginary attr-dict `:` type($complex)";
}

#endif // RMLIR_COMPLEX
