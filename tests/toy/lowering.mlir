// REQUIRES: toy
// RUN: toy-opt %s --split-input-file --toy-lower-to-arith --verify-diagnostics | FileCheck %s

// The chapter-5-style partial lowering: `toy.constant`, `toy.mul` and
// `toy.add` become `arith` ops on the same tensors; the Toy ops that have
// no `arith` counterpart stay (the conversion target marks them legal).

// CHECK-LABEL: toy.func @main() {
// CHECK-NEXT:    %cst = arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf64>
// CHECK-NEXT:    %0 = toy.transpose(%cst : tensor<2x3xf64>) to tensor<3x2xf64>
// CHECK-NEXT:    %cst_0 = arith.constant dense<1.500000e+00> : tensor<3x2xf64>
// CHECK-NEXT:    %1 = arith.mulf %0, %cst_0 : tensor<3x2xf64>
// CHECK-NEXT:    %2 = arith.addf %1, %1 : tensor<3x2xf64>
// CHECK-NEXT:    toy.print %2 : tensor<3x2xf64>
// CHECK-NEXT:    toy.return
// CHECK-NEXT:  }
toy.func @main() {
  %0 = toy.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf64>
  %1 = toy.transpose(%0 : tensor<2x3xf64>) to tensor<3x2xf64>
  %2 = toy.constant dense<1.5> : tensor<3x2xf64>
  %3 = toy.mul %1, %2 : tensor<3x2xf64>
  %4 = toy.add %3, %3 : tensor<3x2xf64>
  toy.print %4 : tensor<3x2xf64>
  toy.return
}

// -----

// `arith.addf` needs one type for operands and result; before shape
// inference this add cannot be lowered, and the pass fails on it.
toy.func @mixed(%arg0: tensor<2xf64>, %arg1: tensor<*xf64>) -> tensor<*xf64> {
  // expected-error@+1 {{failed to legalize operation 'toy.add' that was explicitly marked illegal}}
  %0 = toy.add %arg0, %arg1 : (tensor<2xf64>, tensor<*xf64>) -> tensor<*xf64>
  toy.return %0 : tensor<*xf64>
}
