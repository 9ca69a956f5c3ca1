// The cases of upstream's Transforms/canonicalize.mlir that only use
// builtin, func, arith, cf, scf and unregistered ops, under the default
// canonicalize pipeline. CHECK lines are mlir-opt 22's output (the upstream
// file itself fails on mlir-opt 22).
// RUN: rmlir-opt --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(canonicalize))' %s | FileCheck %s

// CHECK-LABEL: func.func @test_subi_zero(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: return %c0_i32 : i32
// CHECK-NEXT: }
// Upstream case @test_subi_zero.
func.func @test_subi_zero(%arg0: i32) -> i32 {
  %y = arith.subi %arg0, %arg0 : i32
  return %y: i32
}

// CHECK-LABEL: func.func @test_subi_zero_vector(
// CHECK-NEXT: %cst = arith.constant dense<0> : vector<4xi32>
// CHECK-NEXT: return %cst : vector<4xi32>
// CHECK-NEXT: }
// Upstream case @test_subi_zero_vector.
func.func @test_subi_zero_vector(%arg0: vector<4xi32>) -> vector<4xi32> {
  %y = arith.subi %arg0, %arg0 : vector<4xi32>
  return %y: vector<4xi32>
}

// CHECK-LABEL: func.func @test_subi_zero_tensor(
// CHECK-NEXT: %cst = arith.constant dense<0> : tensor<4x5xi32>
// CHECK-NEXT: return %cst : tensor<4x5xi32>
// CHECK-NEXT: }
// Upstream case @test_subi_zero_tensor.
func.func @test_subi_zero_tensor(%arg0: tensor<4x5xi32>) -> tensor<4x5xi32> {
  %y = arith.subi %arg0, %arg0 : tensor<4x5xi32>
  return %y: tensor<4x5xi32>
}

// CHECK-LABEL: func.func @test_commutative(
// CHECK-NEXT: %c42_i32 = arith.constant 42 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %c42_i32 : i32
// CHECK-NEXT: %1 = arith.subi %c42_i32, %arg0 : i32
// CHECK-NEXT: return %0, %1 : i32, i32
// CHECK-NEXT: }
// Upstream case @test_commutative.
func.func @test_commutative(%arg0: i32) -> (i32, i32) {
  %c42_i32 = arith.constant 42 : i32
  %y = arith.addi %c42_i32, %arg0 : i32

  %z = arith.subi %c42_i32, %arg0 : i32

  return %y, %z: i32, i32
}

// CHECK-LABEL: func.func @addi_zero(
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
// Upstream case @addi_zero.
func.func @addi_zero(%arg0: i32) -> i32 {
  %c0_i32 = arith.constant 0 : i32
  %y = arith.addi %c0_i32, %arg0 : i32
  return %y: i32
}

// CHECK-LABEL: func.func @addi_zero_index(
// CHECK-NEXT: return %arg0 : index
// CHECK-NEXT: }
// Upstream case @addi_zero_index.
func.func @addi_zero_index(%arg0: index) -> index {
  %c0_index = arith.constant 0 : index
  %y = arith.addi %c0_index, %arg0 : index
  return %y: index
}

// CHECK-LABEL: func.func @addi_zero_vector(
// CHECK-NEXT: return %arg0 : vector<4xi32>
// CHECK-NEXT: }
// Upstream case @addi_zero_vector.
func.func @addi_zero_vector(%arg0: vector<4 x i32>) -> vector<4 x i32> {
  %c0_v4i32 = arith.constant dense<0> : vector<4 x i32>
  %y = arith.addi %c0_v4i32, %arg0 : vector<4 x i32>
  return %y: vector<4 x i32>
}

// CHECK-LABEL: func.func @addi_zero_tensor(
// CHECK-NEXT: return %arg0 : tensor<4x5xi32>
// CHECK-NEXT: }
// Upstream case @addi_zero_tensor.
func.func @addi_zero_tensor(%arg0: tensor<4 x 5 x i32>) -> tensor<4 x 5 x i32> {
  %c0_t45i32 = arith.constant dense<0> : tensor<4 x 5 x i32>
  %y = arith.addi %arg0, %c0_t45i32 : tensor<4 x 5 x i32>
  return %y: tensor<4 x 5 x i32>
}

// CHECK-LABEL: func.func @muli_zero(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: return %c0_i32 : i32
// CHECK-NEXT: }
// Upstream case @muli_zero.
func.func @muli_zero(%arg0: i32) -> i32 {
  %c0_i32 = arith.constant 0 : i32

  %y = arith.muli %c0_i32, %arg0 : i32

  return %y: i32
}

