// The type-conversion test driver takes upstream's allow-pattern-rollback
// option. Its converter drops integer types other than i1 and i38 and widens
// floats to f64; a value of a dropped or widened type that an unconverted
// op still uses is an error with either setting (messages from mlir-opt 22).
// RUN: rmlir-opt %s -test-legalize-type-conversion="allow-pattern-rollback=0" -allow-unregistered-dialect -split-input-file -verify-diagnostics
// RUN: rmlir-opt %s -test-legalize-type-conversion="allow-pattern-rollback=1" -allow-unregistered-dialect -split-input-file -verify-diagnostics

func.func @dropped_argument_still_used(
  // expected-error@below {{failed to legalize unresolved materialization from () to ('i16') that remained live after conversion}}
  %x: i16) {
  // expected-note@below {{see existing live user here}}
  "user.sink"(%x) : (i16) -> ()
  return
}

// -----

func.func @widened_result_still_used() {
  // expected-error@below {{failed to legalize unresolved materialization from ('f64') to ('f16') that remained live after conversion}}
  %v = "test.another_type_producer"() : () -> f16
  // expected-note@below {{see existing live user here}}
  "user.sink"(%v) : (f16) -> ()
  return
}
