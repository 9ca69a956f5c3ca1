// CHECK: 6:7: error: op cannot have both 'assemblyFormat' and 'hasCustomAssemblyFormat'
include "OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
class T_Op<string m, list<Trait> traits = []> : Op<T_Dialect, m, traits>;
def A_Op : T_Op<"a"> {
  let assemblyFormat = "attr-dict";
  let hasCustomAssemblyFormat = 1;
}
