// CHECK: region_count.td:9:44: error: 't.r' has 1 regions but 'regions' gives 2
include "OpBase.td"
include "PatternBase.td"
def T_Dialect : Dialect { let name = "t"; }
def ROp : Op<T_Dialect, "r"> {
  let arguments = (ins I32:$input);
  let regions = (region AnyRegion:$body);
}
def : Pat<(ROp $x, (regions $b)), (ROp $x, (regions $b, $_))>;
