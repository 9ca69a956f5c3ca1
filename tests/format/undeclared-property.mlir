// A key of a generic form's `<{...}>` that the op does not declare is kept
// (docs/DEVIATIONS.md: mlir-opt 22 drops it) and printed once, in the
// attribute dictionary, never also in `prop-dict`: the output must parse
// again and print the same (a fuzz finding printed it twice, which did not
// parse). The first CHECK lines are mlir-opt's output plus the kept key.
// RUN: rmlir-opt %s --split-input-file | FileCheck %s
// RUN: rmlir-opt %s --split-input-file | rmlir-opt --split-input-file | FileCheck %s

// CHECK: test.with_properties_and_attr 1 <{rhs = 2 : i64}> {foo = 3 : i64}
"test.with_properties_and_attr"() <{lhs = 1 : i32, rhs = 2 : i64, foo = 3 : i64}> : () -> ()

// -----

// A discardable attribute of the same name wins (it is what mlir-opt keeps).
// CHECK: test.with_properties_and_attr 1 <{rhs = 2 : i64}> {foo = 4 : i64}
"test.with_properties_and_attr"() <{lhs = 1 : i32, rhs = 2 : i64, foo = 3 : i64}> {foo = 4 : i64} : () -> ()

// -----

// CHECK: test.using_property_in_custom_and_other [1, 4, 20] <{other = 0 : i64}> {foo = 3 : i64}
"test.using_property_in_custom_and_other"() <{prop = array<i64: 1, 4, 20>, foo = 3 : i64}> : () -> ()
