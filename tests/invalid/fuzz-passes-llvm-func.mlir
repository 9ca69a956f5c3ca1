// Found by the `passes` fuzz target (session 6): this module once parsed,
// and after `--canonicalize` its printed `llvm.func` signatures did not
// parse again. LLVM types are now parsed as MLIR 22 parses them, so the
// misspelled `!llvm.Ptr` is rejected up front, as mlir-opt rejects it, and
// the valid functions round-trip (tests/parse/llvm-types.mlir).
// RUN: rmlir-opt %s --verify-diagnostics

llvm.func @a() {
  llvm.return
}

llvm.func internal @b(%arg0: i32, %arg1: !llvm.ptr) -> i32 attributes {foo} {
  llvm.return %arg0 : i32
}

// expected-error@+1 {{unknown LLVM type: Ptr}}
llvm.func @c(i64, !llvm.Ptr) -> !llvm.ptr
