// memref.reinterpret_cast (one offset, static entries agreeing with the
// result type), memref.view (identity layouts, memory space, dynamic size
// count, i8 source), memref.expand_shape and memref.collapse_shape
// (reassociation groups, dynamic extents, inferred strided layouts, output
// shape) and the constraints of their generic forms. Messages from
// mlir-opt 22; this file also passes under
// `mlir-opt --split-input-file --verify-diagnostics`.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics

func.func @rc_space(%a: memref<?xf32>) {
  // expected-error@+1 {{different memory spaces specified for source type 'memref<?xf32>' and result memref type 'memref<10xf32, strided<[1]>, 1>'}}
  %0 = memref.reinterpret_cast %a to offset: [0], sizes: [10], strides: [1] : memref<?xf32> to memref<10xf32, strided<[1]>, 1>
  return
}
// -----
func.func @rc_elem(%a: memref<?xf32>) {
  // expected-error@+1 {{different element types specified for source type 'memref<?xf32>' and result memref type 'memref<10xi32>'}}
  %0 = memref.reinterpret_cast %a to offset: [0], sizes: [10], strides: [1] : memref<?xf32> to memref<10xi32>
  return
}
// -----
func.func @rc_size(%a: memref<?xf32>, %n: index) {
  // expected-error@+1 {{expected result type with size = dynamic instead of 10 in dim = 0}}
  %0 = memref.reinterpret_cast %a to offset: [0], sizes: [%n], strides: [1] : memref<?xf32> to memref<10xf32>
  return
}
// -----
func.func @rc_size2(%a: memref<?xf32>) {
  // expected-error@+1 {{expected result type with size = 9 instead of 10 in dim = 0}}
  %0 = memref.reinterpret_cast %a to offset: [0], sizes: [9], strides: [1] : memref<?xf32> to memref<10xf32>
  return
}
// -----
func.func @rc_offset(%a: memref<?xf32>) {
  // expected-error@+1 {{expected result type with offset = 1 instead of 0}}
  %0 = memref.reinterpret_cast %a to offset: [1], sizes: [10], strides: [1] : memref<?xf32> to memref<10xf32>
  return
}
// -----
func.func @rc_offset_dyn(%a: memref<?xf32>, %n: index) {
  // expected-error@+1 {{expected result type with offset = dynamic instead of 2}}
  %0 = memref.reinterpret_cast %a to offset: [%n], sizes: [10], strides: [1] : memref<?xf32> to memref<10xf32, strided<[1], offset: 2>>
  return
}
// -----
func.func @rc_stride(%a: memref<?xf32>) {
  // expected-error@+1 {{expected result type with stride = 2 instead of 1 in dim = 1}}
  %0 = memref.reinterpret_cast %a to offset: [0], sizes: [10, 4], strides: [4, 2] : memref<?xf32> to memref<10x4xf32>
  return
}
// -----
func.func @rc_two_offsets(%a: memref<?xf32>) {
  // expected-error@+1 {{expected 1 offset values, got 2}}
  %0 = memref.reinterpret_cast %a to offset: [0, 0], sizes: [10, 4], strides: [4, 1] : memref<?xf32> to memref<10x4xf32>
  return
}
// -----
func.func @rc_no_offset(%a: memref<?xf32>) {
  // expected-error@+1 {{expected mixed offsets rank to match mixed sizes rank (0 vs 1) so the rank of the result type is well-formed.}}
  %0 = memref.reinterpret_cast %a to offset: [], sizes: [10], strides: [1] : memref<?xf32> to memref<10xf32>
  return
}
// -----
func.func @rc_sizes_rank(%a: memref<?xf32>) {
  // expected-error@+1 {{expected 2 size values, got 1}}
  %0 = memref.reinterpret_cast %a to offset: [0], sizes: [10], strides: [1] : memref<?xf32> to memref<10x1xf32>
  return
}
// -----
func.func @rc_strides_count(%a: memref<?xf32>) {
  // expected-error@+1 {{expected mixed sizes rank to match mixed strides rank (2 vs 1) so the rank of the result type is well-formed.}}
  %0 = memref.reinterpret_cast %a to offset: [0], sizes: [10, 1], strides: [1] : memref<?xf32> to memref<10x1xf32>
  return
}
// -----
func.func @rc_neg(%a: memref<?xf32>) {
  // expected-error@+1 {{expected offsets to be non-negative, but got -1}}
  %0 = memref.reinterpret_cast %a to offset: [-1], sizes: [10], strides: [1] : memref<?xf32> to memref<10xf32, strided<[1], offset: ?>>
  return
}
// -----
func.func @rc_not_strided(%a: memref<?xf32>) {
  // expected-error@+1 {{'memref.reinterpret_cast' op result #0 must be strided memref of any type values, but got 'memref<10xf32, affine_map<(d0) -> (d0 floordiv 4)>>'}}
  %0 = memref.reinterpret_cast %a to offset: [0], sizes: [10], strides: [1] : memref<?xf32> to memref<10xf32, affine_map<(d0) -> (d0 floordiv 4)>>
  return
}
// -----
func.func @v_base_map(%b: memref<2048xi8, strided<[2]>>, %i: index) {
  // expected-error@+1 {{unsupported map for base memref type 'memref<2048xi8, strided<[2]>>'}}
  %0 = memref.view %b[%i][] : memref<2048xi8, strided<[2]>> to memref<4xf32>
  return
}
// -----
func.func @v_res_map(%b: memref<2048xi8>, %i: index) {
  // expected-error@+1 {{unsupported map for result memref type 'memref<4x4xf32, strided<[4, 1]>>'}}
  %0 = memref.view %b[%i][] : memref<2048xi8> to memref<4x4xf32, strided<[4, 1]>>
  return
}
// -----
func.func @v_space(%b: memref<2048xi8>, %i: index) {
  // expected-error@+1 {{different memory spaces specified for base memref type 'memref<2048xi8>' and view memref type 'memref<4xf32, 1>'}}
  %0 = memref.view %b[%i][] : memref<2048xi8> to memref<4xf32, 1>
  return
}
// -----
func.func @v_sizes(%b: memref<2048xi8>, %i: index) {
  // expected-error@+1 {{'memref.view' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = memref.view %b[%i][] : memref<2048xi8> to memref<?x4xf32>
  return
}
// -----
func.func @v_sizes2(%b: memref<2048xi8>, %i: index) {
  // expected-error@+1 {{'memref.view' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = memref.view %b[%i][%i] : memref<2048xi8> to memref<4x4xf32>
  return
}
// -----
func.func @v_src(%b: memref<2048xi32>, %i: index) {
  // expected-error@+1 {{'memref.view' op operand #0 must be 1D memref of 8-bit signless integer values, but got 'memref<2048xi32>'}}
  %0 = memref.view %b[%i][] : memref<2048xi32> to memref<4x4xf32>
  return
}
// -----
func.func @v_src2(%b: memref<16x16xi8>, %i: index) {
  // expected-error@+1 {{'memref.view' op operand #0 must be 1D memref of 8-bit signless integer values, but got 'memref<16x16xi8>'}}
  %0 = memref.view %b[%i][] : memref<16x16xi8> to memref<4x4xf32>
  return
}
// -----
func.func @es_rank(%b: memref<2x3xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op has source rank 2 and result rank 1. This is not an expansion (2 > 1).}}
  %0 = memref.expand_shape %b [[0, 1]] output_shape [6] : memref<2x3xf32> into memref<6xf32>
  return
}
// -----
func.func @es_groups(%b: memref<6xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op invalid number of reassociation groups: found 2, expected 1}}
  %0 = memref.expand_shape %b [[0], [1]] output_shape [2, 3] : memref<6xf32> into memref<2x3xf32>
  return
}
// -----
func.func @es_contig(%b: memref<6xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op reassociation indices must be contiguous}}
  %0 = memref.expand_shape %b [[1, 0]] output_shape [2, 3] : memref<6xf32> into memref<2x3xf32>
  return
}
// -----
func.func @es_oob(%b: memref<6xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op reassociation index 2 is out of bounds}}
  %0 = memref.expand_shape %b [[0, 1, 2]] output_shape [2, 3] : memref<6xf32> into memref<2x3xf32>
  return
}
// -----
func.func @es_dyn(%b: memref<?xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op collapsed dim (0) must be dynamic if and only if reassociation group is dynamic}}
  %0 = memref.expand_shape %b [[0, 1]] output_shape [2, 3] : memref<?xf32> into memref<2x3xf32>
  return
}
// -----
func.func @es_size(%b: memref<6xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op collapsed dim size (6) must equal reassociation group size (8)}}
  %0 = memref.expand_shape %b [[0, 1]] output_shape [2, 4] : memref<6xf32> into memref<2x4xf32>
  return
}
// -----
func.func @es_rank0(%b: memref<f32>) {
  // expected-error@+1 {{'memref.expand_shape' op rank 0 memrefs can only be extended/collapsed with/from ones}}
  %0 = memref.expand_shape %b [] output_shape [1, 2] : memref<f32> into memref<1x2xf32>
  return
}
// -----
func.func @es_missing(%b: memref<6x2xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op expanded rank (4) inconsistent with number of reassociation indices (3)}}
  %0 = memref.expand_shape %b [[0, 1], [2]] output_shape [2, 3, 2, 1] : memref<6x2xf32> into memref<2x3x2x1xf32>
  return
}
// -----
func.func @es_layout(%b: memref<6x2xf32, strided<[4, 1], offset: 2>>) {
  // expected-error@+1 {{'memref.expand_shape' op expected expanded type to be 'memref<2x3x2xf32, strided<[12, 4, 1], offset: 2>>' but found 'memref<2x3x2xf32, strided<[12, 4, 1]>>'}}
  %0 = memref.expand_shape %b [[0, 1], [2]] output_shape [2, 3, 2] : memref<6x2xf32, strided<[4, 1], offset: 2>> into memref<2x3x2xf32, strided<[12, 4, 1]>>
  return
}
// -----
func.func @es_static_count(%b: memref<6xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op expected number of static shape bounds to be equal to the output rank (2) but found 3 inputs instead}}
  %0 = memref.expand_shape %b [[0, 1]] output_shape [2, 3, 4] : memref<6xf32> into memref<2x3xf32>
  return
}
// -----
func.func @es_dyn_count(%b: memref<?xf32>, %n: index) {
  %0 = memref.expand_shape %b [[0, 1]] output_shape [2, 3] : memref<?xf32> into memref<?x3xf32>
  return
}
// -----
func.func @es_pos(%b: memref<?xf32>, %n: index) {
  // expected-error@+1 {{'memref.expand_shape' op invalid output shape provided at pos 1}}
  %0 = memref.expand_shape %b [[0, 1]] output_shape [%n, 4] : memref<?xf32> into memref<?x3xf32>
  return
}
// -----
func.func @es_not_strided(%b: memref<6xf32, affine_map<(d0) -> (d0 floordiv 4)>>) {
  // expected-error@+1 {{'memref.expand_shape' op operand #0 must be strided memref of any type values, but got 'memref<6xf32, affine_map<(d0) -> (d0 floordiv 4)>>'}}
  %0 = memref.expand_shape %b [[0, 1]] output_shape [2, 3] : memref<6xf32, affine_map<(d0) -> (d0 floordiv 4)>> into memref<2x3xf32>
  return
}
// -----
func.func @cs_rank(%b: memref<6xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op has source rank 1 and result rank 2. This is not a collapse (1 < 2).}}
  %0 = memref.collapse_shape %b [[0, 1]] : memref<6xf32> into memref<2x3xf32>
  return
}
// -----
func.func @cs_groups(%b: memref<2x3xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op invalid number of reassociation groups: found 2, expected 1}}
  %0 = memref.collapse_shape %b [[0], [1]] : memref<2x3xf32> into memref<6xf32>
  return
}
// -----
func.func @cs_dyn(%b: memref<2x?xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op collapsed dim (0) must be dynamic if and only if reassociation group is dynamic}}
  %0 = memref.collapse_shape %b [[0, 1]] : memref<2x?xf32> into memref<6xf32>
  return
}
// -----
func.func @cs_size(%b: memref<2x3xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op collapsed dim size (7) must equal reassociation group size (6)}}
  %0 = memref.collapse_shape %b [[0, 1]] : memref<2x3xf32> into memref<7xf32>
  return
}
// -----
func.func @cs_expanded_rank(%b: memref<2x3x4xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op expanded rank (3) inconsistent with number of reassociation indices (2)}}
  %0 = memref.collapse_shape %b [[0, 1]] : memref<2x3x4xf32> into memref<6xf32>
  return
}
// -----
func.func @cs_noncontig(%b: memref<2x3xf32, strided<[4, 1]>>) {
  // expected-error@+1 {{'memref.collapse_shape' op invalid source layout map or collapsing non-contiguous dims}}
  %0 = memref.collapse_shape %b [[0, 1]] : memref<2x3xf32, strided<[4, 1]>> into memref<6xf32, strided<[1]>>
  return
}
// -----
func.func @cs_type(%b: memref<2x3xf32, strided<[3, 1], offset: 5>>) {
  // expected-error@+1 {{'memref.collapse_shape' op expected collapsed type to be 'memref<6xf32, strided<[1], offset: 5>>' but found 'memref<6xf32>'}}
  %0 = memref.collapse_shape %b [[0, 1]] : memref<2x3xf32, strided<[3, 1], offset: 5>> into memref<6xf32>
  return
}
// -----
func.func @cs_type2(%b: memref<2x3xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op expected collapsed type to be 'memref<6xf32>' but found 'memref<6xf32, strided<[1], offset: 1>>'}}
  %0 = memref.collapse_shape %b [[0, 1]] : memref<2x3xf32> into memref<6xf32, strided<[1], offset: 1>>
  return
}
// -----
func.func @cs_rank0(%b: memref<1x2xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op rank 0 memrefs can only be extended/collapsed with/from ones}}
  %0 = memref.collapse_shape %b [] : memref<1x2xf32> into memref<f32>
  return
}
// -----
func.func @cs_src(%b: tensor<2x3xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op operand #0 must be strided memref of any type values, but got 'tensor<2x3xf32>'}}
  %0 = "memref.collapse_shape"(%b) <{reassociation = [[0, 1]]}> : (tensor<2x3xf32>) -> memref<6xf32>
  return
}
// -----
func.func @cs_reassoc(%b: memref<2x3xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op attribute 'reassociation' failed to satisfy constraint: Array of 64-bit integer array attributes}}
  %0 = "memref.collapse_shape"(%b) <{reassociation = [0, 1]}> : (memref<2x3xf32>) -> memref<6xf32>
  return
}
// -----
func.func @cs_reassoc2(%b: memref<2x3xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op attribute 'reassociation' failed to satisfy constraint: Array of 64-bit integer array attributes}}
  %0 = "memref.collapse_shape"(%b) <{reassociation = [[0 : i32, 1]]}> : (memref<2x3xf32>) -> memref<6xf32>
  return
}
// -----
func.func @cs_noreassoc(%b: memref<2x3xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op requires attribute 'reassociation'}}
  %0 = "memref.collapse_shape"(%b) : (memref<2x3xf32>) -> memref<6xf32>
  return
}
// -----
func.func @es_neg(%b: memref<6xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op reassociation indices must be contiguous}}
  %0 = memref.expand_shape %b [[-1, 0]] output_shape [2, 3] : memref<6xf32> into memref<2x3xf32>
  return
}
// -----
func.func @cp_mix(%a: memref<4xf32>, %b: memref<5xi32>) {
  // expected-error@+1 {{'memref.copy' op requires the same element type for all operands}}
  memref.copy %a, %b : memref<4xf32> to memref<5xi32>
  return
}
// -----
func.func @v_noshift(%b: memref<2048xi8>, %i: index) {
  // expected-error@+1 {{'memref.view' op expected 2 or more operands, but found 1}}
  %0 = "memref.view"(%b) : (memref<2048xi8>) -> memref<4xf32>
  return
}
// -----
func.func @rc_segments(%a: memref<?xf32>) {
  // expected-error@+1 {{expected the number of 'sizes' to match the number of dynamic entries in 'static_sizes' (0 vs 1)}}
  %0 = "memref.reinterpret_cast"(%a) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: -9223372036854775808>, static_strides = array<i64: 1>}> : (memref<?xf32>) -> memref<?xf32>
  return
}
