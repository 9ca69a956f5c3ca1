// scf.forall's canonicalization patterns (tensor.dim of a result, unused
// outputs, constant bounds, tensor.cast outputs, single-iteration
// dimensions, promotion to tensor.insert_slice), scf.for's
// ForOpTensorCastFolder, tensor.cast's ChainedTensorCast and scf.while's
// WhileMoveIfDown. Expected output produced by mlir-opt 22.
// RUN: rmlir-opt %s --allow-unregistered-dialect -pass-pipeline='builtin.module(func.func(canonicalize{test-convergence}))' | FileCheck %s

func.func @forall_dim_and_unused_output(%a: tensor<?x?xf32>, %b: tensor<1x4xf32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %r = scf.forall (%i) in (%n) shared_outs(%o = %a) -> (tensor<?x?xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %b into %o[%i, 0] [1, 4] [1, 1] : tensor<1x4xf32> into tensor<?x?xf32>
    }
  }
  %d = tensor.dim %r, %c0 : tensor<?x?xf32>
  return %d : index
}

func.func @forall_constant_bounds_and_cast(%t: tensor<4xi32>, %v: tensor<1xi32>) -> tensor<4xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %cast = tensor.cast %t : tensor<4xi32> to tensor<?xi32>
  %r = scf.forall (%i) = (%c0) to (%c4) step (%c1) shared_outs(%o = %cast) -> (tensor<?xi32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %v into %o[%i] [1] [1] : tensor<1xi32> into tensor<?xi32>
    }
  }
  %back = tensor.cast %r : tensor<?xi32> to tensor<4xi32>
  return %back : tensor<4xi32>
}

func.func @forall_single_iteration(%t: tensor<4x4xf32>, %v: tensor<2x2xf32>, %n: index) -> tensor<4x4xf32> {
  %r = scf.forall (%i, %j) = (0, 2) to (1, %n) step (1, 2) shared_outs(%o = %t) -> (tensor<4x4xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %v into %o[%i, %j] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<4x4xf32>
    }
  }
  return %r : tensor<4x4xf32>
}

func.func @forall_promoted(%t: tensor<4x4xf32>, %v: tensor<2x2xf32>) -> tensor<4x4xf32> {
  %r = scf.forall (%i) = (2) to (3) step (1) shared_outs(%o = %t) -> (tensor<4x4xf32>) {
    %s = tensor.extract_slice %o[%i, %i] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>
    %f = arith.addf %s, %v : tensor<2x2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %f into %o[%i, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<4x4xf32>
    }
  }
  return %r : tensor<4x4xf32>
}

func.func private @step(tensor<?xf32>) -> tensor<?xf32>

