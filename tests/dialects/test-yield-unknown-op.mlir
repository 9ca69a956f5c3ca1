// Upstream's test dialect defines no `test.yield`: its tests use it as an
// unknown operation, which the dialect accepts anywhere in a block, with any
// operands. rmlir registered it as a terminator, so a `test.yield` before
// the end of a block was rejected ("must be the last operation in the
// parent block"; found by scripts/accepts_check.py --show-stricter on a
// mutant of the tier-2 control-flow-sink test). CHECK lines from mlir-opt 22.
// RUN: rmlir-opt %s | FileCheck %s

// CHECK-LABEL: func.func @mid_block
// CHECK-NEXT:    "test.yield"() : () -> ()
// CHECK-NEXT:    "test.yield"(%arg0, %arg0) : (i32, i32) -> ()
// CHECK-NEXT:    return
func.func @mid_block(%x: i32) {
  "test.yield"() : () -> ()
  "test.yield"(%x, %x) : (i32, i32) -> ()
  return
}

// An unknown op may end a block of an unknown op's region, and may be
// followed by other ops in one.
// CHECK-LABEL: func.func @in_regions
// CHECK:         "test.yield"() : () -> ()
// CHECK-NEXT:    "test.use"() : () -> ()
func.func @in_regions() {
  "test.multi"() ({
    "test.yield"() : () -> ()
    "test.use"() : () -> ()
  }) : () -> ()
  return
}
