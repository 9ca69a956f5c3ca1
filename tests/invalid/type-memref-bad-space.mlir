// Unregistered attribute as memref memory space.
// RUN: rmlir-opt --allow-unregistered-dialect %s --verify-diagnostics
// RUN: not rmlir-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:
// expected-error@+1 {{unsupported memory space Attribute}}
"foo.op"() : () -> memref<8xf32, #foo.space>
