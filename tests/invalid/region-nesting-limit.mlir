// Regions nested deeper than rmlir's limit (1024) give a located error
// instead of overflowing the stack (mlir-opt has no limit; see
// docs/DEVIATIONS.md). The input is generated: 1100 nested ops.
// RUN: python3 -c "n = 1100; print('\"foo.a\"() ({\n' * n + '}) : () -> ()\n' * n)" | not rmlir-opt --allow-unregistered-dialect 2>&1 | FileCheck %s --implicit-check-not=panicked
// CHECK: <stdin>:1025:12: error: regions are nested more than 1024 levels deep
