// The printer's recording pass (which finds the types and attributes that
// get aliases, and numbers them in the order mlir-opt does) skips an op
// printed in its declarative format when an op with the same name,
// properties, attributes, operand types and result types was recorded
// before; the generic form (checked too) records every op. Ops that differ
// in any of those must still be recorded: here every alias is used by ops
// that differ from an earlier one only in their result types or only in
// their attributes, and the aliases' numbers follow their first use.
// (CHECK lines from mlir-opt.)

// RUN: rmlir-opt %s | FileCheck %s
// RUN: rmlir-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK: #map = affine_map<(d0) -> (d0 + 2)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT: #map2 = affine_map<(d0) -> (d0 * 5)>
// CHECK-NEXT: #map3 = affine_map<(d0) -> (d0 * 2)>
// CHECK-NEXT: #map4 = affine_map<(d0) -> (d0 * 7)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @f(%arg0: i32) {
// CHECK-NEXT:     %0 = tensor.empty() : tensor<4xf32, #map>
// CHECK-NEXT:     %1 = tensor.empty() : tensor<4xf32, #map1>
// CHECK-NEXT:     %2 = tensor.empty() : tensor<4xf32, #map>
// CHECK-NEXT:     %3 = arith.addi %arg0, %arg0 {x = #map2} : i32
// CHECK-NEXT:     %4 = arith.addi %arg0, %arg0 {x = #map3} : i32
// CHECK-NEXT:     %5 = arith.addi %arg0, %arg0 {x = #map2} : i32
// CHECK-NEXT:     %6 = arith.addi %arg0, %arg0 overflow<nsw> {x = #map4} : i32
// CHECK-NEXT:     %7 = arith.addi %arg0, %arg0 overflow<nuw> {x = #map4} : i32
// CHECK-NEXT:     %cast = tensor.cast %0 : tensor<4xf32, #map> to tensor<?xf32, #map>
// CHECK-NEXT:     %cast_0 = tensor.cast %1 : tensor<4xf32, #map1> to tensor<?xf32, #map1>
// CHECK-NEXT:     return

// GENERIC: #map = affine_map<(d0) -> (d0 + 2)>
// GENERIC-NEXT: #map1 = affine_map<(d0) -> (d0 + 1)>
// GENERIC-NEXT: #map2 = affine_map<(d0) -> (d0 * 5)>
// GENERIC-NEXT: #map3 = affine_map<(d0) -> (d0 * 2)>
// GENERIC-NEXT: #map4 = affine_map<(d0) -> (d0 * 7)>
// GENERIC: %0 = "tensor.empty"() : () -> tensor<4xf32, #map>
// GENERIC-NEXT: %1 = "tensor.empty"() : () -> tensor<4xf32, #map1>
// GENERIC-NEXT: %2 = "tensor.empty"() : () -> tensor<4xf32, #map>
// GENERIC-NEXT: %3 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> {x = #map2} : (i32, i32) -> i32
// GENERIC-NEXT: %4 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> {x = #map3} : (i32, i32) -> i32
// GENERIC-NEXT: %5 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> {x = #map2} : (i32, i32) -> i32
// GENERIC-NEXT: %6 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<nsw>}> {x = #map4} : (i32, i32) -> i32
// GENERIC-NEXT: %7 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<nuw>}> {x = #map4} : (i32, i32) -> i32
// GENERIC-NEXT: %8 = "tensor.cast"(%0) : (tensor<4xf32, #map>) -> tensor<?xf32, #map>
// GENERIC-NEXT: %9 = "tensor.cast"(%1) : (tensor<4xf32, #map1>) -> tensor<?xf32, #map1>

func.func @f(%a: i32) {
  %0 = tensor.empty() : tensor<4xf32, affine_map<(d0) -> (d0 + 2)>>
  %1 = tensor.empty() : tensor<4xf32, affine_map<(d0) -> (d0 + 1)>>
  %2 = tensor.empty() : tensor<4xf32, affine_map<(d0) -> (d0 + 2)>>
  %3 = arith.addi %a, %a {x = affine_map<(d0) -> (d0 * 5)>} : i32
  %4 = arith.addi %a, %a {x = affine_map<(d0) -> (d0 * 2)>} : i32
  %5 = arith.addi %a, %a {x = affine_map<(d0) -> (d0 * 5)>} : i32
  %6 = arith.addi %a, %a overflow<nsw> {x = affine_map<(d0) -> (d0 * 7)>} : i32
  %7 = arith.addi %a, %a overflow<nuw> {x = affine_map<(d0) -> (d0 * 7)>} : i32
  %8 = tensor.cast %0 : tensor<4xf32, affine_map<(d0) -> (d0 + 2)>> to tensor<?xf32, affine_map<(d0) -> (d0 + 2)>>
  %9 = tensor.cast %1 : tensor<4xf32, affine_map<(d0) -> (d0 + 1)>> to tensor<?xf32, affine_map<(d0) -> (d0 + 1)>>
  return
}
