//===- LoopLikeInterface.td - upstream include path ------------------*- tablegen -*-===//
//
// Upstream's `LoopLikeOpInterface` and `HasParallelRegion`.
//
//===----------------------------------------------------------------------===//

include "../../OpBase.td"

#ifndef RMLIR_LOOPLIKEINTERFACE
#define RMLIR_LOOPLIKEINTERFACE
// The op's regions execute in parallel (scf.forall, scf.parallel).
def HasParallelRegion : NativeOpTrait<"HasParallelRegion">;
#endif
