// memref.load/store take one index per dimension, and the alignment of
// load, store and alloc is a positive power of two (checked while parsing
// the custom form). Messages from mlir-opt 22; this file also passes under
// `mlir-opt --split-input-file --verify-diagnostics`.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics

func.func @load_alignment(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{custom op 'memref.load' 'memref.load' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = memref.load %m[%i] {alignment = 3 : i64} : memref<4xf32>
  return
}

// -----

func.func @store_alignment(%m: memref<4xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{custom op 'memref.store' 'memref.store' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  memref.store %f, %m[%i] {alignment = 3 : i64} : memref<4xf32>
  return
}

// -----

func.func @alloc_alignment() {
  // expected-error@+1 {{custom op 'memref.alloc' 'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = memref.alloc() {alignment = 0 : i64} : memref<4xf32>
  return
}

// -----

func.func @aligned(%m: memref<4xf32>, %i: index) {
  %0 = memref.load %m[%i] {alignment = 16 : i64} : memref<4xf32>
  %1 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  return
}

// -----

func.func @load_index_count(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.load' op incorrect number of indices for load, expected 1 but got 2}}
  %0 = memref.load %m[%i, %i] : memref<4xf32>
  return
}

// -----

func.func @store_index_count(%m: memref<4xf32>, %f: f32) {
  // expected-error@+1 {{'memref.store' op store index operand count not equal to memref rank}}
  memref.store %f, %m[] : memref<4xf32>
  return
}
