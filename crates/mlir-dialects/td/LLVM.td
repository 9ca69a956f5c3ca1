//===- LLVM.td - a minimal llvm dialect ---------------------*- tablegen -*-===//
//
// The part of MLIR 22's `llvm` dialect the upstream suite needs so far:
// `llvm.func` (a function whose type is an `!llvm.func<...>`, not a builtin
// function type) and `llvm.return`. Specification: upstream
// `mlir/Dialect/LLVMIR/LLVMOps.td`; names and traits are upstream's.
//
//   op      defined  format   checked with mlir-opt
//   func    yes      custom   custom+generic (linkage keyword; no cconv)
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

// `!llvm.func<...>` (upstream's `LLVMFunctionType`).
def LLVM_AnyFunctionType : Type<
    CPred<"crate::llvm::is_llvm_function_type($_ctx, $_self)">,
    "LLVM function type">;

// `#llvm.linkage<...>` and `#llvm.cconv<...>`, which stay opaque dialect
// attributes; the default values are the attribute bodies.
def LLVM_LinkageAttr : Attr<
    CPred<"crate::llvm::is_llvm_attr($_ctx, $_self, \"linkage\")">,
    "LLVM Linkage specification"> {
  let rustValueType = "&str";
  let constBuilderCall = "crate::llvm::dialect_attr($_ctx, $0)";
}
def LLVM_CConvAttr : Attr<
    CPred<"crate::llvm::is_llvm_attr($_ctx, $_self, \"cconv\")">,
    "LLVM Calling Convention specification"> {
  let rustValueType = "&str";
  let constBuilderCall = "crate::llvm::dialect_attr($_ctx, $0)";
}

def LLVMFuncOp : LLVM_Op<"func", [AutomaticAllocationScope,
                                  FunctionOpInterface, IsolatedFromAbove,
                                  Symbol]> {
  let summary = "LLVM dialect function.";
  // Upstream's properties with their defaults (the generic form may leave
  // them out): `linkage = #llvm.linkage<external>`, `CConv =
  // #llvm.cconv<ccc>`, `visibility_ = 0`; `unnamed_addr` is optional.
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<LLVM_AnyFunctionType>:$function_type,
                       DefaultValuedAttr<LLVM_LinkageAttr,
                                         "\"linkage<external>\"">:$linkage,
                       DefaultValuedAttr<LLVM_CConvAttr,
                                         "\"cconv<ccc>\"">:$CConv,
                       OptionalAttr<I64Attr>:$unnamed_addr,
                       DefaultValuedAttr<I64Attr, "0">:$visibility_,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region AnyRegion:$body);
  let hasCustomAssemblyFormat = 1;
  // Linkage rules (`verify`) and LLVM-typed entry arguments
  // (`verifyRegions`).
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def LLVMReturnOp : LLVM_Op<"return", [Pure, ReturnLike, Terminator]> {
  let summary = "LLVM dialect return.";
  let arguments = (ins Optional<AnyType>:$arg);
  let assemblyFormat = "attr-dict ($arg^ `:` type($arg))?";
}

#endif // RMLIR_LLVM
