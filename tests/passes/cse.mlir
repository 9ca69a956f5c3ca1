// RUN: rmlir-opt --allow-unregistered-dialect --mlir-print-op-generic --cse %s | FileCheck %s
// RUN: rmlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-disable-threading --pass-pipeline='builtin.module(func.func(cse))' %s | FileCheck %s
// RUN: rmlir-opt --allow-unregistered-dialect --mlir-print-op-generic --pass-pipeline='builtin.module(func.func(cse))' %s | FileCheck %s

// Duplicated pure ops (func.constant) are replaced by the first one; dead
// pure ops are erased; unregistered ops (unknown effects) stay.
func.func private @ext()

func.func @simple() {
  %0 = func.constant @ext : () -> ()
  %1 = func.constant @ext : () -> ()
  %2 = func.constant @ext : () -> ()
  "test.use"(%0, %1) : (() -> (), () -> ()) -> ()
  %3 = "test.op"() : () -> i32
  %4 = "test.op"() : () -> i32
  "test.use"(%3, %4) : (i32, i32) -> ()
  return
}

// Values from a dominating block are reused; siblings in the dominator
// tree do not see each other's ops.
func.func @cfg(%c: i1) {
  %0 = func.constant @ext : () -> ()
  "test.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  %1 = func.constant @ext : () -> ()
  %2 = func.constant @simple : () -> ()
  "test.use"(%1, %2) : (() -> (), () -> ()) -> ()
  "test.br"()[^bb3] : () -> ()
^bb2:
  %3 = func.constant @simple : () -> ()
  "test.use"(%3) : (() -> ()) -> ()
  "test.br"()[^bb3] : () -> ()
^bb3:
  %4 = func.constant @simple : () -> ()
  "test.use"(%0, %4) : (() -> (), () -> ()) -> ()
  return
}

// An unregistered op might be isolated from above: its region starts with
// an empty table, but duplicates inside it are still eliminated.
func.func @nested() {
  %0 = func.constant @ext : () -> ()
  "test.region"() ({
    %1 = func.constant @ext : () -> ()
    %2 = func.constant @ext : () -> ()
    "test.use"(%1, %2) : (() -> (), () -> ()) -> ()
    "test.yield"() : () -> ()
  }) : () -> ()
  "test.use"(%0) : (() -> ()) -> ()
  return
}

// Expected output produced by mlir-opt 22 (generic form).
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "func.func"() <{function_type = () -> (), sym_name = "ext", sym_visibility = "private"}> ({
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT:   "func.func"() <{function_type = () -> (), sym_name = "simple"}> ({
// CHECK-NEXT:     %6 = "func.constant"() <{value = @ext}> : () -> (() -> ())
// CHECK-NEXT:     "test.use"(%6, %6) : (() -> (), () -> ()) -> ()
// CHECK-NEXT:     %7 = "test.op"() : () -> i32
// CHECK-NEXT:     %8 = "test.op"() : () -> i32
// CHECK-NEXT:     "test.use"(%7, %8) : (i32, i32) -> ()
// CHECK-NEXT:     "func.return"() : () -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT:   "func.func"() <{function_type = (i1) -> (), sym_name = "cfg"}> ({
// CHECK-NEXT:   ^bb0(%arg0: i1):
// CHECK-NEXT:     %2 = "func.constant"() <{value = @ext}> : () -> (() -> ())
// CHECK-NEXT:     "test.cond_br"(%arg0)[^bb1, ^bb2] : (i1) -> ()
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     %3 = "func.constant"() <{value = @simple}> : () -> (() -> ())
// CHECK-NEXT:     "test.use"(%2, %3) : (() -> (), () -> ()) -> ()
// CHECK-NEXT:     "test.br"()[^bb3] : () -> ()
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     %4 = "func.constant"() <{value = @simple}> : () -> (() -> ())
// CHECK-NEXT:     "test.use"(%4) : (() -> ()) -> ()
// CHECK-NEXT:     "test.br"()[^bb3] : () -> ()
// CHECK-NEXT:   ^bb3:  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:     %5 = "func.constant"() <{value = @simple}> : () -> (() -> ())
// CHECK-NEXT:     "test.use"(%2, %5) : (() -> (), () -> ()) -> ()
// CHECK-NEXT:     "func.return"() : () -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT:   "func.func"() <{function_type = () -> (), sym_name = "nested"}> ({
// CHECK-NEXT:     %0 = "func.constant"() <{value = @ext}> : () -> (() -> ())
// CHECK-NEXT:     "test.region"() ({
// CHECK-NEXT:       %1 = "func.constant"() <{value = @ext}> : () -> (() -> ())
// CHECK-NEXT:       "test.use"(%1, %1) : (() -> (), () -> ()) -> ()
// CHECK-NEXT:       "test.yield"() : () -> ()
// CHECK-NEXT:     }) : () -> ()
// CHECK-NEXT:     "test.use"(%0) : (() -> ()) -> ()
// CHECK-NEXT:     "func.return"() : () -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }) : () -> ()
