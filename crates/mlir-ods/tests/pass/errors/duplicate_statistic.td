// CHECK: 4:7: error: pass 'P' needs distinct, non-empty statistic names, not 'n'
include "mlir/Pass/PassBase.td"
def P : Pass<"p"> {
  let statistics = [
    Statistic<"a", "n", "First">,
    Statistic<"b", "n", "Second">
  ];
}
