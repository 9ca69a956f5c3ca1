// RUN: rmlir-opt %s -allow-unregistered-dialect -split-input-file -verify-diagnostics -test-legalize-type-conversion

// Which user a "see existing live user" note names depends on use-list
// order. With rollback support, MLIR folds each op inside an op
// modification and cancels it when folding fails, which re-sets the op's
// operands and moves its uses to the front of their lists; the note then
// names the first user in legalization (program) order. The expected notes
// below are where mlir-opt 22 puts them.

func.func @consumer_first(
  // expected-error@below {{failed to legalize unresolved materialization from ('f64') to ('f16') that remained live after conversion}}
  %arg0: f16) {
  // expected-note@below {{see existing live user here}}
  "test.type_consumer"(%arg0) : (f16) -> ()
  "foo.use"(%arg0) : (f16) -> ()
  "foo.return"() : () -> ()
}

// -----

func.func @consumer_second(
  // expected-error@below {{failed to legalize unresolved materialization from ('f64') to ('f16') that remained live after conversion}}
  %arg0: f16) {
  // expected-note@below {{see existing live user here}}
  "foo.use"(%arg0) : (f16) -> ()
  "test.type_consumer"(%arg0) : (f16) -> ()
  "foo.return"() : () -> ()
}

// -----

func.func @result_consumer_first() {
  // expected-error@below {{failed to legalize unresolved materialization from ('f64') to ('f16') that remained live after conversion}}
  %0 = "test.type_producer"() : () -> f16
  // expected-note@below {{see existing live user here}}
  "test.type_consumer"(%0) : (f16) -> ()
  "foo.use"(%0) : (f16) -> ()
  "foo.return"() : () -> ()
}

// -----

// Two users asking for the same value in the same converted type share one
// target materialization (MLIR maps the value to it), built at the location
// of the first user: one error, naming the second user as the cast's first
// live user.
func.func @shared_target_materialization() {
  %0 = "foo.producer"() : () -> f32
  // expected-error@below {{failed to legalize unresolved materialization from ('f32') to ('f64') that remained live after conversion}}
  "test.replace_with_legal_op"(%0) : (f32) -> ()
  // expected-note@below {{see existing live user here}}
  "test.replace_with_legal_op"(%0) : (f32) -> ()
  "foo.return"(%0) : (f32) -> ()
}