// CHECK-LABEL: func.func @muli_zero_index(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: return %c0 : index
// CHECK-NEXT: }
// Upstream case @muli_zero_index.
func.func @muli_zero_index(%arg0: index) -> index {
  %c0_index = arith.constant 0 : index

  %y = arith.muli %c0_index, %arg0 : index

  return %y: index
}

// CHECK-LABEL: func.func @muli_zero_vector(
// CHECK-NEXT: %cst = arith.constant dense<0> : vector<4xi32>
// CHECK-NEXT: return %cst : vector<4xi32>
// CHECK-NEXT: }
// Upstream case @muli_zero_vector.
func.func @muli_zero_vector(%arg0: vector<4 x i32>) -> vector<4 x i32> {
  %cst = arith.constant dense<0> : vector<4 x i32>

  %y = arith.muli %cst, %arg0 : vector<4 x i32>

  return %y: vector<4 x i32>
}

// CHECK-LABEL: func.func @muli_zero_tensor(
// CHECK-NEXT: %cst = arith.constant dense<0> : tensor<4x5xi32>
// CHECK-NEXT: return %cst : tensor<4x5xi32>
// CHECK-NEXT: }
// Upstream case @muli_zero_tensor.
func.func @muli_zero_tensor(%arg0: tensor<4 x 5 x i32>) -> tensor<4 x 5 x i32> {
  %cst = arith.constant dense<0> : tensor<4 x 5 x i32>

  %y = arith.muli %arg0, %cst : tensor<4 x 5 x i32>

  return %y: tensor<4 x 5 x i32>
}

// CHECK-LABEL: func.func @muli_one(
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
// Upstream case @muli_one.
func.func @muli_one(%arg0: i32) -> i32 {
  %c0_i32 = arith.constant 1 : i32
  %y = arith.muli %c0_i32, %arg0 : i32
  return %y: i32
}

// CHECK-LABEL: func.func @muli_one_index(
// CHECK-NEXT: return %arg0 : index
// CHECK-NEXT: }
// Upstream case @muli_one_index.
func.func @muli_one_index(%arg0: index) -> index {
  %c0_index = arith.constant 1 : index
  %y = arith.muli %c0_index, %arg0 : index
  return %y: index
}

// CHECK-LABEL: func.func @muli_one_vector(
// CHECK-NEXT: return %arg0 : vector<4xi32>
// CHECK-NEXT: }
// Upstream case @muli_one_vector.
func.func @muli_one_vector(%arg0: vector<4 x i32>) -> vector<4 x i32> {
  %c1_v4i32 = arith.constant dense<1> : vector<4 x i32>
  %y = arith.muli %c1_v4i32, %arg0 : vector<4 x i32>
  return %y: vector<4 x i32>
}

// CHECK-LABEL: func.func @muli_one_tensor(
// CHECK-NEXT: return %arg0 : tensor<4x5xi32>
// CHECK-NEXT: }
// Upstream case @muli_one_tensor.
func.func @muli_one_tensor(%arg0: tensor<4 x 5 x i32>) -> tensor<4 x 5 x i32> {
  %c1_t45i32 = arith.constant dense<1> : tensor<4 x 5 x i32>
  %y = arith.muli %arg0, %c1_t45i32 : tensor<4 x 5 x i32>
  return %y: tensor<4 x 5 x i32>
}

// CHECK-LABEL: func.func @and_self(
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
// Upstream case @and_self.
func.func @and_self(%arg0: i32) -> i32 {
  %1 = arith.andi %arg0, %arg0 : i32
  return %1 : i32
}

// CHECK-LABEL: func.func @and_self_vector(
// CHECK-NEXT: return %arg0 : vector<4xi32>
// CHECK-NEXT: }
// Upstream case @and_self_vector.
func.func @and_self_vector(%arg0: vector<4xi32>) -> vector<4xi32> {
  %1 = arith.andi %arg0, %arg0 : vector<4xi32>
  return %1 : vector<4xi32>
}

// CHECK-LABEL: func.func @and_self_tensor(
// CHECK-NEXT: return %arg0 : tensor<4x5xi32>
// CHECK-NEXT: }
// Upstream case @and_self_tensor.
func.func @and_self_tensor(%arg0: tensor<4x5xi32>) -> tensor<4x5xi32> {
  %1 = arith.andi %arg0, %arg0 : tensor<4x5xi32>
  return %1 : tensor<4x5xi32>
}