func.func @for_tensor_cast(%t: tensor<8xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cast = tensor.cast %t : tensor<8xf32> to tensor<?xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %cast) -> (tensor<?xf32>) {
    %y = func.call @step(%x) : (tensor<?xf32>) -> tensor<?xf32>
    scf.yield %y : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

func.func @chained_casts(%t: tensor<4x?xf32>) -> tensor<4x8xf32> {
  %a = tensor.cast %t : tensor<4x?xf32> to tensor<?x?xf32>
  %b = tensor.cast %a : tensor<?x?xf32> to tensor<4x8xf32>
  return %b : tensor<4x8xf32>
}

func.func @while_if_down(%init: i32) -> i32 {
  %r = scf.while (%x = %init) : (i32) -> i32 {
    %c = "test.cond"(%x) : (i32) -> i1
    %v = "test.value"(%x) : (i32) -> i32
    %y = scf.if %c -> (i32) {
      %w = "test.work"(%v) : (i32) -> i32
      scf.yield %w : i32
    } else {
      scf.yield %x : i32
    }
    scf.condition(%c) %y : i32
  } do {
  ^bb0(%z: i32):
    scf.yield %z : i32
  }
  return %r : i32
}

// CHECK-LABEL:   func.func @forall_dim_and_unused_output(%arg0: tensor<?x?xf32>, %arg1: tensor<1x4xf32>, %arg2: index) -> index {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %dim = tensor.dim %arg0, %c0 : tensor<?x?xf32>
// CHECK-NEXT:     return %dim : index
// CHECK-NEXT:   }
// CHECK-LABEL:   func.func @forall_constant_bounds_and_cast(%arg0: tensor<4xi32>, %arg1: tensor<1xi32>) -> tensor<4xi32> {
// CHECK-NEXT:     %0 = scf.forall (%arg2) in (4) shared_outs(%arg3 = %arg0) -> (tensor<4xi32>) {
// CHECK-NEXT:       scf.forall.in_parallel {
// CHECK-NEXT:         tensor.parallel_insert_slice %arg1 into %arg3[%arg2] [1] [1] : tensor<1xi32> into tensor<4xi32>
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     return %0 : tensor<4xi32>
// CHECK-NEXT:   }
// CHECK-LABEL:   func.func @forall_single_iteration(%arg0: tensor<4x4xf32>, %arg1: tensor<2x2xf32>, %arg2: index) -> tensor<4x4xf32> {
// CHECK-NEXT:     %0 = scf.forall (%arg3) = (2) to (%arg2) step (2) shared_outs(%arg4 = %arg0) -> (tensor<4x4xf32>) {
// CHECK-NEXT:       scf.forall.in_parallel {
// CHECK-NEXT:         tensor.parallel_insert_slice %arg1 into %arg4[0, %arg3] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<4x4xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     return %0 : tensor<4x4xf32>
// CHECK-NEXT:   }
// CHECK-LABEL:   func.func @forall_promoted(%arg0: tensor<4x4xf32>, %arg1: tensor<2x2xf32>) -> tensor<4x4xf32> {
// CHECK-NEXT:     %extracted_slice = tensor.extract_slice %arg0[2, 2] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>
// CHECK-NEXT:     %0 = arith.addf %extracted_slice, %arg1 : tensor<2x2xf32>
// CHECK-NEXT:     %inserted_slice = tensor.insert_slice %0 into %arg0[2, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<4x4xf32>
// CHECK-NEXT:     return %inserted_slice : tensor<4x4xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @step(tensor<?xf32>) -> tensor<?xf32>
// CHECK-LABEL:   func.func @for_tensor_cast(%arg0: tensor<8xf32>, %arg1: index) -> tensor<?xf32> {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %0 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = %arg0) -> (tensor<8xf32>) {
// CHECK-NEXT:       %cast_0 = tensor.cast %arg3 : tensor<8xf32> to tensor<?xf32>
// CHECK-NEXT:       %1 = func.call @step(%cast_0) : (tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT:       %cast_1 = tensor.cast %1 : tensor<?xf32> to tensor<8xf32>
// CHECK-NEXT:       scf.yield %cast_1 : tensor<8xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     %cast = tensor.cast %0 : tensor<8xf32> to tensor<?xf32>
// CHECK-NEXT:     return %cast : tensor<?xf32>
// CHECK-NEXT:   }
// CHECK-LABEL:   func.func @chained_casts(%arg0: tensor<4x?xf32>) -> tensor<4x8xf32> {
// CHECK-NEXT:     %cast = tensor.cast %arg0 : tensor<4x?xf32> to tensor<4x8xf32>
// CHECK-NEXT:     return %cast : tensor<4x8xf32>
// CHECK-NEXT:   }
// CHECK-LABEL:   func.func @while_if_down(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0:2 = scf.while (%arg1 = %arg0) : (i32) -> (i32, i32) {
// CHECK-NEXT:       %1 = "test.cond"(%arg1) : (i32) -> i1
// CHECK-NEXT:       %2 = "test.value"(%arg1) : (i32) -> i32
// CHECK-NEXT:       scf.condition(%1) %arg1, %2 : i32, i32
// CHECK-NEXT:     } do {
// CHECK-NEXT:     ^bb0(%arg1: i32, %arg2: i32):
// CHECK-NEXT:       %1 = "test.work"(%arg2) : (i32) -> i32
// CHECK-NEXT:       scf.yield %1 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %0#0 : i32
// CHECK-NEXT:   }
