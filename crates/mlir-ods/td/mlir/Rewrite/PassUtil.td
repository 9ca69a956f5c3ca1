//===- PassUtil.td - options shared by rewrite passes ----------*- tablegen -*-===//
//
// `include "mlir/Rewrite/PassUtil.td"` as upstream: the pattern-filter
// options every pattern-driven pass offers, appended to a pass's own with
// `let options = [...] # RewritePassUtils.options;`.
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_REWRITE_PASSUTIL_TD_
#define MLIR_REWRITE_PASSUTIL_TD_

include "mlir/Pass/PassBase.td"

def RewritePassUtils {
  list<Option> options = [
    ListOption<"disabledPatterns", "disable-patterns", "std::string",
               "Labels of patterns that should be filtered out during"
               " application">,
    ListOption<"enabledPatterns", "enable-patterns", "std::string",
               "Labels of patterns that should be used during"
               " application, all other patterns are filtered out">,
  ];
}

#endif // MLIR_REWRITE_PASSUTIL_TD_
