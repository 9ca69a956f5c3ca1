// A sparse elements attribute whose several indices are all the same
// (`[[2], [2]]`) prints them in full: the splat form `2` parses back as
// one index, which no longer matches two values ("inferred shape of
// indices literal ([1, 1])"). mlir-opt 22 prints `sparse<2, [1, 3]>` and
// rejects its own output; rmlir's form parses in both tools
// (docs/DEVIATIONS.md, "Text format"). Found by the `roundtrip` fuzz
// target (session 11). A single index keeps the splat form, as mlir-opt
// prints it; rank-2 indices print in full in both tools.
// RUN: rmlir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: rmlir-opt %s --allow-unregistered-dialect | rmlir-opt --allow-unregistered-dialect | FileCheck %s
// RUN: rmlir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | rmlir-opt --allow-unregistered-dialect | FileCheck %s

// CHECK: "foo.sparse"() {a = sparse<0, -2> : tensor<1x1x1xi8>, k = sparse<{{\[\[}}2], [2]], [(1.000000e+00,2.000000e+00), (3.000000e+00,4.000000e+00)]> : tensor<4xcomplex<f32>>, l = sparse<{{\[\[}}2], [2]], [1, 3]> : tensor<4xi32>, m = sparse<{{\[\[}}1, 2], [1, 2]], [1, 3]> : tensor<4x4xi32>, n = sparse<{{\[\[}}2], [2]], 5> : tensor<4xi32>} : () -> ()
"foo.sparse"() {a = sparse<0, -2> : tensor<1x1x1xi8>, k = sparse<[[2], [2]], [(1.0, 2.0), (3.0, 4.0)]> : tensor<4xcomplex<f32>>, l = sparse<[[2], [2]], [1, 3]> : tensor<4xi32>, m = sparse<[[1, 2], [1, 2]], [1, 3]> : tensor<4x4xi32>, n = sparse<[[2], [2]], [5, 5]> : tensor<4xi32>} : () -> ()
