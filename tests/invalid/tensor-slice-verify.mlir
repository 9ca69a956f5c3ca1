// The tensor slice ops' verifiers: OffsetSizeAndStrideOpInterface's checks
// (dynamic entry counts, list ranks, non-negative offsets and sizes), the
// extracted or inserted type against the one the sizes give (rank
// reduction), the static slice inside the sliced tensor, and
// tensor.extract's index count. Messages from mlir-opt 22; this file also
// passes under `mlir-opt --split-input-file --verify-diagnostics`.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics

func.func @negative_offset(%t: tensor<8xf32>) {
  // expected-error@+1 {{expected offsets to be non-negative, but got -1}}
  %0 = tensor.extract_slice %t[-1][4][1] : tensor<8xf32> to tensor<4xf32>
  return
}

// -----

func.func @negative_size(%t: tensor<8xf32>) {
  // expected-error@+1 {{expected sizes to be non-negative, but got -4}}
  %0 = tensor.extract_slice %t[0][-4][1] : tensor<8xf32> to tensor<4xf32>
  return
}

// -----

func.func @negative_stride_is_fine(%t: tensor<8xf32>) {
  %0 = tensor.extract_slice %t[7][4][-1] : tensor<8xf32> to tensor<4xf32>
  return
}

// -----

func.func @offset_out_of_bounds(%t: tensor<8xf32>) {
  // expected-error@+1 {{offset 0 is out-of-bounds: 8 >= 8}}
  %0 = tensor.extract_slice %t[8][0][1] : tensor<8xf32> to tensor<0xf32>
  return
}

// -----

func.func @slice_out_of_bounds(%t: tensor<8xf32>) {
  // expected-error@+1 {{slice along dimension 0 runs out-of-bounds: 9 >= 8}}
  %0 = tensor.extract_slice %t[6][4][1] : tensor<8xf32> to tensor<4xf32>
  return
}

// -----

func.func @strided_out_of_bounds(%t: tensor<8xf32>) {
  // expected-error@+1 {{slice along dimension 0 runs out-of-bounds: 8 >= 8}}
  %0 = tensor.extract_slice %t[2][4][2] : tensor<8xf32> to tensor<4xf32>
  return
}

// -----

func.func @offsets_vs_sizes(%t: tensor<8xf32>) {
  // expected-error@+1 {{expected mixed offsets rank to match mixed sizes rank (2 vs 1) so the rank of the result type is well-formed.}}
  %0 = tensor.extract_slice %t[0, 1][4][1] : tensor<8xf32> to tensor<4xf32>
  return
}

// -----

func.func @sizes_vs_strides(%t: tensor<8xf32>) {
  // expected-error@+1 {{expected mixed sizes rank to match mixed strides rank (1 vs 2) so the rank of the result type is well-formed.}}
  %0 = tensor.extract_slice %t[0][4][1, 1] : tensor<8xf32> to tensor<4xf32>
  return
}

// -----

func.func @too_many_offsets(%t: tensor<8x?xf32>) {
  // expected-error@+1 {{expected 2 offset values, got 3}}
  %0 = tensor.extract_slice %t[-1, 0, 0][-1, 1, 1][1, 1, 1] : tensor<8x?xf32> to tensor<?xf32>
  return
}

// -----

func.func @rank_zero(%t: tensor<f32>) {
  // expected-error@+1 {{expected 0 offset values, got 1}}
  %0 = tensor.extract_slice %t[0][1][1] : tensor<f32> to tensor<f32>
  return
}

// -----

func.func @dynamic_offsets_count(%t: tensor<8x?xf32>, %i: index) {
  // expected-error@+1 {{expected the number of 'offsets' to match the number of dynamic entries in 'static_offsets' (1 vs 0)}}
  %0 = "tensor.extract_slice"(%t, %i) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: 0, -1>, static_sizes = array<i64: 4>, static_strides = array<i64: 1, 1>}> : (tensor<8x?xf32>, index) -> tensor<4xf32>
  return
}

// -----

func.func @sizes_count_reported_first(%t: tensor<8x?xf32>, %i: index) {
  // expected-error@+1 {{expected the number of 'sizes' to match the number of dynamic entries in 'static_sizes' (1 vs 0)}}
  %0 = "tensor.extract_slice"(%t, %i, %i) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 1>, static_strides = array<i64: -9223372036854775808, -9223372036854775808>}> : (tensor<8x?xf32>, index, index) -> tensor<4xf32>
  return
}

// -----

func.func @strides_count_before_offsets(%t: tensor<8x?xf32>, %i: index) {
  // expected-error@+1 {{expected the number of 'strides' to match the number of dynamic entries in 'static_strides' (0 vs 1)}}
  %0 = "tensor.extract_slice"(%t, %i) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 1>, static_strides = array<i64: -9223372036854775808, 1>}> : (tensor<8x?xf32>, index) -> tensor<4xf32>
  return
}

// -----

func.func @rank_reduced_ok(%t: tensor<8x?xf32>, %i: index) {
  %0 = tensor.extract_slice %t[0, 0][4, 1][1, 1] : tensor<8x?xf32> to tensor<4xf32>
  %1 = tensor.extract_slice %t[0, 0][1, 1][1, 1] : tensor<8x?xf32> to tensor<f32>
  %2 = tensor.extract_slice %t[0, 0][%i, 1][1, 1] : tensor<8x?xf32> to tensor<?xf32>
  return
}

