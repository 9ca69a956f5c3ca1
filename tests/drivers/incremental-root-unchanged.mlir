// REQUIRES: rmlir
// RUN: rmlir-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=2},canonicalize{max-iterations=2}))' | FileCheck %s
// RUN: rmlir-opt %s --rmlir-full-rewrite-runs --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=2},canonicalize{max-iterations=2}))' | FileCheck %s

// A pattern that succeeds without changing its root: `GrowForever` (an
// rmlir-only test pattern) inserts a `test.rmlir_grown` before its
// `test.rmlir_grow` and leaves the op as it was. MLIR re-matches it in each
// iteration, since every iteration seeds every op, so two runs of two
// iterations grow four ops. Incremental runs seed what changed: the driver
// marks such a root changed, or the second iteration and the whole second
// run would skip it and stop at one op (the incremental check found this
// once the change budget let this input terminate).

// CHECK-LABEL: func.func @grow()
// CHECK-COUNT-4: "test.rmlir_grown"() : () -> ()
// CHECK-NEXT: "test.rmlir_grow"() : () -> ()
// CHECK-NEXT: return
func.func @grow() {
  "test.rmlir_grow"() : () -> ()
  return
}
