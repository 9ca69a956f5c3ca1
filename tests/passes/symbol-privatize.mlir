// -symbol-privatize makes the symbols directly in the module private, except
// the excluded ones. CHECK lines produced by mlir-opt 22.
// RUN: rmlir-opt %s -symbol-privatize | FileCheck %s
// RUN: rmlir-opt %s -symbol-privatize='exclude=keep,c' | FileCheck %s --check-prefix=EXCLUDE

module {
  func.func @a() { return }
  func.func private @b()
  func.func nested @c()
  func.func @keep() { return }
  module @inner {
    func.func @d() { return }
  }
  "test.symbol"() {sym_name = "t"} : () -> ()
}

// CHECK: module {
// CHECK-NEXT:   func.func private @a() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @b()
// CHECK-NEXT:   func.func private @c()
// CHECK-NEXT:   func.func private @keep() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   module @inner attributes {sym_visibility = "private"} {
// CHECK-NEXT:     func.func @d() {
// CHECK-NEXT:       return
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   "test.symbol"() <{sym_name = "t", sym_visibility = "private"}> : () -> ()
// CHECK-NEXT: }

// EXCLUDE: module {
// EXCLUDE-NEXT:   func.func private @a() {
// EXCLUDE-NEXT:     return
// EXCLUDE-NEXT:   }
// EXCLUDE-NEXT:   func.func private @b()
// EXCLUDE-NEXT:   func.func nested @c()
// EXCLUDE-NEXT:   func.func @keep() {
// EXCLUDE-NEXT:     return
// EXCLUDE-NEXT:   }
// EXCLUDE-NEXT:   module @inner attributes {sym_visibility = "private"} {
// EXCLUDE-NEXT:     func.func @d() {
// EXCLUDE-NEXT:       return
// EXCLUDE-NEXT:     }
// EXCLUDE-NEXT:   }
// EXCLUDE-NEXT:   "test.symbol"() <{sym_name = "t", sym_visibility = "private"}> : () -> ()
// EXCLUDE-NEXT: }
