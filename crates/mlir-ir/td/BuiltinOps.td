//===- BuiltinOps.td - builtin ops defined through ODS ----*- tablegen -*-===//
//
// The builtin dialect's ops that ODS can describe: upstream's
// `mlir/IR/BuiltinOps.td` (LLVM 22). `builtin.module` keeps its
// hand-written definition in `src/builtin.rs` (its custom form predates the
// declarative format and `mlir-ir` needs it before any dialect exists).
// The folder and verifier are hand-written in `src/builtin.rs`.
//
//===----------------------------------------------------------------------===//

include "mlir/IR/OpBase.td"

def Builtin_Dialect : Dialect {
  let name = "builtin";
  let cppNamespace = "::mlir";
}

class Builtin_Op<string mnemonic, list<Trait> traits = []> :
    Op<Builtin_Dialect, mnemonic, traits>;

def UnrealizedConversionCastOp : Builtin_Op<"unrealized_conversion_cast", [
    Pure
  ]> {
  let summary = "An unrealized conversion from one set of types to another";
  let description = [{
    A placeholder for a conversion between two type systems that a dialect
    conversion left unresolved: it forwards its inputs as its outputs, and
    folds away when a chain of casts round-trips.
  }];
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs Variadic<AnyType>:$outputs);
  let assemblyFormat = [{
    ($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict
  }];
  let hasFolder = 1;
  let hasVerifier = 1;
}
