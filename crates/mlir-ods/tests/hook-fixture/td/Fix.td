// A dialect whose ops declare every hook the generated code wires; the
// fixture crate's features leave one hook out at a time
// (`tests/hooks_compile_fail.rs`).

include "mlir/IR/OpBase.td"

def Fix_Dialect : Dialect {
  let name = "fix";
  let hasConstantMaterializer = 1;
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
}

class Fix_Op<string mnemonic, list<Trait> traits = []> :
    Op<Fix_Dialect, mnemonic, traits>;

def Fix_FoldedOp : Fix_Op<"folded"> {
  let arguments = (ins I32:$input);
  let results = (outs I32:$output);
  let hasFolder = 1;
  // A body-less builder calls `FoldedOp::build_n_state`; a body mentioning
  // `$_state` fills the op's `OperationState`.
  let builders = [
    OpBuilder<(ins "::mlir_ir::Value":$input, "i64":$n)>,
    OpBuilder<(ins "::mlir_ir::Value":$v), [{
      $_state.operands.push(v);
      $_state.result_types.push($_builder.ir.value_type(v));
    }], "build_via_state">
  ];
}

def Fix_PairOp : Fix_Op<"pair"> {
  let arguments = (ins I32:$input);
  let results = (outs I32:$first, I32:$second);
  let hasFolder = 1;
}

def Fix_CanonOp : Fix_Op<"canon"> {
  let arguments = (ins I32:$input);
  let hasCanonicalizer = 1;
  let hasCanonicalizeMethod = 1;
}

def Fix_CheckedOp : Fix_Op<"checked"> {
  let arguments = (ins I32:$input);
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}
