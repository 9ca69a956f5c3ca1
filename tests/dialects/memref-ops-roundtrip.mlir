// The memref ops beyond load/store/subview/alloc/dim: cast, alloca, copy,
// dealloc, reinterpret_cast, view, expand_shape and collapse_shape, in
// custom and generic form (result names, attr-dict placement, strided
// layouts, memory spaces, unranked operands). Expected output from
// mlir-opt 22 on this file.
// RUN: rmlir-opt %s | FileCheck %s
// RUN: rmlir-opt %s --mlir-print-op-generic | rmlir-opt | FileCheck %s
// RUN: rmlir-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-LABEL: func.func @cast(%arg0: memref<4xf32>, %arg1: memref<*xf32>, %arg2: memref<12x4xf32, strided<[4, 1], offset: 5>>, %arg3: memref<4xf32, 3>) {
// CHECK-NEXT: %cast = memref.cast %arg0 : memref<4xf32> to memref<?xf32>
// CHECK-NEXT: %cast_0 = memref.cast %arg1 : memref<*xf32> to memref<4x?xf32>
// CHECK-NEXT: %cast_1 = memref.cast %arg2 : memref<12x4xf32, strided<[4, 1], offset: 5>> to memref<12x4xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %cast_2 = memref.cast %arg0 : memref<4xf32> to memref<*xf32>
// CHECK-NEXT: %cast_3 = memref.cast %arg3 : memref<4xf32, 3> to memref<*xf32, 3>
// CHECK-NEXT: %cast_4 = memref.cast %cast_1 : memref<12x4xf32, strided<[?, ?], offset: ?>> to memref<12x4xf32, strided<[4, 1], offset: 5>>
// CHECK-NEXT: %cast_5 = memref.cast %arg0 : memref<4xf32> to memref<4xf32, strided<[1]>>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @alloca_copy_dealloc(%arg0: memref<4xf32>, %arg1: memref<*xf32>, %arg2: index) {
// CHECK-NEXT: %alloca = memref.alloca() : memref<4xf32>
// CHECK-NEXT: %alloca_0 = memref.alloca(%arg2)[%arg2] {alignment = 16 : i64} : memref<?xf32, #map>
// CHECK-NEXT: memref.copy %arg0, %alloca : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: memref.copy %arg1, %arg0 : memref<*xf32> to memref<4xf32>
// CHECK-NEXT: memref.dealloc %arg1 : memref<*xf32>
// CHECK-NEXT: memref.dealloc %alloca_0 : memref<?xf32, #map>
// CHECK-NEXT: scf.execute_region {
// CHECK-NEXT: %alloca_1 = memref.alloca() : memref<2xi8>
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @reinterpret_view(%arg0: memref<?x?xf32>, %arg1: memref<*xf32>, %arg2: memref<2048xi8>, %arg3: index, %arg4: index) {
// CHECK-NEXT: %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [%arg3, 10], strides: [1, %arg4] : memref<?x?xf32> to memref<?x10xf32, strided<[1, ?]>>
// CHECK-NEXT: %reinterpret_cast_0 = memref.reinterpret_cast %arg1 to offset: [%arg3], sizes: [%arg3, %arg4], strides: [%arg4, %arg3] : memref<*xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %reinterpret_cast_1 = memref.reinterpret_cast %arg0 to offset: [0], sizes: [], strides: [] : memref<?x?xf32> to memref<f32>
// CHECK-NEXT: %reinterpret_cast_2 = memref.reinterpret_cast %arg0 to offset: [3], sizes: [4, 4], strides: [4, 1] {foo} : memref<?x?xf32> to memref<4x4xf32, strided<[4, 1], offset: 3>>
// CHECK-NEXT: %view = memref.view %arg2[%arg3][%arg4] : memref<2048xi8> to memref<?x4xf32>
// CHECK-NEXT: %view_3 = memref.view %arg2[%arg3][] : memref<2048xi8> to memref<64x4xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @reshapes(%arg0: memref<?x?xf32>, %arg1: memref<6x4xf32, strided<[8, 1], offset: 2>>, %arg2: memref<6x4xf32, strided<[4, 1], offset: ?>>, %arg3: index, %arg4: index) {
// CHECK-NEXT: %alloc = memref.alloc() : memref<3x4x5xf32>
// CHECK-NEXT: %collapse_shape = memref.collapse_shape %alloc {{\[\[}}0, 1], [2]] : memref<3x4x5xf32> into memref<12x5xf32>
// CHECK-NEXT: %expand_shape = memref.expand_shape %collapse_shape {{\[\[}}0, 1], [2]] output_shape [3, 4, 5] : memref<12x5xf32> into memref<3x4x5xf32>
// CHECK-NEXT: %expand_shape_0 = memref.expand_shape %arg0 {{\[\[}}0, 1], [2]] output_shape [%arg3, 4, %arg4] : memref<?x?xf32> into memref<?x4x?xf32>
// CHECK-NEXT: %collapse_shape_1 = memref.collapse_shape %arg0 {{\[\[}}0, 1]] : memref<?x?xf32> into memref<?xf32>
// CHECK-NEXT: %alloc_2 = memref.alloc() : memref<1x1xf32>
// CHECK-NEXT: %collapse_shape_3 = memref.collapse_shape %alloc_2 [] : memref<1x1xf32> into memref<f32>
// CHECK-NEXT: %expand_shape_4 = memref.expand_shape %collapse_shape_3 [] output_shape [1, 1] : memref<f32> into memref<1x1xf32>
// CHECK-NEXT: %expand_shape_5 = memref.expand_shape %arg1 {{\[\[}}0, 1], [2]] output_shape [2, 3, 4] : memref<6x4xf32, strided<[8, 1], offset: 2>> into memref<2x3x4xf32, strided<[24, 8, 1], offset: 2>>
// CHECK-NEXT: %collapse_shape_6 = memref.collapse_shape %expand_shape_5 {{\[\[}}0, 1], [2]] : memref<2x3x4xf32, strided<[24, 8, 1], offset: 2>> into memref<6x4xf32, strided<[8, 1], offset: 2>>
// CHECK-NEXT: %collapse_shape_7 = memref.collapse_shape %arg2 {{\[\[}}0, 1]] : memref<6x4xf32, strided<[4, 1], offset: ?>> into memref<24xf32, strided<[1], offset: ?>>
// CHECK-NEXT: return
// CHECK-NEXT: }

// GENERIC: %20 = "memref.cast"(%arg13) : (memref<4xf32>) -> memref<?xf32>
// GENERIC: %21 = "memref.cast"(%arg14) : (memref<*xf32>) -> memref<4x?xf32>
// GENERIC: %22 = "memref.cast"(%arg15) : (memref<12x4xf32, strided<[4, 1], offset: 5>>) -> memref<12x4xf32, strided<[?, ?], offset: ?>>
// GENERIC: %23 = "memref.cast"(%arg13) : (memref<4xf32>) -> memref<*xf32>
// GENERIC: %24 = "memref.cast"(%arg16) : (memref<4xf32, 3>) -> memref<*xf32, 3>
// GENERIC: %25 = "memref.cast"(%22) : (memref<12x4xf32, strided<[?, ?], offset: ?>>) -> memref<12x4xf32, strided<[4, 1], offset: 5>>
// GENERIC: %26 = "memref.cast"(%arg13) : (memref<4xf32>) -> memref<4xf32, strided<[1]>>
// GENERIC: %17 = "memref.alloca"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
// GENERIC: %18 = "memref.alloca"(%arg12, %arg12) <{alignment = 16 : i64, operandSegmentSizes = array<i32: 1, 1>}> : (index, index) -> memref<?xf32, #map>
// GENERIC: "memref.copy"(%arg10, %17) : (memref<4xf32>, memref<4xf32>) -> ()
// GENERIC: "memref.copy"(%arg11, %arg10) : (memref<*xf32>, memref<4xf32>) -> ()
// GENERIC: "memref.dealloc"(%arg11) : (memref<*xf32>) -> ()
// GENERIC: "memref.dealloc"(%18) : (memref<?xf32, #map>) -> ()
// GENERIC: %19 = "memref.alloca"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<2xi8>
// GENERIC: %11 = "memref.reinterpret_cast"(%arg5, %arg8, %arg9) <{operandSegmentSizes = array<i32: 1, 0, 1, 1>, static_offsets = array<i64: 0>, static_sizes = array<i64: -9223372036854775808, 10>, static_strides = array<i64: 1, -9223372036854775808>}> : (memref<?x?xf32>, index, index) -> memref<?x10xf32, strided<[1, ?]>>
// GENERIC: %12 = "memref.reinterpret_cast"(%arg6, %arg8, %arg8, %arg9, %arg9, %arg8) <{operandSegmentSizes = array<i32: 1, 1, 2, 2>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: -9223372036854775808, -9223372036854775808>, static_strides = array<i64: -9223372036854775808, -9223372036854775808>}> : (memref<*xf32>, index, index, index, index, index) -> memref<?x?xf32, strided<[?, ?], offset: ?>>
// GENERIC: %13 = "memref.reinterpret_cast"(%arg5) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64>, static_strides = array<i64>}> : (memref<?x?xf32>) -> memref<f32>
// GENERIC: %14 = "memref.reinterpret_cast"(%arg5) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 3>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 4, 1>}> {foo} : (memref<?x?xf32>) -> memref<4x4xf32, strided<[4, 1], offset: 3>>
// GENERIC: %15 = "memref.view"(%arg7, %arg8, %arg9) : (memref<2048xi8>, index, index) -> memref<?x4xf32>
// GENERIC: %16 = "memref.view"(%arg7, %arg8) : (memref<2048xi8>, index) -> memref<64x4xf32>
// GENERIC: %0 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<3x4x5xf32>
// GENERIC: %1 = "memref.collapse_shape"(%0) <{reassociation = {{\[\[}}0, 1], [2]]}> : (memref<3x4x5xf32>) -> memref<12x5xf32>
// GENERIC: %2 = "memref.expand_shape"(%1) <{reassociation = {{\[\[}}0, 1], [2]], static_output_shape = array<i64: 3, 4, 5>}> : (memref<12x5xf32>) -> memref<3x4x5xf32>
// GENERIC: %3 = "memref.expand_shape"(%arg0, %arg3, %arg4) <{reassociation = {{\[\[}}0, 1], [2]], static_output_shape = array<i64: -9223372036854775808, 4, -9223372036854775808>}> : (memref<?x?xf32>, index, index) -> memref<?x4x?xf32>
// GENERIC: %4 = "memref.collapse_shape"(%arg0) <{reassociation = {{\[\[}}0, 1]]}> : (memref<?x?xf32>) -> memref<?xf32>
// GENERIC: %5 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<1x1xf32>
// GENERIC: %6 = "memref.collapse_shape"(%5) <{reassociation = []}> : (memref<1x1xf32>) -> memref<f32>
// GENERIC: %7 = "memref.expand_shape"(%6) <{reassociation = [], static_output_shape = array<i64: 1, 1>}> : (memref<f32>) -> memref<1x1xf32>
// GENERIC: %8 = "memref.expand_shape"(%arg1) <{reassociation = {{\[\[}}0, 1], [2]], static_output_shape = array<i64: 2, 3, 4>}> : (memref<6x4xf32, strided<[8, 1], offset: 2>>) -> memref<2x3x4xf32, strided<[24, 8, 1], offset: 2>>
// GENERIC: %9 = "memref.collapse_shape"(%8) <{reassociation = {{\[\[}}0, 1], [2]]}> : (memref<2x3x4xf32, strided<[24, 8, 1], offset: 2>>) -> memref<6x4xf32, strided<[8, 1], offset: 2>>
// GENERIC: %10 = "memref.collapse_shape"(%arg2) <{reassociation = {{\[\[}}0, 1]]}> : (memref<6x4xf32, strided<[4, 1], offset: ?>>) -> memref<24xf32, strided<[1], offset: ?>>

func.func @cast(%a: memref<4xf32>, %u: memref<*xf32>, %s: memref<12x4xf32, strided<[4, 1], offset: 5>>, %m: memref<4xf32, 3>) {
  %0 = memref.cast %a : memref<4xf32> to memref<?xf32>
  %1 = memref.cast %u : memref<*xf32> to memref<4x?xf32>
  %2 = memref.cast %s : memref<12x4xf32, strided<[4, 1], offset: 5>> to memref<12x4xf32, strided<[?, ?], offset: ?>>
  %3 = memref.cast %a : memref<4xf32> to memref<*xf32>
  %4 = memref.cast %m : memref<4xf32, 3> to memref<*xf32, 3>
  %5 = memref.cast %2 : memref<12x4xf32, strided<[?, ?], offset: ?>> to memref<12x4xf32, strided<[4, 1], offset: 5>>
  %6 = memref.cast %a : memref<4xf32> to memref<4xf32, strided<[1]>>
  return
}
func.func @alloca_copy_dealloc(%a: memref<4xf32>, %u: memref<*xf32>, %n: index) {
  %0 = memref.alloca() : memref<4xf32>
  %1 = memref.alloca(%n)[%n] {alignment = 16} : memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  memref.copy %a, %0 : memref<4xf32> to memref<4xf32>
  memref.copy %u, %a : memref<*xf32> to memref<4xf32>
  memref.dealloc %u : memref<*xf32>
  memref.dealloc %1 : memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  scf.execute_region {
    %2 = memref.alloca() : memref<2xi8>
    scf.yield
  }
  return
}
func.func @reinterpret_view(%a: memref<?x?xf32>, %u: memref<*xf32>, %b: memref<2048xi8>, %i: index, %j: index) {
  %0 = memref.reinterpret_cast %a to offset: [0], sizes: [%i, 10], strides: [1, %j] : memref<?x?xf32> to memref<?x10xf32, strided<[1, ?]>>
  %1 = memref.reinterpret_cast %u to offset: [%i], sizes: [%i, %j], strides: [%j, %i] : memref<*xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %2 = memref.reinterpret_cast %a to offset: [0], sizes: [], strides: [] : memref<?x?xf32> to memref<f32>
  %3 = memref.reinterpret_cast %a to offset: [3], sizes: [4, 4], strides: [4, 1] {foo} : memref<?x?xf32> to memref<4x4xf32, strided<[4, 1], offset: 3>>
  %4 = memref.view %b[%i][%j] : memref<2048xi8> to memref<?x4xf32>
  %5 = memref.view %b[%i][] : memref<2048xi8> to memref<64x4xf32>
  return
}
func.func @reshapes(%a: memref<?x?xf32>, %s: memref<6x4xf32, strided<[8, 1], offset: 2>>, %t: memref<6x4xf32, strided<[4, 1], offset: ?>>, %i: index, %j: index) {
  %c = memref.alloc() : memref<3x4x5xf32>
  %0 = memref.collapse_shape %c [[0, 1], [2]] : memref<3x4x5xf32> into memref<12x5xf32>
  %1 = memref.expand_shape %0 [[0, 1], [2]] output_shape [3, 4, 5] : memref<12x5xf32> into memref<3x4x5xf32>
  %2 = memref.expand_shape %a [[0, 1], [2]] output_shape [%i, 4, %j] : memref<?x?xf32> into memref<?x4x?xf32>
  %3 = memref.collapse_shape %a [[0, 1]] : memref<?x?xf32> into memref<?xf32>
  %z = memref.alloc() : memref<1x1xf32>
  %4 = memref.collapse_shape %z [] : memref<1x1xf32> into memref<f32>
  %5 = memref.expand_shape %4 [] output_shape [1, 1] : memref<f32> into memref<1x1xf32>
  %6 = memref.expand_shape %s [[0, 1], [2]] output_shape [2, 3, 4] : memref<6x4xf32, strided<[8, 1], offset: 2>> into memref<2x3x4xf32, strided<[24, 8, 1], offset: 2>>
  %7 = memref.collapse_shape %6 [[0, 1], [2]] : memref<2x3x4xf32, strided<[24, 8, 1], offset: 2>> into memref<6x4xf32, strided<[8, 1], offset: 2>>
  %8 = memref.collapse_shape %t [[0, 1]] : memref<6x4xf32, strided<[4, 1], offset: ?>> into memref<24xf32, strided<[1], offset: ?>>
  return
}
