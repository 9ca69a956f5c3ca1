//===- Func.td - the func dialect -------------------------*- tablegen -*-===//
//
// The `func` dialect's ops, transcribed from upstream's FuncOps.td.
// `func.func` keeps its hand-written parser and printer
// (`hasCustomAssemblyFormat`); the others use upstream's declarative
// formats. Verifiers are hand-written in `src/func.rs`.
//
//===----------------------------------------------------------------------===//

include "mlir/IR/OpBase.td"

def Func_Dialect : Dialect {
  let name = "func";
  let cppNamespace = "::mlir::func";
  let hasConstantMaterializer = 1;
}

class Func_Op<string mnemonic, list<Trait> traits = []>
    : Op<Func_Dialect, mnemonic, traits>;

def CallOp : Func_Op<"call", [CallOpInterface, SymbolUserOpInterface]> {
  let summary = "call operation";
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$operands,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs,
                       UnitAttr:$no_inline);
  let results = (outs Variadic<AnyType>);
  let assemblyFormat = [{
    $callee `(` $operands `)` attr-dict `:` functional-type($operands, results)
  }];
}

def CallIndirectOp : Func_Op<"call_indirect", [CallOpInterface]> {
  let summary = "indirect call operation";
  let arguments = (ins FunctionType:$callee, Variadic<AnyType>:$callee_operands,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let results = (outs Variadic<AnyType>:$results);
  // Upstream's format (`$callee `(` $callee_operands `)` attr-dict `:`
  // type($callee)`) infers the operand and result types from the callee's
  // function type, a range-valued `TypesMatchWith` the runtime does not
  // model yet, so the parser and printer stay hand-written.
  let hasCustomAssemblyFormat = 1;
  let hasCanonicalizer = 1;
}

def ConstantOp : Func_Op<"constant", [ConstantLike, Pure, OpAsmOpInterface]> {
  let summary = "constant";
  let arguments = (ins FlatSymbolRefAttr:$value);
  let results = (outs AnyType);
  let assemblyFormat = "attr-dict $value `:` type(results)";
}

def FuncOp : Func_Op<"func", [AffineScope, AutomaticAllocationScope,
                              FunctionOpInterface, IsolatedFromAbove,
                              OpAsmOpInterface, Symbol]> {
  let summary = "An operation with a name containing a single `SSACFG` region";
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs,
                       UnitAttr:$no_inline);
  let regions = (region AnyRegion:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def ReturnOp : Func_Op<"return", [Pure, HasParent<"func.func">, ReturnLike,
                                  Terminator]> {
  let summary = "Function return operation";
  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{ Self::build(b, loc, &[]) }]>];
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
  let hasVerifier = 1;
}
