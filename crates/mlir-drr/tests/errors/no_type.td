// CHECK: no_type.td:9:26: error: cannot deduce the result types of 't.a' (AOp): it is not a top-level op replacing results of the root and its results are neither inferred nor buildable; specify them with '(returnType ...)'
include "OpBase.td"
include "PatternBase.td"
def T_Dialect : Dialect { let name = "t"; }
def AOp : Op<T_Dialect, "a"> {
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$out);
}
def : Pat<(AOp $x), (AOp (AOp $x))>;
