// REQUIRES: rmlir
// RUN: rmlir-opt %s -allow-unregistered-dialect --canonicalize --mlir-print-rewrite-trace=%t.json --mlir-rewrite-trace-op=%s:14:3 -o /dev/null
// RUN: FileCheck %s --input-file=%t.json

// The cf canonicalization patterns say why they do not match (issue #16):
// each reason the traced cf.cond_br got is recorded with its attempt.

// CHECK-DAG: "reasons": ["condition is not a constant"]
// CHECK-DAG: "reasons": ["neither successor is a block that only branches on"]
// CHECK-DAG: "reasons": ["successors differ"]
// CHECK-DAG: "reasons": ["condition has no use in a successor reached only from this branch"]

func.func @f(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "test.foo"() : () -> ()
  return %x : i32
^bb2:
  "test.bar"() : () -> ()
  return %y : i32
}
