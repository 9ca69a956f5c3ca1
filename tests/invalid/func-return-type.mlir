// func.return operand type differs from the function's result type.
// RUN: rmlir-opt %s --verify-diagnostics
// RUN: not rmlir-opt %s 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=panicked
// ERR: error:
func.func @f(%a: i64) -> i32 {
  // expected-error@+1 {{type of return operand 0 ('i64') doesn't match function result type ('i32') in function @f}}
  return %a : i64
}
