// Test-dialect ODS ops (td/TestOpsODS.td) in the custom-form printer: an op
// with several named result groups names its results after them, as
// OpDefinitionsGen's generated getAsmResultNames does; single-result ops
// keep numbered names.
// RUN: rmlir-opt %s | FileCheck %s

// CHECK-LABEL: func @result_names
// CHECK: %any_i16, %si32, %ui64, %any_int = "test.int_types"() : () -> (i16, si32, ui64, i8)
// CHECK: %any_i16_0, %si32_1, %ui64_2, %any_int_3 = "test.int_types"()
// CHECK: %0 = "test.derived_type_attr"() : () -> tensor<10xf32>
func.func @result_names() {
  %0:4 = "test.int_types"() : () -> (i16, si32, ui64, i8)
  %1:4 = "test.int_types"() : () -> (si16, si32, ui64, ui64)
  %2 = "test.derived_type_attr"() : () -> tensor<10xf32>
  return
}
