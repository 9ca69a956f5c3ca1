// memref.subview's verifier (upstream SubViewOp::verify after the
// OffsetSizeAndStrideOpInterface checks): the result is the strided view the
// static offsets, sizes and strides select on the source, possibly
// rank-reduced, in the same memory space and inside the source. Messages
// from mlir-opt 22; this file also passes under
// `mlir-opt --split-input-file --verify-diagnostics`.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics

func.func @identity_result_layout(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<4x4xf32, strided<[16, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4x4xf32>'}}
  %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x16xf32> to memref<4x4xf32>
  return
}

// -----

func.func @memory_space(%m: memref<8x16xf32>) {
  // expected-error@+1 {{different memory spaces specified for base memref type 'memref<8x16xf32>' and subview memref type 'memref<4x4xf32, strided<[16, 1]>, 1>'}}
  %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1]>, 1>
  return
}

// -----

func.func @rank_too_large(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected result rank to be smaller or equal to the source rank, but got 'memref<4x4x1xf32, strided<[16, 1, 1]>>'}}
  %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x16xf32> to memref<4x4x1xf32, strided<[16, 1, 1]>>
  return
}

// -----

func.func @sizes(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<4x4xf32, strided<[16, 1]>>' or a rank-reduced version. (mismatch of result sizes), but got 'memref<4x5xf32, strided<[16, 1]>>'}}
  %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x16xf32> to memref<4x5xf32, strided<[16, 1]>>
  return
}

// -----

func.func @dynamic_size_dropped(%m: memref<8x16x4xf32>, %i: index) {
  // expected-error@+1 {{expected result type to be 'memref<8x?x4xf32, strided<[64, 4, 1], offset: 8>>' or a rank-reduced version. (mismatch of result sizes), but got 'memref<8x4xf32, strided<[64, 1], offset: 8>>'}}
  %0 = memref.subview %m[0, 2, 0][8, %i, 4][1, 1, 1] : memref<8x16x4xf32> to memref<8x4xf32, strided<[64, 1], offset: 8>>
  return
}

// -----

func.func @element_type(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected result element type to be 'f32', but got 'memref<4x4xi32, strided<[16, 1]>>'}}
  %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x16xf32> to memref<4x4xi32, strided<[16, 1]>>
  return
}

// -----

