// CHECK: 5:5: error: op predicate refers to unknown operand or result '$x'
include "OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
class T_Op<string m, list<Trait> traits = []> : Op<T_Dialect, m, traits>;
def A_Op : T_Op<"a", [PredOpTrait<"x is i32", TypeIsPred<"x", I32>>]> {
  let arguments = (ins I32:$a);
}
