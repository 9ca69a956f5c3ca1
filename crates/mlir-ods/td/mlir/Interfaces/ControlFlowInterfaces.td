//===- ControlFlowInterfaces.td - upstream include path ------------------*- tablegen -*-===//
//
// Upstream's control-flow interfaces: `BranchOpInterface`,
// `RegionBranchOpInterface`, `RegionBranchTerminatorOpInterface`,
// `ReturnLike` (rmlir's Traits.td), plus the ones defined here.
//
//===----------------------------------------------------------------------===//

include "../../OpBase.td"

#ifndef RMLIR_CONTROLFLOWINTERFACES
#define RMLIR_CONTROLFLOWINTERFACES
// Terminators with optional `branch_weights` (cf.cond_br).
def WeightedBranchOpInterface : OpInterface<"WeightedBranchOpInterface">;
// Ops selecting one of two values on a condition (arith.select).
def SelectLikeOpInterface : OpInterface<"SelectLikeOpInterface">;
#endif
