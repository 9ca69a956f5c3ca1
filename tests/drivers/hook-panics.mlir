// REQUIRES: rmlir
// A panic in a user's folder or verifier is an error at the op, exit 1,
// not a process abort. (rmlir only: mlir-opt has no such containment.)

// RUN: not rmlir-opt %s --canonicalize -split-input-file 2>&1 | FileCheck %s

// CHECK: :[[@LINE+3]]:8: error: 'test.panicking_hooks' op folder panicked: a bug in the folder
// CHECK: note: while running pass 'Canonicalizer' here
func.func @folder() -> i32 {
  %0 = "test.panicking_hooks"() {folder_panics} : () -> i32
  return %0 : i32
}

// -----

// The verifier runs right after parsing; the chunk fails there.
// CHECK: :[[@LINE+2]]:8: error: 'test.panicking_hooks' op verifier panicked: a bug in the verifier
func.func @verifier() -> i32 {
  %0 = "test.panicking_hooks"() {verifier_panics} : () -> i32
  return %0 : i32
}
