//===- Passes.td - the Toy passes ------------------------------*- tablegen -*-===//
//
// The Toy passes, declared as upstream's tutorial declares its passes;
// `build.rs` generates their declarations (`impl Pass`, registration) into
// `$OUT_DIR/toy_passes.rs`, and `src/lowering.rs` implements the run logic.
//
//===----------------------------------------------------------------------===//

include "mlir/Pass/PassBase.td"

def ToyToArithLoweringPass : Pass<"toy-lower-to-arith", "toy.func"> {
  let summary = "Lower the Toy computations that have an arith counterpart to arith";
  let description = [{
    Partially lowers the ops of a `toy.func` that arith can express
    (constants, element-wise add and mul) with the dialect conversion
    driver; the other Toy ops stay legal.
  }];
  let rustType = "crate::lowering::ToyToArithLoweringPass";
  let dependentDialects = ["arith"];
}
