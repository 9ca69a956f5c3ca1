// CHECK: 4:5: error: interface 'ShapeInferenceOpInterface' declares methods: rmlir does not generate interfaces from C++ method lists; declare it without methods and implement it in Rust (a struct of functions attached with OpInfo::with_interface)
include "mlir/IR/OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
def ShapeInferenceOpInterface : OpInterface<"ShapeInference"> {
  let methods = [InterfaceMethod<"Infer the output shape.", "void", "inferShapes">];
}
