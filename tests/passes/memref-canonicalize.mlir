// Folds of the memref ops under --canonicalize: cast of cast (ranked inner
// source only), cast to the same type, load/store/dealloc through a cast,
// copy through a cast that only makes the type more dynamic, copy onto
// itself or of an empty memref (FoldSelfCopy, FoldEmptyCopy),
// reinterpret_cast of a reinterpret_cast/cast/zero-offset subview and to
// the source type, expand_shape/collapse_shape pairs, dead allocs and
// allocas (only stored into and deallocated); a view to its
// source's own type stays (mlir-opt 22 does not fold it). Expected output
// from mlir-opt 22.
// RUN: rmlir-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @cast_of_cast(%arg0: memref<4xf32>) -> memref<?xf32> {
// CHECK-NEXT: %cast = memref.cast %arg0 : memref<4xf32> to memref<?xf32>
// CHECK-NEXT: return %cast : memref<?xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @cast_roundtrip(%arg0: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT: return %arg0 : memref<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @cast_same(%arg0: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT: return %arg0 : memref<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @unranked_inner(%arg0: memref<*xf32>) -> memref<4xf32> {
// CHECK-NEXT: %cast = memref.cast %arg0 : memref<*xf32> to memref<?xf32>
// CHECK-NEXT: %cast_0 = memref.cast %cast : memref<?xf32> to memref<4xf32>
// CHECK-NEXT: return %cast_0 : memref<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @load_store(%arg0: memref<4xf32>, %arg1: index, %arg2: f32) -> f32 {
// CHECK-NEXT: %0 = memref.load %arg0[%arg1] : memref<4xf32>
// CHECK-NEXT: memref.store %arg2, %arg0[%arg1] : memref<4xf32>
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @dealloc_cast(%arg0: memref<4xf32>) {
// CHECK-NEXT: memref.dealloc %arg0 : memref<4xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @copy_cast(%arg0: memref<4xf32>, %arg1: memref<?xf32>) {
// CHECK-NEXT: memref.copy %arg0, %arg1 : memref<4xf32> to memref<?xf32>
// CHECK-NEXT: %cast = memref.cast %arg1 : memref<?xf32> to memref<4xf32>
// CHECK-NEXT: memref.copy %arg0, %cast : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @copy_self(%arg0: memref<4xf32>, %arg1: memref<0xf32>, %arg2: memref<0xf32>) {
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @view_same(%arg0: memref<2048xi8>, %arg1: index) -> memref<2048xi8> {
// CHECK-NEXT: %view = memref.view %arg0[%arg1][] : memref<2048xi8> to memref<2048xi8>
// CHECK-NEXT: return %view : memref<2048xi8>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @rc(%arg0: memref<?xf32>, %arg1: memref<*xf32>) -> (memref<10xf32>, memref<4xf32>, memref<4xf32>) {
// CHECK-NEXT: %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [10], strides: [1] : memref<?xf32> to memref<10xf32>
// CHECK-NEXT: %reinterpret_cast_0 = memref.reinterpret_cast %arg1 to offset: [0], sizes: [4], strides: [1] : memref<*xf32> to memref<4xf32>
// CHECK-NEXT: %alloc = memref.alloc() : memref<4xf32>
// CHECK-NEXT: return %reinterpret_cast, %reinterpret_cast_0, %alloc : memref<10xf32>, memref<4xf32>, memref<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @rc_subview(%arg0: memref<8x8xf32>) -> memref<16xf32> {
// CHECK-NEXT: %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [16], strides: [1] : memref<8x8xf32> to memref<16xf32>
// CHECK-NEXT: return %reinterpret_cast : memref<16xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @reshape_pair(%arg0: memref<6x4xf32>) -> (memref<6x4xf32>, memref<24xf32>) {
// CHECK-NEXT: %collapse_shape = memref.collapse_shape %arg0 {{\[\[}}0, 1]] : memref<6x4xf32> into memref<24xf32>
// CHECK-NEXT: return %arg0, %collapse_shape : memref<6x4xf32>, memref<24xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @dead_alloc(%arg0: f32, %arg1: index, %arg2: index) {
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @live_alloc(%arg0: f32, %arg1: index, %arg2: memref<1xmemref<4xf32>>) -> f32 {
// CHECK-NEXT: %alloc = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.store %alloc, %arg2[%arg1] : memref<1xmemref<4xf32>>
// CHECK-NEXT: %alloca = memref.alloca() : memref<4xf32>
// CHECK-NEXT: %0 = memref.load %alloca[%arg1] : memref<4xf32>
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }

func.func @cast_of_cast(%a: memref<4xf32>) -> memref<?xf32> {
  %0 = memref.cast %a : memref<4xf32> to memref<?xf32>
  %1 = memref.cast %0 : memref<?xf32> to memref<*xf32>
  %2 = memref.cast %1 : memref<*xf32> to memref<?xf32>
  return %2 : memref<?xf32>
}
func.func @cast_roundtrip(%a: memref<4xf32>) -> memref<4xf32> {
  %0 = memref.cast %a : memref<4xf32> to memref<?xf32>
  %1 = memref.cast %0 : memref<?xf32> to memref<4xf32>
  return %1 : memref<4xf32>
}
func.func @cast_same(%a: memref<4xf32>) -> memref<4xf32> {
  %0 = memref.cast %a : memref<4xf32> to memref<4xf32>
  return %0 : memref<4xf32>
}
func.func @unranked_inner(%a: memref<*xf32>) -> memref<4xf32> {
  %0 = memref.cast %a : memref<*xf32> to memref<?xf32>
  %1 = memref.cast %0 : memref<?xf32> to memref<4xf32>
  return %1 : memref<4xf32>
}
func.func @load_store(%a: memref<4xf32>, %i: index, %v: f32) -> f32 {
  %0 = memref.cast %a : memref<4xf32> to memref<?xf32>
  %1 = memref.load %0[%i] : memref<?xf32>
  memref.store %v, %0[%i] : memref<?xf32>
  return %1 : f32
}
func.func @dealloc_cast(%a: memref<4xf32>) {
  %0 = memref.cast %a : memref<4xf32> to memref<?xf32>
  memref.dealloc %0 : memref<?xf32>
  return
}
func.func @copy_cast(%a: memref<4xf32>, %b: memref<?xf32>) {
  %0 = memref.cast %a : memref<4xf32> to memref<?xf32>
  memref.copy %0, %b : memref<?xf32> to memref<?xf32>
  %1 = memref.cast %b : memref<?xf32> to memref<4xf32>
  memref.copy %a, %1 : memref<4xf32> to memref<4xf32>
  return
}
func.func @copy_self(%a: memref<4xf32>, %e: memref<0xf32>, %f: memref<0xf32>) {
  memref.copy %a, %a : memref<4xf32> to memref<4xf32>
  memref.copy %e, %f : memref<0xf32> to memref<0xf32>
  return
}
func.func @view_same(%b: memref<2048xi8>, %i: index) -> memref<2048xi8> {
  %0 = memref.view %b[%i][] : memref<2048xi8> to memref<2048xi8>
  return %0 : memref<2048xi8>
}
func.func @rc(%a: memref<?xf32>, %u: memref<*xf32>) -> (memref<10xf32>, memref<4xf32>, memref<4xf32>) {
  %0 = memref.reinterpret_cast %a to offset: [0], sizes: [10], strides: [1] : memref<?xf32> to memref<10xf32>
  %1 = memref.reinterpret_cast %0 to offset: [0], sizes: [10], strides: [1] : memref<10xf32> to memref<10xf32>
  %c = memref.cast %u : memref<*xf32> to memref<?xf32>
  %2 = memref.reinterpret_cast %c to offset: [0], sizes: [4], strides: [1] : memref<?xf32> to memref<4xf32>
  %s = memref.alloc() : memref<4xf32>
  %3 = memref.reinterpret_cast %s to offset: [0], sizes: [4], strides: [1] : memref<4xf32> to memref<4xf32>
  return %1, %2, %3 : memref<10xf32>, memref<4xf32>, memref<4xf32>
}
func.func @rc_subview(%a: memref<8x8xf32>) -> memref<16xf32> {
  %0 = memref.subview %a[0, 0][4, 4][1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>>
  %1 = memref.reinterpret_cast %0 to offset: [0], sizes: [16], strides: [1] : memref<4x4xf32, strided<[8, 1]>> to memref<16xf32>
  return %1 : memref<16xf32>
}
func.func @reshape_pair(%a: memref<6x4xf32>) -> (memref<6x4xf32>, memref<24xf32>) {
  %0 = memref.expand_shape %a [[0, 1], [2]] output_shape [2, 3, 4] : memref<6x4xf32> into memref<2x3x4xf32>
  %1 = memref.collapse_shape %0 [[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
  %c = memref.collapse_shape %a [[0, 1]] : memref<6x4xf32> into memref<24xf32>
  %e = memref.expand_shape %c [[0, 1]] output_shape [6, 4] : memref<24xf32> into memref<6x4xf32>
  %c2 = memref.collapse_shape %e [[0, 1]] : memref<6x4xf32> into memref<24xf32>
  return %1, %c2 : memref<6x4xf32>, memref<24xf32>
}
func.func @dead_alloc(%v: f32, %i: index, %n: index) {
  %0 = memref.alloc(%n) : memref<?xf32>
  memref.store %v, %0[%i] : memref<?xf32>
  memref.dealloc %0 : memref<?xf32>
  %1 = memref.alloca() : memref<4xf32>
  memref.store %v, %1[%i] : memref<4xf32>
  return
}
func.func @live_alloc(%v: f32, %i: index, %box: memref<1xmemref<4xf32>>) -> f32 {
  %0 = memref.alloc() : memref<4xf32>
  memref.store %0, %box[%i] : memref<1xmemref<4xf32>>
  %1 = memref.alloca() : memref<4xf32>
  %2 = memref.load %1[%i] : memref<4xf32>
  return %2 : f32
}
