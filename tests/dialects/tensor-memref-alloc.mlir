// tensor.cast, tensor.empty and memref.alloc: custom and generic forms,
// result names, and the verifiers (cast compatibility, dynamic size and
// symbol counts). Expected output from mlir-opt 22.
// RUN: rmlir-opt %s | FileCheck %s
// RUN: rmlir-opt %s --mlir-print-op-generic | rmlir-opt | FileCheck %s

// CHECK-LABEL: func.func @f
// CHECK-NEXT: %cast = tensor.cast %arg0 : tensor<*xf32> to tensor<?x?xf32>
// CHECK-NEXT: %0 = tensor.empty() : tensor<5xf32>
// CHECK-NEXT: %1 = tensor.empty(%arg1) : tensor<?xf32>
// CHECK-NEXT: %alloc = memref.alloc() : memref<2x1xf32>
// CHECK-NEXT: %alloc_0 = memref.alloc(%arg1)[%arg1] {alignment = 8 : i64} : memref<?xf32, #map>
func.func @f(%a: tensor<*xf32>, %n: index) {
  %0 = tensor.cast %a : tensor<*xf32> to tensor<?x?xf32>
  %1 = tensor.empty() : tensor<5xf32>
  %2 = tensor.empty(%n) : tensor<?xf32>
  %3 = memref.alloc() : memref<2x1xf32>
  %4 = memref.alloc(%n)[%n] {alignment = 8} : memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  return
}
