// The canonicalize pass: dead pure ops are erased, unreachable blocks removed,
// result-name hints applied; output as mlir-opt 22 prints it.
// RUN: rmlir-opt --allow-unregistered-dialect --canonicalize %s | FileCheck %s
// RUN: rmlir-opt --allow-unregistered-dialect --pass-pipeline="builtin.module(func.func(canonicalize{region-simplify=disabled}))" %s | FileCheck %s

func.func private @g()
func.func @f(%a: i32) -> i32 {
  %0 = func.constant @g : () -> ()
  %1 = func.constant @g : () -> ()
  "foo.use"(%1) : (() -> ()) -> ()
  "foo.br"()[^bb1] : () -> ()
^bb1:
  return %a : i32
^bb2:
  return %a : i32
}

// CHECK: module {
// CHECK-NEXT:   func.func private @g()
// CHECK-NEXT:   func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT:     %f = constant @g : () -> ()
// CHECK-NEXT:     "foo.use"(%f) : (() -> ()) -> ()
// CHECK-NEXT:     "foo.br"()[^bb1] : () -> ()
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     return %arg0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
