// Malformed location: missing closing parenthesis.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}location-unclosed.mlir:4:34: error: expected ')' in location
"foo.op"() : () -> () loc(unknown
