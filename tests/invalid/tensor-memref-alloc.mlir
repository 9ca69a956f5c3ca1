// RUN: rmlir-opt %s -split-input-file -verify-diagnostics

func.func @cast(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.cast' op operand type 'tensor<4xf32>' and result type 'tensor<5xf32>' are cast incompatible}}
  %0 = tensor.cast %a : tensor<4xf32> to tensor<5xf32>
  return
}

// -----

func.func @empty(%n: index) {
  // expected-error@+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = tensor.empty(%n) : tensor<5xf32>
  return
}

// -----

func.func @alloc_sizes(%n: index) {
  // expected-error@+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = memref.alloc(%n) : memref<2xf32>
  return
}

// -----

func.func @alloc_symbols(%n: index) {
  // expected-error@+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 0, got 1}}
  %0 = memref.alloc()[%n] : memref<2xf32>
  return
}
