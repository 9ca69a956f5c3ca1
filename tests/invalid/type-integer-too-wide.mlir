// Integer bit width above the limit.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}type-integer-too-wide.mlir:4:20: error: integer bitwidth is limited to 16777215 bits
"foo.op"() : () -> i16777216
