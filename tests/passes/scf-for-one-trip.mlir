// RUN: rmlir-opt %s --canonicalize --split-input-file | FileCheck %s

// A one-trip loop is replaced by its body with the induction variable mapped
// to the lower bound and the iteration arguments to their initial values;
// yielded block arguments (the induction variable, a swapped or rotated
// iteration argument) become those values. Regression test: these used to
// panic with "operand value is erased (stale handle)".

func.func private @use(index)

// CHECK-LABEL: func.func @yield_iv
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    call @use(%[[C1]]) : (index) -> ()
// CHECK-NEXT:    return
func.func @yield_iv() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c1 to %c2 step %c1 iter_args(%a = %c0) -> (index) {
    scf.yield %i : index
  }
  func.call @use(%r) : (index) -> ()
  return
}

// CHECK-LABEL: func.func @yield_swapped
// CHECK-SAME:    (%[[X:.*]]: index, %[[Y:.*]]: index)
// CHECK-NEXT:    call @use(%[[Y]]) : (index) -> ()
// CHECK-NEXT:    call @use(%[[X]]) : (index) -> ()
// CHECK-NEXT:    return
func.func @yield_swapped(%x: index, %y: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r:2 = scf.for %i = %c1 to %c2 step %c1 iter_args(%a = %x, %b = %y) -> (index, index) {
    scf.yield %b, %a : index, index
  }
  func.call @use(%r#0) : (index) -> ()
  func.call @use(%r#1) : (index) -> ()
  return
}

// CHECK-LABEL: func.func @yield_rotated
// CHECK-SAME:    (%[[X:.*]]: index, %[[Y:.*]]: index, %[[Z:.*]]: index)
// CHECK-NEXT:    call @use(%[[Y]]) : (index) -> ()
// CHECK-NEXT:    call @use(%[[Z]]) : (index) -> ()
// CHECK-NEXT:    call @use(%[[X]]) : (index) -> ()
// CHECK-NEXT:    return
func.func @yield_rotated(%x: index, %y: index, %z: index) {
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c1 = arith.constant 1 : index
  %r:3 = scf.for %i = %c5 to %c6 step %c1 iter_args(%a = %x, %b = %y, %c = %z) -> (index, index, index) {
    scf.yield %b, %c, %a : index, index, index
  }
  func.call @use(%r#0) : (index) -> ()
  func.call @use(%r#1) : (index) -> ()
  func.call @use(%r#2) : (index) -> ()
  return
}

// -----

func.func private @use(index)

// The body's ops stay, computed from the lower bound and the initial values.
// CHECK-LABEL: func.func @body_uses_iv
// CHECK-SAME:    (%[[X:.*]]: index)
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[X]], %[[C3]] : index
// CHECK-NEXT:    call @use(%[[S]]) : (index) -> ()
// CHECK-NEXT:    call @use(%[[C3]]) : (index) -> ()
// CHECK-NEXT:    return
func.func @body_uses_iv(%x: index) {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c3 to %c4 step %c1 iter_args(%a = %x, %b = %x) -> (index, index) {
    %s = arith.addi %a, %i : index
    scf.yield %s, %i : index, index
  }
  func.call @use(%r#0) : (index) -> ()
  func.call @use(%r#1) : (index) -> ()
  return
}