// CHECK-LABEL: func.func @and_zero(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: return %c0_i32 : i32
// CHECK-NEXT: }
// Upstream case @and_zero.
func.func @and_zero(%arg0: i32) -> i32 {
  %c0_i32 = arith.constant 0 : i32
  %1 = arith.andi %arg0, %c0_i32 : i32
  return %1 : i32
}

// CHECK-LABEL: func.func @and_zero_index(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: return %c0 : index
// CHECK-NEXT: }
// Upstream case @and_zero_index.
func.func @and_zero_index(%arg0: index) -> index {
  %c0_index = arith.constant 0 : index
  %1 = arith.andi %arg0, %c0_index : index
  return %1 : index
}

// CHECK-LABEL: func.func @and_zero_vector(
// CHECK-NEXT: %cst = arith.constant dense<0> : vector<4xi32>
// CHECK-NEXT: return %cst : vector<4xi32>
// CHECK-NEXT: }
// Upstream case @and_zero_vector.
func.func @and_zero_vector(%arg0: vector<4xi32>) -> vector<4xi32> {
  %cst = arith.constant dense<0> : vector<4xi32>
  %1 = arith.andi %arg0, %cst : vector<4xi32>
  return %1 : vector<4xi32>
}

// CHECK-LABEL: func.func @and_zero_tensor(
// CHECK-NEXT: %cst = arith.constant dense<0> : tensor<4x5xi32>
// CHECK-NEXT: return %cst : tensor<4x5xi32>
// CHECK-NEXT: }
// Upstream case @and_zero_tensor.
func.func @and_zero_tensor(%arg0: tensor<4x5xi32>) -> tensor<4x5xi32> {
  %cst = arith.constant dense<0> : tensor<4x5xi32>
  %1 = arith.andi %arg0, %cst : tensor<4x5xi32>
  return %1 : tensor<4x5xi32>
}

// CHECK-LABEL: func.func @or_self(
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
// Upstream case @or_self.
func.func @or_self(%arg0: i32) -> i32 {
  %1 = arith.ori %arg0, %arg0 : i32
  return %1 : i32
}

// CHECK-LABEL: func.func @or_self_vector(
// CHECK-NEXT: return %arg0 : vector<4xi32>
// CHECK-NEXT: }
// Upstream case @or_self_vector.
func.func @or_self_vector(%arg0: vector<4xi32>) -> vector<4xi32> {
  %1 = arith.ori %arg0, %arg0 : vector<4xi32>
  return %1 : vector<4xi32>
}

// CHECK-LABEL: func.func @or_self_tensor(
// CHECK-NEXT: return %arg0 : tensor<4x5xi32>
// CHECK-NEXT: }
// Upstream case @or_self_tensor.
func.func @or_self_tensor(%arg0: tensor<4x5xi32>) -> tensor<4x5xi32> {
  %1 = arith.ori %arg0, %arg0 : tensor<4x5xi32>
  return %1 : tensor<4x5xi32>
}

// CHECK-LABEL: func.func @or_zero(
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
// Upstream case @or_zero.
func.func @or_zero(%arg0: i32) -> i32 {
  %c0_i32 = arith.constant 0 : i32
  %1 = arith.ori %arg0, %c0_i32 : i32
  return %1 : i32
}

// CHECK-LABEL: func.func @or_zero_index(
// CHECK-NEXT: return %arg0 : index
// CHECK-NEXT: }
// Upstream case @or_zero_index.
func.func @or_zero_index(%arg0: index) -> index {
  %c0_index = arith.constant 0 : index
  %1 = arith.ori %arg0, %c0_index : index
  return %1 : index
}

// CHECK-LABEL: func.func @or_zero_vector(
// CHECK-NEXT: return %arg0 : vector<4xi32>
// CHECK-NEXT: }
// Upstream case @or_zero_vector.
func.func @or_zero_vector(%arg0: vector<4xi32>) -> vector<4xi32> {
  %cst = arith.constant dense<0> : vector<4xi32>
  %1 = arith.ori %arg0, %cst : vector<4xi32>
  return %1 : vector<4xi32>
}

// CHECK-LABEL: func.func @or_zero_tensor(
// CHECK-NEXT: return %arg0 : tensor<4x5xi32>
// CHECK-NEXT: }
// Upstream case @or_zero_tensor.
func.func @or_zero_tensor(%arg0: tensor<4x5xi32>) -> tensor<4x5xi32> {
  %cst = arith.constant dense<0> : tensor<4x5xi32>
  %1 = arith.ori %arg0, %cst : tensor<4x5xi32>
  return %1 : tensor<4x5xi32>
}

