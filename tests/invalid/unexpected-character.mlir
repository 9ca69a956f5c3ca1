// A character that starts no token.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}unexpected-character.mlir:5:1: error: unexpected character
"foo.op"() : () -> ()
`
