// Dialect attribute of an unknown dialect without --allow-unregistered-dialect.
// RUN: not rmlir-opt %s 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: {{.*}}attr-unknown-dialect.mlir:4:45: error: #"foo"<"bar"> : 'none' attribute created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used
func.func private @f() attributes {a = #foo.bar}
