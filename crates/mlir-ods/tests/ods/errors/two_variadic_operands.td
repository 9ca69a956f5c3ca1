// CHECK: 6:7: error: op has more than one variadic or optional operand group; add 'AttrSizedOperandSegments'
include "OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
class T_Op<string m, list<Trait> traits = []> : Op<T_Dialect, m, traits>;
def A_Op : T_Op<"a"> {
  let arguments = (ins Variadic<I32>:$a, Variadic<I32>:$b);
}