func.func @offset(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<4x4xf32, strided<[16, 1], offset: 16>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4x4xf32, strided<[16, 1]>>'}}
  %0 = memref.subview %m[1, 0][4, 4][1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @static_offset_for_dynamic(%m: memref<8x16xf32>, %i: index) {
  // expected-error@+1 {{expected result type to be 'memref<4x4xf32, strided<[16, 1], offset: ?>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4x4xf32, strided<[16, 1]>>'}}
  %0 = memref.subview %m[%i, 0][4, 4][1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @stride(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<4x4xf32, strided<[16, 2], offset: 16>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4x4xf32, strided<[16, 1], offset: 16>>'}}
  %0 = memref.subview %m[1, 0][4, 4][1, 2] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1], offset: 16>>
  return
}

// -----

func.func @dynamic_source_strides(%m: memref<4x?x4xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<4x1x4xf32, strided<[?, 4, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4x1x4xf32>'}}
  %0 = memref.subview %m[0, 0, 0][4, 1, 4][1, 1, 1] : memref<4x?x4xf32> to memref<4x1x4xf32>
  return
}

// -----

func.func @reduced_stride(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<1x4xf32, strided<[16, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4xf32, strided<[2]>>'}}
  %0 = memref.subview %m[0, 0][1, 4][1, 1] : memref<8x16xf32> to memref<4xf32, strided<[2]>>
  return
}

// -----

func.func @reduced_unit_dims(%m: memref<8x1x1x4xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<1x1x1x4xf32, strided<[4, 4, 4, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<1x4xf32, strided<[32, 1]>>'}}
  %0 = memref.subview %m[0, 0, 0, 0][1, 1, 1, 4][1, 1, 1, 1] : memref<8x1x1x4xf32> to memref<1x4xf32, strided<[32, 1]>>
  return
}

// -----

func.func @affine_layout_offset(%m: memref<8x16x4xf32, 3>) {
  // expected-error@+1 {{expected result type to be 'memref<8x1x4xf32, strided<[64, 4, 1], offset: 8>, 3>' or a rank-reduced version. (mismatch of result layout), but got 'memref<8x4xf32, affine_map<(d0, d1) -> (d0 * 64 + d1 + 9)>, 3>'}}
  %0 = memref.subview %m[0, 2, 0][8, 1, 4][1, 1, 1] : memref<8x16x4xf32, 3> to memref<8x4xf32, affine_map<(d0, d1) -> (d0 * 64 + d1 + 9)>, 3>
  return
}

// -----

func.func @affine_source_layout(%m: memref<8x16xf32, affine_map<(d0, d1) -> ((d0 * 4) floordiv 2 + d1 + 3 + d0 * 2)>>) {
  // expected-error@+1 {{expected result type to be 'memref<4x4xf32, strided<[4, 1], offset: 7>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4x4xf32>'}}
  %0 = memref.subview %m[1, 0][4, 4][1, 1] : memref<8x16xf32, affine_map<(d0, d1) -> ((d0 * 4) floordiv 2 + d1 + 3 + d0 * 2)>> to memref<4x4xf32>
  return
}

// -----

func.func @symbolic_source_stride(%m: memref<8x16xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>>) {
  // expected-error@+1 {{expected result type to be 'memref<4x4xf32, strided<[?, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4x4xf32>'}}
  %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x16xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>> to memref<4x4xf32>
  return
}

// -----

func.func @not_strided_div(%m: memref<8x16xf32, affine_map<(d0, d1) -> (d0 floordiv 2 + d1)>>) {
  // expected-error@+1 {{base type 'memref<8x16xf32, affine_map<(d0, d1) -> (d0 floordiv 2 + d1)>>' is not strided}}
  %0 = memref.subview %m[1, 0][8, 4][1, 1] : memref<8x16xf32, affine_map<(d0, d1) -> (d0 floordiv 2 + d1)>> to memref<8x4xf32, strided<[16, 1], offset: 16>>
  return
}

// -----

func.func @not_strided_permutation(%m: memref<8x16xf32, affine_map<(d0, d1) -> (d1, d0)>>) {
  // expected-error@+1 {{base type 'memref<8x16xf32, affine_map<(d0, d1) -> (d1, d0)>>' is not strided}}
  %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x16xf32, affine_map<(d0, d1) -> (d1, d0)>> to memref<4x4xf32>
  return
}

// -----

func.func @slice_out_of_bounds(%m: memref<8x16xf32>) {
  // expected-error@+1 {{slice along dimension 0 runs out-of-bounds: 8 >= 8}}
  %0 = memref.subview %m[1, 0][8, 4][1, 1] : memref<8x16xf32> to memref<8x4xf32, strided<[16, 1], offset: 16>>
  return
}

// -----

func.func @offset_out_of_bounds(%m: memref<8x16xf32>) {
  // expected-error@+1 {{offset 1 is out-of-bounds: 17 >= 16}}
  %0 = memref.subview %m[0, 17][1, 1][1, 1] : memref<8x16xf32> to memref<1x1xf32, strided<[16, 1], offset: 17>>
  return
}

// -----

func.func @zero_extent(%m: memref<4x0xf32>) {
  // expected-error@+1 {{offset 1 is out-of-bounds: 0 >= 0}}
  %0 = memref.subview %m[0, 0][4, 0][1, 1] : memref<4x0xf32> to memref<4x0xf32>
  return
}

// -----

func.func @offsets_rank(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the rank of the result type is well-formed.}}
  %0 = memref.subview %m[0][4, 4][1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @offsets_count(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected 2 offset values, got 3}}
  %0 = memref.subview %m[0, 0, 0][4, 4, 1][1, 1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @negative_offset(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected offsets to be non-negative, but got -1}}
  %0 = memref.subview %m[0, -1][4, 4][1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1], offset: -1>>
  return
}

// -----

// Valid subviews: rank reduction decided by strides, dynamic entries,
// affine layouts, zero and negative strides, 0-d results.
func.func @valid(%m: memref<8x16x4xf32>, %n: memref<8x16xf32>, %p: memref<8x1x1x4xf32>,
                 %q: memref<8x16x4xf32, 3>, %r: memref<8x16xf32, strided<[?, ?], offset: ?>>, %i: index) {
  %0 = memref.subview %m[0, 2, 0][8, 1, 4][1, 1, 1] : memref<8x16x4xf32> to memref<8x4xf32, strided<[64, 1], offset: 8>>
  %1 = memref.subview %m[0, 2, 0][8, 1, 4][1, 1, 1] : memref<8x16x4xf32> to memref<8x1x4xf32, strided<[64, 4, 1], offset: 8>>
  %2 = memref.subview %m[%i, %i, %i][%i, 1, %i][%i, 1, 2] : memref<8x16x4xf32> to memref<?x?xf32, strided<[?, 2], offset: ?>>
  %3 = memref.subview %m[0, 0, 0][4, 4, 4][2, 2, 1] : memref<8x16x4xf32> to memref<4x4x4xf32, strided<[128, 8, 1]>>
  %4 = memref.subview %p[0, 0, 0, 0][1, 1, 1, 4][1, 1, 1, 1] : memref<8x1x1x4xf32> to memref<1x4xf32, strided<[4, 1]>>
  %5 = memref.subview %q[0, 2, 0][8, 1, 4][1, 1, 1] : memref<8x16x4xf32, 3> to memref<8x4xf32, affine_map<(d0, d1) -> (d0 * 64 + d1 + 8)>, 3>
  %6 = memref.subview %n[0, 0][2, 1][1, 1] : memref<8x16xf32> to memref<2x1xf32, strided<[16, 1]>>
  %7 = memref.subview %n[0, 0][1, 1][1, 1] : memref<8x16xf32> to memref<1xf32, strided<[1]>>
  %8 = memref.subview %n[0, 0][1, 1][1, 1] : memref<8x16xf32> to memref<f32>
  %9 = memref.subview %n[0, 0][1, 1][1, -3] : memref<8x16xf32> to memref<1x1xf32, strided<[16, -3]>>
  %10 = memref.subview %n[0, 0][4, 4][1, 0] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 0]>>
  %11 = memref.subview %r[0, 0][1, 4][1, 1] : memref<8x16xf32, strided<[?, ?], offset: ?>> to memref<4xf32, strided<[?], offset: ?>>
  return
}
