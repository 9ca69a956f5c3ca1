// Dialect type of an unknown dialect without --allow-unregistered-dialect.
// RUN: not rmlir-opt %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}type-unknown-dialect.mlir:4:27: error: `!"foo"<"bar">` type created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used
func.func private @f(!foo.bar)
