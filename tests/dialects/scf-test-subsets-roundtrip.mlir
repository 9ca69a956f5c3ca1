// The dialect subsets the scf tests need: tensor (empty, extract,
// extract_slice, insert_slice, cast), memref (alloc, load, dim), linalg
// (fill, exp, generic, yield), affine.min and the gpu mapping attributes,
// in custom form and generic form (the generic form parses back).
// Expected output produced by mlir-opt 22.
// RUN: rmlir-opt %s | FileCheck %s --check-prefix=CUSTOM
// RUN: rmlir-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: rmlir-opt %s --mlir-print-op-generic | rmlir-opt --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

#id = affine_map<(d0) -> (d0)>
#min = affine_map<(d0)[s0, s1] -> (-(d0 * s1) + s0, s1)>
func.func @subsets(%cst: f32, %t: tensor<8x8xf32>, %u: tensor<16xf32>, %m: memref<16xf32>, %i: index, %s: index) -> (tensor<2x3xf32>, tensor<16xf32>, tensor<8x8xf32>, f32, tensor<?x?xf32>) {
  %empty = tensor.empty(%i) : tensor<?x8xf32>
  %slice = tensor.extract_slice %t[%i, 0] [2, 3] [1, 1] : tensor<8x8xf32> to tensor<2x3xf32>
  %fill = linalg.fill ins(%cst : f32) outs(%slice : tensor<2x3xf32>) -> tensor<2x3xf32>
  %ins = tensor.insert_slice %fill into %t[0, %i] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x8xf32>
  %e = linalg.exp ins(%u : tensor<16xf32>) outs(%u : tensor<16xf32>) -> tensor<16xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%u : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%a: f32, %b: f32):
    %x = arith.addf %a, %b : f32
    linalg.yield %x : f32
  } -> tensor<16xf32>
  linalg.fill ins(%cst : f32) outs(%m : memref<16xf32>)
  %c0 = arith.constant 0 : index
  %x = tensor.extract %ins[%c0, %c0] : tensor<8x8xf32>
  %cast = tensor.cast %t : tensor<8x8xf32> to tensor<?x?xf32>
  %mn = affine.min #min(%i)[%s, %s]
  %alloc = memref.alloc(%mn) {alignment = 64 : i64} : memref<?xf32>
  %l = memref.load %alloc[%c0] : memref<?xf32>
  %d = memref.dim %alloc, %c0 : memref<?xf32>
  memref.store %l, %m[%d] : memref<16xf32>
  scf.forall (%p) in (4) {
  } {mapping = [#gpu.thread<x>]}
  return %fill, %g, %ins, %x, %cast : tensor<2x3xf32>, tensor<16xf32>, tensor<8x8xf32>, f32, tensor<?x?xf32>
}

// CUSTOM: #map = affine_map<(d0) -> (d0)>
// CUSTOM-NEXT: #map1 = affine_map<(d0)[s0, s1] -> (-(d0 * s1) + s0, s1)>
// CUSTOM-NEXT: module {
// CUSTOM-NEXT:   func.func @subsets(%arg0: f32, %arg1: tensor<8x8xf32>, %arg2: tensor<16xf32>, %arg3: memref<16xf32>, %arg4: index, %arg5: index) -> (tensor<2x3xf32>, tensor<16xf32>, tensor<8x8xf32>, f32, tensor<?x?xf32>) {
// CUSTOM-NEXT:     %0 = tensor.empty(%arg4) : tensor<?x8xf32>
// CUSTOM-NEXT:     %extracted_slice = tensor.extract_slice %arg1[%arg4, 0] [2, 3] [1, 1] : tensor<8x8xf32> to tensor<2x3xf32>
// CUSTOM-NEXT:     %1 = linalg.fill ins(%arg0 : f32) outs(%extracted_slice : tensor<2x3xf32>) -> tensor<2x3xf32>
// CUSTOM-NEXT:     %inserted_slice = tensor.insert_slice %1 into %arg1[0, %arg4] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x8xf32>
// CUSTOM-NEXT:     %2 = linalg.exp ins(%arg2 : tensor<16xf32>) outs(%arg2 : tensor<16xf32>) -> tensor<16xf32>
// CUSTOM-NEXT:     %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg2 : tensor<16xf32>) outs(%2 : tensor<16xf32>) {
// CUSTOM-NEXT:     ^bb0(%in: f32, %out: f32):
// CUSTOM-NEXT:       %6 = arith.addf %in, %out : f32
// CUSTOM-NEXT:       linalg.yield %6 : f32
// CUSTOM-NEXT:     } -> tensor<16xf32>
// CUSTOM-NEXT:     linalg.fill ins(%arg0 : f32) outs(%arg3 : memref<16xf32>)
// CUSTOM-NEXT:     %c0 = arith.constant 0 : index
// CUSTOM-NEXT:     %extracted = tensor.extract %inserted_slice[%c0, %c0] : tensor<8x8xf32>
// CUSTOM-NEXT:     %cast = tensor.cast %arg1 : tensor<8x8xf32> to tensor<?x?xf32>
// CUSTOM-NEXT:     %4 = affine.min #map1(%arg4)[%arg5, %arg5]
// CUSTOM-NEXT:     %alloc = memref.alloc(%4) {alignment = 64 : i64} : memref<?xf32>
// CUSTOM-NEXT:     %5 = memref.load %alloc[%c0] : memref<?xf32>
// CUSTOM-NEXT:     %dim = memref.dim %alloc, %c0 : memref<?xf32>
// CUSTOM-NEXT:     memref.store %5, %arg3[%dim] : memref<16xf32>
// CUSTOM-NEXT:     scf.forall (%arg6) in (4) {
// CUSTOM-NEXT:     } {mapping = [#gpu.thread<x>]}
// CUSTOM-NEXT:     return %1, %3, %inserted_slice, %extracted, %cast : tensor<2x3xf32>, tensor<16xf32>, tensor<8x8xf32>, f32, tensor<?x?xf32>
// CUSTOM-NEXT:   }
// CUSTOM-NEXT: }

// GENERIC: #map = affine_map<(d0) -> (d0)>
// GENERIC-NEXT: #map1 = affine_map<(d0)[s0, s1] -> (-(d0 * s1) + s0, s1)>
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (f32, tensor<8x8xf32>, tensor<16xf32>, memref<16xf32>, index, index) -> (tensor<2x3xf32>, tensor<16xf32>, tensor<8x8xf32>, f32, tensor<?x?xf32>), sym_name = "subsets"}> ({
// GENERIC-NEXT:   ^bb0(%arg0: f32, %arg1: tensor<8x8xf32>, %arg2: tensor<16xf32>, %arg3: memref<16xf32>, %arg4: index, %arg5: index):
// GENERIC-NEXT:     %0 = "tensor.empty"(%arg4) : (index) -> tensor<?x8xf32>
// GENERIC-NEXT:     %1 = "tensor.extract_slice"(%arg1, %arg4) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 2, 3>, static_strides = array<i64: 1, 1>}> : (tensor<8x8xf32>, index) -> tensor<2x3xf32>
// GENERIC-NEXT:     %2 = "linalg.fill"(%arg0, %1) <{operandSegmentSizes = array<i32: 1, 1>}> ({
// GENERIC-NEXT:     ^bb0(%arg13: f32, %arg14: f32):
// GENERIC-NEXT:       "linalg.yield"(%arg13) : (f32) -> ()
// GENERIC-NEXT:     }) : (f32, tensor<2x3xf32>) -> tensor<2x3xf32>
// GENERIC-NEXT:     %3 = "tensor.insert_slice"(%2, %arg1, %arg4) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, static_offsets = array<i64: 0, -9223372036854775808>, static_sizes = array<i64: 2, 3>, static_strides = array<i64: 1, 1>}> : (tensor<2x3xf32>, tensor<8x8xf32>, index) -> tensor<8x8xf32>
// GENERIC-NEXT:     %4 = "linalg.exp"(%arg2, %arg2) <{operandSegmentSizes = array<i32: 1, 1>}> ({
// GENERIC-NEXT:     ^bb0(%arg11: f32, %arg12: f32):
// GENERIC-NEXT:       %14 = "math.exp"(%arg11) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT:       "linalg.yield"(%14) : (f32) -> ()
// GENERIC-NEXT:     }) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// GENERIC-NEXT:     %5 = "linalg.generic"(%arg2, %4) <{indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
// GENERIC-NEXT:     ^bb0(%arg9: f32, %arg10: f32):
// GENERIC-NEXT:       %13 = "arith.addf"(%arg9, %arg10) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT:       "linalg.yield"(%13) : (f32) -> ()
// GENERIC-NEXT:     }) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// GENERIC-NEXT:     "linalg.fill"(%arg0, %arg3) <{operandSegmentSizes = array<i32: 1, 1>}> ({
// GENERIC-NEXT:     ^bb0(%arg7: f32, %arg8: f32):
// GENERIC-NEXT:       "linalg.yield"(%arg7) : (f32) -> ()
// GENERIC-NEXT:     }) : (f32, memref<16xf32>) -> ()
// GENERIC-NEXT:     %6 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %7 = "tensor.extract"(%3, %6, %6) : (tensor<8x8xf32>, index, index) -> f32
// GENERIC-NEXT:     %8 = "tensor.cast"(%arg1) : (tensor<8x8xf32>) -> tensor<?x?xf32>
// GENERIC-NEXT:     %9 = "affine.min"(%arg4, %arg5, %arg5) <{map = #map1}> : (index, index, index) -> index
// GENERIC-NEXT:     %10 = "memref.alloc"(%9) <{alignment = 64 : i64, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
// GENERIC-NEXT:     %11 = "memref.load"(%10, %6) : (memref<?xf32>, index) -> f32
// GENERIC-NEXT:     %12 = "memref.dim"(%10, %6) : (memref<?xf32>, index) -> index
// GENERIC-NEXT:     "memref.store"(%11, %arg3, %12) : (f32, memref<16xf32>, index) -> ()
// GENERIC-NEXT:     "scf.forall"() <{mapping = [#gpu.thread<x>], operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
// GENERIC-NEXT:     ^bb0(%arg6: index):
// GENERIC-NEXT:       "scf.forall.in_parallel"() ({
// GENERIC-NEXT:       ^bb0:
// GENERIC-NEXT:       }) : () -> ()
// GENERIC-NEXT:     }) : () -> ()
// GENERIC-NEXT:     "func.return"(%2, %5, %3, %7, %8) : (tensor<2x3xf32>, tensor<16xf32>, tensor<8x8xf32>, f32, tensor<?x?xf32>) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()
