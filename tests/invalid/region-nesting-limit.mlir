// REQUIRES: rmlir
// Deeply nested regions parse and print: the parser and the printer recurse
// per region level on a stack that grows as needed (mlir-opt overflows its
// stack somewhere below 10^4 levels). The input is generated: 5000 nested ops.
// RUN: python3 -c "n = 5000; print('\"foo.a\"() ({\n' * n + '}) : () -> ()\n' * n)" | rmlir-opt --allow-unregistered-dialect | FileCheck %s --implicit-check-not=panicked
// CHECK: module {
// CHECK-NEXT: "foo.a"() ({
// CHECK-COUNT-4999: "foo.a"() ({
// CHECK-NOT: "foo.a"
// CHECK-COUNT-5000: }) : () -> ()
// CHECK-NEXT: }
