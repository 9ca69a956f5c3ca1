// REQUIRES: rmlir
// RUN: rmlir-opt %s -allow-unregistered-dialect --canonicalize --mlir-print-rewrite-trace=%t1.json --mlir-rewrite-trace-op=%s:41:8 -o /dev/null
// RUN: FileCheck %s --input-file=%t1.json --check-prefix=WHILE
// RUN: rmlir-opt %s -allow-unregistered-dialect --canonicalize --mlir-print-rewrite-trace=%t2.json --mlir-rewrite-trace-op=%s:48:8 -o /dev/null
// RUN: FileCheck %s --input-file=%t2.json --check-prefix=SWITCH
// RUN: rmlir-opt %s -allow-unregistered-dialect --canonicalize --mlir-print-rewrite-trace=%t3.json --mlir-rewrite-trace-op=%s:55:8 -o /dev/null
// RUN: FileCheck %s --input-file=%t3.json --check-prefix=EXEC
// RUN: rmlir-opt %s -allow-unregistered-dialect --canonicalize --mlir-print-rewrite-trace=%t4.json --mlir-rewrite-trace-op=%s:58:8 -o /dev/null
// RUN: FileCheck %s --input-file=%t4.json --check-prefix=CAST
// RUN: rmlir-opt %s -allow-unregistered-dialect --canonicalize --mlir-print-rewrite-trace=%t5.json --mlir-rewrite-trace-op=%s:59:3 -o /dev/null
// RUN: FileCheck %s --input-file=%t5.json --check-prefix=PAR
// RUN: rmlir-opt %s -allow-unregistered-dialect --canonicalize --mlir-print-rewrite-trace=%t6.json --mlir-rewrite-trace-op=%s:70:3 -o /dev/null
// RUN: FileCheck %s --input-file=%t6.json --check-prefix=CF
// RUN: rmlir-opt %s -allow-unregistered-dialect --canonicalize --mlir-print-rewrite-trace=%t7.json --mlir-rewrite-trace-op=%s:66:8 -o /dev/null
// RUN: FileCheck %s --input-file=%t7.json --check-prefix=FOR

// The scf, tensor and cf canonicalization patterns say why they do not
// match (issue #16). Upstream gives reasons in few of them (here
// RemoveDeadRegionBranchOpSuccessorInputs' "no values to remove"); the
// others fail silently there and give a short reason of their own here.

// WHILE-DAG: "name": "(anonymous namespace)::WhileCmpCond", {{.*}}, "result": "failure", "reasons": ["the condition is not defined by an op"]}
// WHILE-DAG: "name": "(anonymous namespace)::WhileConditionTruth", {{.*}}, "result": "failure", "reasons": ["the condition is not forwarded to a used argument of the after region"]}
// WHILE-DAG: "name": "(anonymous namespace)::WhileMoveIfDown", {{.*}}, "result": "failure", "reasons": ["the op before the scf.condition is not an scf.if on the same condition"]}
// WHILE-DAG: "name": "(anonymous namespace)::WhileOpAlignBeforeArgs", {{.*}}, "result": "failure", "reasons": ["the condition forwards the before arguments in order"]}
// WHILE-DAG: "name": "(anonymous namespace)::MakeRegionBranchOpSuccessorInputsDead", {{.*}}, "result": "failure", "reasons": ["no used successor input has a single reachable value defined before it"]}
// WHILE-DAG: "name": "(anonymous namespace)::RemoveDuplicateSuccessorInputUses", {{.*}}, "result": "failure", "reasons": ["no two successor inputs of one owner receive the same values"]}
// SWITCH-DAG: "name": "FoldConstantCase", {{.*}}, "result": "failure", "reasons": ["the selector is not a constant"]}
// FOR-DAG: "name": "(anonymous namespace)::RemoveDeadRegionBranchOpSuccessorInputs", {{.*}}, "result": "failure", "reasons": ["no values to remove"]}
// FOR-DAG: "name": "(anonymous namespace)::ForOpTensorCastFolder", {{.*}}, "result": "failure", "reasons": ["no init is a tensor.cast preserving static information whose result has one use"]}
// FOR-DAG: "name": "(anonymous namespace)::SimplifyTrivialLoops", {{.*}}, "result": "failure", "reasons": ["the trip count is not a known constant"]}
// EXEC-DAG: "name": "SingleBlockExecuteInliner", {{.*}}, "result": "failure", "reasons": ["the op has the no_inline attribute"]}
// EXEC-DAG: "name": "MultiBlockExecuteInliner", {{.*}}, "result": "failure", "reasons": ["the op has the no_inline attribute"]}
// CAST-DAG: "name": "(anonymous namespace)::ChainedTensorCast", {{.*}}, "result": "failure", "reasons": ["the source is not defined by an op"]}
// PAR-DAG: "name": "(anonymous namespace)::MergeNestedParallelLoops", {{.*}}, "result": "failure", "reasons": ["the bounds of the nested loop use the induction variables"]}
// PAR-DAG: "name": "(anonymous namespace)::ParallelOpSingleOrZeroIterationDimsFolder", {{.*}}, "result": "failure", "reasons": ["no dimension has 0 or 1 iterations"]}
// CF-DAG: "reasons": ["flag is not a constant"]
// CF-DAG: "reasons": ["block is not reached only from a cf.switch on the same flag"]

func.func @f(%c: i1, %a: i32, %i: index, %t: tensor<?xf32>, %n: index) -> (i32, i32, i32, tensor<4xf32>, i32) {
  %w = scf.while (%x = %a) : (i32) -> i32 {
    "test.op"() : () -> ()
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  %s = scf.index_switch %i -> i32
  case 0 {
    scf.yield %a : i32
  }
  default {
    scf.yield %w : i32
  }
  %e = scf.execute_region -> i32 no_inline {
    scf.yield %a : i32
  }
  %k = tensor.cast %t : tensor<?xf32> to tensor<4xf32>
  scf.parallel (%p) = (%i) to (%n) step (%i) {
    scf.parallel (%q) = (%p) to (%n) step (%i) {
      "test.op"() : () -> ()
      scf.reduce
    }
    scf.reduce
  }
  %r = scf.for %iv = %i to %n step %i iter_args(%acc = %a) -> (i32) {
    %z = "test.op"(%acc) : (i32) -> i32
    scf.yield %z : i32
  }
  cf.switch %a : i32, [default: ^bb1, 3: ^bb2]
^bb1:
  "test.op"() : () -> ()
  cf.br ^bb2
^bb2:
  return %s, %e, %w, %k, %r : i32, i32, i32, tensor<4xf32>, i32
}
