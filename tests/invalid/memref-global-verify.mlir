// memref.global (static shape, unit or elements initial value of the
// element type and shape, alignment) and memref.get_global (the symbol is a
// memref.global of the result type). Messages from mlir-opt 22; this file
// also passes under `mlir-opt --split-input-file --verify-diagnostics`.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics

// expected-error@+1 {{custom op 'memref.global' type should be static shaped memref, but got 'memref<?xf32>'}}
memref.global "private" @a : memref<?xf32>
// -----
// expected-error@+1 {{custom op 'memref.global' type should be static shaped memref, but got 'tensor<2xf32>'}}
memref.global "private" @b : tensor<2xf32>
// -----
// expected-error@+1 {{integer literal not valid for specified type}}
memref.global "private" @c : memref<2xf32> = 3
// -----
// expected-error@+1 {{'memref.global' op initial value should be a unit or elements attribute, but got 3 : i32}}
"memref.global"() <{initial_value = 3 : i32, sym_name = "d", type = memref<2xf32>}> : () -> ()
// -----
// expected-error@+1 {{'memref.global' op initial value element expected to be of type 'f32', but was of type 'i32'}}
"memref.global"() <{initial_value = dense<1> : tensor<2xi32>, sym_name = "e", type = memref<2xf32>}> : () -> ()
// -----
// expected-error@+1 {{'memref.global' op initial value shape expected to be 2 but was 3}}
"memref.global"() <{initial_value = dense<1.0> : tensor<3xf32>, sym_name = "f", type = memref<2xf32>}> : () -> ()
// -----
// expected-error@+1 {{'memref.global' op type should be static shaped memref, but got 'memref<?xf32>'}}
"memref.global"() <{sym_name = "g", type = memref<?xf32>}> : () -> ()
// -----
// expected-error@+1 {{custom op 'memref.global' 'memref.global' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
memref.global "private" @h : memref<2xf32> = dense<1.0> {alignment = 3}
// -----
// expected-error@+1 {{'memref.global' op attribute 'type' failed to satisfy constraint: memref type attribute}}
"memref.global"() <{sym_name = "i", type = f32}> : () -> ()
// -----
// expected-error@+1 {{inferred shape of elements literal ([3]) does not match type ([2])}}
memref.global "private" @j : memref<2xf32> = dense<[1.0, 2.0, 3.0]>
// -----
func.func @k() {
  // expected-error@+1 {{'memref.get_global' op 'nope' does not reference a valid global memref}}
  %0 = memref.get_global @nope : memref<2xf32>
  return
}
// -----
memref.global "private" @l : memref<2xf32>
func.func @l2() {
  // expected-error@+1 {{'memref.get_global' op result type 'memref<3xf32>' does not match type 'memref<2xf32>' of the global memref @l}}
  %0 = memref.get_global @l : memref<3xf32>
  return
}
// -----
func.func @m() {
  // expected-error@+1 {{'memref.get_global' op 'm' does not reference a valid global memref}}
  %0 = memref.get_global @m : memref<2xf32>
  return
}
// -----
memref.global "private" @n : memref<2xf32>
func.func @n2() {
  // expected-error@+1 {{'memref.get_global' op result #0 must be statically shaped memref of any type values, but got 'memref<?xf32>'}}
  %0 = memref.get_global @n : memref<?xf32>
  return
}
// -----
// expected-error@+1 {{expected attribute value}}
memref.global "private" @o : memref<2xf32> = uninit
