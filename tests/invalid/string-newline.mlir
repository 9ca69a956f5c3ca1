// A string literal may not span lines.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}string-newline.mlir:4:21: error: expected '"' in string literal
"foo.op"() {a = "abc
def"} : () -> ()
