// RUN: rmlir-opt %s -test-legalize-type-conversion -allow-unregistered-dialect -split-input-file | FileCheck %s

// MLIR 22's scf structural type conversions (populateSCFStructuralTypeConversionsAndLegality,
// which -test-legalize-type-conversion adds): scf.for, scf.if, scf.while and scf.index_switch
// take the converted types of their results and region arguments (f16/f32 become f64, i32 is
// dropped), their scf.yield / scf.condition terminators are retyped, legal ops and the yields of
// other parents (scf.execute_region) are left alone. Discardable attributes are copied, except
// on scf.while (upstream's builder call does not copy them). CHECK lines produced by mlir-opt 22.

// CHECK-LABEL: func.func @for_iter_args(
// CHECK-SAME:  %arg0: index, %arg1: index, %arg2: index, %arg3: f64, %arg4: f64) {
// CHECK-NEXT:    %0:2 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg3, %arg7 = %arg4) -> (f64, f64) {
// CHECK-NEXT:      scf.yield %arg6, %arg7 : f64, f64
// CHECK-NEXT:    }
// CHECK-NEXT:    %1 = "test.cast"(%0#0) : (f64) -> f32
// CHECK-NEXT:    "test.use"(%1, %0#1) : (f32, f64) -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @for_iter_args(%lb: index, %ub: index, %step: index, %x: f32, %y: f64) {
  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%a = %x, %b = %y) -> (f32, f64) {
    scf.yield %a, %b : f32, f64
  }
  "test.use"(%r#0, %r#1) : (f32, f64) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @for_body_uses(
// CHECK-SAME:  %arg0: index, %arg1: index, %arg2: index, %arg3: f64) {
// CHECK-NEXT:    %0 = scf.for %arg4 = %arg0 to %arg1 step %arg2 iter_args(%arg5 = %arg3) -> (f64) {
// CHECK-NEXT:      %3 = "test.cast"(%arg5) : (f64) -> f32
// CHECK-NEXT:      %4 = "test.type_producer"() : () -> i32
// CHECK-NEXT:      "test.body"(%3, %4) : (f32, i32) -> ()
// CHECK-NEXT:      scf.yield %arg5 : f64
// CHECK-NEXT:    }
// CHECK-NEXT:    %1 = "test.cast"(%0) : (f64) -> f32
// CHECK-NEXT:    %2 = "test.type_producer"() : () -> i32
// CHECK-NEXT:    "test.use"(%1, %2) : (f32, i32) -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @for_body_uses(%lb: index, %ub: index, %step: index, %x: f32, %n: i32) {
  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%a = %x, %b = %n) -> (f32, i32) {
    "test.body"(%a, %b) : (f32, i32) -> ()
    scf.yield %a, %b : f32, i32
  }
  "test.use"(%r#0, %r#1) : (f32, i32) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @for_dropped(
// CHECK-SAME:  %arg0: index, %arg1: index, %arg2: index, %arg3: f64) {
// CHECK-NEXT:    %0 = scf.for %arg4 = %arg0 to %arg1 step %arg2 iter_args(%arg5 = %arg3) -> (f64) {
// CHECK-NEXT:      scf.yield %arg5 : f64
// CHECK-NEXT:    }
// CHECK-NEXT:    %1 = "test.cast"(%0) : (f64) -> f32
// CHECK-NEXT:    "test.use"(%1) : (f32) -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @for_dropped(%lb: index, %ub: index, %step: index, %x: f32, %n: i32) {
  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%a = %n, %b = %x) -> (i32, f32) {
    scf.yield %a, %b : i32, f32
  }
  "test.use"(%r#1) : (f32) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @if_results(
// CHECK-SAME:  %arg0: i1, %arg1: f64, %arg2: f64, %arg3: f64) {
// CHECK-NEXT:    %0:3 = scf.if %arg0 -> (f64, f64, f64) {
// CHECK-NEXT:      scf.yield %arg1, %arg2, %arg3 : f64, f64, f64
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %arg1, %arg2, %arg3 : f64, f64, f64
// CHECK-NEXT:    }
// CHECK-NEXT:    %1 = "test.cast"(%0#0) : (f64) -> f32
// CHECK-NEXT:    "test.use"(%1, %0#2) : (f32, f64) -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @if_results(%c: i1, %x: f32, %y: f16, %z: f64) {
  %r:3 = scf.if %c -> (f32, f16, f64) {
    scf.yield %x, %y, %z : f32, f16, f64
  } else {
    scf.yield %x, %y, %z : f32, f16, f64
  }
  "test.use"(%r#0, %r#2) : (f32, f64) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @while_loop(
// CHECK-SAME:  %arg0: i1, %arg1: f64) {
// CHECK-NEXT:    %0 = scf.while (%arg2 = %arg1) : (f64) -> f64 {
// CHECK-NEXT:      scf.condition(%arg0) %arg2 : f64
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%arg2: f64):
// CHECK-NEXT:      scf.yield %arg2 : f64
// CHECK-NEXT:    }
// CHECK-NEXT:    %1 = "test.cast"(%0) : (f64) -> f32
// CHECK-NEXT:    "test.use"(%1) : (f32) -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @while_loop(%c: i1, %x: f32) {
  %r = scf.while (%a = %x) : (f32) -> f32 {
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%b: f32):
    scf.yield %b : f32
  }
  "test.use"(%r) : (f32) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @nested(
// CHECK-SAME:  %arg0: index, %arg1: index, %arg2: index, %arg3: i1, %arg4: f64) {
// CHECK-NEXT:    %0 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg4) -> (f64) {
// CHECK-NEXT:      %2 = scf.if %arg3 -> (f64) {
// CHECK-NEXT:        scf.yield %arg6 : f64
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %3 = scf.while (%arg7 = %arg6) : (f64) -> f64 {
// CHECK-NEXT:          scf.condition(%arg3) %arg7 : f64
// CHECK-NEXT:        } do {
// CHECK-NEXT:        ^bb0(%arg7: f64):
// CHECK-NEXT:          scf.yield %arg7 : f64
// CHECK-NEXT:        }
// CHECK-NEXT:        scf.yield %3 : f64
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %2 : f64
// CHECK-NEXT:    }
// CHECK-NEXT:    %1 = "test.cast"(%0) : (f64) -> f32
// CHECK-NEXT:    "test.use"(%1) : (f32) -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @nested(%lb: index, %ub: index, %step: index, %c: i1, %x: f32) {
  %r = scf.for %i = %lb to %ub step %step iter_args(%a = %x) -> (f32) {
    %s = scf.if %c -> (f32) {
      scf.yield %a : f32
    } else {
      %w = scf.while (%q = %a) : (f32) -> f32 {
        scf.condition(%c) %q : f32
      } do {
      ^bb0(%p: f32):
        scf.yield %p : f32
      }
      scf.yield %w : f32
    }
    scf.yield %s : f32
  }
  "test.use"(%r) : (f32) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @legal_untouched(
// CHECK-SAME:  %arg0: index, %arg1: index, %arg2: index, %arg3: f64) {
// CHECK-NEXT:    %0 = scf.for %arg4 = %arg0 to %arg1 step %arg2 iter_args(%arg5 = %arg3) -> (f64) {
// CHECK-NEXT:      scf.yield %arg5 : f64
// CHECK-NEXT:    } {test.attr}
// CHECK-NEXT:    "test.use"(%0) : (f64) -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @legal_untouched(%lb: index, %ub: index, %step: index, %y: f64) {
  %r = scf.for %i = %lb to %ub step %step iter_args(%a = %y) -> (f64) {
    scf.yield %a : f64
  } {test.attr}
  "test.use"(%r) : (f64) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @index_switch(
// CHECK-SAME:  %arg0: index, %arg1: f64, %arg2: f64) {
// CHECK-NEXT:    %0:2 = scf.index_switch %arg0 -> f64, f64
// CHECK-NEXT:    case 2 {
// CHECK-NEXT:      scf.yield %arg1, %arg2 : f64, f64
// CHECK-NEXT:    }
// CHECK-NEXT:    case 5 {
// CHECK-NEXT:      scf.yield %arg1, %arg2 : f64, f64
// CHECK-NEXT:    }
// CHECK-NEXT:    default {
// CHECK-NEXT:      scf.yield %arg1, %arg2 : f64, f64
// CHECK-NEXT:    }
// CHECK-NEXT:    %1 = "test.cast"(%0#0) : (f64) -> f32
// CHECK-NEXT:    "test.use"(%1) : (f32) -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @index_switch(%i: index, %x: f32, %y: f16) {
  %s:2 = scf.index_switch %i -> f32, f16
  case 2 {
    scf.yield %x, %y : f32, f16
  }
  case 5 {
    scf.yield %x, %y : f32, f16
  }
  default {
    scf.yield %x, %y : f32, f16
  }
  "test.use"(%s#0) : (f32) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @execute_region_yield_legal(
// CHECK-SAME:  %arg0: f64) {
// CHECK-NEXT:    %0 = "test.cast"(%arg0) : (f64) -> f32
// CHECK-NEXT:    %1 = scf.execute_region -> f32 {
// CHECK-NEXT:      scf.yield %0 : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    "test.use"(%1) : (f32) -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @execute_region_yield_legal(%x: f32) {
  %r = scf.execute_region -> f32 {
    scf.yield %x : f32
  }
  "test.use"(%r) : (f32) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @attributes_and_drops(
// CHECK-SAME:  %arg0: index, %arg1: index, %arg2: index, %arg3: i1, %arg4: f64) {
// CHECK-NEXT:    %0 = scf.for unsigned %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg4) -> (f64) {
// CHECK-NEXT:      scf.yield %arg6 : f64
// CHECK-NEXT:    } {test.for_attr = 1 : i64}
// CHECK-NEXT:    %1 = "test.cast"(%0) : (f64) -> f32
// CHECK-NEXT:    %2 = scf.if %arg3 -> (f64) {
// CHECK-NEXT:      scf.yield %arg4 : f64
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %arg4 : f64
// CHECK-NEXT:    } {test.if_attr}
// CHECK-NEXT:    %3 = "test.cast"(%2) : (f64) -> f32
// CHECK-NEXT:    %4 = scf.while (%arg5 = %arg4) : (f64) -> f64 {
// CHECK-NEXT:      scf.condition(%arg3) %arg5 : f64
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%arg5: f64):
// CHECK-NEXT:      scf.yield %arg5 : f64
// CHECK-NEXT:    }
// CHECK-NEXT:    %5 = "test.cast"(%4) : (f64) -> f32
// CHECK-NEXT:    "test.use"(%1, %3, %5) : (f32, f32, f32) -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @attributes_and_drops(%lb: index, %ub: index, %step: index, %c: i1, %x: f32, %n: i32) {
  %r:2 = scf.for unsigned %i = %lb to %ub step %step iter_args(%a = %x, %b = %n) -> (f32, i32) : index {
    scf.yield %a, %b : f32, i32
  } {test.for_attr = 1 : i64}
  %s:2 = scf.if %c -> (i32, f32) {
    scf.yield %n, %x : i32, f32
  } else {
    scf.yield %n, %x : i32, f32
  } {test.if_attr}
  %w:2 = scf.while (%p = %n, %q = %x) : (i32, f32) -> (i32, f32) {
    scf.condition(%c) %p, %q : i32, f32
  } do {
  ^bb0(%p2: i32, %q2: f32):
    scf.yield %p2, %q2 : i32, f32
  } attributes {test.while_attr}
  "test.use"(%r#0, %s#1, %w#1) : (f32, f32, f32) -> ()
  return
}
