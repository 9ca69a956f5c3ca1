// -symbol-dce: private and nested symbols nobody refers to are erased,
// references through nested symbol references and from nested symbol
// tables keep symbols alive, and a pass scheduled on an op that is not a
// symbol table fails. CHECK lines produced by mlir-opt 22.
// RUN: rmlir-opt %s -split-input-file -symbol-dce -allow-unregistered-dialect | FileCheck %s
// RUN: not rmlir-opt %s -split-input-file -allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(symbol-dce))' 2>&1 | FileCheck %s --check-prefix=NOTABLE

module {
  func.func private @dead()
  func.func private @used_by_dead() {
    return
  }
  func.func private @dead_caller() {
    func.call @used_by_dead() : () -> ()
    return
  }
  func.func private @live() {
    func.call @live_callee() : () -> ()
    return
  }
  func.func private @live_callee() {
    return
  }
  module @m {
    func.func nested @n_live()
    func.func nested @n_dead()
    func.func private @p_dead()
  }
  module @private_m attributes {sym_visibility = "private"} {
    func.func @inner_public() {
      return
    }
  }
  func.func @entry() {
    func.call @live() : () -> ()
    "foo.use"() {ref = @m::@n_live} : () -> ()
    return
  }
}

// -----

func.func private @f()


// CHECK: module {
// CHECK-NEXT:   func.func private @live() {
// CHECK-NEXT:     call @live_callee() : () -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @live_callee() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   module @m {
// CHECK-NEXT:     func.func nested @n_live()
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @entry() {
// CHECK-NEXT:     call @live() : () -> ()
// CHECK-NEXT:     "foo.use"() {ref = @m::@n_live} : () -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT: }


// NOTABLE: symbol-dce.mlir:43:1: error: 'func.func' op  was scheduled to run under SymbolDCE, but does not define a symbol table
// NOTABLE-NEXT: func.func private @f()
