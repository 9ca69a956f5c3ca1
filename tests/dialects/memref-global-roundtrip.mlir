// memref.global (visibility, `constant`, declaration, `= uninitialized`,
// elements initial values printed without their type, alignment, memory
// space) and memref.get_global, in custom and generic form. Expected output
// from mlir-opt 22 on this file.
// RUN: rmlir-opt %s | FileCheck %s
// RUN: rmlir-opt %s --mlir-print-op-generic | rmlir-opt | FileCheck %s
// RUN: rmlir-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK: memref.global "private" @x : memref<2xf32> = dense<[0.000000e+00, 2.000000e+00]>
// CHECK-NEXT: memref.global "private" @x2 : memref<2xf32> = dense<[0.000000e+00, 2.000000e+00]> {alignment = 64 : i64}
// CHECK-NEXT: memref.global "private" @y : memref<4xi32>
// CHECK-NEXT: memref.global @z : memref<3xf16> = uninitialized
// CHECK-NEXT: memref.global constant @c : memref<2xi32> = dense<[1, 4]>
// CHECK-NEXT: memref.global "private" constant @s : memref<i32> = dense<7>
// CHECK-NEXT: memref.global @sp : memref<2xf32, 1> = dense<1.000000e+00>
// CHECK-NEXT: func.func @f() -> memref<2xf32> {
// CHECK-NEXT: %0 = memref.get_global @x : memref<2xf32>
// CHECK-NEXT: %1 = memref.get_global @c : memref<2xi32>
// CHECK-NEXT: return %0 : memref<2xf32>
// CHECK-NEXT: }

// GENERIC: "memref.global"() <{initial_value = dense<[0.000000e+00, 2.000000e+00]> : tensor<2xf32>, sym_name = "x", sym_visibility = "private", type = memref<2xf32>}> : () -> ()
// GENERIC: "memref.global"() <{alignment = 64 : i64, initial_value = dense<[0.000000e+00, 2.000000e+00]> : tensor<2xf32>, sym_name = "x2", sym_visibility = "private", type = memref<2xf32>}> : () -> ()
// GENERIC: "memref.global"() <{sym_name = "y", sym_visibility = "private", type = memref<4xi32>}> : () -> ()
// GENERIC: "memref.global"() <{initial_value, sym_name = "z", type = memref<3xf16>}> : () -> ()
// GENERIC: "memref.global"() <{constant, initial_value = dense<[1, 4]> : tensor<2xi32>, sym_name = "c", type = memref<2xi32>}> : () -> ()
// GENERIC: "memref.global"() <{constant, initial_value = dense<7> : tensor<i32>, sym_name = "s", sym_visibility = "private", type = memref<i32>}> : () -> ()
// GENERIC: "memref.global"() <{initial_value = dense<1.000000e+00> : tensor<2xf32>, sym_name = "sp", type = memref<2xf32, 1>}> : () -> ()
// GENERIC: %0 = "memref.get_global"() <{name = @x}> : () -> memref<2xf32>
// GENERIC: %1 = "memref.get_global"() <{name = @c}> : () -> memref<2xi32>

memref.global "private" @x : memref<2xf32> = dense<[0.0, 2.0]>
memref.global "private" @x2 : memref<2xf32> = dense<[0.0, 2.0]> {alignment = 64}
memref.global "private" @y : memref<4xi32>
memref.global @z : memref<3xf16> = uninitialized
memref.global constant @c : memref<2xi32> = dense<[1, 4]>
memref.global "private" constant @s : memref<i32> = dense<7>
memref.global @sp : memref<2xf32, 1> = dense<1.0>
func.func @f() -> memref<2xf32> {
  %0 = memref.get_global @x : memref<2xf32>
  %1 = memref.get_global @c : memref<2xi32>
  return %0 : memref<2xf32>
}
