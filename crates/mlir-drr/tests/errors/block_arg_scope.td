// CHECK: block_arg_scope.td:17:21: error: symbol '$iv' is not bound
include "OpBase.td"
include "PatternBase.td"
def T_Dialect : Dialect { let name = "t"; }
def AOp : Op<T_Dialect, "a"> {
  let arguments = (ins I32:$input);
  let results = (outs I32:$out);
}
def LOp : Op<T_Dialect, "loop"> {
  let arguments = (ins I32:$input);
  let results = (outs I32:$out);
  let regions = (region AnyRegion:$body);
}
// A block argument is only visible inside its block.
def : Pattern<(AOp $x),
              [(LOp:$l $x, (regions (block (returnType $x):$iv))),
               (AOp $iv)]>;
