// Dialect attribute verification (upstream's Dialect::verifyOperationAttribute,
// verifyRegionArgAttribute and verifyRegionResultAttribute): a discardable
// attribute named `test.xxx` goes to the test dialect's hook, which rejects
// `test.invalid_attr`; function argument and result attributes go to the
// region argument/result hooks. Messages from mlir-opt 22.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @on_unregistered_op() {
  // expected-error@+1 {{invalid to use 'test.invalid_attr'}}
  "test.unknown_op"() {test.invalid_attr} : () -> ()
  return
}

// -----

func.func @on_registered_op() {
  // expected-error@+1 {{invalid to use 'test.invalid_attr'}}
  %0 = "test.constant"() <{value = 1 : i32}> {test.invalid_attr = 5 : i64} : () -> i32
  return
}

// -----

// The hook runs before the op's own invariants.
func.func @before_invariants() {
  // expected-error@+1 {{invalid to use 'test.invalid_attr'}}
  "func.return"(%x) {test.invalid_attr} : (i32) -> ()
^bb1(%x: i32):
  return
}

// -----

// expected-error@+1 {{invalid to use 'test.invalid_attr'}}
module attributes {test.invalid_attr} {
}

// -----

// expected-error@+1 {{invalid to use 'test.invalid_attr'}}
func.func @arg(%a: i32 {test.invalid_attr}) {
  return
}

// -----

// expected-error@+1 {{invalid to use 'test.invalid_attr'}}
func.func @result() -> (i32 {test.invalid_attr}) {
  %c = arith.constant 0 : i32
  return %c : i32
}

// -----

// The dot check comes first, per attribute in order.
// expected-error@+1 {{'func.func' op arguments may only have dialect attributes}}
func.func @undotted_first(%a: i32 {nodot, test.invalid_attr}) {
  return
}

// -----

// Other test attributes and attributes of dialects without checks pass.
func.func @accepted(%a: i32 {test.fine, other.invalid_attr}) -> (i32 {test.ok}) attributes {test.also_fine} {
  "test.unknown_op"() {test.valid, unloaded.invalid_attr} : () -> ()
  return %a : i32
}
