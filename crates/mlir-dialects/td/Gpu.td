//===- Gpu.td - the gpu dialect (subset) -------------------*- tablegen -*-===//
//
// rmlir's definition of the part of MLIR 22's `gpu` dialect the upstream
// tests use. Specification: upstream `mlir/Dialect/GPU/IR/GPUOps.td`;
// names, traits and flags are upstream's, predicates Rust.
//
//   op      defined  format                              checked with mlir-opt
//   alloc   yes      custom (hand-written                custom+generic
//                    `custom<AsyncDependencies>` part)
//
// Every other gpu op, and alloc's verifier and canonicalization, are not
// defined yet.
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_GPU
#define RMLIR_GPU

include "mlir/IR/OpBase.td"

def GPU_Dialect : Dialect {
  let name = "gpu";
  let summary = "gpu dialect";
}

// `!gpu.async.token` (an opaque type of the dialect).
def GPU_AsyncToken : Type<
    CPred<"matches!($_ctx.ty($_self), ::mlir_ir::TypeKind::Opaque { body, .. } if &**body == \"async.token\")">,
    "async token type">;

class GPU_Op<string mnemonic, list<Trait> traits = []> :
    Op<GPU_Dialect, mnemonic, traits>;

// Upstream GPU_AllocOp (its GPU_AsyncOpInterface is not defined yet).
def GPU_AllocOp : GPU_Op<"alloc", [AttrSizedOperandSegments]> {
  let summary = "GPU memory allocation operation.";
  let arguments = (ins Variadic<GPU_AsyncToken>:$asyncDependencies,
                       Variadic<Index>:$dynamicSizes,
                       Variadic<Index>:$symbolOperands,
                       UnitAttr:$hostShared);
  let results = (outs Res<AnyMemRef, "", [MemAlloc]>:$memref,
                      Optional<GPU_AsyncToken>:$asyncToken);
  let hasCustomAssemblyFormat = 1;
}

#endif // RMLIR_GPU
