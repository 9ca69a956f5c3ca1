// memref.cast (CastOpInterface: areCastCompatible over element types,
// memory spaces, ranks, extents and strided layouts; unranked to unranked
// is rejected), memref.alloca (AutomaticAllocationScope ancestor, dynamic
// size and symbol counts, alignment) and memref.copy (element type before
// shape). Messages from mlir-opt 22; this file also passes under
// `mlir-opt --split-input-file --verify-diagnostics --allow-unregistered-dialect`.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @c1(%a: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<5xf32>' are cast incompatible}}
  %0 = memref.cast %a : memref<4xf32> to memref<5xf32>
  return
}
// -----
func.func @c2(%a: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<4xi32>' are cast incompatible}}
  %0 = memref.cast %a : memref<4xf32> to memref<4xi32>
  return
}
// -----
func.func @c3(%a: memref<*xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<*xf32>' and result type 'memref<*xf32>' are cast incompatible}}
  %0 = memref.cast %a : memref<*xf32> to memref<*xf32>
  return
}
// -----
func.func @c4(%a: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<4xf32, 1>' are cast incompatible}}
  %0 = memref.cast %a : memref<4xf32> to memref<4xf32, 1>
  return
}
// -----
func.func @c5(%a: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<4x1xf32>' are cast incompatible}}
  %0 = memref.cast %a : memref<4xf32> to memref<4x1xf32>
  return
}
// -----
func.func @c6(%a: memref<12x4xf32, strided<[4, 1], offset: 5>>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<12x4xf32, strided<[4, 1], offset: 5>>' and result type 'memref<12x4xf32, strided<[4, 1], offset: 6>>' are cast incompatible}}
  %0 = memref.cast %a : memref<12x4xf32, strided<[4, 1], offset: 5>> to memref<12x4xf32, strided<[4, 1], offset: 6>>
  return
}
// -----
func.func @c7(%a: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<*xf32, 1>' are cast incompatible}}
  %0 = memref.cast %a : memref<4xf32> to memref<*xf32, 1>
  return
}
// -----
func.func @c8(%a: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<4xf32, affine_map<(d0) -> (d0 * 2)>>' are cast incompatible}}
  %0 = memref.cast %a : memref<4xf32> to memref<4xf32, affine_map<(d0) -> (d0 * 2)>>
  return
}
// -----
func.func @c9(%a: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<4xf32, affine_map<(d0) -> (d0 floordiv 3)>>' are cast incompatible}}
  %0 = memref.cast %a : memref<4xf32> to memref<4xf32, affine_map<(d0) -> (d0 floordiv 3)>>
  return
}
// -----
func.func @c10(%a: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op result #0 must be ranked or unranked memref of any type values, but got 'tensor<4xf32>'}}
  %0 = "memref.cast"(%a) : (memref<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c11(%a: memref<*xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<*xf32>' and result type 'memref<4xi32>' are cast incompatible}}
  %0 = memref.cast %a : memref<*xf32> to memref<4xi32>
  return
}
// -----
func.func @a1() {
  // expected-error@+1 {{'memref.alloca' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = memref.alloca() : memref<?xf32>
  return
}
// -----
func.func @a2(%n: index) {
  // expected-error@+1 {{'memref.alloca' op symbol operand count does not equal memref symbol count: expected 0, got 1}}
  %0 = memref.alloca()[%n] : memref<4xf32>
  return
}
// -----
"test.op"() ({
  // expected-error@+1 {{'memref.alloca' op requires an ancestor op with AutomaticAllocationScope trait}}
  %0 = memref.alloca() : memref<4xf32>
  "test.yield"() : () -> ()
}) : () -> ()
// -----
func.func @a4() {
  // expected-error@+1 {{custom op 'memref.alloca' 'memref.alloca' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = memref.alloca() {alignment = 3} : memref<4xf32>
  return
}
// -----
func.func @a5() {
  // expected-error@+1 {{custom op 'memref.alloc' 'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = memref.alloc() {alignment = -1} : memref<4xf32>
  return
}
// -----
func.func @cp1(%a: memref<4xf32>, %b: memref<4xi32>) {
  // expected-error@+1 {{'memref.copy' op requires the same element type for all operands}}
  memref.copy %a, %b : memref<4xf32> to memref<4xi32>
  return
}
// -----
func.func @cp2(%a: memref<4xf32>, %b: memref<5xf32>) {
  // expected-error@+1 {{'memref.copy' op requires the same shape for all operands}}
  memref.copy %a, %b : memref<4xf32> to memref<5xf32>
  return
}
// -----
func.func @cp5(%a: memref<4xf32>, %b: memref<4x1xf32>) {
  // expected-error@+1 {{'memref.copy' op requires the same shape for all operands}}
  memref.copy %a, %b : memref<4xf32> to memref<4x1xf32>
  return
}
// -----
func.func @cp_mix(%a: memref<4xf32>, %b: memref<5xi32>) {
  // expected-error@+1 {{'memref.copy' op requires the same element type for all operands}}
  memref.copy %a, %b : memref<4xf32> to memref<5xi32>
  return
}
// -----
func.func @d_generic(%a: tensor<4xf32>) {
  // expected-error@+1 {{'memref.dealloc' op operand #0 must be ranked or unranked memref of any type values, but got 'tensor<4xf32>'}}
  "memref.dealloc"(%a) : (tensor<4xf32>) -> ()
  return
}
// -----
func.func @cast_generic_two(%a: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op requires one result}}
  %0:2 = "memref.cast"(%a) : (memref<4xf32>) -> (memref<4xf32>, memref<4xf32>)
  return
}
