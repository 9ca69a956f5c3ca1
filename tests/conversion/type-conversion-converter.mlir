// RUN: rmlir-opt %s -allow-unregistered-dialect -split-input-file -verify-diagnostics -test-legalize-type-conversion | FileCheck %s

// The type converter of -test-legalize-type-conversion as in mlir-opt 22:
// f16/bf16/f32 become f64; i1, i38 and index are legal; other integers are
// dropped; an i37 value inside a function takes the width 37 + the
// function's `increment` attribute (a context-aware conversion, which a
// function signature, converted as bare types, does not see). The func.func
// legality asks about the signature only. CHECK lines and diagnostics from
// mlir-opt 22.

// CHECK-LABEL: func @legal_types(%arg0: i1, %arg1: i38, %arg2: index, %arg3: f64)
// CHECK-NEXT:    %[[C:.*]] = "test.cast"(%arg3) : (f64) -> f32
// CHECK-NEXT:    "foo.use"(%arg0, %arg1, %arg2, %[[C]]) : (i1, i38, index, f32) -> ()
func.func @legal_types(%arg0: i1, %arg1: i38, %arg2: index, %arg3: f32) {
  "foo.use"(%arg0, %arg1, %arg2, %arg3) : (i1, i38, index, f32) -> ()
  return
}

// -----

// The i37 producer's result would be i38 here, but the producer is only
// legal with f64 or i64 results.
func.func @context_aware(%arg0: i64) attributes {increment = 1 : i64} {
  // expected-error@below {{failed to legalize operation 'test.type_producer' that was explicitly marked illegal}}
  %0 = "test.type_producer"() : () -> i37
  "foo.use"(%0) : (i37) -> ()
  return
}

// -----

func.func @dropped_arg(
  // expected-error@below {{failed to legalize unresolved materialization from () to ('i37') that remained live after conversion}}
  %arg0: i37) {
  // expected-note@below {{see existing live user here}}
  "foo.use"(%arg0) : (i37) -> ()
  return
}
