//===- Passes.td - the standard passes of mlir-transforms -----*- tablegen -*-===//
//
// The declarations of the passes this crate implements (the counterpart of
// upstream's `mlir/Transforms/Passes.td`). `build.rs` generates, per pass,
// its options, statistics and `impl Pass` into `$OUT_DIR/passes.rs`
// (included by `src/passes.rs`); the Rust type named by `rustType` only
// implements `PassImpl` (the run logic). `register_transforms_passes`
// registers them all.
//
//===----------------------------------------------------------------------===//

include "mlir/Pass/PassBase.td"
include "mlir/Rewrite/PassUtil.td"

def Canonicalizer : Pass<"canonicalize"> {
  let summary = "Canonicalize operations";
  let description = [{
    Runs the canonicalization patterns of every loaded dialect and
    registered op, and the folders, with the greedy driver on the regions
    of the op the pass is scheduled on, and simplifies those regions.
  }];
  let rustType = "crate::canonicalize::CanonicalizerPass";
  let options = [
    Option<"topDownProcessingEnabled", "top-down", "bool", /*default=*/"true",
           "Seed the worklist in general top-down order">,
    Option<"regionSimplifyLevel", "region-simplify",
           "mlir::GreedySimplifyRegionLevel",
           /*default=*/"mlir::GreedySimplifyRegionLevel::Normal",
           "Perform control flow optimizations to the region tree",
           [{::llvm::cl::values(
             clEnumValN(mlir::GreedySimplifyRegionLevel::Disabled, "disabled",
               "Don't run any control-flow simplification."),
             clEnumValN(mlir::GreedySimplifyRegionLevel::Normal, "normal",
               "Perform simple control-flow simplifications (e.g. dead args elimination)."),
             clEnumValN(mlir::GreedySimplifyRegionLevel::Aggressive, "aggressive",
               "Perform aggressive control-flow simplification (e.g. block merging).")
           )}]>,
    Option<"maxIterations", "max-iterations", "int64_t", /*default=*/"10",
           "Max. iterations between applying patterns / simplifying regions">,
    Option<"maxNumRewrites", "max-num-rewrites", "int64_t", /*default=*/"-1",
           "Max. number of pattern rewrites within an iteration">,
    Option<"testConvergence", "test-convergence", "bool", /*default=*/"false",
           "Test only: Fail pass on non-convergence to detect cyclic pattern">
  ] # RewritePassUtils.options;
}

def CompositeFixedPointPass : Pass<"composite-fixed-point-pass"> {
  let summary = "Composite fixed point pass";
  let description = [{
    Runs the pass pipeline given as `pipeline` on the op until the op stops
    changing or `max-iterations` more runs were made, warning when it did
    not converge. The pass shows under the name given as `name`.
  }];
  let rustType = "crate::pass::composite::CompositeFixedPointPass";
  let options = [
    Option<"name", "name", "std::string",
           /*default=*/"\"CompositeFixedPointPass\"",
           "Composite pass display name">,
    Option<"pipelineStr", "pipeline", "std::string", /*default=*/"",
           "Composite pass inner pipeline">,
    Option<"maxIter", "max-iterations", "int", /*default=*/"10",
           "Maximum number of iterations if inner pipeline">
  ];
}

def ControlFlowSink : Pass<"control-flow-sink"> {
  let summary = "Sink operations into conditional blocks";
  let description = [{
    Moves ops whose results are only used inside some regions of a
    region-branching op into those regions, when the op has no side
    effects, so that they only run on the paths that need them.
  }];
  let rustType = "crate::control_flow_sink::ControlFlowSinkPass";
  let statistics = [
    Statistic<"numSunk", "num-sunk", "Number of operations sunk">,
  ];
}

def CSE : Pass<"cse"> {
  let summary = "Eliminate common sub-expressions";
  let description = [{
    Replaces an op by an earlier equivalent op that dominates it (same
    name, operands, attributes and result types, no side effects), and
    erases ops left dead.
  }];
  let rustType = "crate::cse::CsePass";
  let statistics = [
    Statistic<"numCSE", "num-cse'd", "Number of operations CSE'd">,
    Statistic<"numDCE", "num-dce'd", "Number of operations DCE'd">
  ];
}

def Inliner : Pass<"inline"> {
  let summary = "Inline function calls";
  let description = [{
    Inlines calls to callables that the dialects allow to be inlined,
    visiting the call graph bottom-up by strongly connected components,
    and runs an optimization pipeline on the callables it changed.
  }];
  let rustType = "crate::inliner::InlinerPass";
  let options = [
    Option<"defaultPipelineStr", "default-pipeline", "std::string",
           /*default=*/"\"canonicalize\"",
           "The optimizer pipeline used for callables that do not have a dedicated optimizer pipeline in opPipelineList">,
    ListOption<"opPipelineList", "op-pipelines", "std::string",
               "Callable operation specific optimizer pipelines (in the form of `dialect.op(pipeline)`)">,
    Option<"maxInliningIterations", "max-iterations", "unsigned",
           /*default=*/"4",
           "Maximum number of iterations when inlining within an SCC">,
    Option<"inliningThreshold", "inlining-threshold", "unsigned",
           /*default=*/"4294967295",
           "If the ratio between the number of the operations in the callee and the number of the operations in the caller exceeds this value (in percentage), then the callee is not inlined even if it is legal to inline it">,
  ];
}

