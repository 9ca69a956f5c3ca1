// REQUIRES: toy
// RUN: toy-opt %s --canonicalize | FileCheck %s

// Chapter 3, the DRR rules of `ToyCombine.td`: `ReshapeReshapeOptPattern`
// folds chained reshapes, `RedundantReshapeOptPattern` drops reshapes to the
// same type, `FoldConstantReshapeOptPattern` reshapes the constant itself.
// The result is the chapter's.

// CHECK-LABEL: toy.func @main() {
// CHECK-NEXT:    %0 = toy.constant dense<{{\[\[}}1.000000e+00], [2.000000e+00]]> : tensor<2x1xf64>
// CHECK-NEXT:    toy.print %0 : tensor<2x1xf64>
// CHECK-NEXT:    toy.return
// CHECK-NEXT:  }
module {
  toy.func @main() {
    %0 = toy.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf64>
    %1 = toy.reshape(%0 : tensor<2xf64>) to tensor<2x1xf64>
    %2 = toy.reshape(%1 : tensor<2x1xf64>) to tensor<2x1xf64>
    %3 = toy.reshape(%2 : tensor<2x1xf64>) to tensor<2x1xf64>
    toy.print %3 : tensor<2x1xf64>
    toy.return
  }
}

// A reshape of a non-constant: chained reshapes become one, the redundant
// one goes.
// CHECK-LABEL: toy.func @chain(
// CHECK-NEXT:    %0 = toy.reshape(%arg0 : tensor<6xf64>) to tensor<3x2xf64>
// CHECK-NEXT:    toy.return %0 : tensor<3x2xf64>
toy.func @chain(%arg0: tensor<6xf64>) -> tensor<3x2xf64> {
  %0 = toy.reshape(%arg0 : tensor<6xf64>) to tensor<2x3xf64>
  %1 = toy.reshape(%0 : tensor<2x3xf64>) to tensor<3x2xf64>
  %2 = toy.reshape(%1 : tensor<3x2xf64>) to tensor<3x2xf64>
  toy.return %2 : tensor<3x2xf64>
}
