// cf.cond_br's patterns are selected by upstream's debug names, which are
// those of C++ classes in an anonymous namespace; the bare class name selects
// nothing. CHECK lines are mlir-opt 22's output.
// RUN: rmlir-opt --pass-pipeline='builtin.module(func.func(canonicalize{region-simplify=disabled enable-patterns={(anonymous namespace)::SimplifyConstCondBranchPred}}))' %s | FileCheck %s --check-prefix=ENABLED
// RUN: rmlir-opt --pass-pipeline='builtin.module(func.func(canonicalize{region-simplify=disabled enable-patterns=SimplifyConstCondBranchPred}))' %s | FileCheck %s --check-prefix=NONE
// RUN: rmlir-opt --pass-pipeline='builtin.module(func.func(canonicalize{region-simplify=disabled disable-patterns={(anonymous namespace)::SimplifyConstCondBranchPred}}))' %s | FileCheck %s --check-prefix=DISABLED

func.func @f(%a: i32, %b: i32) -> i32 {
  %t = arith.constant true
  cf.cond_br %t, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  return %x : i32
}

// ENABLED-LABEL: func.func @f(
// ENABLED-NEXT: cf.br ^bb1(%arg0 : i32)
// ENABLED-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// ENABLED-NEXT: return %0 : i32

// NONE-LABEL: func.func @f(
// NONE-NEXT: %true = arith.constant true
// NONE-NEXT: cf.cond_br %true, ^bb1(%arg0 : i32), ^bb1(%arg1 : i32)

// DISABLED-LABEL: func.func @f(
// DISABLED-NEXT: return %arg0 : i32