def LoopInvariantCodeMotion : Pass<"loop-invariant-code-motion"> {
  let summary = "Hoist loop invariant instructions outside of the loop";
  let description = [{
    Moves side-effect free ops whose operands are defined outside a loop
    (an op implementing the loop-like interface) out of its body.
  }];
  let rustType = "crate::licm::LoopInvariantCodeMotionPass";
}

def PrintOpStats : Pass<"print-op-stats"> {
  let summary = "Print statistics of operations";
  let description = [{
    Counts the ops nested in the op the pass runs on by name and prints
    the counts to stderr, as a table or as JSON.
  }];
  let rustType = "crate::op_stats::PrintOpStatsPass";
  let options = [
    Option<"printAsJSON", "json", "bool", /*default=*/"false",
           "print the stats as JSON">
  ];
}

def RemoveDeadValues : Pass<"remove-dead-values"> {
  let summary = "Remove dead values";
  let description = [{
    Removes the values a liveness analysis proves dead: unused arguments and
    results of functions whose callers are all known, dead operands,
    results and region arguments of region-branching ops, and ops whose
    results are all dead and that have no memory effects. Operands forwarded
    only to dead values become `ub.poison`, which the canonicalization
    patterns of the region-branching ops then drop.
  }];
  let rustType = "crate::remove_dead_values::RemoveDeadValuesPass";
  let options = [
    Option<"canonicalize", "canonicalize", "bool", /*default=*/"true",
           "Canonicalize region branch ops">
  ];
}

def SCCP : Pass<"sccp"> {
  let summary = "Sparse Conditional Constant Propagation";
  let description = [{
    Propagates constants through the SSA graph and the control flow at
    the same time, replacing values known to be constant and folding
    branches known to go one way.
  }];
  let rustType = "crate::sccp::SccpPass";
}

def StripDebugInfo : Pass<"strip-debuginfo"> {
  let summary = "Strip debug info from all operations";
  let description = [{
    Replaces the location of every op, block argument and region nested in
    the op the pass runs on by the unknown location.
  }];
  let rustType = "crate::strip_debuginfo::StripDebugInfoPass";
}

def SymbolDCE : Pass<"symbol-dce"> {
  let summary = "Eliminate dead symbols";
  let description = [{
    Erases the private symbols of symbol tables nested in the op the pass
    runs on that nothing uses, transitively.
  }];
  let rustType = "crate::symbol_dce::SymbolDcePass";
  let statistics = [
    Statistic<"numDCE", "num-dce'd", "Number of symbols DCE'd">,
  ];
}

def SymbolPrivatize : Pass<"symbol-privatize"> {
  let summary = "Mark symbols private";
  let description = [{
    Makes every symbol directly nested in the op the pass runs on private,
    except those listed in `exclude`.
  }];
  let rustType = "crate::symbol_privatize::SymbolPrivatizePass";
  let options = [
    ListOption<"exclude", "exclude", "std::string",
       "Comma separated list of symbols that should not be marked private">
  ];
}

def TopologicalSort : Pass<"topological-sort"> {
  let summary = "Sort regions without SSA dominance in topological order";
  let description = [{
    Reorders the ops of the blocks of graph regions so that every op comes
    after the ops defining its operands, where the uses allow it.
  }];
  let rustType = "crate::topological_sort::TopologicalSortPass";
}

def ViewOpGraph : Pass<"view-op-graph"> {
  let summary = "Print Graphviz visualization of an operation";
  let description = [{
    Prints the op the pass runs on, with its nested ops as clusters and
    its data and control flow as edges, as a Graphviz graph to stderr.
  }];
  let rustType = "crate::view_op_graph::ViewOpGraphPass";
  let passName = "PrintOpPass";
  let options = [
    Option<"maxLabelLen", "max-label-len", "unsigned", /*default=*/"20",
           "Limit attribute/type length to number of chars">,
    Option<"printAttrs", "print-attrs", "bool", /*default=*/"true",
           "Print attributes of operations">,
    Option<"printControlFlowEdges", "print-control-flow-edges", "bool",
           /*default=*/"false", "Print control flow edges">,
    Option<"printDataFlowEdges", "print-data-flow-edges", "bool",
           /*default=*/"true", "Print data flow edges">,
    Option<"printResultTypes", "print-result-types", "bool",
            /*default=*/"true", "Print result types of operations">
  ];
}
