// LLVM types print in MLIR 22's canonical spelling: nested LLVM types lose
// their `!llvm.` prefix, `ptr<0>` is `ptr`, whitespace is normalised, and an
// `llvm.func` signature keeps the prefix of every LLVM type it prints.
// RUN: rmlir-opt %s | FileCheck %s
// RUN: rmlir-opt %s | rmlir-opt | FileCheck %s

// CHECK: func.func private @g(!llvm.ptr, !llvm.ptr<3>, !llvm.struct<(i32, ptr)>, !llvm.array<4 x i8>, !llvm.func<void (i32, ...)>, !llvm.struct<"n", opaque>, !llvm.struct<packed (i8)>, !llvm.target<"a", i32, 1>, !llvm.token, !llvm.array<2 x vector<2xf32>>)
func.func private @g(!llvm.ptr<0>, !llvm.ptr<3 >, !llvm.struct<(i32,!llvm.ptr)>, !llvm.array< 4 x i8 >, !llvm.func<void ( i32 , ... )>, !llvm.struct< "n" , opaque >, !llvm.struct<packed (i8)>, !llvm.target<"a", i32, 1>, !llvm.token, !llvm.array<2 x vector<2xf32>>)

// CHECK: llvm.func @f(!llvm.ptr<1>, !llvm.struct<(ptr, i32)>) -> !llvm.ptr
llvm.func @f(!llvm.ptr<1>, !llvm.struct<(!llvm.ptr, i32)>) -> !llvm.ptr

// CHECK: func.func private @m(!gpu.mma_matrix<16x16xf16, "AOp">, !gpu.async.token, !gpu.sparse.spmat_handle)
func.func private @m(!gpu.mma_matrix<16x16xf16, "AOp">, !gpu.async.token, !gpu.sparse.spmat_handle)
