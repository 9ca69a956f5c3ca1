// RUN: rmlir-opt %s -test-legalize-unknown-root-patterns | FileCheck %s

// The conversion walks each region's blocks depth first along successors
// from the entry block (MLIR 22's ForwardDominanceIterator): ops in blocks
// the entry cannot reach are not converted. The pass erases every test op
// it reaches. CHECK lines from mlir-opt 22.

// CHECK-LABEL: func @unreachable
// CHECK-NEXT:    cf.br ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    "test.change_block_op"()[^bb2, ^bb2]
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    return
func.func @unreachable() {
  "test.erase_op"() : () -> ()
  cf.br ^bb2
^bb1:
  "test.change_block_op"()[^bb2, ^bb2] : () -> ()
^bb2:
  "test.erase_op"() : () -> ()
  return
}
