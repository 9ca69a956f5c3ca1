// -print-op-stats: the table (dialects aligned on the dot, names without a
// dialect indented), JSON, and counts per nested op. CHECK lines produced by mlir-opt 22.
// RUN: rmlir-opt %s -allow-unregistered-dialect -print-op-stats -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
// RUN: rmlir-opt %s -allow-unregistered-dialect -print-op-stats=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=JSON --strict-whitespace --match-full-lines
// RUN: rmlir-opt %s -allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(print-op-stats))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUNC --strict-whitespace --match-full-lines

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %a : i32
  %2 = arith.addi %1, %1 : i32
  "unregistered"() : () -> ()
  "foo.bar.baz"() : () -> ()
  return %2 : i32
}

// CHECK:Operations encountered:
// CHECK-NEXT:-----------------------
// CHECK-NEXT:    arith.addi         , 2
// CHECK-NEXT:    arith.muli         , 1
// CHECK-NEXT:  builtin.module       , 1
// CHECK-NEXT:      foo.bar.baz      , 1
// CHECK-NEXT:     func.func         , 1
// CHECK-NEXT:     func.return       , 1
// CHECK-NEXT:          unregistered , 1

// JSON:{
// JSON-NEXT:  "arith.addi" : 2,
// JSON-NEXT:  "arith.muli" : 1,
// JSON-NEXT:  "builtin.module" : 1,
// JSON-NEXT:  "foo.bar.baz" : 1,
// JSON-NEXT:  "func.func" : 1,
// JSON-NEXT:  "func.return" : 1,
// JSON-NEXT:  "unregistered" : 1
// JSON-NEXT:}

// FUNC:Operations encountered:
// FUNC-NEXT:-----------------------
// FUNC-NEXT:  arith.addi         , 2
// FUNC-NEXT:  arith.muli         , 1
// FUNC-NEXT:    foo.bar.baz      , 1
// FUNC-NEXT:   func.func         , 1
// FUNC-NEXT:   func.return       , 1
// FUNC-NEXT:        unregistered , 1
