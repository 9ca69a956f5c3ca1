// A string attribute of a declarative format prints without its type, as
// upstream's `StringBasedAttr` (value type `none`) does: the custom form of
// a typed `sym_visibility` string is the plain string. CHECK lines from
// mlir-opt 22.
// RUN: rmlir-opt %s | FileCheck %s

// CHECK: memref.global "private" @typed : memref<2xf32>
"memref.global"() <{sym_name = "typed", sym_visibility = "private" : i32, type = memref<2xf32>}> : () -> ()
// CHECK: memref.global "private" @none : memref<2xf32>
"memref.global"() <{sym_name = "none", sym_visibility = "private" : none, type = memref<2xf32>}> : () -> ()
