// CHECK: aux_and_replacement.td:9:57: error: op bound to '$b' is used both as an auxiliary op and to replace results
include "OpBase.td"
include "PatternBase.td"
def T_Dialect : Dialect { let name = "t"; }
def AOp : Op<T_Dialect, "a"> {
  let arguments = (ins I32:$input);
  let results = (outs I32:$out);
}
def : Pattern<(AOp $x), [(AOp:$b $x), (replaceWithValue $b)]>;
