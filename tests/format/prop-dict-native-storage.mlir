// A native property written in `prop-dict` keeps its storage form, as in
// the generic form: an `I64Prop` given `16 : i84` is `16 : i64`, so the
// custom and generic forms print the same (found by the `roundtrip` fuzz
// target, session 11: the generic form printed `i84`, which parsed back as
// `i64`). Expected output from mlir-opt 22.
// RUN: rmlir-opt %s --mlir-print-op-generic | FileCheck %s
// RUN: rmlir-opt %s | rmlir-opt --mlir-print-op-generic | FileCheck %s

// CHECK: "test.with_properties_and_inferred_type"() <{lhs = 16 : i32, rhs = 16 : i64}> : () -> i32
// CHECK: "test.with_properties_and_inferred_type"() <{lhs = 16 : i32, rhs = 16 : i64}> : () -> i32
// CHECK: "test.with_properties_and_inferred_type"() <{lhs = 16 : i32, rhs = 5 : i64}> : () -> i21
%a = test.with_properties_and_inferred_type 16 <{rhs = 16 : i84}>
%b = test.with_properties_and_inferred_type 16 <{rhs = 16}>
%c = test.with_properties_and_inferred_type 16 <{rhs = 5 : i8}>
