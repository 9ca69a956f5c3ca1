//===- TestPasses.td - test passes of the test dialect --------*- tablegen -*-===//
//
// The test passes of the test dialect's areas that mirror mlir-opt's
// (upstream declares them in C++; here they are declared as a downstream
// crate declares its passes). `build.rs` generates their declarations into
// `$OUT_DIR/test_pass_decls.rs`, included by `src/pass_decls.rs`; each area's
// `register_passes` calls the generated `register_<record>_pass`.
// `passName` keeps the names mlir-opt shows in timing and statistics.
//
//===----------------------------------------------------------------------===//

include "mlir/Pass/PassBase.td"

class TestPass<string arg, string cppName, string rust,
               string operation = ""> : Pass<arg, operation> {
  let passName = "(anonymous namespace)::" # cppName;
  let rustType = rust;
}

def TestTraitFolder : TestPass<"test-trait-folder", "TestTraitFolder",
                               "crate::canon::TestTraitFolder", "func.func"> {
  let summary = "Run trait folding";
}

def TestUnknownRootOpDriver
    : TestPass<"test-legalize-unknown-root-patterns", "TestUnknownRootOpDriver",
               "crate::conversion::TestUnknownRootOpDriver"> {
  let summary = "Test public remapped value mechanism in ConversionPatternRewriter";
}

def TestRemappedValue
    : TestPass<"test-remapped-value", "TestRemappedValue",
               "crate::conversion::TestRemappedValue"> {
  let summary = "Test public remapped value mechanism in ConversionPatternRewriter";
}

def TestMergeBlocksPatternDriver
    : TestPass<"test-merge-blocks", "TestMergeBlocksPatternDriver",
               "crate::conversion::TestMergeBlocksPatternDriver"> {
  let summary = "Test Merging operation in ConversionPatternRewriter";
}

def TestTypeConversionDriver
    : TestPass<"test-legalize-type-conversion", "TestTypeConversionDriver",
               "crate::conversion::TestTypeConversionDriver"> {
  let summary = "Test various type conversion functionalities in DialectConversion";
  let options = [
    Option<"allowPatternRollback", "allow-pattern-rollback", "bool",
           /*default=*/"true", "Allow pattern rollback">
  ];
}

def TestStrictPatternDriver
    : TestPass<"test-strict-pattern-driver", "TestStrictPatternDriver",
               "crate::greedy::passes::TestStrictPatternDriver", "func.func"> {
  let summary = "Test strict mode of pattern driver";
  let options = [
    Option<"strictMode", "strictness", "std::string",
           /*default=*/"\"AnyOp\"",
           "Can be {AnyOp, ExistingAndNewOps, ExistingOps}">
  ];
}

def TestWalkPatternDriver
    : TestPass<"test-walk-pattern-rewrite-driver", "TestWalkPatternDriver",
               "crate::greedy::passes::TestWalkPatternDriver"> {
  let summary = "Run test walk pattern rewrite driver";
  let options = [
    Option<"dumpNotifications", "dump-notifications", "bool",
           /*default=*/"false", "Print rewrite listener notifications">
  ];
}

def TestSelectiveReplacementPatternDriver
    : TestPass<"test-pattern-selective-replacement",
               "TestSelectiveReplacementPatternDriver",
               "crate::greedy::passes::TestSelectiveReplacementPatternDriver"> {
  let summary = "Test selective replacement in the PatternRewriter";
}

// Not an upstream pass: its name has no namespace.
def TestBrokenPatternDriver : Pass<"test-broken-patterns"> {
  let summary = "Apply patterns that break the pattern contract (for the expensive checks)";
  let rustType = "crate::greedy::passes::TestBrokenPatternDriver";
}

def TestTopologicalSortAnalysisPass
    : TestPass<"test-topological-sort-analysis",
               "TestTopologicalSortAnalysisPass",
               "crate::passes::TestTopologicalSortAnalysisPass",
               "builtin.module"> {
  let summary = "Test topological sorting of ops";
}

def TestReturnTypeDriver
    : TestPass<"test-return-type", "TestReturnTypeDriver",
               "crate::ods::TestReturnTypePass", "func.func"> {
  let summary = "Run return type functions";
}

def TestDerivedAttributeDriver
    : TestPass<"test-derived-attr", "TestDerivedAttributeDriver",
               "crate::ods::TestDerivedAttrPass", "func.func"> {
  let summary = "Run test derived attributes";
}

def TestGreedyPatternDriver
    : TestPass<"test-greedy-patterns", "TestGreedyPatternDriver",
               "crate::greedy::passes::TestGreedyPatternDriver"> {
  let summary = "Run test dialect patterns";
  let options = [
    Option<"useTopDownTraversal", "top-down", "bool", /*default=*/"false",
           "Seed the worklist in general top-down order">,
    Option<"maxIterations", "max-iterations", "int", /*default=*/"10",
           "Max. iterations in the GreedyRewriteConfig">,
    Option<"fold", "fold", "bool", /*default=*/"true", "Whether to fold">,
    Option<"cseConstants", "cse-constants", "bool", /*default=*/"true",
           "Whether to CSE constants">
  ];
}

def TestLegalizePatternDriver
    : TestPass<"test-legalize-patterns", "TestLegalizePatternDriver",
               "crate::conversion::TestLegalizePatternDriver"> {
  let summary = "Run test dialect legalization patterns";
  let options = [
    Option<"mode", "test-legalize-mode", "ConversionMode",
           /*default=*/"ConversionMode::Partial",
           "The legalization mode to use with the test driver",
           [{::llvm::cl::values(
             clEnumValN(ConversionMode::Analysis, "analysis",
                        "Perform an analysis conversion"),
             clEnumValN(ConversionMode::Full, "full", "Perform a full conversion"),
             clEnumValN(ConversionMode::Partial, "partial",
                        "Perform a partial conversion"))}]>,
    Option<"foldingMode", "test-legalize-folding-mode",
           "DialectConversionFoldingMode",
           /*default=*/"DialectConversionFoldingMode::BeforePatterns",
           "The folding mode to use with the test driver",
           [{::llvm::cl::values(
             clEnumValN(DialectConversionFoldingMode::Never, "never",
                        "Never attempt to fold"),
             clEnumValN(DialectConversionFoldingMode::BeforePatterns,
                        "before-patterns",
                        "Only attempt to fold not legal operations before applying patterns"),
             clEnumValN(DialectConversionFoldingMode::AfterPatterns,
                        "after-patterns",
                        "Only attempt to fold not legal operations after applying patterns"))}]>,
    Option<"allowPatternRollback", "allow-pattern-rollback", "bool",
           /*default=*/"true", "Allow pattern rollback">,
    Option<"attachDebugMaterializationKind",
           "attach-debug-materialization-kind", "bool", /*default=*/"false",
           "Attach materialization kind to unrealized_conversion_cast ops">,
    Option<"buildMaterializations", "build-materializations", "bool",
           /*default=*/"true",
           "If set to 'false', leave unrealized_conversion_cast ops in place">
  ];
}
