// Representative pass declarations for the pass generator's snapshots:
// every option type (scalar and list), a C++ string default, an enum with
// clEnumValN cases, statistics, anchors (any op, an op name, upstream's
// C++ class names, an interface), dependent dialects, a constructor, and
// the shared pattern-filter options.

include "mlir/Pass/PassBase.td"
include "mlir/Rewrite/PassUtil.td"

def Plain : Pass<"plain"> {
  let summary = "A pass without options";
  let description = [{
    Runs on any op.

    Its description keeps paragraphs.
  }];
}

def Typed : Pass<"typed", "func.func"> {
  let summary = "Every option type";
  let rustType = "crate::typed::TypedPass";
  let dependentDialects = ["arith", "scf"];
  let options = [
    Option<"flag", "flag", "bool", /*default=*/"true", "A flag">,
    Option<"count", "count", "int", /*default=*/"-3", "A signed count">,
    Option<"limit", "limit", "unsigned", /*default=*/"", "An unsigned limit">,
    Option<"big", "big", "int64_t", /*default=*/"10", "A long">,
    Option<"bigUnsigned", "big-unsigned", "uint64_t", /*default=*/"7",
           "An unsigned long">,
    Option<"label", "label", "std::string", /*default=*/"\"a \\\"b\\\"\"",
           "A string">,
    Option<"mode", "mode", "Mode", /*default=*/"Mode::Fast", "A mode",
           [{::llvm::cl::values(
             clEnumValN(Mode::Slow, "slow", "Go slow"),
             clEnumValN(Mode::Fast, "fast", "Go fast"))}]>,
    ListOption<"sizes", "sizes", "int64_t", "Some sizes">,
    ListOption<"modes", "modes", "Mode", "Some modes",
               [{::llvm::cl::values(clEnumValN(Mode::Slow, "slow", "Go slow"),
                                    clEnumValN(Mode::Fast, "fast", "Go fast"))}]>,
  ] # RewritePassUtils.options;
  let statistics = [
    Statistic<"numA", "num-a", "Number of a">,
    Statistic<"numB", "num-b", "Number of b">,
  ];
}

def OnModule : Pass<"on-module", "ModuleOp"> {
  let summary = "Anchored with upstream's C++ class name";
  let passName = "(anonymous namespace)::OnModule";
  let constructor = "crate::on_module::OnModulePass::with_defaults()";
}

def OnFunctions : InterfacePass<"on-functions", "FunctionOpInterface"> {
  let summary = "An interface pass";
  let rustType = "OnFunctionsImpl";
}
