// The same result with and without threads, and per-pass timing in the
// execution time report.

// RUN: rmlir-opt --mlir-print-op-generic --pass-pipeline='builtin.module(func.func(cse,cse))' %s > %t.threads
// RUN: rmlir-opt --mlir-print-op-generic --mlir-disable-threading --pass-pipeline='builtin.module(func.func(cse,cse))' %s > %t.single
// RUN: diff %t.threads %t.single
// RUN: rmlir-opt --mlir-timing --pass-pipeline='builtin.module(func.func(cse),cse)' %s 2>&1 >/dev/null | FileCheck %s --check-prefix=TIMING
// RUN: rmlir-opt --mlir-timing --mlir-disable-threading --cse %s 2>&1 >/dev/null | FileCheck %s --check-prefix=SINGLE

// TIMING: ... Execution time report ...
// TIMING: Total Execution Time: {{[0-9.]+}} seconds
// TIMING: ----User Time----  ----Wall Time----  ----Name----
// TIMING: Parser
// TIMING-NEXT: 'func.func' Pipeline
// TIMING-NEXT: {{^ .*%\)    }}CSE
// TIMING: {{^ .*%\)  }}CSE
// TIMING: Output
// TIMING-NEXT: Rest
// TIMING-NEXT: Total

// SINGLE: ----Wall Time----  ----Name----
// SINGLE-NEXT: Parser
// SINGLE-NEXT: CSE

func.func private @ext()
func.func @a() {
  %0 = func.constant @ext : () -> ()
  %1 = func.constant @ext : () -> ()
  func.call @ext() : () -> ()
  return
}
func.func @b() {
  %0 = func.constant @a : () -> ()
  %1 = func.constant @a : () -> ()
  %2 = func.constant @ext : () -> ()
  return
}
