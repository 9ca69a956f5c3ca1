// A `memref.cast` that uses its own result (invalid: it does not dominate
// itself) under the `memref.dim` an `affine.load` takes as a symbol. The
// symbol rules look through casts and must stop at the cycle: mlir-opt 22
// loops forever on this input (found by the accepts check's mutants of
// tests/invalid/affine-symbol-memref-views.mlir). The verifier meets the
// load before it checks dominance, so the load is what is reported.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics

func.func @self_cast(%m: memref<?xf32>, %n: index) {
  affine.for %i = 0 to 10 {
    %c = memref.cast %c : memref<?xf32> to memref<?xf32>
    %c0 = arith.constant 0 : index
    %d = memref.dim %c, %c0 : memref<?xf32>
    // expected-error @+1 {{'affine.load' op operand cannot be used as a symbol}}
    %v = affine.load %m[symbol(%d)] : memref<?xf32>
  }
  return
}

// -----

func.func @cast_cycle(%m: memref<?xf32>, %n: index) {
  affine.for %i = 0 to 10 {
    %a = memref.cast %b : memref<?xf32> to memref<?xf32>
    %b = memref.cast %a : memref<?xf32> to memref<?xf32>
    %c0 = arith.constant 0 : index
    %d = memref.dim %b, %c0 : memref<?xf32>
    // expected-error @+1 {{'affine.load' op operand cannot be used as a symbol}}
    %v = affine.load %m[symbol(%d)] : memref<?xf32>
  }
  return
}
