// Malformed types and attributes, one error per chunk.
// RUN: rmlir-opt --allow-unregistered-dialect %s --split-input-file --verify-diagnostics
// RUN: not rmlir-opt --allow-unregistered-dialect %s --split-input-file 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:

// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"foo.op"() {a = dense<[1, [2]]> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{expected integer literal}}
"foo.op"() {a = array<i32: 1.5>} : () -> ()

// -----

// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
"foo.op"() {a = 1 : f32} : () -> ()

// -----

// expected-error@+1 {{elements literal must be a shaped type}}
"foo.op"() {a = dense<1> : i32} : () -> ()

// -----

// expected-error@+1 {{multiple memory spaces specified in memref type}}
"foo.op"() : () -> memref<2xf32, 3, 4>

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"foo.op"() {a = 256 : ui8} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"foo.op"() {a = -129 : i8} : () -> ()

// -----

// expected-error@+1 {{expected non-function type}}
"foo.op"() : () -> tensor<2x*xf32>
