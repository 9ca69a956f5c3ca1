// `test.blackhole` is a registered test op (one operand, not a terminator):
// a block ending in it has no terminator, as mlir-opt reports. Found by
// scripts/accepts_check.py (a mutant dropped the `return`).
// RUN: not rmlir-opt %s -split-input-file 2>&1 | FileCheck %s

// CHECK: :[[@LINE+3]]:3: error: block with no terminator, has "test.blackhole"(%0) : (i32) -> ()
func.func @blackhole() {
  %input = "test.blackhole_producer"() : () -> (i32)
  "test.blackhole"(%input) : (i32) -> ()
}

// -----

// CHECK: :[[@LINE+2]]:3: error: 'test.blackhole' op requires a single operand
func.func @no_operand() {
  "test.blackhole"() : () -> ()
  return
}
