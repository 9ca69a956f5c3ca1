// CHECK: supplemental.td:10:1: error: supplemental patterns are not supported by rmlir's DRR (build the extra ops in a NativeCodeCall or in a Rust pattern)
include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
def T : Dialect { let name = "t"; }
def AOp : Op<T, "a"> { let arguments = (ins I32:$x); let results = (outs I32:$r); }
def BOp : Op<T, "b"> { let arguments = (ins I32:$x); let results = (outs I32:$r); }
def COp : Op<T, "c"> { let arguments = (ins I32:$x); }


def : Pattern<(AOp $x), [(BOp $x)], [], [(COp $x)]>;
