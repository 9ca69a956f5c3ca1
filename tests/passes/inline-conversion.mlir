// -inline with type conversions at the call (test.cast between i16 and i32,
// materialized by the test dialect's inliner interface; other mismatches
// are not inlined) and the ops inlined for test.conversion_call_op marked
// inlined_conversion. Inputs from upstream's inlining.mlir; CHECK lines
// produced by mlir-opt 22.
// RUN: rmlir-opt %s -inline='default-pipeline=' | FileCheck %s
// RUN: rmlir-opt %s -inline | FileCheck %s --check-prefix=SIMPLIFY

func.func @convert_callee_fn(%arg : i32) -> i32 {
  return %arg : i32
}
func.func @convert_callee_fn_multi_arg(%a : i32, %b : i32) -> () {
  return
}
func.func @convert_callee_fn_multi_res() -> (i32, i32) {
  %res = arith.constant 0 : i32
  return %res, %res : i32, i32
}

func.func @inline_convert_call() -> i16 {
  %test_input = arith.constant 0 : i16

  %res = "test.conversion_call_op"(%test_input) { callee=@convert_callee_fn } : (i16) -> (i16)
  return %res : i16
}

func.func @convert_callee_fn_multiblock() -> i32 {
  cf.br ^bb0
^bb0:
  %0 = arith.constant 0 : i32
  return %0 : i32
}

func.func @inline_convert_result_multiblock() -> i16 {

  %res = "test.conversion_call_op"() { callee=@convert_callee_fn_multiblock } : () -> (i16)
  return %res : i16
}

func.func @no_inline_convert_call() {
  %test_input_i16 = arith.constant 0 : i16
  %test_input_i64 = arith.constant 0 : i64
  "test.conversion_call_op"(%test_input_i16, %test_input_i64) { callee=@convert_callee_fn_multi_arg } : (i16, i64) -> ()

  %res_2:2 = "test.conversion_call_op"() { callee=@convert_callee_fn_multi_res } : () -> (i16, i64)
  return
}


// CHECK: module {
// CHECK-NEXT:   func.func @convert_callee_fn(%arg0: i32) -> i32 {
// CHECK-NEXT:     return %arg0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @convert_callee_fn_multi_arg(%arg0: i32, %arg1: i32) {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @convert_callee_fn_multi_res() -> (i32, i32) {
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     return %c0_i32, %c0_i32 : i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @inline_convert_call() -> i16 {
// CHECK-NEXT:     %c0_i16 = arith.constant 0 : i16
// CHECK-NEXT:     %0 = "test.cast"(%c0_i16) : (i16) -> i32
// CHECK-NEXT:     %1 = "test.cast"(%0) : (i32) -> i16
// CHECK-NEXT:     return %1 : i16
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @convert_callee_fn_multiblock() -> i32 {
// CHECK-NEXT:     cf.br ^bb1
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     return %c0_i32 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @inline_convert_result_multiblock() -> i16 {
// CHECK-NEXT:     cf.br ^bb1 {inlined_conversion}
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     %c0_i32 = arith.constant {inlined_conversion} 0 : i32
// CHECK-NEXT:     cf.br ^bb2(%c0_i32 : i32)
// CHECK-NEXT:   ^bb2(%0: i32):  // pred: ^bb1
// CHECK-NEXT:     %1 = "test.cast"(%0) : (i32) -> i16
// CHECK-NEXT:     return %1 : i16
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @no_inline_convert_call() {
// CHECK-NEXT:     %c0_i16 = arith.constant 0 : i16
// CHECK-NEXT:     %c0_i64 = arith.constant 0 : i64
// CHECK-NEXT:     "test.conversion_call_op"(%c0_i16, %c0_i64) <{callee = @convert_callee_fn_multi_arg}> : (i16, i64) -> ()
// CHECK-NEXT:     %0:2 = "test.conversion_call_op"() <{callee = @convert_callee_fn_multi_res}> : () -> (i16, i64)
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// SIMPLIFY: module {
// SIMPLIFY-NEXT:   func.func @convert_callee_fn(%arg0: i32) -> i32 {
// SIMPLIFY-NEXT:     return %arg0 : i32
// SIMPLIFY-NEXT:   }
// SIMPLIFY-NEXT:   func.func @convert_callee_fn_multi_arg(%arg0: i32, %arg1: i32) {
// SIMPLIFY-NEXT:     return
// SIMPLIFY-NEXT:   }
// SIMPLIFY-NEXT:   func.func @convert_callee_fn_multi_res() -> (i32, i32) {
// SIMPLIFY-NEXT:     %c0_i32 = arith.constant 0 : i32
// SIMPLIFY-NEXT:     return %c0_i32, %c0_i32 : i32, i32
// SIMPLIFY-NEXT:   }
// SIMPLIFY-NEXT:   func.func @inline_convert_call() -> i16 {
// SIMPLIFY-NEXT:     %c0_i16 = arith.constant 0 : i16
// SIMPLIFY-NEXT:     %0 = "test.cast"(%c0_i16) : (i16) -> i32
// SIMPLIFY-NEXT:     %1 = "test.cast"(%0) : (i32) -> i16
// SIMPLIFY-NEXT:     return %1 : i16
// SIMPLIFY-NEXT:   }
// SIMPLIFY-NEXT:   func.func @convert_callee_fn_multiblock() -> i32 {
// SIMPLIFY-NEXT:     %c0_i32 = arith.constant 0 : i32
// SIMPLIFY-NEXT:     return %c0_i32 : i32
// SIMPLIFY-NEXT:   }
// SIMPLIFY-NEXT:   func.func @inline_convert_result_multiblock() -> i16 {
// SIMPLIFY-NEXT:     %c0_i32 = arith.constant {inlined_conversion} 0 : i32
// SIMPLIFY-NEXT:     %0 = "test.cast"(%c0_i32) : (i32) -> i16
// SIMPLIFY-NEXT:     return %0 : i16
// SIMPLIFY-NEXT:   }
// SIMPLIFY-NEXT:   func.func @no_inline_convert_call() {
// SIMPLIFY-NEXT:     %c0_i16 = arith.constant 0 : i16
// SIMPLIFY-NEXT:     %c0_i64 = arith.constant 0 : i64
// SIMPLIFY-NEXT:     "test.conversion_call_op"(%c0_i16, %c0_i64) <{callee = @convert_callee_fn_multi_arg}> : (i16, i64) -> ()
// SIMPLIFY-NEXT:     %0:2 = "test.conversion_call_op"() <{callee = @convert_callee_fn_multi_res}> : () -> (i16, i64)
// SIMPLIFY-NEXT:     return
// SIMPLIFY-NEXT:   }
// SIMPLIFY-NEXT: }
