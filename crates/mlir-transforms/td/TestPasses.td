//===- TestPasses.td - the pass-manager test passes -----------*- tablegen -*-===//
//
// The test passes of the pass-manager lit tests that mirror mlir-opt's
// (`test-pass-failure`, `test-options-pass`, ...). Upstream declares these
// in C++; they are declared here as any downstream pass would be, with
// `passName` giving the names mlir-opt shows for them. Generated into
// `$OUT_DIR/test_passes.rs`; `test_passes::register_test_passes` registers
// them with the test pipelines.
//
//===----------------------------------------------------------------------===//

include "mlir/Pass/PassBase.td"

class TestPass<string arg, string cppName, string operation = "">
    : Pass<arg, operation> {
  let passName = "(anonymous namespace)::" # cppName;
  let rustType = "crate::test_passes::" # NAME;
}

def TestFailurePass : TestPass<"test-pass-failure", "TestFailurePass"> {
  let summary = "Test a pass in the pass manager that always fails";
  let options = [
    Option<"genDiagnostics", "gen-diagnostics", "bool", /*default=*/"false",
           "Generate a diagnostic message">
  ];
}

def TestOptionsPass
    : TestPass<"test-options-pass", "TestOptionsPass", "func.func"> {
  let summary = "Test options parsing capabilities";
  let options = [
    ListOption<"listOption", "list", "int", "Example list option">,
    ListOption<"stringListOption", "string-list", "std::string",
               "Example string list option">,
    Option<"stringOption", "string", "std::string", /*default=*/"",
           "Example string option">,
    Option<"enumOption", "enum", "Enum", /*default=*/"Enum::zero",
           "Example enum option",
           [{::llvm::cl::values(
             clEnumValN(Enum::zero, "zero", "Example zero value"),
             clEnumValN(Enum::one, "one", "Example one value"),
             clEnumValN(Enum::two, "two", "Example two value"))}]>
  ];
}

def TestSingleFoldPass : TestPass<"test-single-fold", "TestSingleFold"> {
  let summary =
      "Test single-pass operation folding and dead constant elimination";
  let options = [
    Option<"maxIterations", "max-iterations", "int", /*default=*/"1",
           "Max iterations in the tryToFold">
  ];
}

def TestModulePass
    : TestPass<"test-module-pass", "TestModulePass", "builtin.module"> {
  let summary = "Test a module pass in the pass manager";
}

def TestFunctionPass
    : TestPass<"test-function-pass", "TestFunctionPass", "func.func"> {
  let summary = "Test a function pass in the pass manager";
}

def TestInterfacePass : InterfacePass<"test-interface-pass",
                                      "FunctionOpInterface"> {
  let summary = "Test an interface pass (running on FunctionOpInterface) in the pass manager";
  let passName = "(anonymous namespace)::TestInterfacePass";
  let rustType = "crate::test_passes::TestInterfacePass";
}

def TestCrashRecoveryPass
    : TestPass<"test-pass-crash", "TestCrashRecoveryPass"> {
  let summary = "Test a pass in the pass manager that always crashes";
}

def TestInvalidIRPass : InterfacePass<"test-pass-create-invalid-ir",
                                      "FunctionOpInterface"> {
  let summary = "Test pass that adds an invalid operation in a function body";
  let passName = "(anonymous namespace)::TestInvalidIRPass";
  let rustType = "crate::test_passes::TestInvalidIrPass";
  let options = [
    Option<"emitInvalidIR", "emit-invalid-ir", "bool", /*default=*/"true",
           "Emit invalid IR">,
    Option<"signalFailure", "signal-pass-failure", "bool",
           /*default=*/"false", "Trigger a pass failure">
  ];
}

def TestDynamicPipelinePass
    : TestPass<"test-dynamic-pipeline", "TestDynamicPipelinePass"> {
  let summary = "Tests the dynamic pipeline feature by applying a pipeline on a selected set of functions";
  let options = [
    ListOption<"opNames", "op-name", "std::string",
               "List of function name to apply the pipeline to">,
    Option<"pipeline", "dynamic-pipeline", "std::string", /*default=*/"",
           "The pipeline description that will run on the filtered function.">,
    Option<"runOnNestedOp", "run-on-nested-operations", "bool",
           /*default=*/"false",
           "This will apply the pipeline on nested operations under the visited operation.">,
    Option<"runOnParent", "run-on-parent", "bool", /*default=*/"false",
           "This will apply the pipeline on the parent operation if it exist, this is expected to fail.">
  ];
}

def TestOptionsPassA
    : TestPass<"test-options-pass-a", "TestOptionsPassA", "func.func"> {
  let summary = "Test superset options parsing capabilities - subset A";
}

def TestOptionsPassB
    : TestPass<"test-options-pass-b", "TestOptionsPassB", "func.func"> {
  let summary = "Test superset options parsing capabilities - subset B";
}
