// `llvm.func` in generic form may leave out its default-valued properties
// (linkage, calling convention, visibility), which the generic printer then
// shows, as MLIR 22 does; `!llvm.ptr` is a vector element type, and
// LLVM-compatible types (1-D vectors, f80, target types, nested structs)
// make a valid signature. CHECK lines from mlir-opt 22.
// RUN: rmlir-opt %s --mlir-print-op-generic | FileCheck %s

// CHECK: "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void (index)>, linkage = #llvm.linkage<external>, sym_name = "x", visibility_ = 0 : i64}> ({
"llvm.func"() ({}) {function_type = !llvm.func<void (index)>, sym_name = "x"} : () -> ()

// CHECK: "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<vector<2x!llvm.ptr> ()>, linkage = #llvm.linkage<external>, sym_name = "v", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
llvm.func @v() -> vector<2x!llvm.ptr>

// CHECK: "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<array<2 x struct<(i8, ptr)>> (ptr, vector<4xi32>, f80, target<"a", i32>)>, linkage = #llvm.linkage<extern_weak>, sym_name = "f", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
llvm.func extern_weak @f(!llvm.ptr, vector<4xi32>, f80, !llvm.target<"a", i32>) -> !llvm.array<2 x struct<(i8, ptr)>>
