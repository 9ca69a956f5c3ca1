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
