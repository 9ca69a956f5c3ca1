// REQUIRES: rmlir
// RUN: rmlir-opt %s | FileCheck %s
// RUN: rmlir-opt %s | rmlir-opt | FileCheck %s
// RUN: rmlir-opt %s --mlir-print-op-generic | rmlir-opt --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// `f80` and `f128` values that need more than f64's precision or range.
// The parser, as MLIR's, reads a decimal literal as an f64, so mlir-opt 22
// prints these in decimal text that it then reads back as another value
// (`2^-4096 : f80` as `9.57497746095218535795E-1234`, read back as `0.0`;
// `1 + 2^-63` as `1.00000000000000000011`, read back as `1.0`). rmlir
// prints their bits in hex, which both tools read exactly
// (docs/DEVIATIONS.md); the CHECK lines are rmlir's own. Found by the
// `roundtrip` fuzz target (session 14). Values f64 holds exactly keep
// mlir-opt's decimal form.

// CHECK-LABEL: func.func @beyond_f64
// CHECK: arith.constant 0xAFFF8000000000000000 : f80
// CHECK: arith.constant 0x3FFF8000000000000001 : f80
// CHECK: arith.constant 0x3FFF8000000000000000000000000001 : f128
// CHECK: arith.constant 1.11253692925360069155E-308 : f80
// CHECK: arith.constant 1.72723371101888892507727037256007991E-77 : f128
// CHECK: arith.constant 1.000000e+00 : f80
// GENERIC: <{value = 0xAFFF8000000000000000 : f80}>
// GENERIC: <{value = 0x3FFF8000000000000001 : f80}>
// GENERIC: <{value = 0x3FFF8000000000000000000000000001 : f128}>
func.func @beyond_f64() -> (f80, f80, f128, f80, f128, f80) {
  %0 = arith.constant 0xAFFF8000000000000000 : f80
  %1 = arith.constant 0x3FFF8000000000000001 : f80
  %2 = arith.constant 0x3FFF8000000000000000000000000001 : f128
  %3 = arith.constant 0x3C008000000000000000 : f80
  %4 = arith.constant 0x3F000000000000000000000000000000 : f128
  %5 = arith.constant 1.0 : f80
  return %0, %1, %2, %3, %4, %5 : f80, f80, f128, f80, f128, f80
}
