// Unclosed parenthesis in an operand list.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}unbalanced-parens.mlir:5:12: error: expected ')' to end operand list
%0 = "foo.def"() : () -> i32
"foo.op"(%0 : (i32) -> ()
