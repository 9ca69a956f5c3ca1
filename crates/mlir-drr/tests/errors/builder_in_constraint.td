// CHECK: builder_in_constraint.td:10:32: error: 'BadConstraint' uses '$_builder', which only result patterns have (matching reads the IR through '$_ir')
include "OpBase.td"
include "PatternBase.td"
def T_Dialect : Dialect { let name = "t"; }
def AOp : Op<T_Dialect, "a"> {
  let arguments = (ins I32:$input);
  let results = (outs I32:$out);
}
def BadConstraint : Constraint<CPred<"$_builder.ok()">>;
def : Pat<(AOp $x), (AOp $x), [(BadConstraint $x)]>;
