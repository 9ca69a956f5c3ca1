// Input that is not valid UTF-8 is read as bytes, as mlir-opt does: such
// bytes are fine in comments and string literals (and kept in the string
// values); anywhere else they are an unexpected character at their line and
// column.
// RUN: rmlir-opt --allow-unregistered-dialect %S/Inputs/non-utf8-ok.mlir | FileCheck %s
// RUN: rmlir-opt --allow-unregistered-dialect %S/Inputs/non-utf8-ok.mlir | rmlir-opt --allow-unregistered-dialect | FileCheck %s
// RUN: not rmlir-opt --allow-unregistered-dialect %S/Inputs/non-utf8-bad.mlir 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: module {
// CHECK-NEXT: "foo.a"() {a = "x\FFy", b = dense<["\C3", "ok"]> : tensor<2x!foo.s>} : () -> ()
// CHECK-NEXT: }

// BAD: non-utf8-bad.mlir:2:3: error: unexpected character
