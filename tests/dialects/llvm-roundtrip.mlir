// RUN: rmlir-opt %s | rmlir-opt | FileCheck %s
// RUN: rmlir-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// The minimal llvm dialect: llvm.func definitions and declarations (whose
// type is an !llvm.func, with upstream's default properties) and llvm.return.

// CHECK-LABEL: llvm.func @a() {
// CHECK-NEXT:    llvm.return
// CHECK-NEXT:  }
// GENERIC: "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void ()>, linkage = #llvm.linkage<external>, sym_name = "a", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
// GENERIC-NEXT: "llvm.return"() : () -> ()
llvm.func @a() {
  llvm.return
}

// CHECK-LABEL: llvm.func internal @b(%arg0: i32, %arg1: !llvm.ptr) -> i32 attributes {foo} {
// CHECK-NEXT:    llvm.return %arg0 : i32
// GENERIC: function_type = !llvm.func<i32 (i32, ptr)>, linkage = #llvm.linkage<internal>, sym_name = "b"
llvm.func internal @b(%arg0: i32, %arg1: !llvm.ptr) -> i32 attributes {foo} {
  llvm.return %arg0 : i32
}

// CHECK: llvm.func @c(i64, !llvm.ptr) -> !llvm.ptr{{$}}
// GENERIC: function_type = !llvm.func<ptr (i64, ptr)>, linkage = #llvm.linkage<external>, sym_name = "c"
llvm.func @c(i64, !llvm.ptr) -> !llvm.ptr

// Argument and result attributes and variadic declarations, through the
// signature form shared with func.func (FunctionOpInterface); checked
// against mlir-opt 22.
// CHECK: llvm.func @v(i32 {llvm.noundef}, ...) -> i32{{$}}
// GENERIC: arg_attrs = [{llvm.noundef}], function_type = !llvm.func<i32 (i32, ...)>, linkage = #llvm.linkage<external>, sym_name = "v"
llvm.func @v(i32 {llvm.noundef}, ...) -> i32

// CHECK-LABEL: llvm.func @w(%arg0: i32 {llvm.noundef}) -> (i32 {llvm.noundef}) {
// GENERIC: arg_attrs = [{llvm.noundef}], function_type = !llvm.func<i32 (i32)>, linkage = #llvm.linkage<external>, res_attrs = [{llvm.noundef}], sym_name = "w"
llvm.func @w(%a: i32 {llvm.noundef}) -> (i32 {llvm.noundef}) {
  llvm.return %a : i32
}
