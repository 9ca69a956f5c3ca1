// CHECK: region_kind.td:9:53: error: symbol '$x' is not a region
include "OpBase.td"
include "PatternBase.td"
def T_Dialect : Dialect { let name = "t"; }
def ROp : Op<T_Dialect, "r"> {
  let arguments = (ins I32:$input);
  let regions = (region AnyRegion:$body);
}
def : Pat<(ROp $x, (regions $_)), (ROp $x, (regions $x))>;
