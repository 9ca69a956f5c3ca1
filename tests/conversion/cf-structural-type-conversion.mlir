// RUN: rmlir-opt %s -split-input-file -test-legalize-type-conversion -verify-diagnostics | FileCheck %s

// The cf structural type conversions (cf.br / cf.cond_br / cf.switch
// patterns and legality) under -test-legalize-type-conversion, whose type
// converter turns f16 / f32 into f64, keeps f64 and i1 and drops i32. The
// function pattern converts the entry block only; the other blocks are
// converted by the branches to them, each once. CHECK lines from mlir-opt 22.

// ^bb2 has two predecessors, one of them a loop back edge: the first branch
// converts it, the second finds it converted.
// CHECK-LABEL: func.func @br_chain(%arg0: f64, %arg1: f64, %arg2: f64) {
// CHECK-NEXT:    cf.br ^bb1(%arg0, %arg1 : f64, f64)
// CHECK-NEXT:  ^bb1(%0: f64, %1: f64):  // pred: ^bb0
// CHECK-NEXT:    cf.br ^bb2(%0 : f64)
// CHECK-NEXT:  ^bb2(%2: f64):  // 2 preds: ^bb1, ^bb3
// CHECK-NEXT:    %3 = "test.cast"(%2) : (f64) -> f32
// CHECK-NEXT:    "test.foo"(%3) : (f32) -> ()
// CHECK-NEXT:    cf.br ^bb3(%arg2, %2 : f64, f64)
// CHECK-NEXT:  ^bb3(%4: f64, %5: f64):  // pred: ^bb2
// CHECK-NEXT:    %6 = "test.cast"(%5) : (f64) -> f32
// CHECK-NEXT:    "test.bar"(%4, %6) : (f64, f32) -> ()
// CHECK-NEXT:    cf.br ^bb2(%5 : f64)
// CHECK-NEXT:  }
func.func @br_chain(%arg0: f32, %arg1: f16, %arg2: f64) {
  cf.br ^bb1(%arg0, %arg1 : f32, f16)
^bb1(%a: f32, %b: f16):
  cf.br ^bb2(%a : f32)
^bb2(%c: f32):
  "test.foo"(%c) : (f32) -> ()
  cf.br ^bb3(%arg2, %c : f64, f32)
^bb3(%d: f64, %e: f32):
  "test.bar"(%d, %e) : (f64, f32) -> ()
  cf.br ^bb2(%e : f32)
}

// -----

// A dropped operand (i32 converts to nothing) drops the block argument too
// (1:0); its user gets a source materialization from nothing.
// CHECK-LABEL: func.func @br_drop(%arg0: f64) {
// CHECK-NEXT:    cf.br ^bb1(%arg0 : f64)
// CHECK-NEXT:  ^bb1(%0: f64):  // pred: ^bb0
// CHECK-NEXT:    %1 = "test.cast"(%0) : (f64) -> f32
// CHECK-NEXT:    %2 = "test.type_producer"() : () -> i32
// CHECK-NEXT:    "test.foo"(%2, %1) : (i32, f32) -> ()
// CHECK-NEXT:    return
func.func @br_drop(%arg0: f32, %i: i32) {
  cf.br ^bb1(%i, %arg0 : i32, f32)
^bb1(%a: i32, %b: f32):
  "test.foo"(%a, %b) : (i32, f32) -> ()
  return
}

// -----

// Legal operands: the branch and its destination are left alone.
// CHECK-LABEL: func.func @br_legal(%arg0: f64) {
// CHECK-NEXT:    cf.br ^bb1(%arg0 : f64)
// CHECK-NEXT:  ^bb1(%0: f64):  // pred: ^bb0
// CHECK-NEXT:    "test.foo"(%0) : (f64) -> ()
func.func @br_legal(%arg0: f64) {
  cf.br ^bb1(%arg0 : f64)
^bb1(%a: f64):
  "test.foo"(%a) : (f64) -> ()
  return
}

// -----

// cf.switch takes the 1:1 adaptor (as upstream's pattern): a flag converted
// to nothing makes the pattern fail, and the op is illegal.
func.func @switch_dropped_flag(%arg0: f32, %flag: i32) {
  // expected-error@+1 {{failed to legalize operation 'cf.switch' that was explicitly marked illegal}}
  cf.switch %flag : i32, [
    default: ^bb1(%arg0 : f32),
    0: ^bb2(%arg0 : f32)
  ]
^bb1(%a: f32):
  "test.foo"(%a) : (f32) -> ()
  return
^bb2(%b: f32):
  "test.foo"(%b) : (f32) -> ()
  return
}

