// Textual pipelines and per-pass flags: printing (--dump-pass-pipeline),
// implicit nesting of per-pass flags, option printing and errors. The
// expected text is mlir-opt's.

// RUN: rmlir-opt --pass-pipeline='builtin.module(func.func(cse, test-options-pass{enum=one list=1,2 string="a b"}),cse)' --dump-pass-pipeline %s 2>&1 >/dev/null | FileCheck %s --check-prefix=DUMP
// DUMP: Pass Manager with 2 passes:
// DUMP-NEXT: builtin.module(
// DUMP-NEXT:   func.func(
// DUMP-NEXT:     cse,
// DUMP-NEXT:     test-options-pass{enum=one list={1,2} string={a b} }
// DUMP-NEXT:   ),
// DUMP-NEXT:   cse
// DUMP-NEXT: )

// RUN: rmlir-opt --cse --test-options-pass='string-list=x,{y,z}' --dump-pass-pipeline %s 2>&1 >/dev/null | FileCheck %s --check-prefix=FLAGS
// FLAGS: Pass Manager with 2 passes:
// FLAGS-NEXT: builtin.module(
// FLAGS-NEXT:   cse,
// FLAGS-NEXT:   func.func(
// FLAGS-NEXT:     test-options-pass{enum=zero  string= string-list={x,y,z}}
// FLAGS-NEXT:   )
// FLAGS-NEXT: )

// RUN: not rmlir-opt --pass-pipeline='builtin.module(foo)' %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: <unknown>:0: error: MLIR Textual PassPipeline Parser:1:1: error: 'foo' does not refer to a registered pass or pass pipeline
// UNKNOWN-NEXT: foo
// UNKNOWN-NEXT: ^

// RUN: not rmlir-opt --pass-pipeline='builtin.module(func.func(cse{foo=1}))' %s 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: <unknown>:0: error: <Pass-Options-Parser>: no such option foo
// OPTION-EMPTY:
// OPTION-NEXT: failed to add `cse` with options `foo=1`
// OPTION-NEXT: failed to add `func.func` with options `` to inner pipeline

// RUN: not rmlir-opt --pass-pipeline='builtin.module(func.func(test-options-pass{enum=three}))' %s 2>&1 | FileCheck %s --check-prefix=ENUM
// ENUM: opt: for the --enum option: Cannot find option named 'three'!
// ENUM-NEXT: <unknown>:0: error:
// ENUM-NEXT: failed to add `test-options-pass` with options `enum=three`

// RUN: not rmlir-opt --pass-pipeline='builtin.module(test-options-pass)' %s 2>&1 | FileCheck %s --check-prefix=NEST
// NEST: did you intend to nest?
// NEST-NEXT: failed to add `test-options-pass` with options ``

// RUN: not rmlir-opt --pass-pipeline='cse' %s 2>&1 | FileCheck %s --check-prefix=ANCHOR
// ANCHOR: <unknown>:0: error: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'

// RUN: not rmlir-opt --pass-pipeline='builtin.module(func.func(cse)' %s 2>&1 | FileCheck %s --check-prefix=PAREN
// PAREN: <unknown>:0: error: MLIR Textual PassPipeline Parser:1:11: error: encountered unbalanced parentheses while parsing pipeline

// RUN: not rmlir-opt --pass-pipeline='func.func(cse)' %s 2>&1 | FileCheck %s --check-prefix=ROOT
// ROOT: error: can't run 'func.func' pass manager on 'builtin.module' op

// RUN: not rmlir-opt --cse --pass-pipeline='builtin.module(cse)' %s 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: <unknown>:0: error: '-pass-pipeline' option can't be used with individual pass options

// RUN: not rmlir-opt --cse=foo=1 %s 2>&1 | FileCheck %s --check-prefix=FLAGOPT
// FLAGOPT: <unknown>:0: error: <Pass-Options-Parser>: no such option foo

func.func @f() {
  return
}