// CHECK-LABEL: func.func @or_all_ones(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %c-1_i4 = arith.constant -1 : i4
// CHECK-NEXT: return %true, %c-1_i4 : i1, i4
// CHECK-NEXT: }
// Upstream case @or_all_ones.
func.func @or_all_ones(%arg0: i1, %arg1: i4) -> (i1, i4) {
  %c1_i1 = arith.constant 1 : i1
  %c15 = arith.constant 15 : i4
  %1 = arith.ori %arg0, %c1_i1 : i1
  %2 = arith.ori %arg1, %c15 : i4
  return %1, %2 : i1, i4
}

// CHECK-LABEL: func.func @xor_self(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: return %c0_i32 : i32
// CHECK-NEXT: }
// Upstream case @xor_self.
func.func @xor_self(%arg0: i32) -> i32 {
  %1 = arith.xori %arg0, %arg0 : i32
  return %1 : i32
}

// CHECK-LABEL: func.func @xor_self_vector(
// CHECK-NEXT: %cst = arith.constant dense<0> : vector<4xi32>
// CHECK-NEXT: return %cst : vector<4xi32>
// CHECK-NEXT: }
// Upstream case @xor_self_vector.
func.func @xor_self_vector(%arg0: vector<4xi32>) -> vector<4xi32> {
  %1 = arith.xori %arg0, %arg0 : vector<4xi32>
  return %1 : vector<4xi32>
}

// CHECK-LABEL: func.func @xor_self_tensor(
// CHECK-NEXT: %cst = arith.constant dense<0> : tensor<4x5xi32>
// CHECK-NEXT: return %cst : tensor<4x5xi32>
// CHECK-NEXT: }
// Upstream case @xor_self_tensor.
func.func @xor_self_tensor(%arg0: tensor<4x5xi32>) -> tensor<4x5xi32> {
  %1 = arith.xori %arg0, %arg0 : tensor<4x5xi32>
  return %1 : tensor<4x5xi32>
}

// CHECK-LABEL: func.func @merge_constants(
// CHECK-NEXT: %c42 = arith.constant 42 : index
// CHECK-NEXT: return %c42, %c42 : index, index
// CHECK-NEXT: }
// Upstream case @merge_constants.
func.func @merge_constants() -> (index, index) {
  %0 = arith.constant 42 : index
  %1 = arith.constant 42 : index
  return %0, %1: index, index
}

// CHECK-LABEL: func.func @indirect_target(
// CHECK-NEXT: return
// CHECK-NEXT: }
// Upstream case @indirect_target.
func.func @indirect_target() {
  return
}

// CHECK-LABEL: func.func @lowered_affine_mod(
// CHECK-NEXT: %c41 = arith.constant 41 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: return %c41, %c1 : index, index
// CHECK-NEXT: }
// Upstream case @lowered_affine_mod.
func.func @lowered_affine_mod() -> (index, index) {
  %c-43 = arith.constant -43 : index
  %c42 = arith.constant 42 : index
  %0 = arith.remsi %c-43, %c42 : index
  %c0 = arith.constant 0 : index
  %1 = arith.cmpi slt, %0, %c0 : index
  %2 = arith.addi %0, %c42 : index
  %3 = arith.select %1, %2, %0 : index
  %c43 = arith.constant 43 : index
  %c42_0 = arith.constant 42 : index
  %4 = arith.remsi %c43, %c42_0 : index
  %c0_1 = arith.constant 0 : index
  %5 = arith.cmpi slt, %4, %c0_1 : index
  %6 = arith.addi %4, %c42_0 : index
  %7 = arith.select %5, %6, %4 : index
  return %3, %7 : index, index
}

