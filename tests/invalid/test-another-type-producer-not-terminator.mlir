// RUN: not rmlir-opt %s 2>&1 | FileCheck %s
// Found by scripts/accepts_check.py: `test.another_type_producer` was not
// registered, so rmlir-opt took it for a possible terminator. The expected
// message is mlir-opt 22's.

func.func @test_transitive_use_materialization() {
  // CHECK: test-another-type-producer-not-terminator.mlir:[[@LINE+1]]:13: error: block with no terminator, has %0 = "test.another_type_producer"() : () -> f32
  %result = "test.another_type_producer"() : () -> f32
}
