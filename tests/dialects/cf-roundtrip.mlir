// Every op of MLIR 22's cf dialect in its custom form (crates/mlir-dialects/td/ControlFlow.td):
// cf.assert, cf.br, cf.cond_br (with and without branch weights), cf.switch
// (custom<SwitchOpCases>: cases printed zero-extended, no newline before `]`
// without cases), with discardable attributes.
// XFAIL: *
// cf is not registered until the ODS-generated ops from ControlFlow.td are
// wired in; this test then passes and the XFAIL line must go. The CHECK lines
// are mlir-opt 22's output (RMLIR_OPT=/usr/lib/llvm-22/bin/mlir-opt lit reports XPASS).
// RUN: rmlir-opt %s | FileCheck %s --strict-whitespace --match-full-lines

func.func @switch_values(%f: i64, %g: i8) {
  cf.switch %f : i64, [
    default: ^bb1,
    -1: ^bb1
  ]
^bb1:
  cf.switch %g : i8, [
    default: ^bb2,
    -2: ^bb2,
    200: ^bb2
  ]
^bb2:
  return
}

func.func @cf(%c: i1, %a: i32, %b: i32, %x: f32, %flag: i32, %f8: i8) -> i32 {
  cf.assert %c, "must hold"
  cf.assert %c, "with attr" {tag}
  cf.br ^bb1
^bb1:
  cf.br ^bb2(%a, %x : i32, f32)
^bb2(%p: i32, %q: f32):
  cf.cond_br %c, ^bb3(%p : i32), ^bb4
^bb3(%r: i32):
  cf.cond_br %c weights([3, 5]), ^bb4, ^bb5(%r, %b : i32, i32)
^bb4:
  cf.cond_br %c, ^bb6, ^bb6 {tag}
^bb5(%s: i32, %t: i32):
  cf.switch %flag : i32, [
    default: ^bb6,
    42: ^bb7(%s : i32),
    -1: ^bb8(%s, %x : i32, f32)
  ]
^bb6:
  cf.switch %f8 : i8, [
    default: ^bb7(%a : i32)
  ]
^bb7(%u: i32):
  cf.switch %flag : i32, [
    default: ^bb7(%u : i32),
    0: ^bb6
  ] {tag}
^bb8(%v: i32, %w: f32):
  cf.br ^bb9 {tag = 1 : i64}
^bb9:
  return %a : i32
}

// Expected output: mlir-opt 22 %s (generated, do not edit by hand;
// checked with --strict-whitespace --match-full-lines: each pattern is the
// exact line after the colon, indentation included).
// CHECK:module {
// CHECK-NEXT:  func.func @switch_values(%arg0: i64, %arg1: i8) {
// CHECK-NEXT:    cf.switch %arg0 : i64, [
// CHECK-NEXT:      default: ^bb1,
// CHECK-NEXT:      18446744073709551615: ^bb1
// CHECK-NEXT:    ]
// CHECK-NEXT:  ^bb1:  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT:    cf.switch %arg1 : i8, [
// CHECK-NEXT:      default: ^bb2,
// CHECK-NEXT:      254: ^bb2,
// CHECK-NEXT:      200: ^bb2
// CHECK-NEXT:    ]
// CHECK-NEXT:  ^bb2:  // 3 preds: ^bb1, ^bb1, ^bb1
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @cf(%arg0: i1, %arg1: i32, %arg2: i32, %arg3: f32, %arg4: i32, %arg5: i8) -> i32 {
// CHECK-NEXT:    cf.assert %arg0, "must hold"
// CHECK-NEXT:    cf.assert %arg0, "with attr" {tag}
// CHECK-NEXT:    cf.br ^bb1
// CHECK-NEXT:  ^bb1:  // pred: ^bb0
// CHECK-NEXT:    cf.br ^bb2(%arg1, %arg3 : i32, f32)
// CHECK-NEXT:  ^bb2(%0: i32, %1: f32):  // pred: ^bb1
// CHECK-NEXT:    cf.cond_br %arg0, ^bb3(%0 : i32), ^bb4
// CHECK-NEXT:  ^bb3(%2: i32):  // pred: ^bb2
// CHECK-NEXT:    cf.cond_br %arg0 weights([3, 5]), ^bb4, ^bb5(%2, %arg2 : i32, i32)
// CHECK-NEXT:  ^bb4:  // 2 preds: ^bb2, ^bb3
// CHECK-NEXT:    cf.cond_br %arg0, ^bb6, ^bb6 {tag}
// CHECK-NEXT:  ^bb5(%3: i32, %4: i32):  // pred: ^bb3
// CHECK-NEXT:    cf.switch %arg4 : i32, [
// CHECK-NEXT:      default: ^bb6,
// CHECK-NEXT:      42: ^bb7(%3 : i32),
// CHECK-NEXT:      4294967295: ^bb8(%3, %arg3 : i32, f32)
// CHECK-NEXT:    ]
// CHECK-NEXT:  ^bb6:  // 4 preds: ^bb4, ^bb4, ^bb5, ^bb7
// CHECK-NEXT:    cf.switch %arg5 : i8, [
// CHECK-NEXT:      default: ^bb7(%arg1 : i32)]
// CHECK-NEXT:  ^bb7(%5: i32):  // 3 preds: ^bb5, ^bb6, ^bb7
// CHECK-NEXT:    cf.switch %arg4 : i32, [
// CHECK-NEXT:      default: ^bb7(%5 : i32),
// CHECK-NEXT:      0: ^bb6
// CHECK-NEXT:    ] {tag}
// CHECK-NEXT:  ^bb8(%6: i32, %7: f32):  // pred: ^bb5
// CHECK-NEXT:    cf.br ^bb9 {tag = 1 : i64}
// CHECK-NEXT:  ^bb9:  // pred: ^bb8
// CHECK-NEXT:    return %arg1 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:}