// CHECK-LABEL: func.func @lowered_affine_floordiv(
// CHECK-NEXT: %c-2 = arith.constant -2 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: return %c-2, %c1 : index, index
// CHECK-NEXT: }
// Upstream case @lowered_affine_floordiv.
func.func @lowered_affine_floordiv() -> (index, index) {
  %c-43 = arith.constant -43 : index
  %c42 = arith.constant 42 : index
  %c0 = arith.constant 0 : index
  %c-1 = arith.constant -1 : index
  %0 = arith.cmpi slt, %c-43, %c0 : index
  %1 = arith.subi %c-1, %c-43 : index
  %2 = arith.select %0, %1, %c-43 : index
  %3 = arith.divsi %2, %c42 : index
  %4 = arith.subi %c-1, %3 : index
  %5 = arith.select %0, %4, %3 : index
  %c43 = arith.constant 43 : index
  %c42_0 = arith.constant 42 : index
  %c0_1 = arith.constant 0 : index
  %c-1_2 = arith.constant -1 : index
  %6 = arith.cmpi slt, %c43, %c0_1 : index
  %7 = arith.subi %c-1_2, %c43 : index
  %8 = arith.select %6, %7, %c43 : index
  %9 = arith.divsi %8, %c42_0 : index
  %10 = arith.subi %c-1_2, %9 : index
  %11 = arith.select %6, %10, %9 : index
  return %5, %11 : index, index
}

// CHECK-LABEL: func.func @lowered_affine_ceildiv(
// CHECK-NEXT: %c-1 = arith.constant -1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: return %c-1, %c2 : index, index
// CHECK-NEXT: }
// Upstream case @lowered_affine_ceildiv.
func.func @lowered_affine_ceildiv() -> (index, index) {
  %c-43 = arith.constant -43 : index
  %c42 = arith.constant 42 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = arith.cmpi sle, %c-43, %c0 : index
  %1 = arith.subi %c0, %c-43 : index
  %2 = arith.subi %c-43, %c1 : index
  %3 = arith.select %0, %1, %2 : index
  %4 = arith.divsi %3, %c42 : index
  %5 = arith.subi %c0, %4 : index
  %6 = arith.addi %4, %c1 : index
  %7 = arith.select %0, %5, %6 : index
  %c43 = arith.constant 43 : index
  %c42_0 = arith.constant 42 : index
  %c0_1 = arith.constant 0 : index
  %c1_2 = arith.constant 1 : index
  %8 = arith.cmpi sle, %c43, %c0_1 : index
  %9 = arith.subi %c0_1, %c43 : index
  %10 = arith.subi %c43, %c1_2 : index
  %11 = arith.select %8, %9, %10 : index
  %12 = arith.divsi %11, %c42_0 : index
  %13 = arith.subi %c0_1, %12 : index
  %14 = arith.addi %12, %c1_2 : index
  %15 = arith.select %8, %13, %14 : index

  return %7, %15 : index, index
}

// CHECK-LABEL: func.func @divi_signed_by_one(
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
// Upstream case @divi_signed_by_one.
func.func @divi_signed_by_one(%arg0: i32) -> (i32) {
  %c1 = arith.constant 1 : i32
  %res = arith.divsi %arg0, %c1 : i32
  return %res : i32
}

// CHECK-LABEL: func.func @divi_unsigned_by_one(
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
// Upstream case @divi_unsigned_by_one.
func.func @divi_unsigned_by_one(%arg0: i32) -> (i32) {
  %c1 = arith.constant 1 : i32
  %res = arith.divui %arg0, %c1 : i32
  return %res : i32
}

// CHECK-LABEL: func.func @tensor_divi_signed_by_one(
// CHECK-NEXT: return %arg0 : tensor<4x5xi32>
// CHECK-NEXT: }
// Upstream case @tensor_divi_signed_by_one.
func.func @tensor_divi_signed_by_one(%arg0: tensor<4x5xi32>) -> tensor<4x5xi32> {
  %c1 = arith.constant dense<1> : tensor<4x5xi32>
  %res = arith.divsi %arg0, %c1 : tensor<4x5xi32>
  return %res : tensor<4x5xi32>
}

// CHECK-LABEL: func.func @tensor_divi_unsigned_by_one(
// CHECK-NEXT: return %arg0 : tensor<4x5xi32>
// CHECK-NEXT: }
// Upstream case @tensor_divi_unsigned_by_one.
func.func @tensor_divi_unsigned_by_one(%arg0: tensor<4x5xi32>) -> tensor<4x5xi32> {
  %c1 = arith.constant dense<1> : tensor<4x5xi32>
  %res = arith.divui %arg0, %c1 : tensor<4x5xi32>
  return %res : tensor<4x5xi32>
}

// CHECK-LABEL: func.func @arith.floordivsi_by_one(
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
// Upstream case @arith.floordivsi_by_one.
func.func @arith.floordivsi_by_one(%arg0: i32) -> (i32) {
  %c1 = arith.constant 1 : i32
  %res = arith.floordivsi %arg0, %c1 : i32
  return %res : i32
}