// -----

// Both destinations of the first cond_br are converted (the branch weights
// stay); ^bb1 and ^bb2 each have two predecessors and are converted once.
// CHECK-LABEL: func.func @cond(%arg0: f64, %arg1: f64, %arg2: i1) {
// CHECK-NEXT:    cf.cond_br %arg2 weights([3, 5]), ^bb1(%arg0 : f64), ^bb2(%arg1, %arg0 : f64, f64)
// CHECK-NEXT:  ^bb1(%0: f64):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:    %1 = "test.cast"(%0) : (f64) -> f32
// CHECK-NEXT:    "test.foo"(%1) : (f32) -> ()
// CHECK-NEXT:    cf.br ^bb2(%arg1, %0 : f64, f64)
// CHECK-NEXT:  ^bb2(%2: f64, %3: f64):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:    %4 = "test.cast"(%3) : (f64) -> f32
// CHECK-NEXT:    "test.bar"(%4) : (f32) -> ()
// CHECK-NEXT:    cf.cond_br %arg2, ^bb1(%3 : f64), ^bb3
// CHECK-NEXT:  ^bb3:  // pred: ^bb2
// CHECK-NEXT:    return
func.func @cond(%arg0: f32, %arg1: f16, %cond: i1) {
  cf.cond_br %cond, ^bb1(%arg0 : f32), ^bb2(%arg1, %arg0 : f16, f32) {branch_weights = array<i32: 3, 5>}
^bb1(%a: f32):
  "test.foo"(%a) : (f32) -> ()
  cf.br ^bb2(%arg1, %a : f16, f32)
^bb2(%b: f16, %c: f32):
  "test.bar"(%c) : (f32) -> ()
  cf.cond_br %cond, ^bb1(%c : f32), ^bb3
^bb3:
  return
}

// -----

// Both edges of a cond_br go to the same block: it is converted once.
// CHECK-LABEL: func.func @cond_same_dest(%arg0: f64, %arg1: i1) {
// CHECK-NEXT:    cf.cond_br %arg1, ^bb1(%arg0 : f64), ^bb1(%arg0 : f64)
// CHECK-NEXT:  ^bb1(%0: f64):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT:    %1 = "test.cast"(%0) : (f64) -> f32
// CHECK-NEXT:    "test.foo"(%1) : (f32) -> ()
func.func @cond_same_dest(%arg0: f32, %cond: i1) {
  cf.cond_br %cond, ^bb1(%arg0 : f32), ^bb1(%arg0 : f32)
^bb1(%a: f32):
  "test.foo"(%a) : (f32) -> ()
  return
}

// -----

// The default destination is also case 1's; ^bb1 is reached three times.
// CHECK-LABEL: func.func @switch(%arg0: f64, %arg1: i1) {
// CHECK-NEXT:    cf.switch %arg1 : i1, [
// CHECK-NEXT:      default: ^bb1(%arg0 : f64),
// CHECK-NEXT:      0: ^bb2(%arg0, %arg0 : f64, f64),
// CHECK-NEXT:      1: ^bb1(%arg0 : f64)
// CHECK-NEXT:    ]
// CHECK-NEXT:  ^bb1(%0: f64):  // 3 preds: ^bb0, ^bb0, ^bb2
// CHECK-NEXT:    %1 = "test.cast"(%0) : (f64) -> f32
// CHECK-NEXT:    "test.foo"(%1) : (f32) -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  ^bb2(%2: f64, %3: f64):  // pred: ^bb0
// CHECK-NEXT:    %4 = "test.cast"(%3) : (f64) -> f32
// CHECK-NEXT:    %5 = "test.cast"(%2) : (f64) -> f32
// CHECK-NEXT:    "test.bar"(%5, %4) : (f32, f32) -> ()
// CHECK-NEXT:    cf.br ^bb1(%3 : f64)
func.func @switch(%arg0: f32, %flag: i1) {
  cf.switch %flag : i1, [
    default: ^bb1(%arg0 : f32),
    0: ^bb2(%arg0, %arg0 : f32, f32),
    1: ^bb1(%arg0 : f32)
  ]
^bb1(%a: f32):
  "test.foo"(%a) : (f32) -> ()
  return
^bb2(%b: f32, %c: f32):
  "test.bar"(%b, %c) : (f32, f32) -> ()
  cf.br ^bb1(%c : f32)
}
