// Unknown type mnemonics of loaded dialects are parse errors, as in
// mlir-opt 22: `!llvm.prt` (a typo of `ptr`, found by the fuzzer's round
// trip, issue #15) used to be accepted and printed without its `!llvm.`
// prefix. Each dialect with types checks its mnemonics, at any nesting
// depth inside LLVM types; a dialect without types has no type parser.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics 2>&1 | FileCheck %s --implicit-check-not=panicked --allow-empty

// expected-error@+1 {{unknown LLVM type: prt}}
llvm.func @f(!llvm.prt) -> !llvm.ptr

// -----

// expected-error@+1 {{unknown LLVM type: prt}}
func.func private @g(!llvm.struct<(i32, prt)>)

// -----

// expected-error@+1 {{unknown LLVM type: prt}}
func.func private @g(!llvm.func<void (i32, !llvm.array<2 x prt>)>)

// -----

// expected-error@+1 {{unknown LLVM type: vec}}
func.func private @g(!llvm.vec<4 x ptr>)

// -----

// expected-error@+1 {{unexpected type, expected keyword}}
func.func private @g(!llvm.i32)

// -----

// expected-error@+1 {{invalid array element type: '!llvm.void'}}
func.func private @g(!llvm.array<4 x void>)

// -----

// The generic form goes through the same type parser.
// expected-error@+1 {{unknown LLVM type: prt}}
"llvm.func"() <{function_type = !llvm.func<void (prt)>, sym_name = "h"}> ({}) : () -> ()

// -----

// expected-error@+1 {{unknown gpu type: foo}}
func.func private @g(!gpu.foo)

// -----

// expected-error@+1 {{unknown type!}}
func.func private @g(!test.foo)

// -----

// expected-error@+1 {{dialect 'arith' provides no type parsing hook}}
func.func private @g(!arith.foo)