// -----

func.func @encoding_not_compared(%t: tensor<8x8xf32, "e">) {
  %0 = tensor.extract_slice %t[0, 0][4, 1][1, 1] : tensor<8x8xf32, "e"> to tensor<4xf32>
  return
}

// -----

func.func @result_element_type(%t: tensor<8x?xf32>) {
  // expected-error@+1 {{expected element type to be 'f32'}}
  %0 = tensor.extract_slice %t[0, 0][4, 1][1, 1] : tensor<8x?xf32> to tensor<4xi32>
  return
}

// -----

func.func @result_rank_too_large(%t: tensor<8x?xf32>) {
  // expected-error@+1 {{expected rank to be smaller or equal to the other rank.}}
  %0 = tensor.extract_slice %t[0, 0][4, 1][1, 1] : tensor<8x?xf32> to tensor<4x1x1xf32>
  return
}

// -----

func.func @result_size_mismatch(%t: tensor<8x?xf32>) {
  // expected-error@+1 {{expected type to be 'tensor<4x1xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.extract_slice %t[0, 0][4, 1][1, 1] : tensor<8x?xf32> to tensor<1x4xf32>
  return
}

// -----

func.func @dynamic_size_static_result(%t: tensor<8x?xf32>, %i: index) {
  // expected-error@+1 {{expected type to be 'tensor<?x1xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.extract_slice %t[0, 0][%i, 1][1, 1] : tensor<8x?xf32> to tensor<4xf32>
  return
}

// -----

func.func @insert_size_mismatch(%t: tensor<8x?xf32>) {
  // expected-error@+1 {{expected type to be 'tensor<8x4xf32>' or a rank-reduced version. (size mismatch)}}
  %1 = tensor.insert_slice %t into %t[0, 0][8, 4][1, 1] : tensor<8x?xf32> into tensor<8x?xf32>
  return
}

// -----

func.func @insert_out_of_bounds(%t: tensor<8x?xf32>, %i: index) {
  // expected-error@+1 {{slice along dimension 0 runs out-of-bounds: 8 >= 8}}
  %1 = tensor.insert_slice %t into %t[1, 0][8, %i][1, 1] : tensor<8x?xf32> into tensor<8x?xf32>
  return
}

// -----

func.func @insert_element_type(%t: tensor<8x?xf32>, %s: tensor<4xi32>) {
  // expected-error@+1 {{expected element type to be 'f32'}}
  %r = tensor.insert_slice %s into %t[0, 0][4, 1][1, 1] : tensor<4xi32> into tensor<8x?xf32>
  return
}

// -----

func.func @insert_too_few_offsets(%arg0 : tensor<?x?xf32>, %arg1 : tensor<?x?x?xf32>, %arg2 : index, %arg3 : index) {
  // expected-error@+1 {{expected 3 offset values, got 2}}
  %0 = tensor.insert_slice %arg0 into %arg1[0, 0] [%arg2, %arg3] [1, 1] : tensor<?x?xf32> into tensor<?x?x?xf32>
  return
}

// -----

func.func @parallel_interface_checks_first(%t: tensor<8x?xf32>, %s: tensor<4xf32>) {
  // expected-error@+1 {{expected mixed offsets rank to match mixed sizes rank (2 vs 1) so the rank of the result type is well-formed.}}
  tensor.parallel_insert_slice %s into %t[0, 0][4][1, 1] : tensor<4xf32> into tensor<8x?xf32>
  return
}

// -----

func.func @parallel_size_mismatch(%t: tensor<8x?xf32>, %s: tensor<4xf32>) {
  %r = scf.forall (%i) in (2) shared_outs(%o = %t) -> tensor<8x?xf32> {
    scf.forall.in_parallel {
      // expected-error@+1 {{expected type to be 'tensor<4x2xf32>' or a rank-reduced version. (size mismatch)}}
      tensor.parallel_insert_slice %s into %o[0, 0][4, 2][1, 1] : tensor<4xf32> into tensor<8x?xf32>
    }
  }
  return
}

// -----

func.func @parallel_out_of_bounds(%t: tensor<8x?xf32>, %s: tensor<4xf32>) {
  %r = scf.forall (%i) in (2) shared_outs(%o = %t) -> tensor<8x?xf32> {
    scf.forall.in_parallel {
      // expected-error@+1 {{slice along dimension 0 runs out-of-bounds: 9 >= 8}}
      tensor.parallel_insert_slice %s into %o[6, 0][4, 1][1, 1] : tensor<4xf32> into tensor<8x?xf32>
    }
  }
  return
}

// -----

func.func @extract_no_indices(%t: tensor<8xf32>) {
  // expected-error@+1 {{'tensor.extract' op incorrect number of indices for extract_element}}
  %0 = tensor.extract %t[] : tensor<8xf32>
  return
}

// -----

func.func @extract_too_many_indices(%t: tensor<8xf32>, %i: index) {
  // expected-error@+1 {{'tensor.extract' op incorrect number of indices for extract_element}}
  %0 = tensor.extract %t[%i, %i] : tensor<8xf32>
  return
}
