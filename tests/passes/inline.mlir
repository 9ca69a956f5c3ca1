// -inline: single- and multi-block callees, callsite locations, external
// declarations, multi-level and recursive calls, calls through
// test.functional_region_op values, noinline calls, the default and
// per-op simplification pipelines. Inputs from upstream's inlining.mlir;
// CHECK lines produced by mlir-opt 22.
// RUN: rmlir-opt %s -inline='default-pipeline=' | FileCheck %s
// RUN: rmlir-opt %s --mlir-disable-threading -inline='default-pipeline=' | FileCheck %s
// RUN: rmlir-opt %s -inline | FileCheck %s --check-prefix=SIMPLIFY
// RUN: rmlir-opt %s -inline='op-pipelines=func.func(canonicalize,cse)' | FileCheck %s --check-prefix=SIMPLIFY
// RUN: rmlir-opt %s -inline='default-pipeline=' -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s --check-prefix=LOC

func.func @func_with_arg(%c : i32) -> i32 {
  %b = arith.addi %c, %c : i32
  return %b : i32
}

func.func @inline_with_arg(%arg0 : i32) -> i32 {

  %0 = call @func_with_arg(%arg0) : (i32) -> i32
  return %0 : i32
}

func.func @func_with_multi_return(%a : i1) -> (i32) {
  cf.cond_br %a, ^bb1, ^bb2

^bb1:
  %const_0 = arith.constant 0 : i32
  return %const_0 : i32

^bb2:
  %const_55 = arith.constant 55 : i32
  return %const_55 : i32
}

func.func @inline_with_multi_return() -> i32 {

  %false = arith.constant false
  %x = call @func_with_multi_return(%false) : (i1) -> i32
  return %x : i32
}

func.func @func_with_locations(%c : i32) -> i32 {
  %b = arith.addi %c, %c : i32 loc("mysource.cc":10:8)
  return %b : i32 loc("mysource.cc":11:2)
}

func.func @inline_with_locations(%arg0 : i32) -> i32 {

  %0 = call @func_with_locations(%arg0) : (i32) -> i32 loc("mysource.cc":55:14)
  return %0 : i32
}


func.func private @func_external()

func.func @no_inline_external() {
  call @func_external() : () -> ()
  return
}

func.func @multilevel_func_a() {
  return
}
func.func @multilevel_func_b() {
  call @multilevel_func_a() : () -> ()
  return
}

func.func @inline_multilevel() {
  %fn = "test.functional_region_op"() ({
    call @multilevel_func_b() : () -> ()
    "test.return"() : () -> ()
  }) : () -> (() -> ())

  call_indirect %fn() : () -> ()
  return
}

func.func @no_inline_recursive() {
  %fn = "test.functional_region_op"() ({
    call @no_inline_recursive() : () -> ()
    "test.return"() : () -> ()
  }) : () -> (() -> ())
  return
}

func.func @simplify_return_constant() -> i32 {
  %res = arith.constant 0 : i32
  return %res : i32
}

func.func @simplify_return_reference() -> (() -> i32) {
  %res = constant @simplify_return_constant : () -> i32
  return %res : () -> i32
}

func.func @inline_simplify() -> i32 {
  %fn = call @simplify_return_reference() : () -> (() -> i32)
  %res = call_indirect %fn() : () -> i32
  return %res : i32
}

func.func @no_inline_invalid_call() -> i32 {
  %res = "test.conversion_call_op"() { callee=@convert_callee_fn_multiblock, noinline } : () -> (i32)
  return %res : i32
}

func.func @func_with_block_args_location(%arg0 : i32) {
  cf.br ^bb1(%arg0 : i32)
^bb1(%x : i32 loc("foo")):
  "test.foo" (%x) : (i32) -> () loc("bar")
  return
}

func.func @func_with_block_args_location_callee1(%arg0 : i32) {
  call @func_with_block_args_location(%arg0) : (i32) -> ()
  return
}

func.func @func_with_block_args_location_callee2(%arg0 : i32) {
  call @func_with_block_args_location(%arg0) : (i32) -> ()
  return
}

func.func @func_with_multiple_blocks(%arg0 : i32) {
  cf.br ^bb1(%arg0 : i32)
^bb1(%x : i32):
  "test.foo" (%x) : (i32) -> () loc("bar")
  return
}

