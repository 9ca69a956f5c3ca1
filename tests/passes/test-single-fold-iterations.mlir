// -test-single-fold folds an op again after an in-place fold, up to
// max-iterations folds (default 1): the constant moved to the right of
// arith.addi by the first fold is folded away by the second. Expected output
// from mlir-opt 22.
// RUN: rmlir-opt --test-single-fold %s | FileCheck %s --check-prefix=ONCE
// RUN: rmlir-opt --test-single-fold=max-iterations=2 %s | FileCheck %s --check-prefix=TWICE

func.func @f(%a: i32) -> i32 {
  %c = arith.constant 0 : i32
  %r = arith.addi %c, %a : i32
  return %r : i32
}

// ONCE: module {
// ONCE-NEXT:   func.func @f(%arg0: i32) -> i32 {
// ONCE-NEXT:     %c0_i32 = arith.constant 0 : i32
// ONCE-NEXT:     %0 = arith.addi %arg0, %c0_i32 : i32
// ONCE-NEXT:     return %0 : i32
// ONCE-NEXT:   }
// ONCE-NEXT: }
// ONCE-EMPTY:

// TWICE: module {
// TWICE-NEXT:   func.func @f(%arg0: i32) -> i32 {
// TWICE-NEXT:     return %arg0 : i32
// TWICE-NEXT:   }
// TWICE-NEXT: }
// TWICE-EMPTY:
