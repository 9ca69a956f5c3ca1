//===- Mem.td - a small memory dialect ---------------------*- tablegen -*-===//
//
// A downstream dialect whose ops declare their memory effects in ODS, as
// upstream's memref ops do: effect decorators on operands and results
// (`Arg<..., [MemRead]>`, `Res<..., [MemAlloc]>`) and op-level effects
// (`MemoryEffects<[...]>`). The generator turns them into the ops'
// `MemoryEffectsInterface`, which the canonicalizer's dead-code
// elimination and CSE consult (tests/custom-opt/effects.mlir).
//
//===----------------------------------------------------------------------===//

#ifndef CUSTOM_MEM
#define CUSTOM_MEM

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Mem_Dialect : Dialect {
  let name = "mem";
  let summary = "Buffers with declared memory effects";
}

class Mem_Op<string mnemonic, list<Trait> traits = []> :
    Op<Mem_Dialect, mnemonic, traits>;

// Like memref.alloc: allocates its result (dead when unused).
def Mem_AllocOp : Mem_Op<"alloc"> {
  let results = (outs Res<AnyMemRef, "the new buffer", [MemAlloc]>:$buffer);
  let assemblyFormat = "attr-dict `:` type($buffer)";
}

// Like memref.load: reads its operand (dead when unused; merged with an
// equal load when nothing writes in between).
def Mem_LoadOp : Mem_Op<"load",
    [TypesMatchWith<"result type matches element type of 'buffer'",
                    "buffer", "result", "$_ctx.element_type_or_self($_self)">]> {
  let arguments = (ins Arg<AnyMemRef, "the buffer to read", [MemRead]>:$buffer,
                       Variadic<Index>:$indices);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$buffer `[` $indices `]` attr-dict `:` type($buffer)";
}

// Like memref.store: writes its operand (never dead).
def Mem_StoreOp : Mem_Op<"store",
    [TypesMatchWith<"type of 'value' matches element type of 'buffer'",
                    "buffer", "value", "$_ctx.element_type_or_self($_self)">]> {
  let arguments = (ins AnyType:$value,
                       Arg<AnyMemRef, "the buffer to write", [MemWrite]>:$buffer,
                       Variadic<Index>:$indices);
  let assemblyFormat = [{
    $value `,` $buffer `[` $indices `]` attr-dict `:` type($buffer)
  }];
}

// Like memref.dealloc: frees its operand.
def Mem_FreeOp : Mem_Op<"free"> {
  let arguments = (ins Arg<AnyMemRef, "the buffer to free", [MemFree]>:$buffer);
  let assemblyFormat = "$buffer attr-dict `:` type($buffer)";
}

// An op-level effect: reads and writes memory it does not name.
def Mem_FenceOp : Mem_Op<"fence", [MemoryEffects<[MemRead, MemWrite]>]> {
  let assemblyFormat = "attr-dict";
}

// Reads only, with no operand: like a load of global state.
def Mem_ProbeOp : Mem_Op<"probe", [MemoryEffects<[MemRead]>]> {
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict";
}

#endif // CUSTOM_MEM
