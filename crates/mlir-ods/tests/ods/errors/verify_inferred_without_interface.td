// CHECK: 7:7: error: 'verifyInferredTypes' needs InferTypeOpInterface
include "OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
class T_Op<string m, list<Trait> traits = []> : Op<T_Dialect, m, traits>;
def A_Op : T_Op<"a"> {
  let results = (outs I32:$r);
  let verifyInferredTypes = 1;
}
