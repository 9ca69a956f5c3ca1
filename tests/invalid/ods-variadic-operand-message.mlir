// A variadic operand of the wrong type is reported with its Variadic
// constraint's summary, which already reads "variadic of ..." (rmlir used
// to print "variadic of variadic of ..."). Messages from mlir-opt 22; this
// file also passes under `mlir-opt --split-input-file --verify-diagnostics`.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics

func.func @apply_operand(%f: f32) {
  // expected-error@+1 {{'affine.apply' op operand #0 must be variadic of index, but got 'f32'}}
  %0 = "affine.apply"(%f) <{map = affine_map<(d0) -> (d0)>}> : (f32) -> index
  return
}

// -----

func.func @fill_output(%x: f32, %y: f32) {
  // expected-error@+1 {{'linalg.fill' op operand #1 must be variadic of shaped of any type values, but got 'f32'}}
  linalg.fill ins(%x : f32) outs(%y : f32)
  return
}
