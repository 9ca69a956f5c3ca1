// arith.constant result names (upstream's getAsmResultNames): %true/%false
// for i1, %c<value>_<type> for other integers at any width (values beyond 64
// bits included), %c<value> for index; a generic op name with an escape is
// decoded. Expected output from mlir-opt 22.
// RUN: rmlir-opt --allow-unregistered-dialect %s | FileCheck %s --strict-whitespace --match-full-lines

func.func @f() -> (i128, i128, i1, index, i64, i64, i32) {
  %a = arith.constant 170141183460469231731687303715884105727 : i128
  %b = arith.constant -9223372036854775809 : i128
  %e = arith.constant true
  %f = arith.constant 5 : index
  %g = arith.constant -9223372036854775808 : i64
  %h = arith.constant 9223372036854775807 : i64
  %i = arith.constant -1 : i32
  return %a, %b, %e, %f, %g, %h, %i : i128, i128, i1, index, i64, i64, i32
}

func.func @escaped() {
  %0 = "arith.const\61nt"() <{value = 1 : i32}> : () -> i32
  "test.use"(%0) : (i32) -> ()
  return
}
// CHECK:module {
// CHECK:  func.func @f() -> (i128, i128, i1, index, i64, i64, i32) {
// CHECK:    %c170141183460469231731687303715884105727_i128 = arith.constant 170141183460469231731687303715884105727 : i128
// CHECK:    %c-9223372036854775809_i128 = arith.constant -9223372036854775809 : i128
// CHECK:    %true = arith.constant true
// CHECK:    %c5 = arith.constant 5 : index
// CHECK:    %c-9223372036854775808_i64 = arith.constant -9223372036854775808 : i64
// CHECK:    %c9223372036854775807_i64 = arith.constant 9223372036854775807 : i64
// CHECK:    %c-1_i32 = arith.constant -1 : i32
// CHECK:    return %c170141183460469231731687303715884105727_i128, %c-9223372036854775809_i128, %true, %c5, %c-9223372036854775808_i64, %c9223372036854775807_i64, %c-1_i32 : i128, i128, i1, index, i64, i64, i32
// CHECK:  }
// CHECK:  func.func @escaped() {
// CHECK:    %c1_i32 = arith.constant 1 : i32
// CHECK:    "test.use"(%c1_i32) : (i32) -> ()
// CHECK:    return
// CHECK:  }
// CHECK:}
// CHECK-EMPTY:
