// Malformed location: line number missing.
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}location-bad-syntax.mlir:4:39: error: expected integer line number in FileLineColRange
"foo.op"() : () -> () loc("file.mlir":)
