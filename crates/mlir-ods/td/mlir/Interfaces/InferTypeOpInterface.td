//===- InferTypeOpInterface.td - upstream include path ------------------*- tablegen -*-===//
//
// Upstream's result type inference: `InferTypeOpInterface`,
// `InferTensorType`, `InferTypeOpAdaptor` (the op infers its result types
// in a hand-written `infer_return_types`).
//
//===----------------------------------------------------------------------===//

include "../../OpBase.td"

#ifndef RMLIR_INFERTYPEOPINTERFACE
#define RMLIR_INFERTYPEOPINTERFACE
def InferTypeOpAdaptor : DeclareOpInterfaceMethods<InferTypeOpInterface>;
def InferTypeOpAdaptorWithIsCompatible
    : DeclareOpInterfaceMethods<InferTypeOpInterface>;
#endif
