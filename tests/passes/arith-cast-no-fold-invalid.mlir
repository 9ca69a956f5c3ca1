// The casts "are cast incompatible" rejects never reach --canonicalize: an
// i32 to i16 bitcast of a constant and an i32 to i64 index_cast used to be
// accepted and folded. Output checked with mlir-opt 22.
// RUN: not rmlir-opt %s --canonicalize 2>&1 | FileCheck %s --implicit-check-not=panicked

func.func @f() -> i16 {
  %c = arith.constant 7 : i32
  // CHECK: arith-cast-no-fold-invalid.mlir:[[@LINE+1]]:8: error: 'arith.bitcast' op operand type 'i32' and result type 'i16' are cast incompatible
  %0 = arith.bitcast %c : i32 to i16
  return %0 : i16
}
