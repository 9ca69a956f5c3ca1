// The type parameter of the test dialect's compound attributes
// (`#test.cmpnd_a<1, TYPE, [...]>`, also nested and printed stripped in
// the declarative format) is parsed as a type and printed canonically,
// never kept as written: the `roundtrip` fuzz target found a parameter
// kept as `!tes` plus NUL bytes, which printed text that did not parse
// again (tests/invalid/fuzz-roundtrip-compound-attr.mlir). The output must
// parse again and print identically from its generic form. Expected output
// produced by mlir-opt 22.
// RUN: rmlir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: rmlir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | rmlir-opt --allow-unregistered-dialect | FileCheck %s

// CHECK: test.format_cpmd_nested_attr nested <i <42 <1, i32, [5, 6]>>>
test.format_cpmd_nested_attr nested <i <42 <1,   i32 , [5, 6]>>>
// CHECK: test.format_cpmd_nested_attr nested <i <42 <1, !test.smpla, [5, 6]>>>
test.format_cpmd_nested_attr nested <i <42 <1, !test.smpla,[5,6]>>>
// CHECK: test.format_cpmd_nested_attr nested <i <42 <1, tensor<4xf32>, []>>>
test.format_cpmd_nested_attr nested <i <42 #test.cmpnd_a<1, tensor< 4 x f32 >, []>>>
// CHECK: test.format_cpmd_nested_attr nested <i <42 <1, memref<2xi8>, [5]>>>
"test.format_cpmd_nested_attr"() <{nested = #test.cmpnd_nested_outer<i <42 <1,memref<  2xi8 >, [5]>>>}> : () -> ()
// CHECK: "test.op"() {a = #test.cmpnd_a<1, !test.smpla, [5, 6]>} : () -> ()
"test.op"() {a = #test.cmpnd_a<1,  !test.smpla , [5, 6]>} : () -> ()
