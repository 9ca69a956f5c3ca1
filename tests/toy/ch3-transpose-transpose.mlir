// REQUIRES: toy
// RUN: toy-opt %s --canonicalize | FileCheck %s

// Chapter 3, `SimplifyRedundantTranspose` (a Rust pattern): the outer
// transpose is replaced by the input of the inner one, and the inner one,
// `Pure` and now unused, is erased by the canonicalizer.

// CHECK-LABEL: toy.func @transpose_transpose(%arg0: tensor<*xf64>) -> tensor<*xf64> {
// CHECK-NEXT:    toy.return %arg0 : tensor<*xf64>
// CHECK-NEXT:  }
toy.func @transpose_transpose(%arg0: tensor<*xf64>) -> tensor<*xf64> {
  %0 = toy.transpose(%arg0 : tensor<*xf64>) to tensor<*xf64>
  %1 = toy.transpose(%0 : tensor<*xf64>) to tensor<*xf64>
  toy.return %1 : tensor<*xf64>
}

// A single transpose stays.
// CHECK-LABEL: toy.func @single_transpose(
// CHECK-NEXT:    %0 = toy.transpose(%arg0 : tensor<2x3xf64>) to tensor<3x2xf64>
// CHECK-NEXT:    toy.return %0 : tensor<3x2xf64>
toy.func @single_transpose(%arg0: tensor<2x3xf64>) -> tensor<3x2xf64> {
  %0 = toy.transpose(%arg0 : tensor<2x3xf64>) to tensor<3x2xf64>
  toy.return %0 : tensor<3x2xf64>
}
