// Types of the test dialect, parsed, verified and printed by the dialect's
// own hook (`Dialect::canonicalize_type`): canonical spelling on output,
// nested types normalized, malformed bodies rejected where upstream's
// parser reports them.
// RUN: rmlir-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func @canonical
// CHECK: () -> !test.struct<{a,i32}, {b,tensor<*xi32>}>
// CHECK: () -> !test.struct<{a,f32}>
// CHECK: () -> !test.struct<>
// CHECK: () -> !test.smpla
func.func @canonical() {
  %0 = "test.x"() : () -> !test.struct<{a,   i32}, { b , tensor<* x i32> }>
  %1 = "test.x"() : () -> !test.struct<{a, f32},>
  %2 = "test.x"() : () -> !test.struct<>
  %3 = "test.x"() : () -> !test.smpla
  return
}

// -----

// Equal types are the same type, however they were written.
// CHECK-LABEL: func @equal
func.func @equal(%arg0: !test.struct<{a,i32}>) -> !test.struct<{a, i32}> {
  return %arg0 : !test.struct<{ a , i32 }>
}

// -----

func.func @bad_keyword() {
  // expected-error@+1 {{expected valid keyword}}
  %0 = "test.x"() : () -> !test.struct<{42, i32}>
  return
}

// -----

func.func @bad_field_type() {
  // expected-error@+1 {{expected non-function type}}
  %0 = "test.x"() : () -> !test.struct<{a, i33x}>
  return
}

// -----

func.func @missing_greater() {
  // expected-error@+1 {{expected '>'}}
  %0 = "test.x"() : () -> !test.struct<{a, i32} {b, i32}>
  return
}
