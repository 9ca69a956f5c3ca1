//===- LLVM.td - a minimal llvm dialect ---------------------*- tablegen -*-===//
//
// The part of MLIR 22's `llvm` dialect the upstream suite needs so far:
// `llvm.func` (a function whose type is an `!llvm.func<...>`, not a builtin
// function type) and `llvm.return`. Specification: upstream
// `mlir/Dialect/LLVMIR/LLVMOps.td`; names and traits are upstream's.
//
//   op      defined  format   checked with mlir-opt
//   func    yes      custom   custom+generic (no linkage/cconv keywords)
//   return  yes      custom   custom+generic
//
// LLVM types (`!llvm.func<void ()>`, ...) and attributes (`#llvm.cconv<ccc>`,
// `#llvm.linkage<external>`) stay opaque dialect types and attributes.
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_LLVM
#define RMLIR_LLVM

include "mlir/IR/OpBase.td"
include "Interfaces.td"

def LLVM_Dialect : Dialect {
  let name = "llvm";
  let cppNamespace = "::mlir::LLVM";
}

class LLVM_Op<string mnemonic, list<Trait> traits = []> :
    Op<LLVM_Dialect, mnemonic, traits>;

def LLVMFuncOp : LLVM_Op<"func", [AutomaticAllocationScope,
                                  FunctionOpInterface, IsolatedFromAbove,
                                  Symbol]> {
  let summary = "LLVM dialect function.";
  // Upstream's properties with their defaults (set by the parser):
  // `linkage = #llvm.linkage<external>`, `CConv = #llvm.cconv<ccc>`,
  // `unnamed_addr = 0`, `visibility_ = 0`.
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttr:$function_type,
                       AnyAttr:$linkage,
                       AnyAttr:$CConv,
                       I64Attr:$unnamed_addr,
                       I64Attr:$visibility_,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region AnyRegion:$body);
  let hasCustomAssemblyFormat = 1;
}

def LLVMReturnOp : LLVM_Op<"return", [Pure, ReturnLike, Terminator]> {
  let summary = "LLVM dialect return.";
  let arguments = (ins Optional<AnyType>:$arg);
  let assemblyFormat = "attr-dict ($arg^ `:` type($arg))?";
}

#endif // RMLIR_LLVM
