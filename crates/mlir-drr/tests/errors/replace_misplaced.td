// CHECK: replace_misplaced.td:9:24: error: 'location' must be a trailing argument of an op in a result pattern
include "OpBase.td"
include "PatternBase.td"
def T_Dialect : Dialect { let name = "t"; }
def AOp : Op<T_Dialect, "a"> {
  let arguments = (ins I32:$input);
  let results = (outs I32:$out);
}
def : Pat<(AOp:$a $x), (location $a)>;
