// Canonicalization patterns of scf.if (CombineIfs, CombineNestedIfs,
// ConditionPropagation, ConvertTrivialIfToSelect, RemoveEmptyElseBranch,
// RemoveStaticCondition, ReplaceIfYieldWithConditionOrValue) and scf.for
// (SimplifyTrivialLoops) from upstream SCF.cpp, with the generic
// region-branch patterns that remove unused and forwarded values. CHECK
// lines are mlir-opt 22's output.
// RUN: rmlir-opt --allow-unregistered-dialect --canonicalize %s | FileCheck %s

// CHECK-LABEL: func.func @if_true(
// CHECK-NEXT: %0 = "foo.a"() : () -> i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// RemoveStaticCondition: true takes the then region.
func.func @if_true() -> i32 {
  %t = arith.constant true
  %r = scf.if %t -> i32 {
    %a = "foo.a"() : () -> i32
    scf.yield %a : i32
  } else {
    %b = "foo.b"() : () -> i32
    scf.yield %b : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @if_false(
// CHECK-NEXT: %0 = "foo.b"() : () -> i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// RemoveStaticCondition: false takes the else region.
func.func @if_false() -> i32 {
  %f = arith.constant false
  %r = scf.if %f -> i32 {
    %a = "foo.a"() : () -> i32
    scf.yield %a : i32
  } else {
    %b = "foo.b"() : () -> i32
    scf.yield %b : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @if_false_no_else(
// CHECK-NEXT: "foo.after"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// RemoveStaticCondition: false without else erases the op.
func.func @if_false_no_else() {
  %f = arith.constant false
  scf.if %f {
    "foo.a"() : () -> ()
  }
  "foo.after"() : () -> ()
  return
}

// CHECK-LABEL: func.func @if_unused_results(
// CHECK-NEXT: %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT: %1 = "foo.a"() : () -> i32
// CHECK-NEXT: %2 = "foo.x"() : () -> f32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %1 = "foo.b"() : () -> i32
// CHECK-NEXT: %2 = "foo.y"() : () -> f32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// Unused results (RemoveDeadRegionBranchOpSuccessorInputs).
func.func @if_unused_results(%c: i1) -> i32 {
  %r:3 = scf.if %c -> (i32, f32, i32) {
    %a = "foo.a"() : () -> i32
    %x = "foo.x"() : () -> f32
    scf.yield %a, %x, %a : i32, f32, i32
  } else {
    %b = "foo.b"() : () -> i32
    %y = "foo.y"() : () -> f32
    scf.yield %b, %y, %b : i32, f32, i32
  }
  return %r#2 : i32
}

// CHECK-LABEL: func.func @if_empty_else(
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: "foo.a"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// RemoveEmptyElseBranch.
func.func @if_empty_else(%c: i1) {
  scf.if %c {
    "foo.a"() : () -> ()
  } else {
  }
  return
}

// CHECK-LABEL: func.func @for_equal_bounds(
// CHECK-NEXT: return %arg2 : f32
// CHECK-NEXT: }
// SimplifyTrivialLoops: equal bounds, zero trips.
func.func @for_equal_bounds(%lb: index, %s: index, %x: f32) -> f32 {
  %r = scf.for %i = %lb to %lb step %s iter_args(%a = %x) -> (f32) {
    %y = "foo.op"(%a) : (f32) -> f32
    scf.yield %y : f32
  }
  return %r : f32
}

// CHECK-LABEL: func.func @for_zero_trip(
// CHECK-NEXT: return %arg0 : f32
// CHECK-NEXT: }
// SimplifyTrivialLoops: constant lower bound above the upper one.
func.func @for_zero_trip(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c10 to %c0 step %c1 iter_args(%a = %x) -> (f32) {
    %y = "foo.op"(%a) : (f32) -> f32
    scf.yield %y : f32
  }
  return %r : f32
}

// CHECK-LABEL: func.func @for_one_trip(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = "foo.op"(%arg0, %c0) : (f32, index) -> f32
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
// SimplifyTrivialLoops: one trip inlines the body.
func.func @for_one_trip(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c4 step %c8 iter_args(%a = %x) -> (f32) {
    %y = "foo.op"(%a, %i) : (f32, index) -> f32
    scf.yield %y : f32
  }
  return %r : f32
}

// CHECK-LABEL: func.func @for_one_trip_add(
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %0 = arith.addi %arg0, %c4 : index
// CHECK-NEXT: %1 = scf.for %arg2 = %arg0 to %0 step %c4 iter_args(%arg3 = %arg1) -> (f32) {
// CHECK-NEXT: %2 = "foo.op"(%arg3, %arg2) : (f32, index) -> f32
// CHECK-NEXT: scf.yield %2 : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %1 : f32
// CHECK-NEXT: }
// SimplifyTrivialLoops: a non-constant difference is not computed.
func.func @for_one_trip_add(%lb: index, %x: f32) -> f32 {
  %c4 = arith.constant 4 : index
  %ub = arith.addi %lb, %c4 : index
  %r = scf.for %i = %lb to %ub step %c4 iter_args(%a = %x) -> (f32) {
    %y = "foo.op"(%a, %i) : (f32, index) -> f32
    scf.yield %y : f32
  }
  return %r : f32
}

// CHECK-LABEL: func.func @for_empty_body(
// CHECK-NEXT: return %arg1, %arg0 : f32, f32
// CHECK-NEXT: }
// SimplifyTrivialLoops: an empty body yielding outside values.
func.func @for_empty_body(%x: f32, %z: f32) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %x, %b = %x) -> (f32, f32) {
    scf.yield %z, %x : f32, f32
  }
  return %r#0, %r#1 : f32, f32
}

// CHECK-LABEL: func.func @for_unsigned_zero_trip(
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
// SimplifyTrivialLoops: unsigned comparison of the bounds.
func.func @for_unsigned_zero_trip(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %cm1 = arith.constant -1 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for unsigned %i = %cm1 to %c0 step %c1 iter_args(%a = %x) -> (i32) : i32 {
    %y = "foo.op"(%a) : (i32) -> i32
    scf.yield %y : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @for_many_trips(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = scf.for %arg1 = %c0 to %c4 step %c1 iter_args(%arg2 = %arg0) -> (f32) {
// CHECK-NEXT: %1 = "foo.op"(%arg2) : (f32) -> f32
// CHECK-NEXT: scf.yield %1 : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
// Several trips: the loop stays.
func.func @for_many_trips(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %x) -> (f32) {
    %y = "foo.op"(%a) : (f32) -> f32
    scf.yield %y : f32
  }
  return %r : f32
}

// CHECK-LABEL: func.func @if_nested_static(
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: "foo.a"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// Nested patterns: static condition, then empty else.
func.func @if_nested_static(%c: i1) {
  %t = arith.constant true
  scf.if %c {
    scf.if %t {
      "foo.a"() : () -> ()
    } else {
      "foo.b"() : () -> ()
    }
  } else {
  }
  return
}

// CHECK-LABEL: func.func @zero_trip_dyn_step(
// CHECK-NEXT: return %arg0 : f32
// CHECK-NEXT: }
// Zero trips do not need a constant step.
func.func @zero_trip_dyn_step(%x: f32, %s: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %r = scf.for %i = %c10 to %c0 step %s iter_args(%a = %x) -> (f32) {
    %y = "foo.op"(%a) : (f32) -> f32
    scf.yield %y : f32
  }
  return %r : f32
}

// CHECK-LABEL: func.func @one_trip_dyn_step(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = scf.for %arg2 = %c0 to %c1 step %arg1 iter_args(%arg3 = %arg0) -> (f32) {
// CHECK-NEXT: %1 = "foo.op"(%arg3) : (f32) -> f32
// CHECK-NEXT: scf.yield %1 : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
// One trip needs a constant step.
func.func @one_trip_dyn_step(%x: f32, %s: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c1 step %s iter_args(%a = %x) -> (f32) {
    %y = "foo.op"(%a) : (f32) -> f32
    scf.yield %y : f32
  }
  return %r : f32
}

// CHECK-LABEL: func.func @empty_dyn(
// CHECK-NEXT: return %arg0 : f32
// CHECK-NEXT: }
// The initial value is yielded (MakeRegionBranchOpSuccessorInputsDead); the
// loop is then dead.
func.func @empty_dyn(%x: f32, %s: index, %l: index, %u: index) -> f32 {
  %r = scf.for %i = %l to %u step %s iter_args(%a = %x) -> (f32) {
    scf.yield %x : f32
  }
  return %r : f32
}

// CHECK-LABEL: func.func @one_trip_i8(
// CHECK-NEXT: return %arg0 : f32
// CHECK-NEXT: }
// The bounds difference wraps at the type width (200 is negative in i8).
func.func @one_trip_i8(%x: f32) -> f32 {
  %c0 = arith.constant -100 : i8
  %c1 = arith.constant 100 : i8
  %s = arith.constant 127 : i8
  %r = scf.for %i = %c0 to %c1 step %s iter_args(%a = %x) -> (f32) : i8 {
    %y = "foo.op"(%a, %i) : (f32, i8) -> f32
    scf.yield %y : f32
  }
  return %r : f32
}

// CHECK-LABEL: func.func @two_trip_i8(
// CHECK-NEXT: return %arg0 : f32
// CHECK-NEXT: }
// The same with two trips.
func.func @two_trip_i8(%x: f32) -> f32 {
  %c0 = arith.constant -100 : i8
  %c1 = arith.constant 100 : i8
  %s = arith.constant 100 : i8
  %r = scf.for %i = %c0 to %c1 step %s iter_args(%a = %x) -> (f32) : i8 {
    %y = "foo.op"(%a, %i) : (f32, i8) -> f32
    scf.yield %y : f32
  }
  return %r : f32
}

// CHECK-LABEL: func.func @iter_args(
// CHECK-NEXT: %0:2 = scf.for %arg5 = %arg2 to %arg3 step %arg4 iter_args(%arg6 = %arg1, %arg7 = %arg1) -> (f32, f32) {
// CHECK-NEXT: %1 = "foo.op"(%arg6) : (f32) -> f32
// CHECK-NEXT: %2 = "foo.op2"(%arg7) : (f32) -> f32
// CHECK-NEXT: scf.yield %1, %2 : f32, f32
// CHECK-NEXT: }
// CHECK-NEXT: return %arg0, %0#0, %arg0, %0#1, %0#1 : f32, f32, f32, f32, f32
// CHECK-NEXT: }
// Forwarded, init-yielded and duplicate carried values (the generic
// region-branch patterns).
func.func @iter_args(%x: f32, %y: f32, %l: index, %u: index, %s: index) -> (f32, f32, f32, f32, f32) {
  %r:5 = scf.for %i = %l to %u step %s iter_args(%a = %x, %b = %y, %c = %x, %d = %y, %e = %y) -> (f32, f32, f32, f32, f32) {
    %n = "foo.op"(%b) : (f32) -> f32
    %m = "foo.op2"(%d) : (f32) -> f32
    scf.yield %a, %n, %x, %m, %m : f32, f32, f32, f32, f32
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4 : f32, f32, f32, f32, f32
}

// CHECK-LABEL: func.func @unused(
// CHECK-NEXT: scf.for %arg4 = %arg1 to %arg2 step %arg3 {
// CHECK-NEXT: %0 = "foo.op"() : () -> f32
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// ForOpIterArgsFolder: argument and result both unused.
func.func @unused(%x: f32, %l: index, %u: index, %s: index) {
  %r = scf.for %i = %l to %u step %s iter_args(%a = %x) -> (f32) {
    %n = "foo.op"() : () -> f32
    scf.yield %n : f32
  }
  return
}

// CHECK-LABEL: func.func @dup(
// CHECK-NEXT: %0 = scf.for %arg4 = %arg1 to %arg2 step %arg3 iter_args(%arg5 = %arg0) -> (f32) {
// CHECK-NEXT: %1 = "foo.op"(%arg5, %arg5) : (f32, f32) -> f32
// CHECK-NEXT: scf.yield %1 : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %0, %0 : f32, f32
// CHECK-NEXT: }
// ForOpIterArgsFolder: a duplicate of a kept carried value.
func.func @dup(%x: f32, %l: index, %u: index, %s: index) -> (f32, f32) {
  %r:2 = scf.for %i = %l to %u step %s iter_args(%a = %x, %b = %x) -> (f32, f32) {
    %n = "foo.op"(%a, %b) : (f32, f32) -> f32
    scf.yield %n, %n : f32, f32
  }
  return %r#0, %r#1 : f32, f32
}

// CHECK-LABEL: func.func @cond_prop(
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: "foo.t"(%true) : (i1) -> ()
// CHECK-NEXT: "foo.tt"(%true) : (i1) -> ()
// CHECK-NEXT: } else {
// CHECK-NEXT: "foo.f"(%false) : (i1) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: "foo.after"(%arg0) : (i1) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// ConditionPropagation, at any depth, not after the op.
func.func @cond_prop(%c: i1) {
  scf.if %c {
    "foo.t"(%c) : (i1) -> ()
    scf.if %c {
      "foo.tt"(%c) : (i1) -> ()
    }
  } else {
    "foo.f"(%c) : (i1) -> ()
  }
  "foo.after"(%c) : (i1) -> ()
  return
}

// CHECK-LABEL: func.func @to_select(
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: %1 = scf.if %arg0 -> (i32) {
// CHECK-NEXT: %2 = "foo.x"() : () -> i32
// CHECK-NEXT: scf.yield %2 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %2 = "foo.y"() : () -> i32
// CHECK-NEXT: scf.yield %2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0, %1, %arg2 : i32, i32, i32
// CHECK-NEXT: }
// ConvertTrivialIfToSelect: some results hoisted.
func.func @to_select(%c: i1, %a: i32, %b: i32) -> (i32, i32, i32) {
  %r:3 = scf.if %c -> (i32, i32, i32) {
    %x = "foo.x"() : () -> i32
    scf.yield %a, %x, %b : i32, i32, i32
  } else {
    %y = "foo.y"() : () -> i32
    scf.yield %b, %y, %b : i32, i32, i32
  }
  return %r#0, %r#1, %r#2 : i32, i32, i32
}

// CHECK-LABEL: func.func @to_select_all(
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// ConvertTrivialIfToSelect: every result hoisted; the if is then dead.
func.func @to_select_all(%c: i1, %a: i32, %b: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %b : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @yield_cond(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %0 = arith.xori %arg0, %true : i1
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: "foo.x"() : () -> ()
// CHECK-NEXT: } else {
// CHECK-NEXT: "foo.y"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return %arg0, %0 : i1, i1
// CHECK-NEXT: }
// ReplaceIfYieldWithConditionOrValue: true/false and false/true.
func.func @yield_cond(%c: i1) -> (i1, i1) {
  %r:2 = scf.if %c -> (i1, i1) {
    %t = arith.constant true
    %f = arith.constant false
    "foo.x"() : () -> ()
    scf.yield %t, %f : i1, i1
  } else {
    %t = arith.constant true
    %f = arith.constant false
    "foo.y"() : () -> ()
    scf.yield %f, %t : i1, i1
  }
  return %r#0, %r#1 : i1, i1
}

// CHECK-LABEL: func.func @yield_same(
// CHECK-NEXT: %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT: %1 = "foo.x"() : () -> i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %1 = "foo.y"() : () -> i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %arg1, %0 : i32, i32
// CHECK-NEXT: }
// ReplaceIfYieldWithConditionOrValue: the same value on both sides.
func.func @yield_same(%c: i1, %a: i32) -> (i32, i32) {
  %r:2 = scf.if %c -> (i32, i32) {
    %x = "foo.x"() : () -> i32
    scf.yield %a, %x : i32, i32
  } else {
    %y = "foo.y"() : () -> i32
    scf.yield %a, %y : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// CHECK-LABEL: func.func @outer_const(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %0 = arith.xori %arg0, %true : i1
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: "foo.x"() : () -> ()
// CHECK-NEXT: } else {
// CHECK-NEXT: "foo.y"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i1
// CHECK-NEXT: }
// Constants from outside: select, then condition replacement.
func.func @outer_const(%c: i1) -> i1 {
  %t = arith.constant true
  %f = arith.constant false
  %r = scf.if %c -> (i1) {
    "foo.x"() : () -> ()
    scf.yield %f : i1
  } else {
    "foo.y"() : () -> ()
    scf.yield %t : i1
  }
  return %r : i1
}

// CHECK-LABEL: func.func @combine(
// CHECK-NEXT: %0:2 = scf.if %arg0 -> (i32, i32) {
// CHECK-NEXT: %1 = "foo.x"() : () -> i32
// CHECK-NEXT: %2 = "foo.z"(%1) : (i32) -> i32
// CHECK-NEXT: scf.yield %1, %2 : i32, i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %1 = "foo.y"() : () -> i32
// CHECK-NEXT: %2 = "foo.w"(%1) : (i32) -> i32
// CHECK-NEXT: scf.yield %1, %2 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0#0, %0#1 : i32, i32
// CHECK-NEXT: }
// CombineIfs: same condition, results used by the second if.
func.func @combine(%c: i1) -> (i32, i32) {
  %a = scf.if %c -> (i32) {
    %x = "foo.x"() : () -> i32
    scf.yield %x : i32
  } else {
    %y = "foo.y"() : () -> i32
    scf.yield %y : i32
  }
  %b = scf.if %c -> (i32) {
    %z = "foo.z"(%a) : (i32) -> i32
    scf.yield %z : i32
  } else {
    %w = "foo.w"(%a) : (i32) -> i32
    scf.yield %w : i32
  }
  return %a, %b : i32, i32
}

// CHECK-LABEL: func.func @combine_not(
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: "foo.a"() : () -> ()
// CHECK-NEXT: } else {
// CHECK-NEXT: "foo.b"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CombineIfs: negated condition.
func.func @combine_not(%c: i1) {
  %t = arith.constant true
  %n = arith.xori %c, %t : i1
  scf.if %c {
    "foo.a"() : () -> ()
  }
  scf.if %n {
    "foo.b"() : () -> ()
  }
  return
}

// CHECK-LABEL: func.func @combine_no_else(
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: "foo.a"() : () -> ()
// CHECK-NEXT: "foo.b"() : () -> ()
// CHECK-NEXT: } else {
// CHECK-NEXT: "foo.c"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CombineIfs: the first if has no else.
func.func @combine_no_else(%c: i1) {
  scf.if %c {
    "foo.a"() : () -> ()
  }
  scf.if %c {
    "foo.b"() : () -> ()
  } else {
    "foo.c"() : () -> ()
  }
  return
}

// CHECK-LABEL: func.func @nested(
// CHECK-NEXT: %0 = arith.andi %arg0, %arg1 : i1
// CHECK-NEXT: scf.if %0 {
// CHECK-NEXT: "foo.x"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CombineNestedIfs.
func.func @nested(%a: i1, %b: i1) {
  scf.if %a {
    scf.if %b {
      "foo.x"() : () -> ()
    }
  }
  return
}

// CHECK-LABEL: func.func @nested_results(
// CHECK-NEXT: %0 = arith.andi %arg0, %arg1 : i1
// CHECK-NEXT: %1 = arith.select %arg0, %arg2, %arg3 : i32
// CHECK-NEXT: %2 = scf.if %0 -> (i32) {
// CHECK-NEXT: %3 = "foo.x"() : () -> i32
// CHECK-NEXT: scf.yield %3 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg3 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %2, %1 : i32, i32
// CHECK-NEXT: }
// CombineNestedIfs with results: a select for the outer-only value.
func.func @nested_results(%a: i1, %b: i1, %v: i32, %w: i32) -> (i32, i32) {
  %r:2 = scf.if %a -> (i32, i32) {
    %s = scf.if %b -> (i32) {
      %x = "foo.x"() : () -> i32
      scf.yield %x : i32
    } else {
      scf.yield %w : i32
    }
    scf.yield %s, %v : i32, i32
  } else {
    scf.yield %w, %w : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