// CHECK-LABEL: func.func @tensor_arith.floordivsi_by_one(
// CHECK-NEXT: return %arg0 : tensor<4x5xi32>
// CHECK-NEXT: }
// Upstream case @tensor_arith.floordivsi_by_one.
func.func @tensor_arith.floordivsi_by_one(%arg0: tensor<4x5xi32>) -> tensor<4x5xi32> {
  %c1 = arith.constant dense<1> : tensor<4x5xi32>
  %res = arith.floordivsi %arg0, %c1 : tensor<4x5xi32>
  return %res : tensor<4x5xi32>
}

// CHECK-LABEL: func.func @arith.ceildivsi_by_one(
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
// Upstream case @arith.ceildivsi_by_one.
func.func @arith.ceildivsi_by_one(%arg0: i32) -> (i32) {
  %c1 = arith.constant 1 : i32
  %res = arith.ceildivsi %arg0, %c1 : i32
  return %res : i32
}

// CHECK-LABEL: func.func @tensor_arith.ceildivsi_by_one(
// CHECK-NEXT: return %arg0 : tensor<4x5xi32>
// CHECK-NEXT: }
// Upstream case @tensor_arith.ceildivsi_by_one.
func.func @tensor_arith.ceildivsi_by_one(%arg0: tensor<4x5xi32>) -> tensor<4x5xi32> {
  %c1 = arith.constant dense<1> : tensor<4x5xi32>
  %res = arith.ceildivsi %arg0, %c1 : tensor<4x5xi32>
  return %res : tensor<4x5xi32>
}

// CHECK-LABEL: func.func @arith.ceildivui_by_one(
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
// Upstream case @arith.ceildivui_by_one.
func.func @arith.ceildivui_by_one(%arg0: i32) -> (i32) {
  %c1 = arith.constant 1 : i32
  %res = arith.ceildivui %arg0, %c1 : i32
  return %res : i32
}

// CHECK-LABEL: func.func @tensor_arith.ceildivui_by_one(
// CHECK-NEXT: return %arg0 : tensor<4x5xi32>
// CHECK-NEXT: }
// Upstream case @tensor_arith.ceildivui_by_one.
func.func @tensor_arith.ceildivui_by_one(%arg0: tensor<4x5xi32>) -> tensor<4x5xi32> {
  %c1 = arith.constant dense<1> : tensor<4x5xi32>
  %res = arith.ceildivui %arg0, %c1 : tensor<4x5xi32>
  return %res : tensor<4x5xi32>
}

// CHECK-LABEL: func.func @fold_trunci(
// CHECK-NEXT: return %arg0 : i1
// CHECK-NEXT: }
// Upstream case @fold_trunci.
func.func @fold_trunci(%arg0: i1) -> i1 attributes {} {
  %0 = arith.extui %arg0 : i1 to i8
  %1 = arith.trunci %0 : i8 to i1
  return %1 : i1
}

// CHECK-LABEL: func.func @fold_trunci_vector(
// CHECK-NEXT: return %arg0 : vector<4xi1>
// CHECK-NEXT: }
// Upstream case @fold_trunci_vector.
func.func @fold_trunci_vector(%arg0: vector<4xi1>) -> vector<4xi1> attributes {} {
  %0 = arith.extui %arg0 : vector<4xi1> to vector<4xi8>
  %1 = arith.trunci %0 : vector<4xi8> to vector<4xi1>
  return %1 : vector<4xi1>
}

// CHECK-LABEL: func.func @do_not_fold_trunci(
// CHECK-NEXT: %0 = arith.extui %arg0 : i1 to i2
// CHECK-NEXT: return %0 : i2
// CHECK-NEXT: }
// Upstream case @do_not_fold_trunci.
func.func @do_not_fold_trunci(%arg0: i1) -> i2 attributes {} {
  %0 = arith.extui %arg0 : i1 to i8
  %1 = arith.trunci %0 : i8 to i2
  return %1 : i2
}

// CHECK-LABEL: func.func @do_not_fold_trunci_vector(
// CHECK-NEXT: %0 = arith.extui %arg0 : vector<4xi1> to vector<4xi2>
// CHECK-NEXT: return %0 : vector<4xi2>
// CHECK-NEXT: }
// Upstream case @do_not_fold_trunci_vector.
func.func @do_not_fold_trunci_vector(%arg0: vector<4xi1>) -> vector<4xi2> attributes {} {
  %0 = arith.extui %arg0 : vector<4xi1> to vector<4xi8>
  %1 = arith.trunci %0 : vector<4xi8> to vector<4xi2>
  return %1 : vector<4xi2>
}