func.func @func_with_multiple_blocks_callee1(%arg0 : i32) {
  "test.dummy_op"() ({
    call @func_with_multiple_blocks(%arg0) : (i32) -> ()
    "test.terminator"() : () -> ()
  }) : () -> ()
  return
}

func.func @func_with_multiple_blocks_callee2(%arg0 : i32, %c : i1) {
  %0 = scf.while (%arg1 = %arg0) : (i32) -> (i32) {
    func.call @func_with_multiple_blocks(%arg0) : (i32) -> ()
    scf.condition(%c) %arg1 : i32
  } do {
  ^bb0(%arg1: i32):
    scf.yield %arg1 : i32
  }
  return
}


// CHECK: module {
// CHECK-NEXT:   func.func @func_with_arg(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @inline_with_arg(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @func_with_multi_return(%arg0: i1) -> i32 {
// CHECK-NEXT:     cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     return %c0_i32 : i32
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     %c55_i32 = arith.constant 55 : i32
// CHECK-NEXT:     return %c55_i32 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @inline_with_multi_return() -> i32 {
// CHECK-NEXT:     %false = arith.constant false
// CHECK-NEXT:     cf.cond_br %false, ^bb1, ^bb2
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     cf.br ^bb3(%c0_i32 : i32)
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     %c55_i32 = arith.constant 55 : i32
// CHECK-NEXT:     cf.br ^bb3(%c55_i32 : i32)
// CHECK-NEXT:   ^bb3(%0: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @func_with_locations(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @inline_with_locations(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @func_external()
// CHECK-NEXT:   func.func @no_inline_external() {
// CHECK-NEXT:     call @func_external() : () -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @multilevel_func_a() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @multilevel_func_b() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @inline_multilevel() {
// CHECK-NEXT:     %0 = "test.functional_region_op"() ({
// CHECK-NEXT:       "test.return"() : () -> ()
// CHECK-NEXT:     }) : () -> (() -> ())
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @no_inline_recursive() {
// CHECK-NEXT:     %0 = "test.functional_region_op"() ({
// CHECK-NEXT:       func.call @no_inline_recursive() : () -> ()
// CHECK-NEXT:       "test.return"() : () -> ()
// CHECK-NEXT:     }) : () -> (() -> ())
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @simplify_return_constant() -> i32 {
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     return %c0_i32 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @simplify_return_reference() -> (() -> i32) {
// CHECK-NEXT:     %f = constant @simplify_return_constant : () -> i32
// CHECK-NEXT:     return %f : () -> i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @inline_simplify() -> i32 {
// CHECK-NEXT:     %f = constant @simplify_return_constant : () -> i32
// CHECK-NEXT:     %0 = call_indirect %f() : () -> i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @no_inline_invalid_call() -> i32 {
// CHECK-NEXT:     %0 = "test.conversion_call_op"() <{callee = @convert_callee_fn_multiblock}> {noinline} : () -> i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @func_with_block_args_location(%arg0: i32) {
// CHECK-NEXT:     cf.br ^bb1(%arg0 : i32)
// CHECK-NEXT:   ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:     "test.foo"(%0) : (i32) -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @func_with_block_args_location_callee1(%arg0: i32) {
// CHECK-NEXT:     cf.br ^bb1(%arg0 : i32)
// CHECK-NEXT:   ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:     "test.foo"(%0) : (i32) -> ()
// CHECK-NEXT:     cf.br ^bb2
// CHECK-NEXT:   ^bb2:  // pred: ^bb1
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @func_with_block_args_location_callee2(%arg0: i32) {
// CHECK-NEXT:     cf.br ^bb1(%arg0 : i32)
// CHECK-NEXT:   ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:     "test.foo"(%0) : (i32) -> ()
// CHECK-NEXT:     cf.br ^bb2
// CHECK-NEXT:   ^bb2:  // pred: ^bb1
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @func_with_multiple_blocks(%arg0: i32) {
// CHECK-NEXT:     cf.br ^bb1(%arg0 : i32)
// CHECK-NEXT:   ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:     "test.foo"(%0) : (i32) -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @func_with_multiple_blocks_callee1(%arg0: i32) {
// CHECK-NEXT:     "test.dummy_op"() ({
// CHECK-NEXT:       func.call @func_with_multiple_blocks(%arg0) : (i32) -> ()
// CHECK-NEXT:       "test.terminator"() : () -> ()
// CHECK-NEXT:     }) : () -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @func_with_multiple_blocks_callee2(%arg0: i32, %arg1: i1) {
// CHECK-NEXT:     %0 = scf.while (%arg2 = %arg0) : (i32) -> i32 {
// CHECK-NEXT:       func.call @func_with_multiple_blocks(%arg0) : (i32) -> ()
// CHECK-NEXT:       scf.condition(%arg1) %arg2 : i32
// CHECK-NEXT:     } do {
// CHECK-NEXT:     ^bb0(%arg2: i32):
// CHECK-NEXT:       scf.yield %arg2 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// SIMPLIFY: module {
// SIMPLIFY-NEXT:   func.func @func_with_arg(%arg0: i32) -> i32 {
// SIMPLIFY-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// SIMPLIFY-NEXT:     return %0 : i32
// SIMPLIFY-NEXT:   }
// SIMPLIFY-NEXT:   func.func @inline_with_arg(%arg0: i32) -> i32 {
// SIMPLIFY-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// SIMPLIFY-NEXT:     return %0 : i32
// SIMPLIFY-NEXT:   }
// SIMPLIFY-NEXT:   func.func @func_with_multi_return(%arg0: i1) -> i32 {
// SIMPLIFY-NEXT:     %c55_i32 = arith.constant 55 : i32
// SIMPLIFY-NEXT:     %c0_i32 = arith.constant 0 : i32
// SIMPLIFY-NEXT:     cf.cond_br %arg0, ^bb1, ^bb2
// SIMPLIFY-NEXT:   ^bb1:  // pred: ^bb0
// SIMPLIFY-NEXT:     return %c0_i32 : i32
// SIMPLIFY-NEXT:   ^bb2:  // pred: ^bb0
// SIMPLIFY-NEXT:     return %c55_i32 : i32
// SIMPLIFY-NEXT:   }
// SIMPLIFY-NEXT:   func.func @inline_with_multi_return() -> i32 {
// SIMPLIFY-NEXT:     %c55_i32 = arith.constant 55 : i32
// SIMPLIFY-NEXT:     return %c55_i32 : i32
// SIMPLIFY-NEXT:   }
// SIMPLIFY-NEXT:   func.func @func_with_locations(%arg0: i32) -> i32 {
// SIMPLIFY-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// SIMPLIFY-NEXT:     return %0 : i32
// SIMPLIFY-NEXT:   }
// SIMPLIFY-NEXT:   func.func @inline_with_locations(%arg0: i32) -> i32 {
// SIMPLIFY-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// SIMPLIFY-NEXT:     return %0 : i32
// SIMPLIFY-NEXT:   }
// SIMPLIFY-NEXT:   func.func private @func_external()
// SIMPLIFY-NEXT:   func.func @no_inline_external() {
// SIMPLIFY-NEXT:     call @func_external() : () -> ()
// SIMPLIFY-NEXT:     return
// SIMPLIFY-NEXT:   }
// SIMPLIFY-NEXT:   func.func @multilevel_func_a() {
// SIMPLIFY-NEXT:     return
// SIMPLIFY-NEXT:   }
// SIMPLIFY-NEXT:   func.func @multilevel_func_b() {
// SIMPLIFY-NEXT:     return
// SIMPLIFY-NEXT:   }
// SIMPLIFY-NEXT:   func.func @inline_multilevel() {
// SIMPLIFY-NEXT:     %0 = "test.functional_region_op"() ({
// SIMPLIFY-NEXT:       "test.return"() : () -> ()
// SIMPLIFY-NEXT:     }) : () -> (() -> ())
// SIMPLIFY-NEXT:     return
// SIMPLIFY-NEXT:   }
// SIMPLIFY-NEXT:   func.func @no_inline_recursive() {
// SIMPLIFY-NEXT:     %0 = "test.functional_region_op"() ({
// SIMPLIFY-NEXT:       func.call @no_inline_recursive() : () -> ()
// SIMPLIFY-NEXT:       "test.return"() : () -> ()
// SIMPLIFY-NEXT:     }) : () -> (() -> ())
// SIMPLIFY-NEXT:     return
// SIMPLIFY-NEXT:   }
// SIMPLIFY-NEXT:   func.func @simplify_return_constant() -> i32 {
// SIMPLIFY-NEXT:     %c0_i32 = arith.constant 0 : i32
// SIMPLIFY-NEXT:     return %c0_i32 : i32
// SIMPLIFY-NEXT:   }
// SIMPLIFY-NEXT:   func.func @simplify_return_reference() -> (() -> i32) {
// SIMPLIFY-NEXT:     %f = constant @simplify_return_constant : () -> i32
// SIMPLIFY-NEXT:     return %f : () -> i32
// SIMPLIFY-NEXT:   }
// SIMPLIFY-NEXT:   func.func @inline_simplify() -> i32 {
// SIMPLIFY-NEXT:     %c0_i32 = arith.constant 0 : i32
// SIMPLIFY-NEXT:     return %c0_i32 : i32
// SIMPLIFY-NEXT:   }
// SIMPLIFY-NEXT:   func.func @no_inline_invalid_call() -> i32 {
// SIMPLIFY-NEXT:     %0 = "test.conversion_call_op"() <{callee = @convert_callee_fn_multiblock}> {noinline} : () -> i32
// SIMPLIFY-NEXT:     return %0 : i32
// SIMPLIFY-NEXT:   }
// SIMPLIFY-NEXT:   func.func @func_with_block_args_location(%arg0: i32) {
// SIMPLIFY-NEXT:     "test.foo"(%arg0) : (i32) -> ()
// SIMPLIFY-NEXT:     return
// SIMPLIFY-NEXT:   }
// SIMPLIFY-NEXT:   func.func @func_with_block_args_location_callee1(%arg0: i32) {
// SIMPLIFY-NEXT:     "test.foo"(%arg0) : (i32) -> ()
// SIMPLIFY-NEXT:     return
// SIMPLIFY-NEXT:   }
// SIMPLIFY-NEXT:   func.func @func_with_block_args_location_callee2(%arg0: i32) {
// SIMPLIFY-NEXT:     "test.foo"(%arg0) : (i32) -> ()
// SIMPLIFY-NEXT:     return
// SIMPLIFY-NEXT:   }
// SIMPLIFY-NEXT:   func.func @func_with_multiple_blocks(%arg0: i32) {
// SIMPLIFY-NEXT:     "test.foo"(%arg0) : (i32) -> ()
// SIMPLIFY-NEXT:     return
// SIMPLIFY-NEXT:   }
// SIMPLIFY-NEXT:   func.func @func_with_multiple_blocks_callee1(%arg0: i32) {
// SIMPLIFY-NEXT:     "test.dummy_op"() ({
// SIMPLIFY-NEXT:       "test.foo"(%arg0) : (i32) -> ()
// SIMPLIFY-NEXT:       "test.terminator"() : () -> ()
// SIMPLIFY-NEXT:     }) : () -> ()
// SIMPLIFY-NEXT:     return
// SIMPLIFY-NEXT:   }
// SIMPLIFY-NEXT:   func.func @func_with_multiple_blocks_callee2(%arg0: i32, %arg1: i1) {
// SIMPLIFY-NEXT:     scf.while : () -> () {
// SIMPLIFY-NEXT:       "test.foo"(%arg0) : (i32) -> ()
// SIMPLIFY-NEXT:       scf.condition(%arg1)
// SIMPLIFY-NEXT:     } do {
// SIMPLIFY-NEXT:       scf.yield
// SIMPLIFY-NEXT:     }
// SIMPLIFY-NEXT:     return
// SIMPLIFY-NEXT:   }
// SIMPLIFY-NEXT: }

// LOC: module {
// LOC-NEXT:   func.func @func_with_arg(%arg0: i32 loc("{{.*}}inline.mlir":12:26)) -> i32 {
// LOC-NEXT:     %0 = arith.addi %arg0, %arg0 : i32 loc("{{.*}}inline.mlir":13:8)
// LOC-NEXT:     return %0 : i32 loc("{{.*}}inline.mlir":14:3)
// LOC-NEXT:   } loc("{{.*}}inline.mlir":12:1)
// LOC-NEXT:   func.func @inline_with_arg(%arg0: i32 loc("{{.*}}inline.mlir":17:28)) -> i32 {
// LOC-NEXT:     %0 = arith.addi %arg0, %arg0 : i32 loc(callsite("{{.*}}inline.mlir":13:8 at "{{.*}}inline.mlir":19:8))
// LOC-NEXT:     return %0 : i32 loc("{{.*}}inline.mlir":20:3)
// LOC-NEXT:   } loc("{{.*}}inline.mlir":17:1)
// LOC-NEXT:   func.func @func_with_multi_return(%arg0: i1 loc("{{.*}}inline.mlir":23:35)) -> i32 {
// LOC-NEXT:     cf.cond_br %arg0, ^bb1, ^bb2 loc("{{.*}}inline.mlir":24:3)
// LOC-NEXT:   ^bb1:  // pred: ^bb0
// LOC-NEXT:     %c0_i32 = arith.constant 0 : i32 loc("{{.*}}inline.mlir":27:14)
// LOC-NEXT:     return %c0_i32 : i32 loc("{{.*}}inline.mlir":28:3)
// LOC-NEXT:   ^bb2:  // pred: ^bb0
// LOC-NEXT:     %c55_i32 = arith.constant 55 : i32 loc("{{.*}}inline.mlir":31:15)
// LOC-NEXT:     return %c55_i32 : i32 loc("{{.*}}inline.mlir":32:3)
// LOC-NEXT:   } loc("{{.*}}inline.mlir":23:1)
// LOC-NEXT:   func.func @inline_with_multi_return() -> i32 {
// LOC-NEXT:     %false = arith.constant false loc("{{.*}}inline.mlir":37:12)
// LOC-NEXT:     cf.cond_br %false, ^bb1, ^bb2 loc(callsite("{{.*}}inline.mlir":24:3 at "{{.*}}inline.mlir":38:8))
// LOC-NEXT:   ^bb1:  // pred: ^bb0
// LOC-NEXT:     %c0_i32 = arith.constant 0 : i32 loc(callsite("{{.*}}inline.mlir":27:14 at "{{.*}}inline.mlir":38:8))
// LOC-NEXT:     cf.br ^bb3(%c0_i32 : i32) loc(callsite("{{.*}}inline.mlir":28:3 at "{{.*}}inline.mlir":38:8))
// LOC-NEXT:   ^bb2:  // pred: ^bb0
// LOC-NEXT:     %c55_i32 = arith.constant 55 : i32 loc(callsite("{{.*}}inline.mlir":31:15 at "{{.*}}inline.mlir":38:8))
// LOC-NEXT:     cf.br ^bb3(%c55_i32 : i32) loc(callsite("{{.*}}inline.mlir":32:3 at "{{.*}}inline.mlir":38:8))
// LOC-NEXT:   ^bb3(%0: i32 loc("{{.*}}inline.mlir":38:8)):  // 2 preds: ^bb1, ^bb2
// LOC-NEXT:     return %0 : i32 loc("{{.*}}inline.mlir":39:3)
// LOC-NEXT:   } loc("{{.*}}inline.mlir":35:1)
// LOC-NEXT:   func.func @func_with_locations(%arg0: i32 loc("{{.*}}inline.mlir":42:32)) -> i32 {
// LOC-NEXT:     %0 = arith.addi %arg0, %arg0 : i32 loc("mysource.cc":10:8)
// LOC-NEXT:     return %0 : i32 loc("mysource.cc":11:2)
// LOC-NEXT:   } loc("{{.*}}inline.mlir":42:1)
// LOC-NEXT:   func.func @inline_with_locations(%arg0: i32 loc("{{.*}}inline.mlir":47:34)) -> i32 {
// LOC-NEXT:     %0 = arith.addi %arg0, %arg0 : i32 loc(callsite("mysource.cc":10:8 at "mysource.cc":55:14))
// LOC-NEXT:     return %0 : i32 loc("{{.*}}inline.mlir":50:3)
// LOC-NEXT:   } loc("{{.*}}inline.mlir":47:1)
// LOC-NEXT:   func.func private @func_external() loc("{{.*}}inline.mlir":54:1)
// LOC-NEXT:   func.func @no_inline_external() {
// LOC-NEXT:     call @func_external() : () -> () loc("{{.*}}inline.mlir":57:3)
// LOC-NEXT:     return loc("{{.*}}inline.mlir":58:3)
// LOC-NEXT:   } loc("{{.*}}inline.mlir":56:1)
// LOC-NEXT:   func.func @multilevel_func_a() {
// LOC-NEXT:     return loc("{{.*}}inline.mlir":62:3)
// LOC-NEXT:   } loc("{{.*}}inline.mlir":61:1)
// LOC-NEXT:   func.func @multilevel_func_b() {
// LOC-NEXT:     return loc("{{.*}}inline.mlir":66:3)
// LOC-NEXT:   } loc("{{.*}}inline.mlir":64:1)
// LOC-NEXT:   func.func @inline_multilevel() {
// LOC-NEXT:     %0 = "test.functional_region_op"() ({
// LOC-NEXT:       "test.return"() : () -> () loc("{{.*}}inline.mlir":72:5)
// LOC-NEXT:     }) : () -> (() -> ()) loc("{{.*}}inline.mlir":70:9)
// LOC-NEXT:     return loc("{{.*}}inline.mlir":76:3)
// LOC-NEXT:   } loc("{{.*}}inline.mlir":69:1)
// LOC-NEXT:   func.func @no_inline_recursive() {
// LOC-NEXT:     %0 = "test.functional_region_op"() ({
// LOC-NEXT:       func.call @no_inline_recursive() : () -> () loc("{{.*}}inline.mlir":81:5)
// LOC-NEXT:       "test.return"() : () -> () loc("{{.*}}inline.mlir":82:5)
// LOC-NEXT:     }) : () -> (() -> ()) loc("{{.*}}inline.mlir":80:9)
// LOC-NEXT:     return loc("{{.*}}inline.mlir":84:3)
// LOC-NEXT:   } loc("{{.*}}inline.mlir":79:1)
// LOC-NEXT:   func.func @simplify_return_constant() -> i32 {
// LOC-NEXT:     %c0_i32 = arith.constant 0 : i32 loc("{{.*}}inline.mlir":88:10)
// LOC-NEXT:     return %c0_i32 : i32 loc("{{.*}}inline.mlir":89:3)
// LOC-NEXT:   } loc("{{.*}}inline.mlir":87:1)
// LOC-NEXT:   func.func @simplify_return_reference() -> (() -> i32) {
// LOC-NEXT:     %f = constant @simplify_return_constant : () -> i32 loc("{{.*}}inline.mlir":93:10)
// LOC-NEXT:     return %f : () -> i32 loc("{{.*}}inline.mlir":94:3)
// LOC-NEXT:   } loc("{{.*}}inline.mlir":92:1)
// LOC-NEXT:   func.func @inline_simplify() -> i32 {
// LOC-NEXT:     %f = constant @simplify_return_constant : () -> i32 loc(callsite("{{.*}}inline.mlir":93:10 at "{{.*}}inline.mlir":98:9))
// LOC-NEXT:     %0 = call_indirect %f() : () -> i32 loc("{{.*}}inline.mlir":99:10)
// LOC-NEXT:     return %0 : i32 loc("{{.*}}inline.mlir":100:3)
// LOC-NEXT:   } loc("{{.*}}inline.mlir":97:1)
// LOC-NEXT:   func.func @no_inline_invalid_call() -> i32 {
// LOC-NEXT:     %0 = "test.conversion_call_op"() <{callee = @convert_callee_fn_multiblock}> {noinline} : () -> i32 loc("{{.*}}inline.mlir":104:10)
// LOC-NEXT:     return %0 : i32 loc("{{.*}}inline.mlir":105:3)
// LOC-NEXT:   } loc("{{.*}}inline.mlir":103:1)
// LOC-NEXT:   func.func @func_with_block_args_location(%arg0: i32 loc("{{.*}}inline.mlir":108:42)) {
// LOC-NEXT:     cf.br ^bb1(%arg0 : i32) loc("{{.*}}inline.mlir":109:3)
// LOC-NEXT:   ^bb1(%0: i32 loc("foo")):  // pred: ^bb0
// LOC-NEXT:     "test.foo"(%0) : (i32) -> () loc("bar")
// LOC-NEXT:     return loc("{{.*}}inline.mlir":112:3)
// LOC-NEXT:   } loc("{{.*}}inline.mlir":108:1)
// LOC-NEXT:   func.func @func_with_block_args_location_callee1(%arg0: i32 loc("{{.*}}inline.mlir":115:50)) {
// LOC-NEXT:     cf.br ^bb1(%arg0 : i32) loc(callsite("{{.*}}inline.mlir":109:3 at "{{.*}}inline.mlir":116:3))
// LOC-NEXT:   ^bb1(%0: i32 loc(callsite("foo" at "{{.*}}inline.mlir":116:3))):  // pred: ^bb0
// LOC-NEXT:     "test.foo"(%0) : (i32) -> () loc(callsite("bar" at "{{.*}}inline.mlir":116:3))
// LOC-NEXT:     cf.br ^bb2 loc(callsite("{{.*}}inline.mlir":112:3 at "{{.*}}inline.mlir":116:3))
// LOC-NEXT:   ^bb2:  // pred: ^bb1
// LOC-NEXT:     return loc("{{.*}}inline.mlir":117:3)
// LOC-NEXT:   } loc("{{.*}}inline.mlir":115:1)
// LOC-NEXT:   func.func @func_with_block_args_location_callee2(%arg0: i32 loc("{{.*}}inline.mlir":120:50)) {
// LOC-NEXT:     cf.br ^bb1(%arg0 : i32) loc(callsite("{{.*}}inline.mlir":109:3 at "{{.*}}inline.mlir":121:3))
// LOC-NEXT:   ^bb1(%0: i32 loc(callsite("foo" at "{{.*}}inline.mlir":121:3))):  // pred: ^bb0
// LOC-NEXT:     "test.foo"(%0) : (i32) -> () loc(callsite("bar" at "{{.*}}inline.mlir":121:3))
// LOC-NEXT:     cf.br ^bb2 loc(callsite("{{.*}}inline.mlir":112:3 at "{{.*}}inline.mlir":121:3))
// LOC-NEXT:   ^bb2:  // pred: ^bb1
// LOC-NEXT:     return loc("{{.*}}inline.mlir":122:3)
// LOC-NEXT:   } loc("{{.*}}inline.mlir":120:1)
// LOC-NEXT:   func.func @func_with_multiple_blocks(%arg0: i32 loc("{{.*}}inline.mlir":125:38)) {
// LOC-NEXT:     cf.br ^bb1(%arg0 : i32) loc("{{.*}}inline.mlir":126:3)
// LOC-NEXT:   ^bb1(%0: i32 loc("{{.*}}inline.mlir":127:6)):  // pred: ^bb0
// LOC-NEXT:     "test.foo"(%0) : (i32) -> () loc("bar")
// LOC-NEXT:     return loc("{{.*}}inline.mlir":129:3)
// LOC-NEXT:   } loc("{{.*}}inline.mlir":125:1)
// LOC-NEXT:   func.func @func_with_multiple_blocks_callee1(%arg0: i32 loc("{{.*}}inline.mlir":132:46)) {
// LOC-NEXT:     "test.dummy_op"() ({
// LOC-NEXT:       func.call @func_with_multiple_blocks(%arg0) : (i32) -> () loc("{{.*}}inline.mlir":134:5)
// LOC-NEXT:       "test.terminator"() : () -> () loc("{{.*}}inline.mlir":135:5)
// LOC-NEXT:     }) : () -> () loc("{{.*}}inline.mlir":133:3)
// LOC-NEXT:     return loc("{{.*}}inline.mlir":137:3)
// LOC-NEXT:   } loc("{{.*}}inline.mlir":132:1)
// LOC-NEXT:   func.func @func_with_multiple_blocks_callee2(%arg0: i32 loc("{{.*}}inline.mlir":140:46), %arg1: i1 loc("{{.*}}inline.mlir":140:59)) {
// LOC-NEXT:     %0 = scf.while (%arg2 = %arg0) : (i32) -> i32 {
// LOC-NEXT:       func.call @func_with_multiple_blocks(%arg0) : (i32) -> () loc("{{.*}}inline.mlir":142:5)
// LOC-NEXT:       scf.condition(%arg1) %arg2 : i32 loc("{{.*}}inline.mlir":143:5)
// LOC-NEXT:     } do {
// LOC-NEXT:     ^bb0(%arg2: i32 loc("{{.*}}inline.mlir":145:8)):
// LOC-NEXT:       scf.yield %arg2 : i32 loc("{{.*}}inline.mlir":146:5)
// LOC-NEXT:     } loc("{{.*}}inline.mlir":141:8)
// LOC-NEXT:     return loc("{{.*}}inline.mlir":148:3)
// LOC-NEXT:   } loc("{{.*}}inline.mlir":140:1)
// LOC-NEXT: } loc("{{.*}}inline.mlir":0:0)
